/**
 * An object URL for a blob kept on the device (a scholar's or a pick-up adult's photo), for as long as the component
 * using it is on screen; the URL is released when the blob changes or the component goes. A stored value that is not
 * a Blob (a damaged row) shows as no photo, as the browser would refuse to make a URL of it.
 */
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!(blob instanceof Blob) || typeof URL.createObjectURL !== 'function') {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
