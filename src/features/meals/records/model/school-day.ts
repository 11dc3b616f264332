/**
 * Days and times on the school's clock for the records screens. The server files a meal under the school day of
 * `served_at` in SCHOOL_TIMEZONE, so "today" and the times shown here are read in the school's zone too, not the
 * device's (src/ui/school-clock.ts, shared with the serving line).
 */
import { useSchoolTimeZone } from '../../../../api/school-time-zone';
import { MEAL_TYPES, type MealType } from '../../../../contract';
import { formatClockTime, formatDay, schoolDayOf } from '../../../../ui/school-clock';

export { formatDay, schoolDayOf };
/** The time of day of an instant on the school's clock ('12:05 PM', '12:05'). */
export const formatTime = formatClockTime;

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
