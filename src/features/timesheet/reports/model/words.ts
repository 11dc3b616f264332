/**
 * How the timesheet reports write dates, ranges and differences, the same on screen, on paper and in the CSV. Dates
 * are calendar days (formatted in UTC so no zone moves them); clock times are instants shown on the school's clock.
 */
import { dateTimeFormat } from '../../../../ui/intl-format';
import { formatMinutes } from '../../../../ui/timekeeping/hours';
import type { DateRange } from './report-range';

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Mon, Nov 23' in `locale`. */
export const shortDay = (day: string, locale: string): string =>
  dateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at(day));

/** 'Monday, November 23, 2026' in `locale`. */
export const longDay = (day: string, locale: string): string =>
  dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    at(day),
  );

/** The weekday and day of the month on two short lines of a column header: 'Mon' and '23'. */
export const weekdayShort = (day: string, locale: string): string =>
  dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(at(day));

const ranges = new Map<string, string>();

/**
 * 'Nov 23 – 29, 2026' (with the year) or 'Nov 23 – 29' in `locale`; one day is one date. Remembered: a grid writes
 * each person's pay periods on every redraw, and `formatRange` is slow (a tenth of a millisecond in Chromium).
 */
export function rangeText(range: DateRange, locale: string, withYear = true): string {
  const key = `${locale}|${range.from}|${range.to}|${withYear}`;
  const known = ranges.get(key);
  if (known !== undefined) return known;
  const format = dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  const text =
    range.from === range.to ? format.format(at(range.from)) : format.formatRange(at(range.from), at(range.to));
  if (ranges.size > 5000) ranges.clear();
  ranges.set(key, text);
  return text;
}

/** 'November 2026' in `locale`. */
export const monthText = (day: string, locale: string): string =>
  dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at(day));

/** A clock time for a spreadsheet: 24-hour HH:MM on the school's clock (`timeZone`), whatever the reader's language. */
export const clock24 = (instant: string, timeZone: string): string =>
  dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(instant));

/** A difference in hours with its sign: '+0:45', '−1:15' (a real minus sign, read as "minus"), '0:00'. */
export function signedMinutes(minutes: number): string {
  if (minutes > 0) return `+${formatMinutes(minutes)}`;
  if (minutes < 0) return `\u2212${formatMinutes(-minutes)}`;
  return formatMinutes(0);
}

/**
 * A difference for a spreadsheet, as two columns that are never negative: hours over expected and hours under it
 * (`['0.75', '0.00']`, `['0.00', '1.25']`). A value starting with '-' would reach the file defused as text
 * (src/lib/csv.ts), which no spreadsheet adds up.
 */
export const overUnder = (minutes: number): [string, string] => [
  (Math.max(0, minutes) / 60).toFixed(2),
  (Math.max(0, -minutes) / 60).toFixed(2),
];
