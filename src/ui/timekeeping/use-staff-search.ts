/** Staff matching a search (`GET v2/timesheet_schedules/staff?search=`), a few at a time, for the pickers. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffApi } from '../../api/timekeeping-staff';
import type { TimekeepingStaffRecord } from '../../contract';

/** How many matches a picker offers. */
export const STAFF_MATCHES = 8;

export function useStaffSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: staffApi.keys.list({ search: text, per_page: STAFF_MATCHES }),
    queryFn: ({ signal }): Promise<TimekeepingStaffRecord[]> =>
      staffApi.list({ search: text, sort: 'lname', per_page: STAFF_MATCHES }, signal).then((r) => r.data),
    enabled: text.length > 0,
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}
