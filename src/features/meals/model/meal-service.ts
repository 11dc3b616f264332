/**
 * Which meal service a cafeteria tablet is on. The school's settings say which services it serves and each one's
 * window (`meal_services`, through the config the device keeps); the default is the one whose window holds the
 * current time on the school's wall clock (not the device's zone). Without those settings (a device that never
 * fetched them) all four are offered: breakfast until 10:30, lunch until 14:00, the afternoon snack until 17:00,
 * supper after that. The four
 * services are the meals the programs reimburse (7 CFR 210 lunch and snack, 220 breakfast, 226 supper); the person at
 * the line can always choose another one.
 */
import { MEAL_TYPES, type MealServices, type MealType } from '../../../contract';
import { clockMinutes, type Instant, minutesOfDayIn } from '../../../ui/school-clock';

export { MEAL_TYPES, type MealType };

/** When each service ends on the school's clock (HH:MM, exclusive); supper runs to the end of the day. */
export const SERVICE_ENDS: Readonly<Record<Exclude<MealType, 'supper'>, string>> = {
  breakfast: '10:30',
  lunch: '14:00',
  snack: '17:00',
};

/** The services the school serves in the order of the day; all four when the settings are not known. */
export function offeredMealTypes(services: MealServices | null | undefined): MealType[] {
  const offered = MEAL_TYPES.filter((type) => services?.[type]);
  return offered.length > 0 ? offered : [...MEAL_TYPES];
}

/**
 * The service a meal at `instant` most likely belongs to, on the school's clock. With the school's services: the one
 * whose window holds that minute; between two windows, the next one to start; after the last, the last.
 */
export function defaultMealType(instant: Instant, timeZone: string, services?: MealServices | null): MealType {
  const minute = minutesOfDayIn(instant, timeZone);
  const windows = MEAL_TYPES.flatMap((type) => {
    const window = services?.[type];
    return window ? [{ type, start: clockMinutes(window.start), end: clockMinutes(window.end) }] : [];
  });
  const current = windows.find((w) => w.start <= minute && minute < w.end);
  const next = [...windows].sort((a, b) => a.start - b.start).find((w) => w.start > minute);
  const last = [...windows].sort((a, b) => b.end - a.end)[0];
  const chosen = current ?? next ?? last;
  if (chosen) return chosen.type;
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
