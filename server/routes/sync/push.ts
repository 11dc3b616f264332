/**
 * `POST v2/sync/push` applied (see index.ts for the guarantees): receipts, replays answered 'duplicate' or
 * 'conflict', the batch path and the one-by-one path in savepoints.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SyncResult, TimesheetPunch } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { syncReceipts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type CreateOutcome, createOne, isAnswer, sameRecord, updateOne } from '../../lib/resource';
import { storageRefusal, toErrorResponse } from '../../plugins/errors';
import { applyPunch } from '../timesheets/punch';
import { type Checked, checkItem, rejected } from './check';
import { type AnyDefinition, UPDATABLE } from './writable';

const receiptRow = (request: FastifyRequest, c: Checked, deviceId: string, recordId: string) => ({
  id: c.item.id,
  device_id: deviceId,
  user_id: request.auth?.user.id ?? null,
  resource: c.def.name,
  action: c.item.action,
  record_id: recordId,
});

type Receipt = typeof syncReceipts.$inferSelect;

/**
 * The answer to an entry that was applied before (its receipt exists): 'duplicate' when it carries what was stored,
 * 'conflict' when its outbox id comes back with other content (an idempotency key reused for another body), so the
 * change is shown to staff instead of dropped without a word. A record removed since answers 'duplicate' without it.
 */
function replayAnswer(c: Checked, receipt: Receipt, record: unknown): SyncResult {
  const id = c.item.id;
  if (c.item.action === 'update') {
    // An update's record has moved on since (later changes): the same record is the same entry again.
    return receipt.resource === c.def.name && receipt.action === 'update' && receipt.record_id === c.input.id
      ? { id, status: 'duplicate', ...(record === undefined ? {} : { record }) }
      : {
          id,
          status: 'conflict',
          message: 'This entry was sent before with different content. The server kept what it received first.',
        };
  }
  if (receipt.resource === c.def.name && receipt.record_id === c.input.id && record === undefined) {
    return { id, status: 'duplicate' };
  }
  if (
    receipt.resource !== c.def.name ||
    record === undefined ||
    !(sameRecord(c.def, c.input, record) || isAnswer(c.def, c.input, record))
  ) {
    return {
      id,
      status: 'conflict',
      message: 'This entry was sent before with different content. The server kept what it received first.',
      ...(record === undefined ? {} : { record }),
    };
  }
  return { id, status: 'duplicate', record };
}

/** The stored records these receipts point to, by id: one query per resource. */
async function receiptRecords(tx: Tx, replays: { def: AnyDefinition; receipt: Receipt }[]) {
  const out = new Map<string, unknown>();
  for (const def of new Set(replays.map((r) => r.def))) {
    const ids = replays.filter((r) => r.def === def && r.receipt.resource === def.name).map((r) => r.receipt.record_id);
    if (!ids.length) continue;
    const rows = (await tx
      .select()
      .from(def.table)
      .where(inArray(def.idColumn, ids as string[]))) as Record<string, unknown>[];
    for (const record of await def.toRecords(rows, tx)) out.set((record as { id: string }).id, record);
  }
  return out;
}

