/**
 * The school's wall clock on the device. The server decides the school day and lateness in SCHOOL_TIMEZONE
 * (server/lib/school-day.ts, server/routes/check_ins); the kiosk must reach the same answer offline, or it would
 * record a late arrival without the reason the server requires (the entry would then wait in "needs attention").
 * So these follow the server's rules exactly: the day is the calendar date in the school's zone, and an arrival is
 * late when its minute of the day is after start_time + late_after_minutes.
 */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

type Instant = Date | number | string;

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

export { browserTimeZone, isValidTimeZone } from '../../../api/school-time-zone';

/** YYYY-MM-DD of `instant` in `timeZone`: the school day, as the server computes it. */
export function schoolDayOf(instant: Instant, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(toDate(instant));
}

/** Minutes since midnight of `instant` on the school's wall clock. */
export function minutesOfDayIn(instant: Instant, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(toDate(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Minutes since midnight of an HH:MM clock time. */
export function clockMinutes(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The part of the school settings that decides lateness. */
export interface LateRule {
  start_time: string;
  late_after_minutes: number;
}

/** True when an arrival at `instant` is late: after the start time plus the threshold, in the school's zone. */
export function isLateArrival(instant: Instant, rule: LateRule | undefined, timeZone: string): boolean {
  if (!rule) return false;
  return minutesOfDayIn(instant, timeZone) > clockMinutes(rule.start_time) + rule.late_after_minutes;
}

/** The time of day of `instant` as people read it in `locale` ('7:52 AM', '7:52'), on the school's clock. */
export function formatClockTime(instant: Instant, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(toDate(instant));
}
