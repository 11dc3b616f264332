/**
 * Dates and times of the portal's content on the school's clock, whatever the device's own zone: what the form's
 * date and time inputs show for an instant, and the instant they mean. An all-day calendar event is stored as the
 * instants of midnight of its first day and midnight after its last day, in the school's zone (the contract's
 * CalendarEventRecordSchema), so a day with a clock change still starts and ends at midnight.
 */
import { addDays, instantAt, minutesOfDayIn, schoolDayOf } from '../../../ui/school-clock';

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:MM of `instant` on the school's clock. */
export function clockOf(instant: string, timeZone: string): string {
  const minutes = minutesOfDayIn(instant, timeZone);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The value of a `datetime-local` input (YYYY-MM-DDTHH:MM) for `instant` on the school's clock. */
export function toLocalInput(instant: string, timeZone: string): string {
  return `${schoolDayOf(instant, timeZone)}T${clockOf(instant, timeZone)}`;
}

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/** The instant (ISO 8601, UTC) a `datetime-local` value means on the school's clock; null when it is not one. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = LOCAL.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return instantAt(match[1], match[2], timeZone);
}

/** The instants of an all-day span: midnight of the first day, and midnight after the last, at the school. */
export function allDayInstants(
  firstDay: string,
  lastDay: string,
  timeZone: string,
): { starts_at: string; ends_at: string } {
  return {
    starts_at: instantAt(firstDay, '00:00', timeZone),
    ends_at: instantAt(addDays(lastDay, 1), '00:00', timeZone),
  };
}

/** The first and last day of an all-day span stored as instants (the inverse of `allDayInstants`). */
export function allDayDays(startsAt: string, endsAt: string, timeZone: string): { first: string; last: string } {
  const first = schoolDayOf(startsAt, timeZone);
  // The end is the midnight after the last day; a minute earlier is on the last day whatever the clock change.
  const last = schoolDayOf(Date.parse(endsAt) - 60_000, timeZone);
  return { first, last: last < first ? first : last };
}
