/**
 * Meal eligibility by day (F6): which category (free, reduced, paid) was in effect for a scholar on a given day,
 * from meal_eligibility_history. A meal is counted in that category whatever the scholar's eligibility is now, and a
 * day before any determination on file counts as paid (no benefit without an approved application, 7 CFR 245.6).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { MealEligibility } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, mealEligibilityHistory } from '../../db/schema';

type History = { effective_from: string; eligibility: MealEligibility }[];

/** The category in effect on `day` in a scholar's history sorted by effective date. */
export function inEffect(history: History | undefined, day: string): MealEligibility {
  let found: MealEligibility = 'paid';
  for (const h of history ?? []) {
    if (h.effective_from > day) break;
    found = h.eligibility;
  }
  return found;
}

/** The history of each scholar up to `until`, sorted by effective date (one query). */
export async function histories(tx: Tx, until: string, scholarIds?: string[]): Promise<Map<string, History>> {
  const rows = await tx
    .select({
      scholar_id: mealEligibilityHistory.scholar_id,
      eligibility: mealEligibilityHistory.eligibility,
      effective_from: mealEligibilityHistory.effective_from,
    })
    .from(mealEligibilityHistory)
    .where(
      and(
        lte(mealEligibilityHistory.effective_from, until),
        scholarIds ? inArray(mealEligibilityHistory.scholar_id, scholarIds) : undefined,
      ),
    )
    .orderBy(asc(mealEligibilityHistory.effective_from));
  const out = new Map<string, History>();
  for (const r of rows) {
    const list = out.get(r.scholar_id) ?? [];
    list.push(r);
    out.set(r.scholar_id, list);
  }
  return out;
}

export type CategoryCounts = Record<MealEligibility, number>;

/** For each day, how many active scholars were in each category that day: the edit check's eligible counts. */
export async function eligibleByDay(tx: Tx, days: string[]): Promise<Map<string, CategoryCounts>> {
  const out = new Map<string, CategoryCounts>();
  if (!days.length) return out;
  const sorted = days.toSorted();
  const active = await tx.select({ id: demographics.id }).from(demographics).where(eq(demographics.active, true));
  const history = await histories(tx, sorted.at(-1) as string);
  for (const day of sorted) out.set(day, { free: 0, reduced: 0, paid: 0 });
  for (const { id } of active) {
    const mine = history.get(id);
    for (const day of sorted) {
      const counts = out.get(day) as CategoryCounts;
      counts[inEffect(mine, day)]++;
    }
  }
  return out;
}
