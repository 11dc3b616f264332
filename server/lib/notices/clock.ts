/**
 * The school's clock for notices: the time of day an event happened on the school's wall clock (a curb tablet that
 * was offline for 12 minutes still says 3:12, the record's occurred_at), and quiet hours (HH:MM to HH:MM on the same
 * clock, spanning midnight when the start is after the end) with the instant they end.
 */
import { schoolDay } from '../school-day';

const parts = new Map<string, Intl.DateTimeFormat>();

/** Hour (0-23) and minute of `instant` on the school's clock. */
export function wallClock(instant: Date | string, timeZone: string): { hour: number; minute: number } {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    parts.set(timeZone, f);
  }
  const p = f.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
  return { hour: get('hour'), minute: get('minute') };
}

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The instant the school's clock reads `hhmm` on school day `day` (YYYY-MM-DD), across daylight saving changes. */
export function instantAt(day: string, hhmm: string, timeZone: string): Date {
  const [y = 1970, mo = 1, d = 1] = day.split('-').map(Number);
  const target = Date.UTC(y, mo - 1, d) + toMinutes(hhmm) * 60_000;
  // Start from the wall time read as UTC and correct by the zone's offset there, twice (the offset may differ on
  // either side of a change).
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const local = new Date(guess);
    const { hour, minute } = wallClock(local, timeZone);
    const localDay = schoolDay(local, timeZone);
    const [ly = 1970, lmo = 1, ld = 1] = localDay.split('-').map(Number);
    const seen = Date.UTC(ly, lmo - 1, ld) + (hour * 60 + minute) * 60_000;
    guess += target - seen;
  }
  return new Date(guess);
}

/**
 * When the quiet hours that hold `now` end, or null when `now` is outside them. `start` after `end` spans midnight:
 * 21:00 to 07:00 holds 22:30 until 07:00 the next day, and 06:00 until 07:00 the same day.
 */
export function quietHoursEnd(now: Date, quiet: { start: string; end: string } | null, timeZone: string): Date | null {
  if (!quiet) return null;
  const { hour, minute } = wallClock(now, timeZone);
  const at = hour * 60 + minute;
  const start = toMinutes(quiet.start);
  const end = toMinutes(quiet.end);
  const today = schoolDay(now, timeZone);
  const tomorrow = schoolDay(new Date(instantAt(today, '12:00', timeZone).getTime() + 86_400_000), timeZone);
  if (start < end) return at >= start && at < end ? instantAt(today, quiet.end, timeZone) : null;
  if (at >= start) return instantAt(tomorrow, quiet.end, timeZone);
  if (at < end) return instantAt(today, quiet.end, timeZone);
  return null;
}
