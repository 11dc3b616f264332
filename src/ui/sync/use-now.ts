/** The clock for "2 min ago" texts: re-renders every half minute so an open screen's ages keep up with time. */
import { useEffect, useState } from 'react';

/** Epoch ms now, refreshed every `intervalMs`. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
