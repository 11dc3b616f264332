/**
 * Dates for tests, relative to today: the server refuses an instant a device records more than a day ahead (and before
 * 2000), so a test that writes meals or check-ins on a fixed day would start failing once that day is far enough away.
 * Days are calendar dates (YYYY-MM-DD) counted in UTC; instants carry the offset of the school's time zone that day.
 */

const DAY_MS = 86_400_000;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The day `n` days before today (negative: after). */
export function daysAgo(n: number, today: Date = new Date()): string {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return ymd(new Date(midnight - n * DAY_MS));
}

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return ymd(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/**
 * The Monday of the week `weeks` weeks before this one, so a test has a whole school week of its own: the seeded demo
 * meals cover the three weeks before today, so take 5 or more.
 */
export function mondayWeeksAgo(weeks: number, today: Date = new Date()): string {
  const day = daysAgo(0, today);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 Monday … 6 Sunday
  return addDays(day, -weekday - 7 * weeks);
}

/** The offset of `timeZone` at an instant, as +HH:MM or -HH:MM. */
function offsetAt(instant: number, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(instant))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
}

const minutes = (offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h = 0, m = 0] = offset.slice(1).split(':').map(Number);
  return sign * (h * 60 + m);
};

/** `hh:mm` on `day` on the clock of `timeZone`, as an ISO 8601 instant with that day's offset (winter or summer). */
export function localInstant(day: string, hhmm: string, timeZone = 'America/Los_Angeles'): string {
  const asUtc = Date.parse(`${day}T${hhmm}:00Z`);
  let offset = offsetAt(asUtc, timeZone);
  offset = offsetAt(asUtc - minutes(offset) * 60_000, timeZone);
  return `${day}T${hhmm}:00${offset}`;
}