/** Applies one checked entry (the slow path: the caller runs it in its own savepoint). */
async function applyOne(tx: Tx, request: FastifyRequest, c: Checked, deviceId: string): Promise<SyncResult> {
  const { item, def } = c;
  if (c.punch) {
    // Its own receipt, keyed by the punch's id, is written and read by applyPunch (the REST route's too).
    const { record, replayed } = await applyPunch(tx, request, c.input as TimesheetPunch, deviceId);
    return { id: item.id, status: replayed ? 'duplicate' : 'applied', record };
  }
  const replay = async () => {
    const [receipt] = await tx.select().from(syncReceipts).where(eq(syncReceipts.id, item.id)).limit(1);
    if (!receipt?.record_id) return null;
    const stored = await receiptRecords(tx, [{ def, receipt }]);
    return replayAnswer(c, receipt, stored.get(receipt.record_id));
  };
  const replayed = await replay();
  if (replayed) return replayed;
  if (item.action === 'update') {
    // Under the lock a first push of the same entry holds until it commits: its receipt is seen here after it.
    await UPDATABLE[def.name]?.lock(tx, c.input.id);
    const raced = await replay();
    if (raced) return raced;
    const { id: recordId, _method, ...fields } = c.input;
    void _method;
    const apply = UPDATABLE[def.name]?.apply;
    const record = apply
      ? await apply(tx, request, recordId, fields)
      : await updateOne(def, { tx, request }, recordId, fields);
    await tx
      .insert(syncReceipts)
      .values(receiptRow(request, c, deviceId, recordId))
      .onConflictDoNothing({ target: syncReceipts.id });
    return { id: item.id, status: 'applied', record };
  }
  const { record, created } = await createOne(def, { tx, request }, c.input);
  await tx
    .insert(syncReceipts)
    .values(receiptRow(request, c, deviceId, (record as { id: string }).id))
    .onConflictDoNothing({ target: syncReceipts.id });
  return { id: item.id, status: created ? 'applied' : 'duplicate', record };
}

/**
 * Applies one entry in its own savepoint: what the database refuses of it becomes its own answer ('rejected' with a
 * reason in plain words, or 'conflict' for a rule of the day held by another record) and the batch goes on. A failure
 * that is not the entry's (a lost connection, a deadlock, a bug) is thrown: the push answers 5xx and is retried.
 */
async function applyIsolated(tx: Tx, request: FastifyRequest, c: Checked, deviceId: string): Promise<SyncResult> {
  const id = c.item.id;
  try {
    return await tx.transaction((sp) => applyOne(sp, request, c, deviceId));
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') {
      return { id, status: 'conflict', message: err.message, record: err.extra.record };
    }
    const { status, body } = toErrorResponse(err);
    if (status === 409) return { id, status: 'conflict', message: body.message };
    if (status < 500) return rejected(id, body.message, body.errors);
    const refusal = storageRefusal(err);
    if (!refusal) throw err;
    request.log.warn({ err, entry: id }, 'the database refused a pushed entry');
    return rejected(id, refusal);
  }
}

/**
 * Applies a batch with a fixed number of queries per resource (receipts read and written in bulk, records through the
 * resource's `createMany`). The caller runs it in a savepoint or a transaction of its own: it is wholly applied or, on a failure, not at all.
 */
