/**
 * How the timesheet screens read a record's times: on the school's clock whatever the device's zone, an end on a
 * later day than the record counts on marked "+1", and an open record told apart as still clocked in or as a missing
 * clock-out once it is older than the contract's MISSING_CLOCK_OUT_HOURS (a night's work is not missing at 2 a.m.).
 */
import { MISSING_CLOCK_OUT_HOURS, minutesBetween, type TimesheetRecord } from '../../../contract';
import { formatClockTime, minutesOfDayIn, schoolDayOf } from '../../../ui/school-clock';

export type OpenState = 'clockedIn' | 'missingOut';

/** Null for a finished record; else whether it is still running or its clock-out is missing. */
export function openState(record: Pick<TimesheetRecord, 'started_at' | 'ended_at'>, now: number): OpenState | null {
  if (record.ended_at !== null) return null;
  return now - Date.parse(record.started_at) > MISSING_CLOCK_OUT_HOURS * 3_600_000 ? 'missingOut' : 'clockedIn';
}

/** The time of an instant on the school's clock ('7:58 AM'). */
export const timeText = (instant: string, timeZone: string, locale: string) =>
  formatClockTime(instant, timeZone, locale);

/** Whole days the end lies after the day the record counts on (0 on the same day). */
export function endDayOffset(record: Pick<TimesheetRecord, 'work_date' | 'ended_at'>, timeZone: string): number {
  if (!record.ended_at) return 0;
  const endDay = schoolDayOf(record.ended_at, timeZone);
  return Math.round((Date.parse(`${endDay}T00:00:00Z`) - Date.parse(`${record.work_date}T00:00:00Z`)) / 86_400_000);
}

/** Paid minutes so far of an open record (its length to `now` less its break, never below 0). */
export const runningMinutes = (record: Pick<TimesheetRecord, 'started_at' | 'break_minutes'>, now: number) =>
  Math.max(0, minutesBetween(record.started_at, new Date(now).toISOString()) - record.break_minutes);

/** An instant as 'YYYY-MM-DD HH:MM' on the school's clock (what a CSV holds: spreadsheets read it as a date and time). */
export function localDateTime(instant: string, timeZone: string): string {
  const minutes = minutesOfDayIn(instant, timeZone);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${schoolDayOf(instant, timeZone)} ${time}`;
}
