/**
 * Everything the two check-in screens read, in one place: the roster prepared for search, the school settings, the
 * state of every scholar today and the sync status, all from the device (so both screens work offline), plus the
 * school's time zone and today's date in it. The state of the roster download decides what a screen can show.
 */
import { useMemo } from 'react';
import {
  type AbsenceReport,
  type CheckInRecord,
  coversDay,
  isVoidedCheckIn,
  type SchoolSettings,
} from '../../../contract';
import type { StationItem } from '../../../offline';
import type { RosterStatus } from '../../../ui/roster/roster-gate';
import type { RosterIndex } from '../../../ui/roster/roster-search';
import { useStationRoster } from '../../../ui/station/use-station-roster';
import { type DayEvent, deriveDayStates, type ScholarDay, todaysEvents } from '../model/day-state';
import { isLateArrival, schoolDayOf } from '../model/school-clock';
import { useStation } from './station';

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
  /** The families' reports for today (absent, late, leaving early), by scholar: the latest one of each. */
  reports: ReadonlyMap<string, AbsenceReport>;
}

export { useNow } from '../../../ui/station/use-now';

/** A check-in that counts: a voided one (undone at the pick-up line) is left out of the day's states and counts. */
const standing = (item: StationItem<CheckInRecord>) => !isVoidedCheckIn(item.record);

/** The roster, settings and today's states, live from the device. */
export function useCheckInDay(now: number): CheckInDay {
  const station = useStation();
  const { index, timeZone, today, online, snapshotAt, statusWith } = useStationRoster(station, now);
  const settingsItems = station.useRecords('school_settings');
  const checkInItems = station.useRecords('check_ins', { where: { school_day: today }, filter: standing });
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
  // The pull keeps today's and later reports (withdrawn ones go out as removals); a device without the office's
  // permission has none.
  const reportItems = station.useRecords('absence_reports');
  const reports = useMemo(() => todaysReports(reportItems ?? [], today), [reportItems, today]);

  const status = statusWith(!settingsItems || !checkInItems);
  return { status, index, settings, events, days, timeZone, today, online, snapshotAt, reports };
}

/** The reports covering `day`, by scholar; of two for the same scholar, the one sent last. */
export function todaysReports(
  items: readonly StationItem<AbsenceReport>[],
  day: string,
): ReadonlyMap<string, AbsenceReport> {
  const out = new Map<string, AbsenceReport>();
  for (const item of items) {
    // Reports come only from the pull (a station never writes one): every item is the server's record.
    if (!item.confirmed) continue;
    const record = item.record;
    if (record.withdrawn_at || !coversDay(record, day)) continue;
    const held = out.get(record.scholar_id);
    if (!held || held.reported_at < record.reported_at) out.set(record.scholar_id, record);
  }
  return out;
}
