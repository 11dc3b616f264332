/**
 * What the schedule screen reads, all from the device so that it works offline: the duties and the roster (both
 * kept by the sync pull), the sync status, and the school's clock (weekday and minute in the school's time zone),
 * read again every half minute so 'on duty now' moves on while the screen stays open.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSchoolTimeZone } from '../../api/school-time-zone';
import type { DemographicRecord } from '../../contract';
import { schoolClock, weekLayout } from './model/week';
import { useMessengerStation } from './station/station';

/** Whether the schedule can be shown: still reading, being downloaded, not downloadable (offline), or ready. */
export type ScheduleStatus = 'loading' | 'downloading' | 'offline-no-data' | 'ready';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The schedule, the roster and the school's clock, live from the device. */
export function useSchedule() {
  const station = useMessengerStation();
  const timeZone = useSchoolTimeZone();
  const now = useNow(30_000);
  const dutyItems = station.useRecords('messenger_schedules');
  const scholarItems = station.useRecords('demographics');
  const sync = station.useSyncStatus();

  const duties = useMemo(() => dutyItems?.flatMap((i) => (i.confirmed ? [i.record] : [])) ?? [], [dutyItems]);
  const scholars = useMemo(
    () =>
      new Map<string, DemographicRecord>(scholarItems?.flatMap((i) => (i.confirmed ? [[i.record.id, i.record]] : []))),
    [scholarItems],
  );
  const roster = useMemo(
    () =>
      [...scholars.values()]
        .filter((s) => s.active)
        .sort((a, b) => collator.compare(a.lname, b.lname) || collator.compare(a.fname, b.fname)),
    [scholars],
  );
  const week = useMemo(() => weekLayout(duties), [duties]);
  const clock = schoolClock(now, timeZone);
  const online = sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);

  let status: ScheduleStatus = 'ready';
  if (!dutyItems || !scholarItems) status = 'loading';
  else if (sync.snapshotAt === null && duties.length === 0 && scholars.size === 0) {
    status = online ? 'downloading' : 'offline-no-data';
  }
  return { status, duties, scholars, roster, week, ...clock, online };
}
