/**
 * The school's wall clock on the device, shared by the stations (check-in, meals). The server decides the school day
 * in SCHOOL_TIMEZONE (server/lib/school-day.ts); a station must reach the same answer offline, so the day here is the
 * calendar date in the school's zone, whatever the device's own zone is.
 */

import { dateTimeFormat } from './intl-format';

export type Instant = Date | number | string;

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** YYYY-MM-DD of `instant` in `timeZone`: the school day, as the server computes it. */
export function schoolDayOf(instant: Instant, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    toDate(instant),
  );
}

/** Minutes since midnight of `instant` on the school's wall clock. */
export function minutesOfDayIn(instant: Instant, timeZone: string): number {
  const formatter = dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = formatter.formatToParts(toDate(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Minutes since midnight of an HH:MM clock time. */
export function clockMinutes(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The time of day of `instant` as people read it in `locale` ('7:52 AM', '7:52'), on the school's clock. */
export function formatClockTime(instant: Instant, timeZone: string, locale: string): string {
  // A kiosk list formats a time per row on every render: the formatter is made once (intl-format.ts).
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(toDate(instant));
}

/** A YYYY-MM-DD day as people read it in `locale` ('Sat, Nov 21, 2026'). */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The YYYY-MM-DD `days` after (or before, when negative) `day`, on the calendar. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The instant (ISO 8601, UTC) when the school's wall clock reads `hhmm` on `day`. The zone's offset is read at a
 * first guess and again at the answer, which settles it on the days the clocks change.
 */
export function instantAt(day: string, hhmm: string, timeZone: string): string {
  const wanted = Date.parse(`${day}T00:00:00Z`) + clockMinutes(hhmm) * 60_000;
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${schoolDayOf(guess, timeZone)}T00:00:00Z`) + minutesOfDayIn(guess, timeZone) * 60_000;
    guess += wanted - shown;
  }
  return new Date(guess).toISOString();
}
