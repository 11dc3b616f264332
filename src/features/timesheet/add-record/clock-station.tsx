/**
 * The offline layer as Add Record uses it: the person's records on the device merged with the
 * outbox, the waiting and stopped entries (an unsent clock-out is one of them), the outbox write and amend, and the
 * sync status. The screen takes it from a context whose default is the app's own database and sync engine; tests
 * provide one bound to a fresh database, so the screen runs against the real merge and outbox code.
 */
import { createContext, type ReactNode, useContext } from 'react';
import {
  useAttentionEntries,
  useStationAmend,
  useStationRecords,
  useStationWrite,
  useSyncStatus,
  useWaitingEntries,
} from '../../../offline';

export interface ClockStation {
  useRecords: typeof useStationRecords;
  useWaiting: typeof useWaitingEntries;
  useAttention: typeof useAttentionEntries;
  useWrite: typeof useStationWrite;
  useAmend: typeof useStationAmend;
  useSyncStatus: typeof useSyncStatus;
}

const ClockContext = createContext<ClockStation>({
  useRecords: useStationRecords,
  useWaiting: useWaitingEntries,
  useAttention: useAttentionEntries,
  useWrite: useStationWrite,
  useAmend: useStationAmend,
  useSyncStatus,
});

/** Gives the screen below another station (tests). */
export function ClockStationProvider({ station, children }: { station: ClockStation; children: ReactNode }) {
  return <ClockContext.Provider value={station}>{children}</ClockContext.Provider>;
}

export const useClockStation = (): ClockStation => useContext(ClockContext);
