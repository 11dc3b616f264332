/**
 * The school's wall clock on the device. The server decides the school day and lateness in SCHOOL_TIMEZONE
 * (server/lib/school-day.ts, server/routes/check_ins); the kiosk must reach the same answer offline, or it would
 * record a late arrival without the reason the server requires (the entry would then wait in "needs attention").
 * So these follow the server's rules exactly: the day is the calendar date in the school's zone, and an arrival is
 * late when its minute of the day is after start_time + late_after_minutes.
 */

import { clockMinutes, type Instant, minutesOfDayIn } from '../../../ui/school-clock';

export { browserTimeZone, isValidTimeZone } from '../../../api/school-time-zone';
export { clockMinutes, formatClockTime, minutesOfDayIn, schoolDayOf } from '../../../ui/school-clock';

/** The part of the school settings that decides lateness. */
export interface LateRule {
  start_time: string;
  late_after_minutes: number;
}

/**
 * True when `instant` is at or after the school day's end (the school's `end_time`, dismissal): an arrival then is
 * most likely a tap by mistake, and the kiosk asks before recording it. Settings without an end (a device's copy
 * from before the setting existed) never say so.
 */
export function isAfterSchoolDay(
  instant: Instant,
  settings: { end_time?: string } | undefined,
  timeZone: string,
): boolean {
  if (!settings?.end_time) return false;
  return minutesOfDayIn(instant, timeZone) >= clockMinutes(settings.end_time);
}

/** True when an arrival at `instant` is late: after the start time plus the threshold, in the school's zone. */
export function isLateArrival(instant: Instant, rule: LateRule | undefined, timeZone: string): boolean {
  if (!rule) return false;
  return minutesOfDayIn(instant, timeZone) > clockMinutes(rule.start_time) + rule.late_after_minutes;
}
