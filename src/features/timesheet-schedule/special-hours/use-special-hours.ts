/**
 * What Edit Special Hours reads and writes: a page of special hours by the screen's filters, every staff member's name
 * (to say who a record is for), and the writes. Each write refreshes the list and expected hours, which depend on it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import { specialHoursApi, staffApi } from '../api/schedules-api';
import { useScheduleWrites } from '../parts/use-schedule-writes';

/** A page of special hours. */
export function useSpecialHours(params: ListParams) {
  return useQuery({
    queryKey: specialHoursApi.keys.list(params),
    queryFn: ({ signal }) => specialHoursApi.list(params, signal),
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}

/** Every active staff member by id (a school has far fewer than the 500 one page holds). */
export function useAllStaff() {
  const params: ListParams = { sort: 'lname', per_page: 500 };
  return useQuery({
    queryKey: staffApi.keys.list(params),
    queryFn: ({ signal }) => staffApi.list(params, signal),
    select: (result) => new Map(result.data.map((s) => [s.id, s])),
    staleTime: 60_000,
  });
}

/** Adds, changes and deletes special hours. */
export const useSpecialWrites = () => useScheduleWrites(specialHoursApi);
