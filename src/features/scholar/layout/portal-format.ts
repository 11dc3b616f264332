/**
 * How the portal's screens write days and times: in the current language, on the school's clock (DESIGN section 10:
 * a parent abroad still sees the school's times). Class times are wall-clock 'HH:MM' of the school; meetings and
 * arrivals are instants, shown in the school's time zone.
 */
import { useTranslation } from 'react-i18next';
import type { PortalScholar } from '../../../contract';
import { dateTimeFormat } from '../../../ui/intl-format';
import { addDays, clockMinutes, formatClockTime } from '../../../ui/school-clock';

/** The current language for Intl ('en', 'es'). */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}

/** A school wall-clock time 'HH:MM' as people read it ('7:52 AM', '7:52'). */
export function formatWallTime(hhmm: string, locale: string): string {
  const minutes = clockMinutes(hhmm);
  const at = Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60);
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(at);
}

/** The time of an instant on the school's clock. */
export const formatInstantTime = formatClockTime;

/** The name of an ISO weekday (1 Monday … 7 Sunday): 'Monday', 'lunes'. */
export function weekdayName(weekday: number, locale: string): string {
  // 1 January 2024 was a Monday.
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, weekday));
}

/** A YYYY-MM-DD day with its weekday: 'Friday, November 27'. */
export function formatLongDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A YYYY-MM-DD day, short: 'Nov 27'. */
export function formatShortDay(day: string, locale: string): string {
  return dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A YYYY-MM month: 'November 2026'. */
export function formatMonth(month: string, locale: string): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD day. */
export function isoWeekdayOf(day: string): number {
  return ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week of a day (the server's week for This Week: Monday to Sunday). */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekdayOf(day));
}

/** The YYYY-MM month `months` after (or before) `month`. */
export function shiftMonth(month: string, months: number): string {
  const [y = 2000, m = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The name a scholar goes by: nickname or first name, and last name. */
export function scholarName(s: Pick<PortalScholar, 'fname' | 'lname' | 'nickname'>): string {
  return `${s.nickname ?? s.fname} ${s.lname}`;
}
