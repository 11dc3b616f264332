/**
 * The sync engine (DESIGN section 5): sends the outbox to `POST v2/sync/push` exactly once per entry and
 * keeps the reference snapshot up to date from `GET v2/sync/pull`, while every screen works from IndexedDB.
 *
 * - One sender per device: the tab holding the Web Lock 'school-ops-outbox-sender' sends and pulls; the others only
 *   watch the outbox through liveQuery and take the lock when the holder's tab closes (the browser releases it).
 *   Entries claimed for a send are marked 'sending' in the same transaction that reads them, so even two senders (a
 *   browser without Web Locks) never send one entry twice at once; what a crashed tab left 'sending' goes back to
 *   'pending' when the next sender starts, and the server's receipts turn the replay into 'duplicate'.
 * - Retry policy: network error, 408, 429 and 5xx put the batch back with backoff and full jitter; 401 pauses
 *   everything, untouched, until `resume()` after a new sign-in; any other 4xx for the batch, and every per-item
 *   rejected or conflict, moves those entries to 'attention' without holding back the ones behind them.
 * - Pull: a new device takes a full snapshot page after page (`snapshot_next` sent back as `snapshot`), each page
 *   applied together with the token of the next in one transaction, so a reload goes on from the page it stopped at;
 *   the cursor is saved only with the last page, then the changes since it are pulled as usual.
 * - Every dependency (database, API, locks, clock, randomness, timers, browser events) is injected, so the tests
 *   drive the policy with fakes; `index.ts` wires the app's instance to the real ones.
 */
import { Dexie, liveQuery } from 'dexie';
import { ApiError } from '../api/client';
import type { SyncPhotosResponse, SyncPushResponse } from '../api/sync';
// The contract's modules rather than its index (see outbox.ts).
import type { SyncPullResponse, SyncPushBody, SyncResource, SyncResult } from '../contract/sync';
import { TIMESHEET_PUNCHES } from '../contract/timesheets';
import { retryDelay } from './backoff';
import {
  getMeta,
  isLocalResource,
  LOCAL_RESOURCES,
  type LocalResource,
  type MetaKey,
  type OfflineDb,
  type OutboxEntry,
  setMeta,
} from './db';
import { getDeviceId } from './device';
import { amendEntry, enqueue, outboxCounts } from './outbox';

/** The Web Lock whose holder is this device's one sender. */
export const SENDER_LOCK = 'school-ops-outbox-sender';
/** The Background Sync tag the service worker answers with an `OUTBOX_SYNC` message (sw/sw.ts). */
export const BACKGROUND_SYNC_TAG = 'outbox-sync';
/** The BroadcastChannel on which a tab that does not send asks the sender to sync now, or to resume after sign-in. */
export const SYNC_CHANNEL = 'school-ops-sync';

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

interface ListenerTarget {
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

interface SyncRequest {
  /** Send pending entries even before their backoff has passed. */
  force: boolean;
  /** Pull even if the last pull was recent. */
  pull: boolean;
}

type PushOutcome = 'done' | 'failed' | 'paused';

const DEFAULT_TIMERS: TimersLike = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Network failure, timeout, rate limit or server error: the same batch may succeed later. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(err instanceof Error ? err.message : String(err), 0);
}

