/**
 * The sync engine's shapes (engine.ts): where a pull starts, the server calls and browser parts it is given, what it
 * shows the screens and what it answers, and the helpers its push (engine-push.ts) and pull (engine-pull.ts) share.
 * engine.ts exports them again, for code that imports the engine.
 */
import { ApiError } from '../api/client';
import type { SyncPhotosResponse, SyncPushResponse } from '../api/sync';
// The contract's modules rather than its index (see outbox.ts).
import type { SyncPullResponse, SyncPushBody, SyncResource } from '../contract/sync';
import type { OfflineDb, OutboxEntry } from './db';

/**
 * Where a pull starts: the changes since a cursor, the next page of a snapshot under way (its `snapshot_next`), or,
 * with neither, a new snapshot.
 */
export interface PullParams {
  since?: number;
  snapshot?: string;
  limit?: number;
}

/** The server calls the engine makes (src/api/sync.ts in the app, a fake in tests). */
export interface SyncApi {
  push(body: SyncPushBody): Promise<SyncPushResponse>;
  pull(params: PullParams): Promise<SyncPullResponse>;
  photos(ids: string[]): Promise<SyncPhotosResponse>;
}

/** The part of the Web Locks API the engine uses (navigator.locks, or a fake). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export interface TimersLike {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ListenerTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** The page's service worker container, for the wake-up message and Background Sync registration. */
export interface ServiceWorkerLike extends ListenerTarget {
  readonly controller: unknown;
  readonly ready: Promise<object>;
}

export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface SyncEngineDeps {
  db: OfflineDb;
  api: SyncApi;
  /** navigator.locks; null where the browser has no Web Locks (the engine then sends anyway). */
  locks: LockManagerLike | null;
  /** The signed-in person's user id, recorded with each write. */
  getUserId: () => string | null;
  /** The signed-in person's name, kept with each write for the device panel. */
  getUserName?: () => string | null;
  now?: () => number;
  random?: () => number;
  timers?: TimersLike;
  /** navigator.onLine: false is reliable (skip the attempt), true only means "maybe". */
  isOnline?: () => boolean;
  /** Source of `online` and `offline` events. */
  window?: ListenerTarget | null;
  /** Source of `visibilitychange`. */
  document?: (ListenerTarget & { readonly visibilityState: string }) | null;
  serviceWorker?: ServiceWorkerLike | null;
  openChannel?: (() => ChannelLike) | null;
  /** Items per push (the server takes up to 500). */
  batchSize?: number;
  /** Ids per photo request (the server takes up to 100). */
  photoBatchSize?: number;
  /** Changes per pull page. */
  pullLimit?: number;
  /** The least time between two pulls that nobody asked for. */
  pullIntervalMs?: number;
}

/** What the screens show about sync; every tab has the same counts (they come from IndexedDB). */
export interface SyncStatus {
  online: boolean;
  /** This tab holds the sender lock. */
  isSender: boolean;
  /** A push is in flight. */
  sending: boolean;
  progress: { sent: number; total: number } | null;
  /** Sending stopped until a new sign-in (`resume()`). */
  paused: 'unauthorized' | null;
  /** Entries pending or in flight. */
  waiting: number;
  /** Entries that need a person. */
  attention: number;
  /** Epoch ms when the server last answered a push or a pull. */
  lastSyncAt: number | null;
  /** Epoch ms when the reference snapshot was last brought up to date. */
  snapshotAt: number | null;
  /**
   * A snapshot coming page by page (a new device, or the server started it over): records applied so far of all it
   * has. Until its last page the local tables hold only part of the roster. Null otherwise.
   */
  snapshot: { received: number; total: number } | null;
  /** The last failure of sending (kept while it is the latest news) or else of pulling; null after success. */
  lastError: string | null;
}

export interface SyncEngine {
  /** Starts listening, asks for the sender lock and syncs once it has it. Safe to call more than once. */
  start(): void;
  /** Stops everything and releases the lock once the current round has finished (tests, hot reload). */
  stop(): Promise<void>;
  /** Clears the 401 pause after a new sign-in and syncs; tells the sender tab too when this one is not it. */
  resume(): Promise<void>;
  /** Sends everything waiting (ignoring backoff) and pulls; in a tab that does not send, asks the sender to. */
  syncNow(): Promise<void>;
  /**
   * Queues a station write; resolves with the entry once it is in IndexedDB, without waiting for the network. An
   * update (of a resource the outbox may update) names the record and the version it was based on in `data`.
   */
  write(resource: SyncResource, data: Record<string, unknown>, action?: 'create' | 'update'): Promise<OutboxEntry>;
  /**
   * Changes fields of an entry that has not been sent yet (one entry instead of two); false when it is gone or
   * stopped, OutboxBusyError while it is in flight.
   */
  amend(id: string, fields: Record<string, unknown>): Promise<boolean>;
  /** Resolves when no sync round is running. */
  idle(): Promise<void>;
  /** Tells the engine the outbox changed in this tab (after retry or correct), so it sends without waiting. */
  notifyChange(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): SyncStatus;
}

export interface SyncRequest {
  /** Send pending entries even before their backoff has passed. */
  force: boolean;
  /** Pull even if the last pull was recent. */
  pull: boolean;
}

export type PushOutcome = 'done' | 'failed' | 'paused';

export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(err instanceof Error ? err.message : String(err), 0);
}

export function isRecordWithId(value: unknown): value is { id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}
