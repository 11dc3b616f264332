/**
 * The stations' clock (one piece, not one per station): epoch ms, read again every `intervalMs`, so
 * the school day, who is late, the default meal service and "2 min ago" texts move on while a screen stays open.
 */
import { useEffect, useState } from 'react';

/** Epoch ms now, refreshed every `intervalMs`. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