async function applyBatch(
  tx: Tx,
  request: FastifyRequest,
  checked: Checked[],
  deviceId: string,
): Promise<Map<Checked, SyncResult>> {
  const out = new Map<Checked, SyncResult>();
  const receipts = new Map(
    (
      await tx
        .select()
        .from(syncReceipts)
        .where(
          inArray(
            syncReceipts.id,
            checked.map((c) => c.item.id),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  const replays = checked.flatMap((c) => {
    const receipt = receipts.get(c.item.id);
    return receipt?.record_id ? [{ c, def: c.def, receipt }] : [];
  });
  const stored = replays.length ? await receiptRecords(tx, replays) : new Map<string, unknown>();
  for (const { c, receipt } of replays) out.set(c, replayAnswer(c, receipt, stored.get(receipt.record_id as string)));
  // An outbox id twice in one batch: the first is applied, the later ones answered as its replays.
  const first = new Map<string, Checked>();
  const fresh: Checked[] = [];
  const repeats: Checked[] = [];
  for (const c of checked) {
    if (out.has(c)) continue;
    if (first.has(c.item.id)) repeats.push(c);
    else {
      first.set(c.item.id, c);
      fresh.push(c);
    }
  }
  const toReceipt: ReturnType<typeof receiptRow>[] = [];
  for (const def of new Set(fresh.map((c) => c.def))) {
    const group = fresh.filter((c) => c.def === def);
    const outcomes: CreateOutcome<unknown>[] = def.createMany
      ? await def.createMany(
          group.map((c) => c.input),
          { tx, request },
        )
      : [];
    if (!def.createMany) {
      for (const c of group) {
        const { record, created } = await createOne(def, { tx, request }, c.input);
        outcomes.push({ status: created ? 'created' : 'same', record });
      }
    }
    group.forEach((c, i) => {
      const o = outcomes[i];
      if (!o) throw new Error('createMany answered fewer outcomes than inputs');
      if (o.status === 'invalid') out.set(c, rejected(c.item.id, o.message, o.errors));
      else if (o.status === 'conflict')
        out.set(c, { id: c.item.id, status: 'conflict', message: o.message, record: o.record });
      else {
        out.set(c, { id: c.item.id, status: o.status === 'created' ? 'applied' : 'duplicate', record: o.record });
        toReceipt.push(receiptRow(request, c, deviceId, (o.record as { id: string }).id));
      }
    });
  }
  for (const c of repeats) {
    const earlier = out.get(first.get(c.item.id) as Checked) as SyncResult;
    const receipt = toReceipt.find((r) => r.id === c.item.id);
    out.set(
      c,
      receipt ? replayAnswer(c, { ...receipt, received_at: '' }, earlier.record) : { ...earlier, id: c.item.id },
    );
  }
  for (let i = 0; i < toReceipt.length; i += 500) {
    await tx
      .insert(syncReceipts)
      .values(toReceipt.slice(i, i + 500))
      .onConflictDoNothing({ target: syncReceipts.id });
  }
  return out;
}

/**
 * Answers every entry of a push in one transaction: the fast batch path in a savepoint, or, when the batch fails as a
 * whole, each entry in its own savepoint, so one entry the database refuses never holds back the others.
 */
export async function pushAll(
  request: FastifyRequest,
  raws: { id: string }[],
  deviceId: string,
): Promise<SyncResult[]> {
  const checks = raws.map((raw) => checkItem(request, raw, deviceId));
  const checked = checks.filter((c): c is Checked => 'def' in c);
  // In the order they were made (a clock-out of a server record, then the next clock-in): each run of creates as one
  // batch, each update and each badge punch on its own.
  const runs: Checked[][] = [];
  for (const c of checked) {
    const last = runs.at(-1);
    const batchable = (x: Checked | undefined) => x?.item.action === 'create' && !x.punch;
    if (batchable(c) && batchable(last?.[0])) last?.push(c);
    else runs.push([c]);
  }
  const db = request.server.db;
  const isolated = async (tx: Tx, run: Checked[], out: Map<Checked, SyncResult>) => {
    for (const c of run) out.set(c, await applyIsolated(tx, request, c, deviceId));
    return out;
  };
  const only = runs.length === 1 ? (runs[0] as Checked[]) : undefined;
  let applied = new Map<Checked, SyncResult>();
  if (only && only[0]?.item.action === 'create' && !only[0].punch) {
    // Creates only (a station's usual push): the batch is the transaction, without a savepoint around it (two round
    // trips fewer). When it fails as a whole nothing of it stays, and its entries are applied again one by
    // one, each in its own savepoint, as below.
    try {
      applied = await db.transaction((tx) => applyBatch(tx, request, only, deviceId));
    } catch (err) {
      request.log.warn({ err }, 'batch push failed as a whole; applying its entries one by one');
      applied = await db.transaction((tx) => isolated(tx, only, new Map()));
    }
  } else if (checked.length) {
    applied = await db.transaction(async (tx) => {
      const out = new Map<Checked, SyncResult>();
      for (const run of runs) {
        const first = run[0] as Checked;
        if (first.item.action !== 'create' || first.punch) {
          out.set(first, await applyIsolated(tx, request, first, deviceId));
          continue;
        }
        try {
          for (const [c, result] of await tx.transaction((sp) => applyBatch(sp, request, run, deviceId))) {
            out.set(c, result);
          }
        } catch (err) {
          request.log.warn({ err }, 'batch push failed as a whole; applying its entries one by one');
          await isolated(tx, run, out);
        }
      }
      return out;
    });
  }
  return checks.map((c) => {
    if (!('def' in c)) return c;
    const result = applied.get(c) as SyncResult;
    // Each record as this caller may see it (no meal eligibility for a serving station, for one).
    return result.record && c.def.present ? { ...result, record: c.def.present(result.record, request) } : result;
  });
}
