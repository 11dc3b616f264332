/**
 * A fake offline layer for the sync screens' tests: a status and two entry lists the test sets (the hooks re-render
 * on each change, as the real live queries do) and spies for every action. No IndexedDB is involved.
 */
import { useSyncExternalStore } from 'react';
import { type Mock, vi } from 'vitest';
import type { AppInfo, OutboxEntry, StorageEstimate, SyncSource, SyncStatus } from '../sync-source';

export const IDLE_STATUS: SyncStatus = {
  online: true,
  isSender: true,
  sending: false,
  progress: null,
  paused: null,
  waiting: 0,
  attention: 0,
  lastSyncAt: null,
  snapshotAt: null,
  snapshot: null,
  lastError: null,
};

let sequence = 0;

/** An outbox entry: a check-in arrival unless the test says otherwise. */
export function makeEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  sequence += 1;
  const id = `0190f000-0000-7000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    resource: 'check_ins',
    action: 'create',
    data: { id, kind: 'arrival', scholar_id: 'scholar-1', occurred_at: '2026-03-02T15:00:00.000Z', reason: null },
    recorded_at: '2026-03-02T15:00:00.000Z',
    recorded_by: 'user-1',
    device_id: 'device-1',
    attempts: 0,
    next_attempt_at: 0,
    status: 'pending',
    last_error: null,
    field_errors: null,
    server_record: null,
    ...overrides,
  };
}

export interface FakeSync {
  source: SyncSource & {
    syncEngine: { syncNow: Mock<() => Promise<void>> };
    retryEntry: Mock<(id: string) => Promise<boolean>>;
    correctEntry: Mock<(id: string, data: Record<string, unknown>) => Promise<boolean>>;
    discardEntry: Mock<(id: string) => Promise<boolean>>;
    attentionCsv: Mock<() => Promise<string>>;
    storageEstimate: Mock<() => Promise<StorageEstimate>>;
    requestPersistence: Mock<() => Promise<boolean>>;
  };
  /** Changes the status as the engine would, re-rendering what reads it. */
  setStatus(patch: Partial<SyncStatus>): void;
  /** Replaces the entry lists (undefined: still loading). */
  setEntries(lists: { waiting?: OutboxEntry[]; attention?: OutboxEntry[] }): void;
}

/** The device roster of the fake: scholar-1 is Jasmine Adams. */
export const FAKE_SCHOLAR_NAMES: ReadonlyMap<string, string> = new Map([
  ['scholar-1', 'Jasmine Adams'],
  ['scholar-2', 'Mateo Rivera'],
]);

/** A fake source with the given status. */
export function createFakeSync(initial: Partial<SyncStatus> = {}): FakeSync {
  let status: SyncStatus = { ...IDLE_STATUS, ...initial };
  let waiting: OutboxEntry[] | undefined = [];
  let attention: OutboxEntry[] | undefined = [];
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const source: FakeSync['source'] = {
    syncEngine: { syncNow: vi.fn<() => Promise<void>>(async () => undefined), getSnapshot: () => status },
    useSyncStatus: () => useSyncExternalStore(subscribe, () => status),
    useWaitingEntries: () => useSyncExternalStore(subscribe, () => waiting),
    useAttentionEntries: () => useSyncExternalStore(subscribe, () => attention),
    useScholarNames: () => FAKE_SCHOLAR_NAMES,
    retryEntry: vi.fn<(id: string) => Promise<boolean>>(async () => true),
    correctEntry: vi.fn<(id: string, data: Record<string, unknown>) => Promise<boolean>>(async () => true),
    discardEntry: vi.fn<(id: string) => Promise<boolean>>(async () => true),
    attentionCsv: vi.fn<() => Promise<string>>(async () => 'id,resource\r\n'),
    storageEstimate: vi.fn<() => Promise<StorageEstimate>>(async () => ({ usage: null, quota: null, persisted: true })),
    requestPersistence: vi.fn<() => Promise<boolean>>(async () => true),
  };
  return {
    source,
    setStatus(patch) {
      status = { ...status, ...patch };
      notify();
    },
    setEntries(lists) {
      if ('waiting' in lists) waiting = lists.waiting;
      if ('attention' in lists) attention = lists.attention;
      notify();
    },
  };
}

/** The app around the panel: no update waiting, version 1.4.0, with spies. */
export function createFakeApp(overrides: Partial<AppInfo> = {}): AppInfo {
  return { updateAvailable: false, applyUpdate: vi.fn(), loadVersion: async () => '1.4.0', ...overrides };
}
