/**
 * What Edit Defaults reads and writes, over the section's calls (`../../api/schedules-api.ts`): one staff member, their
 * default weeks newest first, and the writes (save a week, delete one, copy one to others, the exempt flag). Every
 * write that changes a week refreshes the weeks, the staff (their week in effect) and expected hours, which are
 * computed from the weeks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../../api/resource';
import type { CopySchedule, TimesheetScheduleRecord, Week } from '../../../../contract';
import { copySchedule, expectedKeys, schedulesApi, staffApi } from '../../api/schedules-api';

/** One page holds every week a person has had (a change a month for eight years). */
const weeksParams = (userId: string): ListParams => ({
  filter: { user_id: userId },
  sort: '-effective_from',
  per_page: 100,
});

/** The chosen staff member, with the exempt flag. */
export function usePerson(id: string | null) {
  return useQuery({
    queryKey: staffApi.keys.detail(id ?? ''),
    queryFn: ({ signal }) => staffApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
}

/** A person's default weeks, newest first. */
export function useWeeks(userId: string) {
  return useQuery({
    queryKey: schedulesApi.keys.list(weeksParams(userId)),
    queryFn: ({ signal }) => schedulesApi.list(weeksParams(userId), signal).then((r) => r.data),
  });
}

/** Refreshes what a change of weeks touches. */
function useRefreshWeeks() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [schedulesApi.keys.all, staffApi.keys.all, expectedKeys.all].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

export interface SaveWeekInput {
  user_id: string;
  effective_from: string;
  days: Week;
  note: string | null;
  /** The person's week with the same start, which the save changes; none: the save adds a week. */
  existing: TimesheetScheduleRecord | null;
}

/** Saves a week: changes the person's week from that date when there is one, else adds one. */
export function useSaveWeek() {
  const refresh = useRefreshWeeks();
  return useMutation({
    mutationFn: ({ existing, user_id, ...week }: SaveWeekInput) =>
      existing ? schedulesApi.update(existing.id, week) : schedulesApi.create({ user_id, ...week }),
    onSettled: refresh,
  });
}

/** Deletes a week. */
export function useDeleteWeek() {
  const refresh = useRefreshWeeks();
  return useMutation({ mutationFn: (id: string) => schedulesApi.remove(id), onSuccess: refresh });
}

/** Copies a week to other people from a date; answers the weeks written. */
export function useCopyWeek() {
  const refresh = useRefreshWeeks();
  return useMutation({ mutationFn: (body: CopySchedule) => copySchedule(body), onSuccess: refresh });
}

/** Sets a person's exempt flag. */
export function useSetExempt(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exempt: boolean) => staffApi.update(id, { exempt }),
    onSuccess: (person) => {
      client.setQueryData(staffApi.keys.detail(id), person);
      void client.invalidateQueries({ queryKey: staffApi.keys.lists() });
      void client.invalidateQueries({ queryKey: expectedKeys.all });
    },
  });
}
