/**
 * The offline layer as the check-in screens use it, behind one small interface: the station hooks (live lists that
 * merge the local tables with the outbox, and the outbox write), the sync status, this device's id, and the scholar
 * photos kept as blobs. The screens take it from a context whose default is the app's own database and sync engine;
 * tests provide one bound to a fresh database, so the screens run against the real merge and outbox code.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import {
  createPhotoCache,
  getDeviceId,
  type OfflineDb,
  offlineDb,
  useStationRecords,
  useStationWrite,
  useSyncStatus,
} from '../../../offline';

export interface CheckInStation {
  useRecords: typeof useStationRecords;
  useWrite: typeof useStationWrite;
  useSyncStatus: typeof useSyncStatus;
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  usePhoto(photoId: string | null): Blob | null | undefined;
  /** This device's id (to tell its own check-ins from other devices'); undefined while it is read. */
  useDeviceId(): string | undefined;
}

/** A station over a database and the offline hooks bound to it. */
export function createCheckInStation(
  db: OfflineDb,
  hooks: Pick<CheckInStation, 'useRecords' | 'useWrite' | 'useSyncStatus'>,
): CheckInStation {
  return {
    ...hooks,
    usePhoto: createPhotoCache(db).usePhoto,
    useDeviceId() {
      const [deviceId, setDeviceId] = useState<string>();
      useEffect(() => {
        let live = true;
        getDeviceId(db).then(
          (id) => live && setDeviceId(id),
          () => undefined,
        );
        return () => {
          live = false;
        };
      }, []);
      return deviceId;
    },
  };
}

const StationContext = createContext<CheckInStation>(
  createCheckInStation(offlineDb, { useRecords: useStationRecords, useWrite: useStationWrite, useSyncStatus }),
);

/** Gives the screens below another station (tests). */
export function CheckInStationProvider({ station, children }: { station: CheckInStation; children: ReactNode }) {
  return <StationContext.Provider value={station}>{children}</StationContext.Provider>;
}

/** The station the screens work with. */
export function useStation(): CheckInStation {
  return useContext(StationContext);
}
