/**
 * The part every station's day shares (DESIGN section 9): the school's time zone and today in it,
 * the device's roster prepared for search, whether the device is online, and what state the roster is in. A
 * station's own hook (check-ins, meals, sign-outs) adds its records of the day; the next station, such as the staff
 * time clock, starts from here.
 */
import { useMemo } from 'react';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import type { DemographicRecord } from '../../contract';
import type { StationItem, SyncStatus } from '../../offline';
import type { RosterStatus } from '../roster/roster-gate';
import { buildRosterIndex, type RosterIndex } from '../roster/roster-search';
import { schoolDayOf } from '../school-clock';

/** What the kit reads of a station's offline hooks. */
export interface RosterSource {
  useRecords(resource: 'demographics'): StationItem<DemographicRecord>[] | undefined;
  useSyncStatus(): SyncStatus;
}

export interface StationRoster {
  index: RosterIndex;
  timeZone: string;
  /** Today in the school's time zone, YYYY-MM-DD. */
  today: string;
  online: boolean;
  /** When the roster was last brought up to date (epoch ms), if ever. */
  snapshotAt: number | null;
  /** The roster's state, given whether the station's other lists are still loading. */
  statusWith(othersLoading: boolean): RosterStatus;
}

/** The roster, the day and the connection, live from the device. */
export function useStationRoster(station: RosterSource, now: number): StationRoster {
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(now, timeZone);
  const scholarItems = station.useRecords('demographics');
  const sync = station.useSyncStatus();
  const index = useMemo(
    () => buildRosterIndex(scholarItems?.flatMap((item) => (item.confirmed ? [item.record] : [])) ?? []),
    [scholarItems],
  );
  const online = sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
  const statusWith = (othersLoading: boolean): RosterStatus => {
    if (!scholarItems || othersLoading) return 'loading';
    if (index.entries.length > 0) return 'ready';
    return sync.snapshotAt !== null ? 'empty' : online ? 'downloading' : 'offline-no-data';
  };
  return { index, timeZone, today, online, snapshotAt: sync.snapshotAt, statusWith };
}
