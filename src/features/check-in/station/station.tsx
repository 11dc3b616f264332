/**
 * The offline layer as the check-in screens use it, behind one small interface: the station hooks (live lists that
 * merge the local tables with the outbox, and the outbox write), the sync status, this device's id, and the scholar
 * photos kept as blobs. The screens take it from a context whose default is the app's own database and sync engine;
 * tests provide one bound to a fresh database, so the screens run against the real merge and outbox code.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { TimesheetRecord } from '../../../contract';
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
  /** What became of a staff badge read here (the outbox entry `id`, read at `at`); undefined while it is read. */
  usePunchOutcome(id: string, at: string): PunchOutcome | undefined;
}

/**
 * A badge punch as the station knows it: waiting in the outbox, refused (with the server's reason), or answered: the
 * record the server clocked in (its id is the punch's) or clocked out (it ended at the punch's time, or a second after
 * its clock-in when the station's clock was behind).
 */
export type PunchOutcome =
  | { state: 'waiting' }
  | { state: 'attention'; message: string | null }
  | { state: 'in' | 'out'; record: TimesheetRecord }
  | { state: 'gone' };

async function readPunchOutcome(db: OfflineDb, id: string, at: string): Promise<PunchOutcome> {
  const entry = await db.outbox.get(id);
  if (entry)
    return entry.status === 'attention' ? { state: 'attention', message: entry.last_error } : { state: 'waiting' };
  const clockedIn = await db.timesheets.get(id);
  if (clockedIn) return { state: 'in', record: clockedIn };
  const time = Date.parse(at);
  const clockedOut = await db.timesheets
    .filter((r) => r.ended_at !== null && Math.abs(Date.parse(r.ended_at) - time) <= 1000)
    .first();
  // Answered, and its record no longer on this device (a later pull took another person's record away).
  return clockedOut ? { state: 'out', record: clockedOut } : { state: 'gone' };
}

/** A station over a database and the offline hooks bound to it. */
export function createCheckInStation(
  db: OfflineDb,
  hooks: Pick<CheckInStation, 'useRecords' | 'useWrite' | 'useSyncStatus'>,
): CheckInStation {
  return {
    ...hooks,
    usePhoto: createPhotoCache(db).usePhoto,
    usePunchOutcome(id, at) {
      return useLiveQuery(() => readPunchOutcome(db, id, at), [id, at]);
    },
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
