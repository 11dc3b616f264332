/**
 * The demo school's meals (F6): eligibility that changed during the year for some households, and the last three
 * weeks of breakfasts and lunches, so the counts and records screens have data. One recent day has every free-meal
 * scholar at lunch, above the 7 CFR 210.8 edit check (eligible x 0.95), so a flagged day exists. Drawn from its own
 * PRNG, so the rest of the demo school is the same with or without it.
 */
import { uuidv7 } from '../../../src/contract';
import { createRandom, type Random } from './names';

type Eligibility = 'free' | 'reduced' | 'paid';
type MealType = 'breakfast' | 'lunch';

export interface MealScholar {
  id: string;
  meal_eligibility?: Eligibility;
  meal_eligibility_effective?: string | null;
}

export interface HistoryRow {
  scholar_id: string;
  eligibility: Eligibility;
  effective_from: string;
}

export interface MealRow {
  id: string;
  scholar_id: string;
  served_on: string;
  meal_type: MealType;
  served_at: string;
  eligibility: Eligibility;
  added_as_missing: boolean;
  missing_reason: string | null;
  recorded_by: string | null;
  device_id: string;
  voided: boolean;
  void_reason: string | null;
  voided_at: string | null;
  voided_by: string | null;
}

const SEED = 'demo-meals-v1';
/** School days of meals, counted back from yesterday. */
const DAYS = 15;
/** Which of those days (0: the most recent) has every free-meal scholar at lunch. */
const FLAGGED_DAY = 2;
/** How likely a scholar eats each meal, by category: free meals are taken up most. */
const TAKE_UP: Record<MealType, Record<Eligibility, number>> = {
  breakfast: { free: 0.45, reduced: 0.3, paid: 0.12 },
  lunch: { free: 0.86, reduced: 0.78, paid: 0.55 },
};
/** Serving windows in UTC, inside the school day in every US time zone: breakfast 14:30Z, lunch 19:00Z, 40 min. */
const SERVING: Record<MealType, number> = { breakfast: 14 * 60 + 30, lunch: 19 * 60 };
/** What a household's determination was before it changed: a new application, a lost job, a raise. */
const BEFORE: Record<Eligibility, Eligibility> = { free: 'paid', reduced: 'free', paid: 'reduced' };

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** A closure of the school calendar (a holiday, a break), a day or a range. */
export interface ClosedRange {
  starts_on: string;
  ends_on: string;
}

/**
 * The last `n` school days before `today`, on or after `first`, oldest first: weekdays the school calendar has not
 * closed (no meals on Veterans Day or over Thanksgiving break).
 */
export function schoolDaysBefore(
  today: Date,
  n: number,
  first: string,
  closures: readonly ClosedRange[] = [],
): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  while (out.length < n) {
    d.setUTCDate(d.getUTCDate() - 1);
    if (ymd(d) < first) break;
    const day = ymd(d);
    const closed = closures.some((c) => c.starts_on <= day && day <= c.ends_on);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !closed) out.unshift(day);
  }
  return out;
}

/**
 * Changes the eligibility of about one household in twelve part-way through the meal days (the scholars' rows get
 * the new value and its date, as the demographics screen would set them) and answers the rows before the change;
 * the trigger of migration 0005 adds each scholar's current row when the scholars are inserted.
 */
export function planEligibilityChanges(
  rnd: Random,
  households: readonly (readonly MealScholar[])[],
  days: readonly string[],
): HistoryRow[] {
  const earlier: HistoryRow[] = [];
  if (days.length < 4) return earlier;
  for (const children of households) {
    if (!rnd.chance(1 / 12)) continue;
    const changedOn = days[rnd.int(1, days.length - 2)] as string;
    for (const child of children) {
      const now = child.meal_eligibility ?? 'paid';
      earlier.push({
        scholar_id: child.id,
        eligibility: BEFORE[now],
        effective_from: child.meal_eligibility_effective ?? (days[0] as string),
      });
      child.meal_eligibility_effective = changedOn;
    }
  }
  return earlier;
}

/** The category of a scholar on a day, from their earlier row (if any) and their current one. */
function categoryOn(scholar: MealScholar, earlier: HistoryRow | undefined, day: string): Eligibility {
  const current = scholar.meal_eligibility ?? 'paid';
  if (earlier && day < (scholar.meal_eligibility_effective ?? '')) return earlier.eligibility;
  return current;
}

/** The meals of the demo days, with a few added as missing and a few voided, as a cafeteria's weeks have them. */
export function planMeals(
  rnd: Random,
  scholars: readonly MealScholar[],
  earlier: readonly HistoryRow[],
  days: readonly string[],
  staffId: string | null,
): MealRow[] {
  const before = new Map(earlier.map((h) => [h.scholar_id, h]));
  const rows: MealRow[] = [];
  days.forEach((day, i) => {
    const flagged = i === days.length - 1 - FLAGGED_DAY;
    for (const scholar of scholars) {
      const eligibility = categoryOn(scholar, before.get(scholar.id), day);
      for (const meal of ['breakfast', 'lunch'] as const) {
        const everyone = flagged && meal === 'lunch' && eligibility === 'free';
        if (!everyone && !rnd.chance(TAKE_UP[meal][eligibility])) continue;
        const minute = SERVING[meal] + rnd.int(0, 39);
        const servedAt = new Date(`${day}T00:00:00Z`);
        servedAt.setUTCMinutes(minute, rnd.int(0, 59));
        const missing = rnd.chance(0.004);
        const voided = !everyone && rnd.chance(0.002);
        rows.push({
          id: uuidv7(servedAt.getTime()),
          scholar_id: scholar.id,
          served_on: day,
          meal_type: meal,
          served_at: servedAt.toISOString(),
          eligibility,
          added_as_missing: missing,
          missing_reason: missing ? 'Badge not scanned; on the paper roster' : null,
          recorded_by: staffId,
          device_id: rnd.chance(0.5) ? 'demo-tablet-1' : 'demo-tablet-2',
          voided,
          void_reason: voided ? 'Scanned the wrong badge' : null,
          voided_at: voided ? new Date(servedAt.getTime() + 5 * 60_000).toISOString() : null,
          voided_by: voided ? staffId : null,
        });
      }
    }
  });
  return rows;
}

/** The demo's meal plan from its own PRNG: eligibility changes first (they touch the scholar rows), then the meals. */
export function planDemoMeals(
  households: readonly (readonly MealScholar[])[],
  today: Date,
  firstSchoolDay: string,
  closures: readonly ClosedRange[] = [],
): { days: string[]; earlier: HistoryRow[]; meals: (staffId: string | null) => MealRow[] } {
  const rnd = createRandom(SEED);
  const days = schoolDaysBefore(today, DAYS, firstSchoolDay, closures);
  const earlier = planEligibilityChanges(rnd, households, days);
  const scholars = households.flat();
  return { days, earlier, meals: (staffId) => planMeals(rnd, scholars, earlier, days, staffId) };
}
