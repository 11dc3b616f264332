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
 *
 * This file holds the engine's rounds and triggers (the timer, the queue of requests) and the tab coordination (the
 * lock, the channel, the outbox watch); the push is in engine-push.ts, the pull in engine-pull.ts, the status the
 * screens read (and its failures by kind) in engine-status.ts, and the shapes it is given and answers in
 * engine-shared.ts (exported from here too).
 */
import { Dexie, liveQuery } from 'dexie';
import { getMeta } from './db';
import { createPull } from './engine-pull';
import { createPush } from './engine-push';
import {
  asApiError,
  type ChannelLike,
  type ListenerTarget,
  type SyncEngine,
  type SyncEngineDeps,
  type SyncRequest,
  type TimersLike,
} from './engine-shared';
import { createEngineStatus } from './engine-status';
import { amendEntry, enqueue, outboxCounts } from './outbox';

export { base64ToBlob } from './engine-pull';
export { isRetryable } from './engine-push';
export type {
  ChannelLike,
  LockManagerLike,
  PullParams,
  ServiceWorkerLike,
  SyncApi,
  SyncEngine,
  SyncEngineDeps,
  SyncStatus,
  TimersLike,
} from './engine-shared';

/** The Web Lock whose holder is this device's one sender. */
export const SENDER_LOCK = 'school-ops-outbox-sender';
/** The Background Sync tag the service worker answers with an `OUTBOX_SYNC` message (sw/sw.ts). */
export const BACKGROUND_SYNC_TAG = 'outbox-sync';
/** The BroadcastChannel on which a tab that does not send asks the sender to sync now, or to resume after sign-in. */
export const SYNC_CHANNEL = 'school-ops-sync';

const DEFAULT_TIMERS: TimersLike = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** Makes a sync engine; nothing happens until `start()`. */
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

  const engineStatus = createEngineStatus(isOnline());
  const setStatus = engineStatus.set;
  const reportError = engineStatus.reportError;
  /** The status as it is now: read anew each time, since `setStatus` replaces the object. */
  const status = engineStatus.get;

  let started = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let queued: SyncRequest | null = null;
  let timer: unknown = null;
  let releaseLock: (() => void) | null = null;
  let lockAbort: AbortController | null = null;
  let channel: ChannelLike | null = null;
  let unwatch: (() => void) | null = null;
  const cleanups: (() => void)[] = [];
  const { pushAll } = createPush({
    db,
    api,
    now,
    random,
    batchSize,
    isStopped: () => stopped,
    getStatus: status,
    setStatus,
    reportError,
  });
  const { pullAll, lastPullAt } = createPull({
    db,
    api,
    now,
    pullLimit,
    photoBatchSize,
    isStopped: () => stopped,
    setStatus,
    reportError,
  });

  // ---- rounds and triggers ----

  async function round(request: SyncRequest): Promise<void> {
    if (!status().isSender || stopped || status().paused !== null || !isOnline()) return;
    reportError('local', null);
    try {
      const outcome = await pushAll(request.force);
      if (outcome !== 'done') return;
      if (request.pull || now() - lastPullAt() >= pullIntervalMs) await pullAll();
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
    if (stopped || !status().isSender || status().paused !== null) return;
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
    if (stopped || !status().isSender) return Promise.resolve();
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
    if (status().isSender) return requestSync({ force: false, pull: false });
    channel?.postMessage({ type: 'written' });
    return Promise.resolve();
  }

  function resume(): Promise<void> {
    engineStatus.clearRemoteErrors();
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
        const grew = value.waiting > status().waiting;
        const same =
          value.snapshot?.received === status().snapshot?.received &&
          value.snapshot?.total === status().snapshot?.total;
        // The same progress keeps its object, so a change of the outbox alone does not look like one of the snapshot.
        setStatus(same ? { ...value, snapshot: status().snapshot } : value);
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
      if (status().isSender) return requestSync({ force: true, pull: true });
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

    subscribe: engineStatus.subscribe,

    getSnapshot: status,
  };
}
