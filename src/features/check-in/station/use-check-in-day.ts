/**
 * Everything the two check-in screens read, in one place: the roster prepared for search, the school settings, the
 * state of every scholar today and the sync status, all from the device (so both screens work offline), plus the
 * school's time zone and today's date in it. The state of the roster download decides what a screen can show.
 */
import { useEffect, useMemo, useState } from 'react';
import type { SchoolSettings } from '../../../contract';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { type DayEvent, deriveDayStates, type ScholarDay, todaysEvents } from '../model/day-state';
import { buildRosterIndex, type RosterIndex } from '../../../ui/roster/roster-search';
import { isLateArrival, schoolDayOf } from '../model/school-clock';
import { useStation } from './station';
import type { RosterStatus } from '../../../ui/roster/roster-gate';

/** Whether the roster is there: still reading, being downloaded, not downloadable (offline), empty, or ready. */
export type { RosterStatus };

export interface CheckInDay {
  status: RosterStatus;
  index: RosterIndex;
  settings: SchoolSettings | undefined;
  events: DayEvent[];
  days: ReadonlyMap<string, ScholarDay>;
  timeZone: string;
  /** Today in the school's time zone, YYYY-MM-DD. */
  today: string;
  online: boolean;
  /** When the roster was last brought up to date (epoch ms), if ever. */
  snapshotAt: number | null;
}

/** The clock, read again every `intervalMs` so that the day and who is late move on while a screen stays open. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The roster, settings and today's states, live from the device. */
export function useCheckInDay(now: number): CheckInDay {
  const station = useStation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(now, timeZone);
  const scholarItems = station.useRecords('demographics');
  const settingsItems = station.useRecords('school_settings');
  const checkInItems = station.useRecords('check_ins', { where: { school_day: today } });
  const sync = station.useSyncStatus();

  const index = useMemo(
    () => buildRosterIndex(scholarItems?.flatMap((item) => (item.confirmed ? [item.record] : [])) ?? []),
    [scholarItems],
  );
  const settings = useMemo(
    () => settingsItems?.flatMap((item) => (item.confirmed ? [item.record] : []))[0],
    [settingsItems],
  );
  const events = useMemo(
    () =>
      checkInItems
        ? todaysEvents(
            checkInItems,
            today,
            (iso) => schoolDayOf(iso, timeZone),
            (iso) => isLateArrival(iso, settings, timeZone),
          )
        : [],
    [checkInItems, today, timeZone, settings],
  );
  const days = useMemo(() => deriveDayStates(events), [events]);

  const online = sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
  let status: RosterStatus = 'ready';
  if (!scholarItems || !settingsItems || !checkInItems) status = 'loading';
  else if (index.entries.length === 0) {
    status = sync.snapshotAt !== null ? 'empty' : online ? 'downloading' : 'offline-no-data';
  }
  return { status, index, settings, events, days, timeZone, today, online, snapshotAt: sync.snapshotAt };
}
