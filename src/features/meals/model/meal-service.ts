/**
 * Which meal service a cafeteria tablet is on. The default follows the school's wall clock (not the device's zone):
 * breakfast until 10:30, lunch until 14:00, the afternoon snack until 17:00, supper after that (issue F6). The four
 * services are the meals the programs reimburse (7 CFR 210 lunch and snack, 220 breakfast, 226 supper); the person at
 * the line can always choose another one.
 */
import { MEAL_TYPES, type MealType } from '../../../contract';
import { clockMinutes, type Instant, minutesOfDayIn } from '../../../ui/school-clock';

export { MEAL_TYPES, type MealType };

/** When each service ends on the school's clock (HH:MM, exclusive); supper runs to the end of the day. */
export const SERVICE_ENDS: Readonly<Record<Exclude<MealType, 'supper'>, string>> = {
  breakfast: '10:30',
  lunch: '14:00',
  snack: '17:00',
};

/** The service a meal at `instant` most likely belongs to, on the school's clock. */
export function defaultMealType(instant: Instant, timeZone: string): MealType {
  const minute = minutesOfDayIn(instant, timeZone);
  if (minute < clockMinutes(SERVICE_ENDS.breakfast)) return 'breakfast';
  if (minute < clockMinutes(SERVICE_ENDS.lunch)) return 'lunch';
  if (minute < clockMinutes(SERVICE_ENDS.snack)) return 'snack';
  return 'supper';
}

/**
 * The time a meal added afterwards is recorded at on an earlier day, when nobody knows the minute it was served: the
 * middle of the usual service. The server takes the school day from this instant, so it only has to fall on that day.
 */
export const USUAL_SERVICE_TIME: Readonly<Record<MealType, string>> = {
  breakfast: '08:00',
  lunch: '12:00',
  snack: '15:00',
  supper: '18:00',
};
