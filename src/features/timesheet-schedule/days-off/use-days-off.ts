/**
 * What Edit Days Off reads and writes: the school's non-work days of a range, a person's days off of a range (a page at
 * a time), the pay period rule; and their writes, each refreshing its lists and expected hours.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import type { TimekeepingSettingsUpdate } from '../../../contract';
import {
  daysOffApi,
  expectedKeys,
  fetchTimekeepingSettings,
  nonWorkDaysApi,
  saveTimekeepingSettings,
  settingsKey,
  staffApi,
} from '../api/schedules-api';
import { useScheduleWrites } from '../parts/use-schedule-writes';

/** The school's non-work days that touch the dates from `from` to `to` (a school year has a few dozen at most). */
export function useNonWorkDays(from: string, to: string) {
  const params: ListParams = { filter: { from, to }, sort: 'starts_on', per_page: 500 };
  return useQuery({
    queryKey: nonWorkDaysApi.keys.list(params),
    queryFn: ({ signal }) => nonWorkDaysApi.list(params, signal),
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}

export const useNonWorkDayWrites = () => useScheduleWrites(nonWorkDaysApi);

/** A page of a person's days off in a range, latest first. */
export function usePersonDaysOff(userId: string, from: string, to: string, page: number, perPage: number) {
  const params: ListParams = { filter: { user_id: userId, from, to }, sort: '-starts_on', page, per_page: perPage };
  return useQuery({
    queryKey: daysOffApi.keys.list(params),
    queryFn: ({ signal }) => daysOffApi.list(params, signal),
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}

export const useDayOffWrites = () => useScheduleWrites(daysOffApi);

/** One staff member. */
export function useStaffMember(id: string) {
  return useQuery({
    queryKey: staffApi.keys.detail(id),
    queryFn: ({ signal }) => staffApi.get(id, signal),
    enabled: Boolean(id),
  });
}

/** The pay period rule. */
export function usePayPeriodSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => fetchTimekeepingSettings(signal) });
}

/** Saves the pay period rule. */
export function useSavePayPeriods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TimekeepingSettingsUpdate, '_method'>) => saveTimekeepingSettings(body),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      return client.invalidateQueries({ queryKey: expectedKeys.all });
    },
  });
}
