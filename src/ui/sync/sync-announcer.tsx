/**
 * A polite live region for the sync counts. It stays empty at first (a screen that opens is not news) and says the
 * summary again whenever the connection or a count changes, so a screen reader user hears "3 waiting to send" or
 * "All sent" without leaving the station's screen. Progress within one send is not announced: the counts change
 * once per batch, which is as often as anyone wants to hear it.
 */
import { VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

export interface SyncAnnouncerProps {
  /** What the announcement is about; a new value announces `message`. */
  changeKey: string;
  message: string;
}

/** A visually hidden `role="status"` region that announces `message` each time `changeKey` changes. */
export function SyncAnnouncer({ changeKey, message }: SyncAnnouncerProps) {
  const [announcement, setAnnouncement] = useState('');
  const lastKey = useRef(changeKey);
  useEffect(() => {
    if (changeKey === lastKey.current) return;
    lastKey.current = changeKey;
    setAnnouncement(message);
  }, [changeKey, message]);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
