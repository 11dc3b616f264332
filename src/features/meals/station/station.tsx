/**
 * The offline layer as the meals screens use it, behind one small interface: the live local lists (roster and
 * today's meals, merged with the outbox), the outbox write, the sync status, the scholar photos kept as blobs, and
 * the two online calls of Add Missing (the REST create, then a sync so the device's copy follows). The screens take
 * it from a context whose default is the app's database and sync engine; tests provide one bound to a fresh
 * database and a fake create, so the screens run against the real merge and outbox code.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { NslpRecord } from '../../../contract';
import {
  createPhotoCache,
  type OfflineDb,
  offlineDb,
  syncEngine,
  useStationRecords,
  useStationWrite,
  useSyncStatus,
} from '../../../offline';
import { createMissingMeal, type MissingMealInput } from '../api/create-missing-meal';

export interface MealsStation {
  useRecords: typeof useStationRecords;
  useWrite: typeof useStationWrite;
  useSyncStatus: typeof useSyncStatus;
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  usePhoto(photoId: string | null): Blob | null | undefined;
  /** `POST v2/nslp_records` (Add Missing); rejects with an ApiError (409 for a second meal). */
  createMissing(body: MissingMealInput): Promise<NslpRecord>;
  /** Brings the device's copy up to date now, or asks the tab that syncs to. */
  syncNow(): Promise<void>;
}

/** A station over a database and the parts bound to it. */
export function createMealsStation(db: OfflineDb, parts: Omit<MealsStation, 'usePhoto'>): MealsStation {
  return {
    ...parts,
    usePhoto: createPhotoCache(db).usePhoto,
  };
}

const StationContext = createContext<MealsStation>(
  createMealsStation(offlineDb, {
    useRecords: useStationRecords,
    useWrite: useStationWrite,
    useSyncStatus,
    createMissing: createMissingMeal,
    syncNow: () => syncEngine.syncNow(),
  }),
);

/** Gives the screens below another station (tests). */
export function MealsStationProvider({ station, children }: { station: MealsStation; children: ReactNode }) {
  return <StationContext.Provider value={station}>{children}</StationContext.Provider>;
}

/** The station the screens work with. */
export function useMealsStation(): MealsStation {
  return useContext(StationContext);
}
