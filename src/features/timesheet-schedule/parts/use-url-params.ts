/**
 * The section's screens keep their filters in the address (`?from=&to=&staff=`), so a reload or a shared link opens
 * the same view. `change` sets or clears several at once, goes back to page 1 unless it sets the page, and replaces
 * the history entry (typing a date is not a step Back should retrace).
 */
import { useSearchParams } from 'react-router-dom';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const change = (values: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in values)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  /** A date parameter, or the fallback when it is absent or not a date. */
  const day = (key: string, fallback: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : fallback;
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { params, change, day, page };
}
