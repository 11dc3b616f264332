/**
 * Everything the meals screens read, in one place: the roster prepared for search and grouped for the grid, and
 * today's meals as the one-meal rule sees them (model/meal-ledger.ts), all from the device so the line runs offline;
 * plus the school's time zone, today's date in it, the meal services it serves, and the state of the roster download.
 */
import { useMemo } from 'react';
import type { MealServices } from '../../../contract';
import type { RosterStatus } from '../../../ui/roster/roster-gate';
import type { RosterIndex } from '../../../ui/roster/roster-search';
import { useStationRoster } from '../../../ui/station/use-station-roster';
import { buildMealLedger, type MealLedger } from '../model/meal-ledger';
import { useMealsStation } from './station';
import { useMealServices } from './use-meal-services';

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
  /** The meal services the school serves and their windows; null when the device never had the settings. */
  services: MealServices | null;
}

export { useNow } from '../../../ui/station/use-now';

/** The roster and today's meals, live from the device. */
export function useMealDay(now: number): MealDay {
  const station = useMealsStation();
  const { index, timeZone, today, online, snapshotAt, statusWith } = useStationRoster(station, now);
  // Waiting entries carry no served_on yet, so they come with this query too; the ledger sorts out their day.
  const mealItems = station.useRecords('nslp_records', { where: { served_on: today } });
  const services = useMealServices();
  const ledger = useMemo(() => buildMealLedger(mealItems ?? [], today, timeZone), [mealItems, today, timeZone]);
  return { status: statusWith(!mealItems), index, ledger, timeZone, today, online, snapshotAt, services };
}
