/**
 * Every conference record of a range (and one person, when chosen), all pages in one answer: a school year holds a
 * few conference nights, far fewer than a page of 500. Kept under the records' keys, so an edit elsewhere refreshes it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../api/fetch-all-pages';
import type { ListParams } from '../../../api/resource';
import { timesheetsApi } from '../api/timesheets-api';

/** The list call's parameters of a range and person. */
export const conferenceParams = (from: string, to: string, staffId: string): Omit<ListParams, 'page' | 'per_page'> => ({
  filter: { from, to, category: 'conference', user_id: staffId || undefined },
  sort: 'started_at',
});

/** The conference records (not asked while the range is wrong). */
export function useConferences(from: string, to: string, staffId: string, enabled: boolean) {
  const params = conferenceParams(from, to, staffId);
  return useQuery({
    queryKey: [...timesheetsApi.keys.lists(), 'all', params],
    queryFn: ({ signal }) => fetchAllPages(timesheetsApi.list, params, { signal }),
    enabled,
    // TanStack Query's placeholderData: the last range stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}
