/** Weekday names in the reader's language, from the browser's own calendar data (no translation files to keep). */
import { dateTimeFormat } from '../../../ui/intl-format';

/** 1 January 2024 was a Monday: day n of that week is ISO weekday n. */
const MONDAY = Date.UTC(2024, 0, 1);

/** The name of an ISO weekday, 1 Monday … 7 Sunday ('Monday', 'lunes'). */
export function isoWeekdayName(weekday: number, locale: string, width: 'long' | 'short' = 'long'): string {
  return dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(MONDAY + (weekday - 1) * 86_400_000);
}

/** The name of a weekday counted from Sunday, 0 Sunday … 6 Saturday (the calendar's first weekday setting). */
export function sundayWeekdayName(weekday: number, locale: string): string {
  return isoWeekdayName(weekday === 0 ? 7 : weekday, locale);
}
