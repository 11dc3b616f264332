/**
 * Everything the meals screens read, in one place: the roster prepared for search and grouped for the grid, and
 * today's meals as the one-meal rule sees them (model/meal-ledger.ts), all from the device so the line runs offline;
 * plus the school's time zone, today's date in it, and the state of the roster download.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { buildRosterIndex, type RosterIndex } from '../../../ui/roster/roster-search';
import { schoolDayOf } from '../../../ui/school-clock';
import { buildMealLedger, type MealLedger } from '../model/meal-ledger';
import { useMealsStation } from './station';
import type { RosterStatus } from '../../../ui/roster/roster-gate';

/** Whether the roster is there: still reading, being downloaded, not downloadable (offline), empty, or ready. */
export type { RosterStatus };

export interface MealDay {
  status: RosterStatus;
  index: RosterIndex;
  ledger: MealLedger;
  timeZone: string;
  /** Today in the school's time zone, YYYY-MM-DD. */
  today: string;
  online: boolean;
  /** When the roster was last brought up to date (epoch ms), if ever. */
  snapshotAt: number | null;
}

/** The clock, read again every `intervalMs` so the day and the default service move on while the screen stays open. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The roster and today's meals, live from the device. */
export function useMealDay(now: number): MealDay {
  const station = useMealsStation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(now, timeZone);
  const scholarItems = station.useRecords('demographics');
  // Waiting entries carry no served_on yet, so they come with this query too; the ledger sorts out their day.
  const mealItems = station.useRecords('nslp_records', { where: { served_on: today } });
  const sync = station.useSyncStatus();

  const index = useMemo(
    () => buildRosterIndex(scholarItems?.flatMap((item) => (item.confirmed ? [item.record] : [])) ?? []),
    [scholarItems],
  );
  const ledger = useMemo(() => buildMealLedger(mealItems ?? [], today, timeZone), [mealItems, today, timeZone]);

  const online = sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
  let status: RosterStatus = 'ready';
  if (!scholarItems || !mealItems) status = 'loading';
  else if (index.entries.length === 0) {
    status = sync.snapshotAt !== null ? 'empty' : online ? 'downloading' : 'offline-no-data';
  }
  return { status, index, ledger, timeZone, today, online, snapshotAt: sync.snapshotAt };
}
