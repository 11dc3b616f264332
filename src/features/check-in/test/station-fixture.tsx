/**
 * A check-in station for the screen tests: a fresh IndexedDB database (fake-indexeddb), the real outbox, merge and
 * live queries bound to it, and a sync engine that is never started (nothing is sent; entries stay in the outbox,
 * as on a kiosk that is offline). The school is in Los Angeles; the clock is set by each test.
 */
import {
  type AbsenceReport,
  type CheckInRecord,
  type DemographicRecord,
  type SchoolSettings,
  uuidv7,
} from '../../../contract';
import { scholar } from '../../../offline/test/fakes';
import { makeStationHarness, type StationFixture } from '../../../offline/test/station-harness';
import { CheckInStationProvider, createCheckInStation } from '../station/station';

export { SCHOOL_ZONE } from '../../../offline/test/station-harness';
/** Monday 2 March 2026, 07:50 in Los Angeles: before the start time. */
export const EARLY = '2026-03-02T15:50:00.000Z';
/** 08:30 in Los Angeles: after 08:00 + 10 minutes. */
export const LATE = '2026-03-02T16:30:00.000Z';
export const TODAY = '2026-03-02';
export const USER = '0190f3a4-0000-7000-8000-000000000001';

export const SETTINGS: SchoolSettings = {
  id: '0190f3a4-0000-7000-8000-00000000aaaa',
  start_time: '08:00',
  end_time: '15:30',
  late_after_minutes: 10,
  late_reasons: ['Bus was late', 'Medical appointment'],
  departure_reasons: ['Doctor appointment', 'Family emergency'],
  attendance_factor: 0.95,
  updated_at: EARLY,
};

export const ada = scholar({
  fname: 'Ada',
  lname: 'Lovelace',
  grade: '5',
  homeroom: '5A',
  student_number: '1001',
  badge_code: 'K7QX2M9RT4HB',
  photo_id: '0190f3a4-0000-7000-8000-0000000000f1',
});
export const jose = scholar({
  fname: 'José',
  lname: 'Núñez',
  grade: 'K',
  homeroom: 'K1',
  student_number: '1002',
  badge_code: 'P3WZ8N6VC1DA',
});
export const mei = scholar({
  fname: 'Mei',
  lname: 'Chen',
  grade: '5',
  homeroom: '5B',
  student_number: '1003',
  badge_code: 'H8TR4K2XQ9MZ',
});

/** A check-in the server has (pulled from another device, say). */
export function serverCheckIn(extra: Partial<CheckInRecord> & { scholar_id: string }): CheckInRecord {
  return {
    id: uuidv7(),
    kind: 'arrival',
    occurred_at: '2026-03-02T15:40:00.000Z',
    school_day: TODAY,
    reason: null,
    method: 'kiosk',
    pick_up_id: null,
    pick_up_name: null,
    flagged: false,
    late: false,
    recorded_by: null,
    device_id: 'another-device',
    created_at: EARLY,
    updated_at: EARLY,
    ...extra,
  };
}

/** A family's report as the pull brings it: for today, sent the evening before. */
export function familyReport(extra: Partial<AbsenceReport> & { scholar_id: string }): AbsenceReport {
  return {
    id: uuidv7(),
    report_id: uuidv7(),
    scholar_name: 'A scholar',
    kind: 'absent',
    starts_on: TODAY,
    ends_on: TODAY,
    at_time: null,
    pick_up_id: null,
    pick_up_name: null,
    reason: 'ill',
    note: null,
    reported_by: null,
    reported_by_name: 'Maria Lovelace',
    reported_at: '2026-03-02T03:15:00.000Z',
    late: false,
    withdrawn_at: null,
    acknowledged_at: null,
    acknowledged_by_name: null,
    updated_at: '2026-03-02T03:15:00.000Z',
    ...extra,
  };
}

export type Fixture = StationFixture;

/** A station with this roster, settings and check-ins; `online` is what the sync status says. */
export async function makeFixture({
  scholars = [ada, jose, mei],
  settings = SETTINGS,
  checkIns = [],
  reports = [],
  online = false,
}: {
  scholars?: DemographicRecord[];
  settings?: SchoolSettings | null;
  checkIns?: CheckInRecord[];
  reports?: AbsenceReport[];
  online?: boolean;
} = {}): Promise<Fixture> {
  const { db, queryClient, hooks, written } = await makeStationHarness({
    online,
    userId: USER,
    seed: async (db) => {
      await db.demographics.bulkPut(scholars);
      if (settings) await db.school_settings.put(settings);
      await db.check_ins.bulkPut(checkIns);
      await db.absence_reports.bulkPut(reports);
    },
  });
  const station = createCheckInStation(db, hooks);
  return {
    db,
    queryClient,
    wrap: (ui) => <CheckInStationProvider station={station}>{ui}</CheckInStationProvider>,
    written,
  };
}
