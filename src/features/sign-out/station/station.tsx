/**
 * The offline layer as the pick-up line uses it, behind one small interface: the live local lists (roster, pick-up
 * adults, today's check-ins, each merged with the outbox), the outbox write, the sync status, and the photos kept as
 * blobs (scholars' and pick-up adults'). The screens take it from a context whose default is the app's database and
 * sync engine; tests provide one bound to a fresh database, so the screens run against the real merge and outbox code.
 */
import { createContext, type ReactNode, useContext } from 'react';
import {
  createPhotoCache,
  type OfflineDb,
  offlineDb,
  useStationRecords,
  useStationWrite,
  useSyncStatus,
} from '../../../offline';

export interface SignOutStation {
  useRecords: typeof useStationRecords;
  useWrite: typeof useStationWrite;
  useSyncStatus: typeof useSyncStatus;
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  usePhoto(photoId: string | null): Blob | null | undefined;
}

/** A station over a database and the offline hooks bound to it. */
export function createSignOutStation(
  db: OfflineDb,
  hooks: Pick<SignOutStation, 'useRecords' | 'useWrite' | 'useSyncStatus'>,
): SignOutStation {
  return { ...hooks, usePhoto: createPhotoCache(db).usePhoto };
}

const StationContext = createContext<SignOutStation>(
  createSignOutStation(offlineDb, { useRecords: useStationRecords, useWrite: useStationWrite, useSyncStatus }),
);

/** Gives the screens below another station (tests). */
export function SignOutStationProvider({ station, children }: { station: SignOutStation; children: ReactNode }) {
  return <StationContext.Provider value={station}>{children}</StationContext.Provider>;
}

/** The station the screens work with. */
export function useSignOutStation(): SignOutStation {
  return useContext(StationContext);
}
