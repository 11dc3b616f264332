/**
 * The dates a timesheet report shows (Daily Combined, the Grid, Cumulative), kept in the address so a reload or a
 * shared link opens the same view: `?range=week|period|month|dates&date=YYYY-MM-DD` (and `&from=&to=` for dates
 * chosen by hand). A week runs Monday to Sunday (the workweek of the compliance flags); a month is its calendar month;
 * a pay period is the school's (semi-monthly, bi-weekly or monthly: the timesheet schedules' rule), which only the server knows, so its
 * dates come from `v2/timesheets/periods` (see `usePayPeriod`). A missing or malformed date is today on the school's
 * clock.
 */
import { daysBetween, MAX_SUMMARY_DAYS, mondayOf, monthOf, shiftDate } from '../../../../contract';

export const RANGE_KINDS = ['week', 'period', 'month', 'dates'] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/** A first and last date, both included. */
export interface DateRange {
  from: string;
  to: string;
}

/** What the address says: the kind of range, a day inside it and, for dates chosen by hand, the range itself. */
export interface RangeState {
  kind: RangeKind;
  /** A day inside the range (week, period, month). */
  date: string;
  /** Dates chosen by hand (kind `dates`). */
  custom: DateRange;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The range state of the search params, with `kinds` the screen offers (the first is the default). */
export function readRangeState(params: URLSearchParams, today: string, kinds: readonly RangeKind[]): RangeState {
  const asked = params.get('range') as RangeKind | null;
  const kind = asked && kinds.includes(asked) ? asked : (kinds[0] ?? 'week');
  const date = params.get('date');
  const anchor = isDay(date) ? date : today;
  const from = params.get('from');
  const to = params.get('to');
  const week = calendarRange('week', anchor);
  return {
    kind,
    date: anchor,
    custom: { from: isDay(from) ? from : week.from, to: isDay(to) ? to : week.to },
  };
}

/** The week or month `date` lies in. */
export function calendarRange(kind: 'week' | 'month', date: string): DateRange {
  if (kind === 'month') {
    const { start, end } = monthOf(date);
    return { from: start, to: end };
  }
  const from = mondayOf(date);
  return { from, to: shiftDate(from, 6) };
}

/** Why dates chosen by hand cannot be shown, or null when they can. */
export function customRangeProblem(range: DateRange): 'endBeforeStart' | 'tooLong' | null {
  if (range.to < range.from) return 'endBeforeStart';
  if (daysBetween(range.from, range.to) + 1 > MAX_SUMMARY_DAYS) return 'tooLong';
  return null;
}

/** Days in a range, both ends included. */
export const rangeLength = (range: DateRange): number => daysBetween(range.from, range.to) + 1;

/**
 * The address change that moves to the range before (-1) or after (1) the one shown: a day of the next week, month or
 * pay period (the day after its end, or before its start), or dates chosen by hand moved by their own length.
 */
export function stepRange(kind: RangeKind, shown: DateRange, step: -1 | 1): { date?: string; custom?: DateRange } {
  if (kind === 'dates') {
    const length = rangeLength(shown) * step;
    return { custom: { from: shiftDate(shown.from, length), to: shiftDate(shown.to, length) } };
  }
  if (kind === 'week') return { date: shiftDate(shown.from, 7 * step) };
  return { date: step < 0 ? shiftDate(shown.from, -1) : shiftDate(shown.to, 1) };
}