function isRecordWithId(value: unknown): value is { id: string } {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** Decodes a base64 photo into a Blob of its content type. */
export function base64ToBlob(data: string, contentType: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

/** Makes a sync engine; nothing happens until `start()`. */
/**
 * The local table an applied entry's record lands in: its own resource's, or, for a badge read at a station, the
 * timesheets (the record the server clocked in or out, which the station shows).
 */
function localTableOf(resource: string): LocalResource | null {
  if (resource === TIMESHEET_PUNCHES) return 'timesheets';
  return isLocalResource(resource) ? resource : null;
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { db, api } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const timers = deps.timers ?? DEFAULT_TIMERS;
  const isOnline = deps.isOnline ?? (() => true);
  const batchSize = deps.batchSize ?? 200;
  const photoBatchSize = deps.photoBatchSize ?? 100;
  const pullLimit = deps.pullLimit ?? 2000;
  const pullIntervalMs = deps.pullIntervalMs ?? 30_000;

  let status: SyncStatus = {
    online: isOnline(),
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
  const errors: { push: string | null; pull: string | null; local: string | null } = {
    push: null,
    pull: null,
    local: null,
  };
  const listeners = new Set<() => void>();
  function setStatus(patch: Partial<SyncStatus>): void {
    const keys = Object.keys(patch) as (keyof SyncStatus)[];
    if (keys.every((k) => Object.is(patch[k], status[k]))) return;
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  }

  function reportError(kind: keyof typeof errors, message: string | null): void {
    errors[kind] = message;
    setStatus({ lastError: errors.local ?? errors.push ?? errors.pull });
  }

  let started = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let queued: SyncRequest | null = null;
  let timer: unknown = null;
  let lastPullAt = Number.NEGATIVE_INFINITY;
  let releaseLock: (() => void) | null = null;
  let lockAbort: AbortController | null = null;
  let channel: ChannelLike | null = null;
  let unwatch: (() => void) | null = null;
  /** Photos the server did not hand out (not visible to this user): not asked for again in this session. */
  const photoMisses = new Set<string>();
  const cleanups: (() => void)[] = [];

  // ---- push ----

  async function countDue(force: boolean): Promise<number> {
    const upper = force ? Dexie.maxKey : now();
    return db.outbox
      .where('[status+next_attempt_at]')
      .between(['pending', Dexie.minKey], ['pending', upper], true, true)
      .count();
  }

  /** Reads the next batch in recording order and marks it 'sending' in the same transaction. */
  function claimBatch(force: boolean): Promise<OutboxEntry[]> {
    const at = now();
    return db.transaction('rw', db.outbox, async () => {
      const batch = await db.outbox
        .where('[status+id]')
        .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
        .filter((e) => force || e.next_attempt_at <= at)
        .limit(batchSize)
        .toArray();
      const claimed = batch.map((e) => ({ ...e, status: 'sending' as const }));
      await db.outbox.bulkPut(claimed);
      return claimed;
    });
  }

  /** Rewrites the entries of a batch that are still in flight (a failed send: they all stay in the outbox). */
  async function settle(batch: OutboxEntry[], edit: (entry: OutboxEntry) => OutboxEntry): Promise<void> {
    await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.bulkGet(batch.map((e) => e.id));
      await db.outbox.bulkPut(current.flatMap((entry) => (entry?.status === 'sending' ? [edit(entry)] : [])));
    });
  }

  function backOff(batch: OutboxEntry[], message: string): Promise<void> {
    const at = now();
    return settle(batch, (e) => ({
      ...e,
      status: 'pending',
      attempts: e.attempts + 1,
      next_attempt_at: at + retryDelay(e.attempts, { random }),
      last_error: message,
    }));
  }

  function toAttention(batch: OutboxEntry[], err: ApiError): Promise<void> {
    const fieldErrors = Object.keys(err.errors).length > 0 ? err.errors : null;
    return settle(batch, (e) => ({
      ...e,
      status: 'attention',
      last_error: err.message,
      field_errors: fieldErrors,
      server_record: err.record ?? null,
    }));
  }

  /** Files each answer: applied/duplicate leave the outbox and land in the local table, the rest need a person. */
  async function applyResults(batch: OutboxEntry[], results: SyncResult[]): Promise<void> {
    const byId = new Map(results.map((r) => [r.id, r]));
    const at = now();
    await db.transaction('rw', [db.outbox, ...LOCAL_RESOURCES.map((r) => db.recordTable(r))], async () => {
      const current = await db.outbox.bulkGet(batch.map((e) => e.id));
      const puts: OutboxEntry[] = [];
      const deletes: string[] = [];
      const confirmed = new Map<string, { id: string }[]>();
      for (const entry of current) {
        if (entry?.status !== 'sending') continue;
        const result = byId.get(entry.id);
        if (!result) {
          // The server answered the batch but not this item: keep it and try again later.
          puts.push({
            ...entry,
            status: 'pending',
            attempts: entry.attempts + 1,
            next_attempt_at: at + retryDelay(entry.attempts, { random }),
            last_error: 'The server did not answer for this entry.',
          });
        } else if (result.status === 'applied' || result.status === 'duplicate') {
          deletes.push(entry.id);
          const table = localTableOf(entry.resource);
          if (table && isRecordWithId(result.record)) {
            // The screen keeps showing the record, now as the server stored it.
            const records = confirmed.get(table) ?? [];
            records.push(result.record);
            confirmed.set(table, records);
          }
        } else {
          const fallback =
            result.status === 'conflict'
              ? 'This entry conflicts with a record on the server.'
              : 'The server did not accept this entry.';
          puts.push({
            ...entry,
            status: 'attention',
            last_error: result.message ?? fallback,
            field_errors: result.errors ?? null,
            server_record: result.status === 'conflict' ? (result.record ?? null) : null,
          });
        }
      }
      for (const [resource, records] of confirmed) await db.table(resource).bulkPut(records);
      await db.outbox.bulkPut(puts);
      await db.outbox.bulkDelete(deletes);
    });
  }

  async function pushAll(force: boolean): Promise<PushOutcome> {
    let total = await countDue(force);
    if (total === 0) return 'done';
    const deviceId = await getDeviceId(db);
    let sent = 0;
    setStatus({ sending: true, progress: { sent, total } });
    try {
      while (!stopped && status.paused === null) {
        const batch = await claimBatch(force);
        if (batch.length === 0) break;
        const items = batch.map((e) => ({
          id: e.id,
          resource: e.resource,
          action: e.action,
          data: e.data,
          recorded_at: e.recorded_at,
          recorded_by: e.recorded_by,
        }));
        let response: SyncPushResponse;
        try {
          response = await api.push({ device_id: deviceId, items });
        } catch (caught) {
          const err = asApiError(caught);
          if (err.status === 401) {
            await settle(batch, (e) => ({ ...e, status: 'pending' }));
            setStatus({ paused: 'unauthorized' });
            reportError('push', err.message);
            return 'paused';
          }
          if (isRetryable(err.status)) {
            await backOff(batch, err.message);
            reportError('push', err.message);
            return 'failed';
          }
          await toAttention(batch, err);
          reportError('push', err.message);
          sent += batch.length;
          total = sent + (await countDue(force));
          setStatus({ progress: { sent, total } });
          continue;
        }
        await applyResults(batch, response.results);
        sent += batch.length;
        total = sent + (await countDue(force));
        setStatus({ progress: { sent, total } });
        reportError('push', null);
        await setMeta(db, 'last_sync_at', now());
      }
      return 'done';
    } finally {
      setStatus({ sending: false, progress: null });
    }
  }

  // ---- pull ----

  /** The meta rows of a snapshot under way; gone once its last page is in (or it starts over). */
  const SNAPSHOT_PLACE: MetaKey[] = ['snapshot_next', 'snapshot_received', 'snapshot_total'];

  /** Where the next pull starts: the snapshot page a reload interrupted, else the stored cursor, else a new snapshot. */
  async function pullStart(): Promise<PullParams> {
    const [token, cursor] = await Promise.all([getMeta(db, 'snapshot_next'), getMeta(db, 'pull_cursor')]);
    if (typeof token === 'string') return { snapshot: token };
    return typeof cursor === 'number' ? { since: cursor } : {};
  }

  /**
   * Applies one page and moves the device's place in the same transaction: a reload between two pages goes on from the
   * next one, and never finds a cursor that claims tables it holds only part of.
   */
  async function applyPage(page: SyncPullResponse, isSnapshot: boolean): Promise<void> {
    const tables = LOCAL_RESOURCES.map((r) => db.recordTable(r));
    await db.transaction('rw', [...tables, db.meta], async () => {
      if (page.reset) {
        // A snapshot is the whole truth of what this user may see: what it leaves out is gone from the device too.
        for (const table of tables) await table.clear();
        await db.meta.bulkDelete(['pull_cursor', ...SNAPSHOT_PLACE]);
      }
      // Last change per record wins; a page may name one record twice.
      const latest = new Map<string, SyncPullResponse['changes'][number]>();
      for (const change of page.changes) {
        if (!isLocalResource(change.resource)) continue;
        latest.set(`${change.resource}:${change.id}`, change);
      }
      for (const resource of LOCAL_RESOURCES) {
        const mine = [...latest.values()].filter((c) => c.resource === resource);
        const upserts = mine.flatMap((c) =>
          c.op === 'upsert' && isRecordWithId(c.record) ? [{ ...c.record, id: c.id }] : [],
        );
        const deletes = mine.filter((c) => c.op === 'delete').map((c) => c.id);
        await db.table(resource).bulkPut(upserts);
        await db.table(resource).bulkDelete(deletes);
      }
      const at = now();
      if (isSnapshot && page.snapshot_next !== undefined) {
        // More pages follow: keep the way to the next one, and no cursor until the last is in.
        const received = (page.reset ? 0 : ((await getMeta(db, 'snapshot_received')) ?? 0)) + page.changes.length;
        await setMeta(db, 'snapshot_next', page.snapshot_next);
        await setMeta(db, 'snapshot_received', received);
        await setMeta(db, 'snapshot_total', Math.max(received, page.snapshot_total ?? 0));
      } else {
        if (isSnapshot) await db.meta.bulkDelete(SNAPSHOT_PLACE);
        await setMeta(db, 'pull_cursor', page.cursor);
        await setMeta(db, 'snapshot_at', at);
        await setMeta(db, 'snapshot_server_time', page.server_time);
      }
      await setMeta(db, 'last_sync_at', at);
    });
  }

  async function fetchPhotos(prune: boolean): Promise<void> {
    // Scholars' faces and their pick-up adults' (the sign-out line shows both offline).
    const referenced = [
      ...new Set(
        [
          ...(await db.demographics.orderBy('photo_id').uniqueKeys()),
          ...(await db.authorized_pick_ups.orderBy('photo_id').uniqueKeys()),
        ].map(String),
      ),
    ];
    const have = new Set((await db.photos.toCollection().primaryKeys()).map(String));
    if (prune) {
      const wanted = new Set(referenced);
      await db.photos.bulkDelete([...have].filter((id) => !wanted.has(id)));
    }
    const missing = referenced.filter((id) => !have.has(id) && !photoMisses.has(id));
    for (let i = 0; i < missing.length && !stopped; i += photoBatchSize) {
      const ids = missing.slice(i, i + photoBatchSize);
      const { photos } = await api.photos(ids);
      await db.photos.bulkPut(
        photos.map((p) => ({
          id: p.id,
          blob: base64ToBlob(p.data, p.content_type),
          content_type: p.content_type,
          sha256: p.sha256,
        })),
      );
      const answered = new Set(photos.map((p) => p.id));
      for (const id of ids) if (!answered.has(id)) photoMisses.add(id);
    }
  }

  /**
   * Pulls until the device is up to date: a snapshot page after page (each `snapshot_next` sent back as `snapshot`),
   * then the changes since its cursor, page after page while the server says `more`.
   */
  async function pullAll(): Promise<void> {
    let completedSnapshot = false;
    try {
      let from = await pullStart();
      for (;;) {
        let page: SyncPullResponse;
        try {
          page = await api.pull({ ...from, limit: pullLimit });
        } catch (caught) {
          // A token this server does not take (from another version of it): start the snapshot over rather than keep
          // tables half replaced with no way forward.
          if (from.snapshot === undefined || asApiError(caught).status !== 422) throw caught;
          await db.meta.bulkDelete(SNAPSHOT_PLACE);
          from = {};
          continue;
        }
        const isSnapshot = page.reset || from.snapshot !== undefined;
        await applyPage(page, isSnapshot);
        if (stopped) return;
        if (isSnapshot && page.snapshot_next !== undefined) {
          from = { snapshot: page.snapshot_next };
        } else if (isSnapshot) {
          completedSnapshot = true;
          // One page is one reading; several were read at several moments, and what changed meanwhile comes as the
          // changes since the snapshot's cursor.
          if (page.reset) break;
          from = { since: page.cursor };
        } else {
          // `more` with a cursor that did not move (no server of ours answers that, but a loop must not spin on it):
          // ask again next round.
          if (!page.more || page.cursor <= (from.since ?? 0)) break;
          from = { since: page.cursor };
        }
      }
      lastPullAt = now();
      await fetchPhotos(completedSnapshot);
      reportError('pull', null);
    } catch (caught) {
      const err = asApiError(caught);
      if (err.status === 401) setStatus({ paused: 'unauthorized' });
      reportError('pull', err.message);
    }
  }

  // ---- rounds and triggers ----

  async function round(request: SyncRequest): Promise<void> {
    if (!status.isSender || stopped || status.paused !== null || !isOnline()) return;
    reportError('local', null);
    try {
      const outcome = await pushAll(request.force);
      if (outcome !== 'done') return;
      if (request.pull || now() - lastPullAt >= pullIntervalMs) await pullAll();
    } catch (caught) {
      // IndexedDB itself failed (quota, closed by an upgrade): nothing may stay claimed.
      reportError('local', asApiError(caught).message);
      await recoverClaims().catch(() => undefined);
    }
  }

  function recoverClaims(): Promise<number> {
    return db.outbox
      .where('[status+id]')
      .between(['sending', Dexie.minKey], ['sending', Dexie.maxKey])
      .modify({ status: 'pending' });
  }

  async function nextDelay(): Promise<number> {
    const jitter = (min: number) => min + random() * min;
    const first = await db.outbox
      .where('[status+next_attempt_at]')
      .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
      .first();
    // Nothing waits: only the snapshot needs refreshing, every 30-60 s.
    if (!first) return jitter(pullIntervalMs);
    // About 15-30 s while anything waits; sooner when a short backoff ends first, never a busy loop.
    return Math.max(1000, Math.min(jitter(15_000), first.next_attempt_at - now()));
  }

  async function schedule(): Promise<void> {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (stopped || !status.isSender || status.paused !== null) return;
    const delay = await nextDelay();
    if (stopped || timer !== null) return;
    timer = timers.setTimeout(() => {
      timer = null;
      void requestSync({ force: false, pull: false });
    }, delay);
  }

  /** Runs rounds while requests come in; clears `running` in the same step as the last check, so none is missed. */
  async function drain(): Promise<void> {
    try {
      for (;;) {
        while (queued) {
          const next = queued;
          queued = null;
          await round(next);
        }
        await schedule().catch(() => undefined);
        if (!queued) break;
      }
    } finally {
      running = null;
    }
  }

  function requestSync(request: SyncRequest): Promise<void> {
    if (stopped || !status.isSender) return Promise.resolve();
    queued = queued ? { force: queued.force || request.force, pull: queued.pull || request.pull } : request;
    if (!running) running = drain();
    return running;
  }

  /**
   * Sends what this tab just wrote: itself when it is the sender, else by telling the sender on the channel. The
   * sender's watch of the shared outbox sees the write too, but only as fast as the browser relays changes between
   * tabs; the message does not wait for that.
   */
  function sendWritten(): Promise<void> {
    if (status.isSender) return requestSync({ force: false, pull: false });
    channel?.postMessage({ type: 'written' });
    return Promise.resolve();
  }

  function resume(): Promise<void> {
    errors.push = null;
    errors.pull = null;
    setStatus({ paused: null });
    reportError('local', null);
    return requestSync({ force: true, pull: true });
  }

  async function becomeSender(): Promise<void> {
    if (stopped) return;
    try {
      await recoverClaims();
    } catch (caught) {
      reportError('local', asApiError(caught).message);
    }
    if (stopped) return;
    // The first round starts in the same step, so `idle()` after `isSender` waits for it.
    setStatus({ isSender: true });
    await requestSync({ force: true, pull: true });
  }

  function acquireLock(): void {
    const locks = deps.locks;
    if (!locks) {
      void becomeSender();
      return;
    }
    lockAbort = new AbortController();
    locks
      .request(
        SENDER_LOCK,
        { signal: lockAbort.signal },
        () =>
          new Promise<void>((resolve) => {
            releaseLock = resolve;
            void becomeSender();
          }),
      )
      .catch(() => {
        // Aborted by stop(), or Web Locks refused here (an opaque origin): without a lock, send anyway.
        if (!stopped) void becomeSender();
      });
  }

  function listen(target: ListenerTarget | null | undefined, type: string, listener: (event: Event) => void): void {
    if (!target) return;
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  }

  function watchOutbox(): void {
    const observable = liveQuery(async () => {
      const [counts, lastSync, snapshot, next, received, total] = await Promise.all([
        outboxCounts(db),
        getMeta(db, 'last_sync_at'),
        getMeta(db, 'snapshot_at'),
        getMeta(db, 'snapshot_next'),
        getMeta(db, 'snapshot_received'),
        getMeta(db, 'snapshot_total'),
      ]);
      return {
        ...counts,
        lastSyncAt: lastSync ?? null,
        snapshotAt: snapshot ?? null,
        snapshot: next === undefined ? null : { received: received ?? 0, total: total ?? 0 },
      };
    });
    const subscription = observable.subscribe({
      next: (value) => {
        const grew = value.waiting > status.waiting;
        const same =
          value.snapshot?.received === status.snapshot?.received && value.snapshot?.total === status.snapshot?.total;
        // The same progress keeps its object, so a change of the outbox alone does not look like one of the snapshot.
        setStatus(same ? { ...value, snapshot: status.snapshot } : value);
        // Another tab wrote (or a person retried an entry): the sender sends without waiting for its timer.
        if (grew) void requestSync({ force: false, pull: false });
      },
      error: (err: unknown) => reportError('local', asApiError(err).message),
    });
    unwatch = () => subscription.unsubscribe();
  }

  function registerBackgroundSync(): void {
    const sw = deps.serviceWorker;
    // `ready` never settles on a page no worker controls, so only ask when one does.
    if (!sw?.controller) return;
    sw.ready
      .then((registration) => {
        const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
        return sync?.register(BACKGROUND_SYNC_TAG);
      })
      .catch(() => undefined);
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopped = false;
      watchOutbox();
      listen(deps.window, 'online', () => {
        setStatus({ online: true });
        void requestSync({ force: true, pull: true });
      });
      listen(deps.window, 'offline', () => setStatus({ online: false }));
      listen(deps.document, 'visibilitychange', () => {
        if (deps.document?.visibilityState === 'visible') void requestSync({ force: false, pull: false });
      });
      listen(deps.serviceWorker, 'message', (event) => {
        const data = (event as MessageEvent).data as { type?: unknown } | null;
        if (data?.type === 'OUTBOX_SYNC') void requestSync({ force: true, pull: true });
      });
      if (deps.openChannel) {
        try {
          const opened = deps.openChannel();
          opened.addEventListener('message', (event) => {
            const type = (event.data as { type?: unknown } | null)?.type;
            if (type === 'resume') void resume();
            else if (type === 'sync-now') void requestSync({ force: true, pull: true });
            else if (type === 'written') void requestSync({ force: false, pull: false });
          });
          channel = opened;
        } catch {
          channel = null;
        }
      }
      acquireLock();
    },

    async stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      unwatch?.();
      unwatch = null;
      for (const cleanup of cleanups.splice(0)) cleanup();
      channel?.close();
      channel = null;
      await running;
      lockAbort?.abort();
      releaseLock?.();
      releaseLock = null;
      started = false;
      setStatus({ isSender: false });
    },

    async resume() {
      // The new sign-in may happen in a tab that does not send: the sender hears it on the channel.
      channel?.postMessage({ type: 'resume' });
      await resume();
    },

    async syncNow() {
      if (status.isSender) return requestSync({ force: true, pull: true });
      channel?.postMessage({ type: 'sync-now' });
    },

    async amend(id, fields) {
      const done = await amendEntry(db, id, fields);
      if (done) setTimeout(() => void sendWritten(), 0);
      return done;
    },

    async write(resource, data, action = 'create') {
      const entry = await enqueue(
        db,
        { resource, action, data },
        { recordedBy: deps.getUserId(), recordedByName: deps.getUserName?.() ?? null, now: now() },
      );
      // Sent right after the write, but in a task of its own: the screen that wrote shows its confirmation first.
      setTimeout(() => void sendWritten(), 0);
      registerBackgroundSync();
      return entry;
    },

    idle: () => running ?? Promise.resolve(),

    notifyChange() {
      void sendWritten();
      registerBackgroundSync();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: () => status,
  };
}
