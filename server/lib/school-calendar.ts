/**
 * The school calendar: which days the school is closed. One source for every part that asks: a closure entered once
 * (a holiday, a break, in Edit Days Off: `school_non_work_days`) reaches the timesheets' expected hours, the meal
 * claim's edit check, the portal's calendar and the kiosk; weekends are closed days too.
 */
import { and, asc, gte, lte } from 'drizzle-orm';
import { clockMinutes, isoWeekday, shiftDate } from '../../src/contract';
import type { Tx } from '../db/client';
import { mealServiceDays, schoolNonWorkDays } from '../db/schema';
import { minutesOfDay, schoolDay } from './school-day';

/** A closure of the school calendar, a day or a range. */
export interface Closure {
  id: string;
  name: string;
  kind: 'holiday' | 'break' | 'other';
  starts_on: string;
  ends_on: string;
}

/** Why a day is closed: a weekend, or a closure (with its name). */
export type ClosedReason = { reason: 'weekend'; name: null } | { reason: 'closure'; name: string };

type Reader = Pick<Tx, 'select'>;

/** The closures that touch `from`..`to` (inclusive), in date order (one query). */
export async function closuresBetween(db: Reader, from: string, to: string): Promise<Closure[]> {
  return db
    .select({
      id: schoolNonWorkDays.id,
      name: schoolNonWorkDays.name,
      kind: schoolNonWorkDays.kind,
      starts_on: schoolNonWorkDays.starts_on,
      ends_on: schoolNonWorkDays.ends_on,
    })
    .from(schoolNonWorkDays)
    .where(and(lte(schoolNonWorkDays.starts_on, to), gte(schoolNonWorkDays.ends_on, from)))
    .orderBy(asc(schoolNonWorkDays.starts_on));
}

/** Why `day` is closed, from the closures around it, or null for a school day. A closure wins over a weekend. */
export function closedReason(day: string, closures: readonly Closure[]): ClosedReason | null {
  const closure = closures.find((c) => c.starts_on <= day && day <= c.ends_on);
  if (closure) return { reason: 'closure', name: closure.name };
  return isoWeekday(day) > 5 ? { reason: 'weekend', name: null } : null;
}

/** Each closed day of `days` with its reason (one query). */
export async function closedDaysAmong(db: Reader, days: readonly string[]): Promise<Map<string, ClosedReason>> {
  const out = new Map<string, ClosedReason>();
  if (!days.length) return out;
  const sorted = days.toSorted();
  const closures = await closuresBetween(db, sorted[0] as string, sorted.at(-1) as string);
  for (const day of sorted) {
    const reason = closedReason(day, closures);
    if (reason) out.set(day, reason);
  }
  return out;
}

/** The meal services that cover each of `days`, by day: the first service's name (one query). */
export async function mealServicesOn(db: Reader, days: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!days.length) return out;
  const sorted = days.toSorted();
  const services = await db
    .select({ name: mealServiceDays.name, starts_on: mealServiceDays.starts_on, ends_on: mealServiceDays.ends_on })
    .from(mealServiceDays)
    .where(
      and(lte(mealServiceDays.starts_on, sorted.at(-1) as string), gte(mealServiceDays.ends_on, sorted[0] as string)),
    )
    .orderBy(asc(mealServiceDays.starts_on));
  for (const day of sorted) {
    const service = services.find((s) => s.starts_on <= day && day <= s.ends_on);
    if (service) out.set(day, service.name);
  }
  return out;
}

/** How far ahead the next school day is looked for: longer than any break a school calendar has (winter, spring). */
const NEXT_SCHOOL_DAY_WITHIN_DAYS = 120;

/** The first school day after `day` (one query); past NEXT_SCHOOL_DAY_WITHIN_DAYS of closures, the day after. */
export async function nextSchoolDay(db: Reader, day: string): Promise<string> {
  const last = shiftDate(day, NEXT_SCHOOL_DAY_WITHIN_DAYS);
  const closures = await closuresBetween(db, shiftDate(day, 1), last);
  for (let d = shiftDate(day, 1); d <= last; d = shiftDate(d, 1)) {
    if (!closedReason(d, closures)) return d;
  }
  return shiftDate(day, 1);
}

/**
 * The school day something answered at `instant` is for: the day itself during it; once the school day has ended
 * (the school's end time) or on a closed day, the next school day. A screening answered at 7 PM is for tomorrow
 * morning's arrival; one on Saturday for Monday's.
 */
export async function schoolDayFor(
  db: Reader,
  instant: Date | string,
  timeZone: string,
  endTime: string,
): Promise<{ day: string; later: boolean }> {
  const day = schoolDay(instant, timeZone);
  const closed = closedReason(day, await closuresBetween(db, day, day));
  if (!closed && minutesOfDay(instant, timeZone) < clockMinutes(endTime)) return { day, later: false };
  return { day: await nextSchoolDay(db, day), later: true };
}
