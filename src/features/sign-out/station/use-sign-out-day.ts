/**
 * Everything the pick-up line reads for the whole roster, from the device (so it works offline): the roster prepared
 * for search, each scholar's latest check-in today (who is signed out, with whom and when), the sync status, and the school's time zone with today's date
 * in it. The state of the roster download decides what a screen can show (ui/roster/roster-gate.tsx).
 */
import { useEffect, useMemo, useState } from 'react';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { RosterStatus } from '../../../ui/roster/roster-gate';
import { buildRosterIndex, type RosterIndex } from '../../../ui/roster/roster-search';
import { schoolDayOf } from '../../../ui/school-clock';
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

/** The clock, read again every `intervalMs`, so a line screen left open overnight starts the next day afresh. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The roster and today's sign-outs, live from the device. */
export function useSignOutDay(now: number): SignOutDay {
  const station = useSignOutStation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(now, timeZone);
  const scholarItems = station.useRecords('demographics');
  const checkInItems = station.useRecords('check_ins', { where: { school_day: today } });
  const sync = station.useSyncStatus();

  const index = useMemo(
    () => buildRosterIndex(scholarItems?.flatMap((item) => (item.confirmed ? [item.record] : [])) ?? []),
    [scholarItems],
  );
  const latest = useMemo(
    () =>
      checkInItems
        ? latestEventsOfDay(checkInItems, today, (iso) => schoolDayOf(iso, timeZone))
        : new Map<string, LatestEvent>(),
    [checkInItems, today, timeZone],
  );

  const online = sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
  let status: RosterStatus = 'ready';
  if (!scholarItems || !checkInItems) status = 'loading';
  else if (index.entries.length === 0) {
    status = sync.snapshotAt !== null ? 'empty' : online ? 'downloading' : 'offline-no-data';
  }
  return { status, index, latest, timeZone, today, online, snapshotAt: sync.snapshotAt };
}
