/**
 * What the stations' screen-test fixtures share (check-in, meals, sign-out): a fresh IndexedDB database
 * (fake-indexeddb), the real outbox, merge and live queries bound to it, a sync engine that is never started (entries
 * stay in the outbox, as on a tablet that is offline), and a query client that knows the school's time zone. Each
 * feature's fixture adds its roster and records, and wraps the screen in its own station provider.
 */
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { schoolTimeZoneKey } from '../../api/school-time-zone';
import { createTestQueryClient } from '../../test/render-with-providers';
import { createOfflineDb, createSyncEngine, type OfflineDb } from '..';
import { createOfflineHooks } from '../react';
import { FakeSyncServer, freshDbName } from './fakes';

/** The school of the station tests is in Los Angeles. */
export const SCHOOL_ZONE = 'America/Los_Angeles';

/** A station fixture: its database, query client, provider and what it wrote. */
export interface StationFixture {
  db: OfflineDb;
  queryClient: QueryClient;
  wrap: (ui: ReactElement) => ReactElement;
  /** The records written to the outbox, oldest first. */
  written: () => Promise<Record<string, unknown>[]>;
}

/** A fresh station database filled by `seed`, its hooks, and a query client in the school's time zone. */
export async function makeStationHarness({
  seed,
  online,
  userId = null,
}: {
  seed: (db: OfflineDb) => Promise<unknown>;
  /** What the sync status says. */
  online: boolean;
  userId?: string | null;
}) {
  const db = createOfflineDb(freshDbName());
  await seed(db);
  const engine = createSyncEngine({
    db,
    api: new FakeSyncServer(),
    locks: null,
    getUserId: () => userId,
    isOnline: () => online,
  });
  const hooks = createOfflineHooks({ db, engine });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(schoolTimeZoneKey, SCHOOL_ZONE);
  return {
    db,
    queryClient,
    /** The station's bindings to the offline store. */
    hooks: { useRecords: hooks.useStationRecords, useWrite: hooks.useStationWrite, useSyncStatus: hooks.useSyncStatus },
    written: async () => (await db.outbox.toArray()).map((e) => e.data),
  };
}
