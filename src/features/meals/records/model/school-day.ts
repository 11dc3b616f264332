/**
 * Days and times on the school's clock. The server files a meal under the school day of `served_at` in
 * SCHOOL_TIMEZONE, so "today" and the times shown here are read in the school's zone too, not the device's.
 */
import { useSchoolTimeZone } from '../../../../api/school-time-zone';
import { MEAL_TYPES, type MealType } from '../../../../contract';

type Instant = Date | number | string;
const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** YYYY-MM-DD of `instant` in `timeZone`. */
export function schoolDayOf(instant: Instant, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    toDate(instant),
  );
}

/** Minutes since midnight of `instant` on the school's clock. */
export function minutesOfDay(instant: Instant, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(toDate(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * The service most likely meant at this time of day: breakfast until 10:00, lunch until 14:00, the after-school snack
 * until 17:00, supper after. Only a default: the person can pick another.
 */
export function mealTypeAt(instant: Instant, timeZone: string): MealType {
  const minutes = minutesOfDay(instant, timeZone);
  if (minutes < 10 * 60) return 'breakfast';
  if (minutes < 14 * 60) return 'lunch';
  if (minutes < 17 * 60) return 'snack';
  return 'supper';
}

/** True for a meal type of the contract. */
export const isMealType = (value: unknown): value is MealType => MEAL_TYPES.some((m) => m === value);

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Today on the school's clock, and its time zone. */
export function useSchoolToday(): { today: string; timeZone: string } {
  const timeZone = useSchoolTimeZone();
  return { today: schoolDayOf(Date.now(), timeZone), timeZone };
}

/** A YYYY-MM-DD day as people read it in `locale` ('Mon, Mar 4, 2030'). */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The time of day of `instant` on the school's clock ('12:05 PM', '12:05'). */
export function formatTime(instant: Instant, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(toDate(instant));
}
