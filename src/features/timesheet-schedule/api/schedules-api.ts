/**
 * The calls of the timesheet schedule screens: default weeks, the school's non-work days, days off,
 * special hours, the staff list with the exempt flag, expected hours and the pay period settings. Online only: these
 * are a timekeeper's screens, and each write is checked and audited by the server.
 */
import { api, call } from '../../../api/client';
import { resourceApi } from '../../../api/resource';
import type {
  CopySchedule,
  DayOffCreate,
  DayOffRecord,
  DayOffUpdate,
  ExpectedResponse,
  NonWorkDayCreate,
  NonWorkDayRecord,
  NonWorkDayUpdate,
  SpecialHoursCreate,
  SpecialHoursRecord,
  SpecialHoursUpdate,
  TimekeepingSettings,
  TimekeepingSettingsUpdate,
  TimesheetScheduleCreate,
  TimesheetScheduleRecord,
  TimesheetScheduleUpdate,
} from '../../../contract';

const BASE = 'v2/timesheet_schedules';

/** Default weeks (`v2/timesheet_schedules`). */
export const schedulesApi = resourceApi<TimesheetScheduleRecord, TimesheetScheduleCreate, TimesheetScheduleUpdate>(
  BASE,
);
/** The school's non-work days. */
export const nonWorkDaysApi = resourceApi<NonWorkDayRecord, NonWorkDayCreate, NonWorkDayUpdate>(
  `${BASE}/non_work_days`,
);
/** A person's days off. */
export const daysOffApi = resourceApi<DayOffRecord, DayOffCreate, DayOffUpdate>(`${BASE}/days_off`);
/** Special hours. */
export const specialHoursApi = resourceApi<SpecialHoursRecord, SpecialHoursCreate, SpecialHoursUpdate>(
  `${BASE}/special_hours`,
);
export { staffApi } from '../../../api/timekeeping-staff';

/** Copies one default week to several people from a date; answers the weeks written. */
export const copySchedule = (body: CopySchedule) =>
  call(() => api.post(`${BASE}/copy`, { json: body }).json<{ data: TimesheetScheduleRecord[] }>()).then((r) => r.data);

/** Expected hours of one person (or every staff member) for a range, day by day with each day's reason. */
export const expectedKeys = {
  all: [`${BASE}/expected`] as const,
  range: (from: string, to: string, userId?: string) => [`${BASE}/expected`, from, to, userId ?? 'all'] as const,
};
export const fetchExpected = (query: { from: string; to: string; user_id?: string }, signal?: AbortSignal) =>
  call(() =>
    api
      .get(`${BASE}/expected`, {
        searchParams: { from: query.from, to: query.to, ...(query.user_id ? { user_id: query.user_id } : {}) },
        signal,
      })
      .json<ExpectedResponse>(),
  );

/** The school's pay period rule. */
export const settingsKey = [`${BASE}/settings`] as const;
export const fetchTimekeepingSettings = (signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/settings`, { signal }).json<{ data: TimekeepingSettings }>()).then((r) => r.data);
export const saveTimekeepingSettings = (body: Omit<TimekeepingSettingsUpdate, '_method'>) =>
  call(() => api.post(`${BASE}/settings`, { json: body }).json<{ data: TimekeepingSettings }>()).then((r) => r.data);
