/**
 * Everything the pick-up line reads for the whole roster, from the device (so it works offline): the roster prepared
 * for search, each scholar's latest check-in today (who is signed out, with whom and when), the sync status, and the school's time zone with today's date
 * in it. The state of the roster download decides what a screen can show (ui/roster/roster-gate.tsx).
 */
import { useMemo } from 'react';
import { type CheckInRecord, isVoidedCheckIn } from '../../../contract';
import type { StationItem } from '../../../offline';
import type { RosterStatus } from '../../../ui/roster/roster-gate';
import type { RosterIndex } from '../../../ui/roster/roster-search';
import { schoolDayOf } from '../../../ui/school-clock';
import { useStationRoster } from '../../../ui/station/use-station-roster';
import { type LatestEvent, latestEventsOfDay } from '../parts/sign-out-state';
import { useSignOutStation } from './station';

export interface SignOutDay {
  status: RosterStatus;
  index: RosterIndex;
  /** Each scholar's latest check-in today: a sign-out (with whom, when) unless something came after it. */
  latest: ReadonlyMap<string, LatestEvent>;
  timeZone: string;
  /** Today in the school's time zone, YYYY-MM-DD. */
  today: string;
  online: boolean;
  /** When the snapshot was last brought up to date (epoch ms), if ever. */
  snapshotAt: number | null;
}

export { useNow } from '../../../ui/station/use-now';

/** A check-in that counts: a voided one (undone at the pick-up line) is left out of the day's states and counts. */
const standing = (item: StationItem<CheckInRecord>) => !isVoidedCheckIn(item.record);

/** The roster and today's sign-outs, live from the device. */
export function useSignOutDay(now: number): SignOutDay {
  const station = useSignOutStation();
  const { index, timeZone, today, online, snapshotAt, statusWith } = useStationRoster(station, now);
  const checkInItems = station.useRecords('check_ins', { where: { school_day: today }, filter: standing });
  const latest = useMemo(
    () =>
      checkInItems
        ? latestEventsOfDay(checkInItems, today, (iso) => schoolDayOf(iso, timeZone))
        : new Map<string, LatestEvent>(),
    [checkInItems, today, timeZone],
  );

  return { status: statusWith(!checkInItems), index, latest, timeZone, today, online, snapshotAt };
}
