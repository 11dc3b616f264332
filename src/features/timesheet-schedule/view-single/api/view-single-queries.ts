/**
 * What View Single reads, over the section's calls (`../../api/schedules-api.ts`): the chosen staff member (name and
 * exempt flag) and their expected hours for the range shown. Read only; Edit Defaults and the other screens refresh
 * these keys when they change a week, a day off or special hours.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { expectedKeys, fetchExpected, staffApi } from '../../api/schedules-api';

/** The chosen staff member (none chosen: not fetched). */
export function useStaffMember(id: string | null) {
  return useQuery({
    queryKey: staffApi.keys.detail(id ?? ''),
    queryFn: ({ signal }) => staffApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** One person's expected hours from `from` to `to`. */
export function useExpectedHours(userId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: expectedKeys.range(from, to, userId ?? ''),
    queryFn: ({ signal }) => fetchExpected({ from, to, user_id: userId ?? '' }, signal),
    select: (response) => response.data.find((p) => p.user_id === userId) ?? null,
    enabled: Boolean(userId),
    // TanStack Query's placeholderData: the previous range stays while the next loads, but never another person's
    // hours under this one's name.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === (userId ?? '') ? keepPreviousData(previous) : undefined,
  });
}
