/**
 * An object URL for a blob kept on the device (a scholar's or a pick-up adult's photo), for as long as the component
 * using it is on screen; the URL is released when the blob changes or the component goes. A stored value that is not
 * a Blob (a damaged row) shows as no photo: the browser refuses to make a URL of it.
 */
import { useEffect, useState } from 'react';

export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let made: string | undefined;
    try {
      made = blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined;
    } catch {
      // Not a Blob: the browser refuses it.
    }
    setUrl(made);
    if (made === undefined) return;
    const release = made;
    return () => URL.revokeObjectURL(release);
  }, [blob]);
  return url;
}
