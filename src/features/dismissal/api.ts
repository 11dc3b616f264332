/**
 * The staff's dismissal calls as TanStack queries: the day's list (who goes how, with the confirmed changes
 * applied), the families' changes waiting for the office, and the office's confirm and decline. A key factory per
 * resource, so a decision refreshes both lists.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { DismissalChange, DismissalEntry } from '../../contract';

export const dismissalKeys = {
  all: ['dismissal'] as const,
  day: (date: string) => ['dismissal', 'day', date] as const,
  pending: () => ['dismissal', 'pending'] as const,
};

/** The day's list. */
export const dismissalDayQuery = (date: string) =>
  queryOptions({
    queryKey: dismissalKeys.day(date),
    queryFn: ({ signal }) =>
      call(() =>
        api.get('v2/dismissal', { searchParams: { date }, signal }).json<{ date: string; data: DismissalEntry[] }>(),
      ),
  });

/** The changes waiting for the office, from today on. */
export const pendingChangesQuery = () =>
  queryOptions({
    queryKey: dismissalKeys.pending(),
    queryFn: ({ signal }) =>
      call(() =>
        api
          .get('v2/dismissal_changes', { searchParams: { status: 'pending', per_page: 500 }, signal })
          .json<{ data: DismissalChange[] }>(),
      ),
  });

export const useDismissalDay = (date: string) => useQuery(dismissalDayQuery(date));
export const usePendingChanges = () => useQuery(pendingChangesQuery());

/** Confirms or declines one change; both lists are read again. */
export function useDecideChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm, note }: { id: string; confirm: boolean; note?: string }) =>
      call(() =>
        api
          .post(
            `v2/dismissal_changes/${id}/${confirm ? 'confirm' : 'decline'}`,
            confirm ? {} : { json: { note: note || null } },
          )
          .json<{ data: DismissalChange }>(),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: dismissalKeys.all }),
  });
}
