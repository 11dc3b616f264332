/**
 * The engine's status (engine.ts): the one `SyncStatus` object the screens read through `subscribe`/`getSnapshot`
 * (React's `useSyncExternalStore`), changed only through `setStatus`, which replaces the object and tells the
 * subscribers only when a field really changed (so a screen renders again only for a real change). Failures are kept
 * by kind (push, pull, local) and `lastError` shows the most pressing one: a pull that works does not hide that the
 * last push failed.
 */
import type { SyncStatus } from './engine-shared';

/** What a failure is about: the push, the pull, or the device's own database. */
export type ErrorKind = 'push' | 'pull' | 'local';

/** The engine's status, its failures by kind and its subscribers. */
export interface EngineStatus {
  /** The status as it is now; a new object after every change, the same one otherwise. */
  get(): SyncStatus;
  /** Applies the fields that differ and tells the subscribers, once, if any did. */
  set(patch: Partial<SyncStatus>): void;
  /** Records (or, with null, clears) the failure of one kind and shows the most pressing one as `lastError`. */
  reportError(kind: ErrorKind, message: string | null): void;
  /** Forgets the push's and the pull's failures (a new sign-in), without telling anyone: `reportError` does that. */
  clearRemoteErrors(): void;
  /** Calls the listener after every change, until the returned function is called. */
  subscribe(listener: () => void): () => void;
}

/** Makes the status of an engine that has not started yet: offline or online as `online` says, nothing sent. */
export function createEngineStatus(online: boolean): EngineStatus {
  let status: SyncStatus = {
    online,
    isSender: false,
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
  /** Failures by kind: a pull that works does not hide that the last push failed. */
  const errors: Record<ErrorKind, string | null> = { push: null, pull: null, local: null };
  const listeners = new Set<() => void>();

  function set(patch: Partial<SyncStatus>): void {
    const keys = Object.keys(patch) as (keyof SyncStatus)[];
    if (keys.every((k) => Object.is(patch[k], status[k]))) return;
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  }

  return {
    get: () => status,
    set,
    reportError(kind, message) {
      errors[kind] = message;
      set({ lastError: errors.local ?? errors.push ?? errors.pull });
    },
    clearRemoteErrors() {
      errors.push = null;
      errors.pull = null;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
