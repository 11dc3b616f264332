/**
 * Arithmetic on calendar dates as YYYY-MM-DD, free of time zones and daylight saving: a date is a day of the school's
 * calendar, never an instant. Shared by the server's expected hours and pay periods and the screens that show them.
 */

const toUtc = (day: string): Date => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** The date `n` days after `day` (before, for a negative `n`). */
export function shiftDate(day: string, n: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const w = toUtc(day).getUTCDay();
  return w === 0 ? 7 : w;
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDate(d, 1)) out.push(d);
  return out;
}

/** The Monday of the week a date lies in. */
export const mondayOf = (day: string): string => shiftDate(day, 1 - isoWeekday(day));

/** The first and last date of the month a date lies in. */
export function monthOf(day: string): { start: string; end: string } {
  const start = `${day.slice(0, 7)}-01`;
  const d = toUtc(start);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return { start, end: fromUtc(d) };
}

/** Minutes from midnight of a clock time HH:MM. */
export const clockMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A clock time HH:MM from minutes after midnight (0 … 1439). */
export const clockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
