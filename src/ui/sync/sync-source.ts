/**
 * What the sync screens need of the offline layer, as an interface: the app passes the loaded `src/offline` module
 * (which has this shape), tests pass a fake. Only types come from `src/offline` here, so importing this file loads
 * neither Dexie nor the engine: the screens stay free of IndexedDB in tests, and the module stays out of any chunk
 * that imports them.
 */
import type { OutboxEntry, StorageEstimate, SyncEngine, SyncStatus } from '../../offline';

export type { OutboxEntry, StorageEstimate, SyncStatus };

/** The offline layer as the sync indicator, banner and device panel use it. */
export interface SyncSource {
  syncEngine: Pick<SyncEngine, 'syncNow' | 'getSnapshot'>;
  /** The live sync status (a React hook). */
  useSyncStatus(): SyncStatus;
  /** Entries not yet answered, oldest first; undefined while loading (a React hook). */
  useWaitingEntries(): OutboxEntry[] | undefined;
  /** Entries that need a person, oldest first; undefined while loading (a React hook). */
  useAttentionEntries(): OutboxEntry[] | undefined;
  /** Scholars' names from the device's roster, by id; undefined while loading. */
  useScholarNames(ids: readonly string[]): ReadonlyMap<string, string> | undefined;
  /**
   * The name of a staff member this device knows by user id (the signed-in person), for entries kept without a
   * name; null for anyone else. Optional: without it such entries say "another staff member".
   */
  recorderName?(userId: string): string | null;
  retryEntry(id: string): Promise<boolean>;
  correctEntry(id: string, data: Record<string, unknown>): Promise<boolean>;
  discardEntry(id: string): Promise<boolean>;
  attentionCsv(): Promise<string>;
  storageEstimate(): Promise<StorageEstimate>;
  requestPersistence(): Promise<boolean>;
}

/** What the panel's needs-attention list uses (here, not in attention-section.tsx: its items need it too). */
export type AttentionSource = Pick<
  SyncSource,
  | 'useAttentionEntries'
  | 'useScholarNames'
  | 'recorderName'
  | 'retryEntry'
  | 'correctEntry'
  | 'discardEntry'
  | 'attentionCsv'
>;

/** The app around the panel: its version and the service worker's update. */
export interface AppInfo {
  /** A new version is installed and waits to take over. */
  updateAvailable: boolean;
  /** Reloads into the waiting version. */
  applyUpdate(): void;
  /** The server's version (`GET v2/config`); rejects offline. */
  loadVersion(): Promise<string>;
}
