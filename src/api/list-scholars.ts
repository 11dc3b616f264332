/**
 * Scholars for the records screens (meals and sign-out View Records, View Who Ate): the whole roster
 * (`GET v2/demographics`, every page, active or not: a record may be of a scholar who has since left), which names the
 * records on screen and in the CSV, lists the homerooms and is View Who Ate's "who did not eat"; and the scholar search
 * of the records filters (`?search=` by name or student number, a handful of matches).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DemographicRecord } from '../contract';
import { fetchAllPages } from './fetch-all-pages';
import { resourceApi } from './resource';

export const scholarsResource = resourceApi<DemographicRecord, never, never>('v2/demographics');

/** Query keys, under the resource's own so that a change to a scholar elsewhere refreshes them. */
export const scholarKeys = {
  roster: () => [...scholarsResource.keys.all, 'records-roster'] as const,
  search: (search: string) => [...scholarsResource.keys.all, 'records-search', search] as const,
};

/** How many matches the scholar search offers. */
export const SCHOLAR_MATCHES = 8;

/** Query options of the roster: it changes seldom during a day, so it is kept for five minutes. */
export function rosterQueryOptions() {
  return queryOptions({
    queryKey: scholarKeys.roster(),
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
    queryKey: scholarKeys.search(text),
    queryFn: ({ signal }): Promise<DemographicRecord[]> =>
      scholarsResource
        .list({ search: text, sort: 'lname', per_page: SCHOLAR_MATCHES }, signal)
        .then((result) => result.data),
    enabled: text.length > 0,
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
