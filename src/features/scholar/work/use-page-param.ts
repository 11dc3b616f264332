/** The page of a long work list, in the address (`?page=`), so that a reload or going back keeps it. */
import { useSearchParams } from 'react-router-dom';

/** The page shown (1 when absent or not a page number) and the function that shows another. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const goTo = (next: number) =>
    setParams(
      (p) => {
        if (next > 1) p.set('page', String(next));
        else p.delete('page');
        return p;
      },
      { replace: true },
    );
  return [page, goTo];
}

/** A list call's path with its page (the first page's path has none, so Home and the list share it). */
export const withPage = (path: string, page: number) =>
  page > 1 ? `${path}${path.includes('?') ? '&' : '?'}page=${page}` : path;
