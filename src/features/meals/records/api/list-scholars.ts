/**
 * Scholars for the meal screens: the whole roster (`GET v2/demographics`, every page, active or not: a record may be of
 * a scholar who has since left), which names the records, lists the homerooms and is View Who Ate's "who did not eat";
 * and the scholar search of the View Records filter (`?search=` by name or student number, a handful of matches).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../../api/fetch-all-pages';
import type { DemographicRecord } from '../../../../contract';
import { mealRecordKeys, scholarsResource } from './meal-records-resource';

/** How many matches the scholar search offers. */
export const SCHOLAR_MATCHES = 8;

/** Query options of the roster: it changes seldom during a day, so it is kept for five minutes. */
export function rosterQueryOptions() {
  return queryOptions({
    queryKey: mealRecordKeys.roster(),
    queryFn: ({ signal }) => fetchAllPages(scholarsResource.list, { sort: 'lname' }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Every scholar, sorted by surname. */
export function useRoster() {
  return useQuery(rosterQueryOptions());
}

/** The scholars whose name or number matches `search` (nothing is asked while it is empty). */
export function useScholarSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: mealRecordKeys.scholarSearch(text),
    queryFn: ({ signal }): Promise<DemographicRecord[]> =>
      scholarsResource
        .list({ search: text, sort: 'lname', per_page: SCHOLAR_MATCHES }, signal)
        .then((result) => result.data),
    enabled: text.length > 0,
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
