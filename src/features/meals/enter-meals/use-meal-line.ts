/**
 * The serving line's flow: one action records one scholar's meal (a badge read, a search result tapped, a photo in
 * the grid tapped), and the outcome stays on screen while the search is ready for the next scholar at once. Whether
 * the meal counts is decided on the device (model/meal-ledger.ts), including what this screen has just written
 * before the live list shows it, so a double tap or a badge read twice never records a second meal. A meal that
 * does not count records nothing. Writes go through the outbox, online and offline alike (DESIGN section 5).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { findByBadge } from '../../../ui/roster/roster-search';
import type { ServedMeal } from '../model/meal-ledger';
import { defaultMealType, type MealType, offeredMealTypes } from '../model/meal-service';
import { useMealsStation } from '../station/station';
import type { MealDay } from '../station/use-meal-day';

export type LineOutcome =
  | { kind: 'counted'; scholar: DemographicRecord; mealType: MealType; at: string }
  | { kind: 'not-counted'; scholar: DemographicRecord; mealType: MealType; firstAt: string }
  | { kind: 'error'; message: string };

/** The shortest text taken for a badge typed into the search box (codes are 12 characters). */
const MIN_BADGE_LENGTH = 6;

const keyOf = (day: string, scholarId: string, mealType: MealType) => `${day}|${scholarId}|${mealType}`;

/** The line's state and what the person can do in it. */
export function useMealLine(day: MealDay, now: number) {
  const { t } = useTranslation('meals');
  const write = useMealsStation().useWrite();
  const [chosen, setChosen] = useState<MealType | null>(null);
  const [query, setQuery] = useState('');
  const [outcome, setOutcome] = useState<LineOutcome | null>(null);
  // What this screen wrote today, by day, scholar and meal: set before the write starts (a ref, so a second event
  // before the next render sees it too) and kept until the live list has the meal.
  const written = useRef(new Map<string, ServedMeal>());
  // Only the services the school serves are offered; a choice the settings have since dropped gives way to the default.
  // (One array per settings, so the memoised service buttons do not re-render with every tap.)
  const offered = useMemo(() => offeredMealTypes(day.services), [day.services]);
  const mealType = chosen && offered.includes(chosen) ? chosen : defaultMealType(now, day.timeZone, day.services);

  const firstMeal = (scholarId: string, type: MealType): ServedMeal | undefined =>
    day.ledger.first(scholarId, type) ?? written.current.get(keyOf(day.today, scholarId, type));

  // Meals written here that the live list does not show yet still count in the running total.
  let justWritten = 0;
  for (const [key, meal] of written.current) {
    const today = key.startsWith(`${day.today}|`);
    if (today && meal.meal_type === mealType && !day.ledger.first(meal.scholar_id, mealType)) justWritten += 1;
  }

  async function serve(scholar: DemographicRecord) {
    // The search is emptied with the outcome, in the same render: emptying it first would render the list (or the
    // grid) while the write is under way and hold the confirmation back (bench/meal-tap.mjs).
    const type = mealType;
    const first = firstMeal(scholar.id, type);
    if (first) {
      setQuery('');
      setOutcome({ kind: 'not-counted', scholar, mealType: type, firstAt: first.served_at });
      return;
    }
    const at = new Date().toISOString();
    const key = keyOf(day.today, scholar.id, type);
    const meal: ServedMeal = { id: key, scholar_id: scholar.id, meal_type: type, served_at: at, pending: true };
    written.current.set(key, meal);
    try {
      // Confirmed once the meal is in the outbox on this device (one IndexedDB write), never before.
      await write('nslp_records', { scholar_id: scholar.id, meal_type: type, served_at: at });
      setQuery('');
      setOutcome({ kind: 'counted', scholar, mealType: type, at });
    } catch (err) {
      written.current.delete(key);
      setQuery('');
      setOutcome({
        kind: 'error',
        message: t('line.recordFailed', { message: err instanceof Error ? err.message : String(err) }),
      });
    }
  }

  function scan(code: string) {
    const scholar = findByBadge(day.index, code);
    if (scholar) void serve(scholar);
    else setOutcome({ kind: 'error', message: t('line.unknownBadge') });
  }

  return {
    mealType,
    /** The services the line offers, in the order of the day. */
    offered,
    /** How many scholars had this service's meal today, on every tablet this one knows of. */
    count: day.ledger.count(mealType) + justWritten,
    query,
    outcome,
    /** The meal this scholar already had in the current service today, if any. */
    firstMeal: (scholarId: string) => firstMeal(scholarId, mealType),
    chooseService: useCallback((type: MealType) => {
      setChosen(type);
      setOutcome(null);
    }, []),
    /** A tap on a search result or a photo in the grid. */
    serve: (scholar: DemographicRecord) => void serve(scholar),
    /** A code from the badge scanner. */
    scan,
    /** Typing in the search box; a whole badge code there (a scanner typing into it) records its scholar. */
    type(text: string) {
      const badge = text.trim().length >= MIN_BADGE_LENGTH ? findByBadge(day.index, text) : undefined;
      if (badge) void serve(badge);
      else setQuery(text);
    },
  };
}
