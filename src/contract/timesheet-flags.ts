/**
 * Compliance flags: California's rules for non-exempt staff, worked out from one person's timesheet
 * records. Flags are shown to the timekeeper so they can look and act; they never change a record and never deduct
 * anything. Pure: the server's summary and any screen get the same answer from the same records.
 *
 * What counts as work: finished records (with a clock-out) of every category but leave. Leave is paid time off, not
 * time worked, so it neither makes a day long nor a week over 40 hours; an open record (still clocked in, or a missing
 * clock-out) has no length yet and counts once it is finished. A record counts on its `work_date`, the school day it
 * started on, even when it runs past midnight.
 *
 * - `weekly_over_40`: more than 40 hours (2400 minutes) worked in a workweek, Monday to Sunday by work date; flagged
 *   once a week, on the day the week's running total first goes over.
 * - `daily_over_8` / `daily_over_12`: more than 8 (480) / 12 (720) hours worked on one day; a day over 12 has both.
 *   Exactly 8:00 is not over.
 * - `seventh_day`: work on all seven days of one workweek; flagged on the seventh day, the Sunday.
 * - `meal_break`: no meal break begun by the end of the fifth hour of work (Labor Code 512). Records are joined into
 *   stretches of continuous work when the gap between one's end and the next's start is under 30 minutes; a gap of 30
 *   minutes or more is a meal break taken, and ends the stretch. A stretch that runs past 5 hours (300 minutes of
 *   elapsed time from its start) is flagged, on the work date of its first record, unless one of its records that had
 *   started by the fifth hour has an unpaid break of 30 minutes or more.
 *   Limits: a record keeps its break as minutes, not as a time of day, so a recorded break of 30 minutes or more is
 *   taken as begun in time; a second meal break (due after ten hours) is not checked; a meal waived by agreement
 *   (a day of six hours or less) is not known here and is flagged like any other.
 */
import { isoWeekday, mondayOf } from './calendar-dates';
import {
  FLAG_CODES,
  type FlagCode,
  type TimesheetCategory,
  type TimesheetFlag,
  type TimesheetFlagSettings,
  workedMinutes,
} from './timesheets';

/** Minutes of work in a week before the weekly flag. */
export const WEEKLY_LIMIT_MINUTES = 40 * 60;
/** Minutes of work in a day before the daily flags. */
export const DAILY_LIMIT_MINUTES = 8 * 60;
export const DAILY_DOUBLE_LIMIT_MINUTES = 12 * 60;
/** Elapsed minutes of continuous work by which a meal break must have begun. */
export const MEAL_BREAK_DUE_MINUTES = 5 * 60;
/** The shortest meal break, and the shortest gap between records that counts as one, in minutes. */
export const MEAL_BREAK_MINUTES = 30;

/** What the flags need of one record. */
export interface FlagRecord {
  work_date: string;
  started_at: string;
  ended_at: string | null;
  break_minutes: number;
  category: TimesheetCategory;
}

/** The codes each setting turns on or off. */
const CODES_OF_SETTING: Record<keyof TimesheetFlagSettings, readonly FlagCode[]> = {
  weekly_overtime: ['weekly_over_40'],
  daily_overtime: ['daily_over_8', 'daily_over_12'],
  seventh_day: ['seventh_day'],
  meal_break: ['meal_break'],
};

/** The flag codes a school's settings turn on. */
export function enabledFlagCodes(settings: TimesheetFlagSettings): Set<FlagCode> {
  const out = new Set<FlagCode>();
  for (const [setting, codes] of Object.entries(CODES_OF_SETTING) as [keyof TimesheetFlagSettings, FlagCode[]][]) {
    if (settings[setting]) for (const code of codes) out.add(code);
  }
  return out;
}

type Finished = FlagRecord & { ended_at: string };

/** Records that count as work: finished and not leave. */
const workRecords = (records: readonly FlagRecord[]): Finished[] =>
  records.filter((r): r is Finished => r.ended_at !== null && r.category !== 'leave');

/** Minutes worked on each work date (only dates with work). */
export function workedByDate(records: readonly FlagRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of workRecords(records)) out.set(r.work_date, (out.get(r.work_date) ?? 0) + (workedMinutes(r) ?? 0));
  return out;
}

/** Work dates on which a stretch of continuous work ran past five hours without a meal break begun. */
function missedMealBreaks(work: readonly Finished[]): string[] {
  const sorted = work.toSorted((a, b) => Date.parse(a.started_at) - Date.parse(b.started_at));
  const out: string[] = [];
  let stretch: Finished[] = [];
  let stretchEnd = 0;
  const close = () => {
    const first = stretch[0];
    if (!first) return;
    const start = Date.parse(first.started_at);
    const due = start + MEAL_BREAK_DUE_MINUTES * 60_000;
    const took = stretch.some((r) => r.break_minutes >= MEAL_BREAK_MINUTES && Date.parse(r.started_at) <= due);
    if (stretchEnd > due && !took) out.push(first.work_date);
  };
  for (const r of sorted) {
    const start = Date.parse(r.started_at);
    const end = Date.parse(r.ended_at);
    if (stretch.length && start - stretchEnd >= MEAL_BREAK_MINUTES * 60_000) {
      close();
      stretch = [];
    }
    if (!stretch.length) stretchEnd = end;
    stretch.push(r);
    stretchEnd = Math.max(stretchEnd, end);
  }
  close();
  return out;
}

/**
 * The compliance flags of one non-exempt person's records, those the settings turn on, in date order (and in the
 * order of FLAG_CODES on one date). Whole workweeks are needed for the weekly and seventh-day flags: give the records
 * from the Monday of the first week to the Sunday of the last, and keep the flags of the dates wanted.
 */
export function complianceFlags(records: readonly FlagRecord[], settings: TimesheetFlagSettings): TimesheetFlag[] {
  const on = enabledFlagCodes(settings);
  if (!on.size) return [];
  const work = workRecords(records);
  const byDate = workedByDate(work);
  const dates = [...byDate.keys()].sort();
  const flags: TimesheetFlag[] = [];
  const add = (code: FlagCode, date: string) => {
    if (on.has(code) && !flags.some((f) => f.code === code && f.date === date)) flags.push({ code, date });
  };

  for (const date of dates) {
    const minutes = byDate.get(date) ?? 0;
    if (minutes > DAILY_LIMIT_MINUTES) add('daily_over_8', date);
    if (minutes > DAILY_DOUBLE_LIMIT_MINUTES) add('daily_over_12', date);
  }

  const weeks = new Map<string, string[]>();
  for (const date of dates) {
    const monday = mondayOf(date);
    weeks.set(monday, [...(weeks.get(monday) ?? []), date]);
  }
  for (const weekDates of weeks.values()) {
    let total = 0;
    for (const date of weekDates) {
      const before = total;
      total += byDate.get(date) ?? 0;
      if (before <= WEEKLY_LIMIT_MINUTES && total > WEEKLY_LIMIT_MINUTES) add('weekly_over_40', date);
    }
    const worked = weekDates.filter((d) => (byDate.get(d) ?? 0) > 0);
    const sunday = worked.at(-1);
    if (worked.length === 7 && sunday && isoWeekday(sunday) === 7) add('seventh_day', sunday);
  }

  for (const date of missedMealBreaks(work)) add('meal_break', date);

  const order = (code: FlagCode) => FLAG_CODES.indexOf(code);
  return flags.sort((a, b) => a.date.localeCompare(b.date) || order(a.code) - order(b.code));
}
