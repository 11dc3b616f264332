/**
 * A list screen's state in the address (`?search=&sort=&page=` and the screen's own filters), so a reload or a shared
 * link opens the same view. `change` sets or clears several at once, goes back to page 1 unless it sets the page, and
 * replaces the history entry (typing a search is not a step Back should retrace).
 */
import { useSearchParams } from 'react-router-dom';

export interface ListState {
  search: string;
  sort: string;
  page: number;
  params: URLSearchParams;
  change: (values: Record<string, string>) => void;
}

/** The state, with `sort` one of `sorts` (ascending or descending) or else `defaultSort`. */
export function useListState(sorts: readonly string[], defaultSort: string): ListState {
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
  const asked = params.get('sort') ?? '';
  const sort = sorts.includes(asked.replace(/^-/, '')) ? asked : defaultSort;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { search: params.get('search') ?? '', sort, page, params, change };
}
