/**
 * The one-meal rule on the device (7 CFR 210.7: one reimbursable meal of each type per scholar per day):
 * today's meals as this tablet knows them, from three places: the records pulled from the server (other tablets'
 * meals included), the records the server confirmed for this one, and the entries still waiting in the outbox.
 * Voided meals do not count, and neither does an entry the server refused (it waits in "needs attention"). The
 * server checks the same rule again and answers a conflict; this check is what lets the line run offline.
 */
import type { NslpRecord } from '../../../contract';
import type { StationItem } from '../../../offline';
import { schoolDayOf } from '../../../ui/school-clock';
import type { MealType } from './meal-service';

/** A meal that counts: the first of its type for its scholar today. */
export interface ServedMeal {
  id: string;
  scholar_id: string;
  meal_type: MealType;
  served_at: string;
  /** Still in the outbox (not on the server yet). */
  pending: boolean;
}

export interface MealLedger {
  /** The school day it covers (YYYY-MM-DD). */
  readonly day: string;
  /** The meal of this type the scholar already had today, if any. */
  first(scholarId: string, mealType: MealType): ServedMeal | undefined;
  /** How many scholars had this meal today. */
  count(mealType: MealType): number;
}

const keyOf = (scholarId: string, mealType: string) => `${scholarId}|${mealType}`;

/** The meal an item stands for on `day`, or null when it does not count there. */
function countedMeal(item: StationItem<NslpRecord>, day: string, timeZone: string): ServedMeal | null {
  const { record } = item;
  if (!record.scholar_id || !record.meal_type || !record.served_at) return null;
  if (item.confirmed) {
    if (item.record.voided || item.record.served_on !== day) return null;
  } else {
    // Refused by the server (rejected or conflict): it did not count. A waiting entry has no served_on yet: the
    // server will take the day from served_at in the school's zone, so the device does the same.
    if (!item.pending || schoolDayOf(record.served_at, timeZone) !== day) return null;
  }
  return {
    id: record.id,
    scholar_id: record.scholar_id,
    meal_type: record.meal_type,
    served_at: record.served_at,
    pending: item.pending,
  };
}

/** Today's counted meals, the earliest of each scholar and type kept. */
export function buildMealLedger(items: readonly StationItem<NslpRecord>[], day: string, timeZone: string): MealLedger {
  const firsts = new Map<string, ServedMeal>();
  for (const item of items) {
    const meal = countedMeal(item, day, timeZone);
    if (!meal) continue;
    const key = keyOf(meal.scholar_id, meal.meal_type);
    const known = firsts.get(key);
    if (!known || Date.parse(meal.served_at) < Date.parse(known.served_at)) firsts.set(key, meal);
  }
  const counts = new Map<string, number>();
  for (const meal of firsts.values()) counts.set(meal.meal_type, (counts.get(meal.meal_type) ?? 0) + 1);
  return {
    day,
    first: (scholarId, mealType) => firsts.get(keyOf(scholarId, mealType)),
    count: (mealType) => counts.get(mealType) ?? 0,
  };
}
