/**
 * The Add Missing form's rules, apart from the screen so they are tested alone: a day (today or earlier, on the
 * school's calendar), a service, a scholar and a reason are all needed, and the meal must not be a second one of
 * its service that day as far as the device knows. Each problem is named on its field, as i18n keys of 'meals'.
 */
import { instantAt } from '../../../ui/school-clock';
import { MEAL_TYPES, type MealType, USUAL_SERVICE_TIME } from './meal-service';

export interface MissingValues {
  served_on: string;
  meal_type: MealType | '';
  scholar_id: string;
  reason: string;
}

export type MissingField = keyof MissingValues;
export const MISSING_FIELDS = ['served_on', 'meal_type', 'scholar_id', 'reason'] as const satisfies MissingField[];

export type MissingErrorKey =
  | 'missing.errors.dayRequired'
  | 'missing.errors.dayInFuture'
  | 'missing.errors.mealRequired'
  | 'missing.errors.scholarRequired'
  | 'missing.errors.reasonRequired'
  | 'missing.errors.reasonTooLong';

/** What the server is sent for a valid form (the id and the missing flag are added by the caller). */
export interface MissingMeal {
  scholar_id: string;
  meal_type: MealType;
  served_at: string;
  missing_reason: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form checked: the errors by field, or the meal to send. A meal added today is recorded at the moment it is
 * added; on an earlier day, at the usual time of its service, so that the server (which takes the day from
 * `served_at` in the school's zone) files it on the day chosen.
 */
export function checkMissing(
  values: MissingValues,
  { today, timeZone, now }: { today: string; timeZone: string; now: number },
): { errors: Partial<Record<MissingField, MissingErrorKey>> } | { meal: MissingMeal } {
  const errors: Partial<Record<MissingField, MissingErrorKey>> = {};
  if (!DAY.test(values.served_on)) errors.served_on = 'missing.errors.dayRequired';
  else if (values.served_on > today) errors.served_on = 'missing.errors.dayInFuture';
  const mealType = (MEAL_TYPES as readonly string[]).includes(values.meal_type) ? (values.meal_type as MealType) : null;
  if (!mealType) errors.meal_type = 'missing.errors.mealRequired';
  if (!values.scholar_id) errors.scholar_id = 'missing.errors.scholarRequired';
  const reason = values.reason.trim();
  if (!reason) errors.reason = 'missing.errors.reasonRequired';
  else if (reason.length > 500) errors.reason = 'missing.errors.reasonTooLong';
  if (Object.keys(errors).length > 0 || !mealType) return { errors };
  const servedAt =
    values.served_on === today
      ? new Date(now).toISOString()
      : instantAt(values.served_on, USUAL_SERVICE_TIME[mealType], timeZone);
  return { meal: { scholar_id: values.scholar_id, meal_type: mealType, served_at: servedAt, missing_reason: reason } };
}
