/**
 * A meals station for the screen tests: a fresh IndexedDB database (fake-indexeddb), the real outbox, merge and live
 * queries bound to it, a sync engine that is never started (entries stay in the outbox, as on a tablet that is
 * offline), and a fake Add Missing create. The school is in Los Angeles; the clock is set by each test.
 */
import { vi } from 'vitest';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { scholar } from '../../../offline/test/fakes';
import { makeStationHarness, type StationFixture } from '../../../offline/test/station-harness';
import type { MissingMealInput } from '../api/create-missing-meal';
import { createMealsStation, MealsStationProvider } from '../station/station';

export { SCHOOL_ZONE } from '../../../offline/test/station-harness';
/** Monday 2 March 2026, 11:50 in Los Angeles: lunch time. */
export const LUNCH_TIME = '2026-03-02T19:50:00.000Z';
export const TODAY = '2026-03-02';

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

/** A station fixture (`written` are the meals) with the fake Add Missing create and sync. */
export interface Fixture extends StationFixture {
  createMissing: ReturnType<typeof vi.fn<(body: MissingMealInput) => Promise<NslpRecord>>>;
  syncNow: ReturnType<typeof vi.fn<() => Promise<void>>>;
}

/** A station with this roster and these meals; `online` is what the sync status says. */
export async function makeFixture({
  scholars = [ada, jose, mei],
  meals = [],
  online = false,
}: {
  scholars?: DemographicRecord[];
  meals?: NslpRecord[];
  online?: boolean;
} = {}): Promise<Fixture> {
  const { db, queryClient, hooks, written } = await makeStationHarness({
    online,
    seed: async (db) => {
      await db.demographics.bulkPut(scholars);
      await db.nslp_records.bulkPut(meals);
    },
  });
  const createMissing = vi.fn<(body: MissingMealInput) => Promise<NslpRecord>>();
  const syncNow = vi.fn(async () => undefined);
  const station = createMealsStation(db, { ...hooks, createMissing, syncNow });
  return {
    db,
    queryClient,
    wrap: (ui) => <MealsStationProvider station={station}>{ui}</MealsStationProvider>,
    written,
    createMissing,
    syncNow,
  };
}
