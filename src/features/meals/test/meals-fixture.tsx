/**
 * A meals station for the screen tests: a fresh IndexedDB database (fake-indexeddb), the real outbox, merge and live
 * queries bound to it, a sync engine that is never started (entries stay in the outbox, as on a tablet that is
 * offline), and a fake Add Missing create. The school is in Los Angeles; the clock is set by each test.
 */
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { schoolTimeZoneKey } from '../../../api/school-time-zone';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { createOfflineDb, createSyncEngine, type OfflineDb } from '../../../offline';
import { createOfflineHooks } from '../../../offline/react';
import { FakeSyncServer, freshDbName, scholar } from '../../../offline/test/fakes';
import { createTestQueryClient } from '../../../test/render-with-providers';
import type { MissingMealInput } from '../api/create-missing-meal';
import { createMealsStation, MealsStationProvider } from '../station/station';

export const SCHOOL_ZONE = 'America/Los_Angeles';
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

export interface Fixture {
  db: OfflineDb;
  queryClient: QueryClient;
  wrap: (ui: ReactElement) => ReactElement;
  /** The meals written to the outbox, oldest first. */
  written: () => Promise<Record<string, unknown>[]>;
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
  const db = createOfflineDb(freshDbName());
  await db.demographics.bulkPut(scholars);
  await db.nslp_records.bulkPut(meals);
  const engine = createSyncEngine({
    db,
    api: new FakeSyncServer(),
    locks: null,
    getUserId: () => null,
    isOnline: () => online,
  });
  const hooks = createOfflineHooks({ db, engine });
  const createMissing = vi.fn<(body: MissingMealInput) => Promise<NslpRecord>>();
  const syncNow = vi.fn(async () => undefined);
  const station = createMealsStation(db, {
    useRecords: hooks.useStationRecords,
    useWrite: hooks.useStationWrite,
    useSyncStatus: hooks.useSyncStatus,
    createMissing,
    syncNow,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(schoolTimeZoneKey, SCHOOL_ZONE);
  return {
    db,
    queryClient,
    wrap: (ui) => <MealsStationProvider station={station}>{ui}</MealsStationProvider>,
    written: async () => (await db.outbox.toArray()).map((e) => e.data),
    createMissing,
    syncNow,
  };
}
