/**
 * The offline layer as the messenger schedule uses it: the live local lists (the schedule and the roster come with
 * the sync pull, so the week shows offline), the sync status, the scholar photos kept as blobs, and `syncNow` to
 * bring the local copy up to date right after an edit made online. The screen takes it from a context whose default
 * is the app's database and sync engine; tests provide one bound to a fresh database.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext } from 'react';
import { type OfflineDb, offlineDb, syncEngine, useStationRecords, useSyncStatus } from '../../../offline';

export interface MessengerStation {
  useRecords: typeof useStationRecords;
  useSyncStatus: typeof useSyncStatus;
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  usePhoto(photoId: string | null): Blob | null | undefined;
  /** Pulls the server's changes now (after an edit), or asks the tab that syncs to. */
  syncNow(): Promise<void>;
}

/** A station over a database, the offline hooks bound to it and its engine's `syncNow`. */
export function createMessengerStation(
  db: OfflineDb,
  parts: Pick<MessengerStation, 'useRecords' | 'useSyncStatus' | 'syncNow'>,
): MessengerStation {
  return {
    ...parts,
    usePhoto(photoId) {
      return useLiveQuery(async () => (photoId ? ((await db.photos.get(photoId))?.blob ?? null) : null), [photoId]);
    },
  };
}

const StationContext = createContext<MessengerStation>(
  createMessengerStation(offlineDb, {
    useRecords: useStationRecords,
    useSyncStatus,
    syncNow: () => syncEngine.syncNow(),
  }),
);

/** Gives the screen below another station (tests). */
export function MessengerStationProvider({ station, children }: { station: MessengerStation; children: ReactNode }) {
  return <StationContext.Provider value={station}>{children}</StationContext.Provider>;
}

/** The station the screen works with. */
export function useMessengerStation(): MessengerStation {
  return useContext(StationContext);
}
