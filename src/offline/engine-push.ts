/**
 * The engine's push (engine.ts): the outbox sent to `POST v2/sync/push` batch after batch, each batch claimed as
 * 'sending' in the transaction that reads it, and each answer filed: applied and duplicate entries leave the outbox for
 * the local tables, a retryable failure backs off with full jitter, a 401 pauses, the rest needs a person.
 */
import { Dexie } from 'dexie';
import type { ApiError } from '../api/client';
import type { SyncPushResponse } from '../api/sync';
// The contract's modules rather than its index (see outbox.ts).
import type { SyncResult } from '../contract/sync';
import { TIMESHEET_PUNCHES } from '../contract/timesheets';
import { retryDelay } from './backoff';
import { isLocalResource, LOCAL_RESOURCES, type LocalResource, type OfflineDb, type OutboxEntry, setMeta } from './db';
import { getDeviceId } from './device';
import { asApiError, isRecordWithId, type PushOutcome, type SyncApi, type SyncStatus } from './engine-shared';

/** Network failure, timeout, rate limit or server error: the same batch may succeed later. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The local table an applied entry's record lands in: its own resource's, or, for a badge read at a station, the
 * timesheets (the record the server clocked in or out, which the station shows).
 */
function localTableOf(resource: string): LocalResource | null {
  if (resource === TIMESHEET_PUNCHES) return 'timesheets';
  return isLocalResource(resource) ? resource : null;
}

/** What the push is given by the engine: its dependencies, and the engine's state as it is when read. */
export interface PushContext {
  db: OfflineDb;
  api: SyncApi;
  now: () => number;
  random: () => number;
  batchSize: number;
  isStopped: () => boolean;
  getStatus: () => SyncStatus;
  setStatus: (patch: Partial<SyncStatus>) => void;
  reportError: (kind: 'push' | 'pull' | 'local', message: string | null) => void;
}

/** The push of one engine; `pushAll` sends what is due (everything when forced) until none is left or it stops. */
export function createPush(ctx: PushContext) {
  const { db, api, now, random, batchSize, isStopped, getStatus, setStatus, reportError } = ctx;

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
      while (!isStopped() && getStatus().paused === null) {
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

  return { pushAll };
}
