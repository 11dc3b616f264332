/**
 * The offline sync (DESIGN section 5). `POST v2/sync/push` applies a device's outbox entries one by one, each in its
 * own transaction with a receipt, so every entry is wholly applied or not at all and a replay answers 'duplicate'
 * (exactly once). `GET v2/sync/pull?since=` answers what changed in the reference data the caller may see, from the
 * change log the triggers keep; `POST v2/sync/photos` hands the snapshot its photos in batches.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  type Permission,
  PhotoBatchBodySchema,
  PhotoBatchResponseSchema,
  type SyncChange,
  type SyncItem,
  SyncItemSchema,
  SyncPullQuerySchema,
  SyncPullResponseSchema,
  SyncPushBodySchema,
  SyncPushResponseSchema,
  type SyncResult,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import {
  authorizedPickUps,
  changes,
  checkIns,
  demographics,
  messengerSchedules,
  nslpRecords,
  photos,
  schoolSettings,
  syncReceipts,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type CreateOutcome, createOne, readOne, type ResourceDefinition } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { can, requireAuth } from '../../plugins/access';
import { toErrorResponse } from '../../plugins/errors';
import { toPickUpRecord } from '../authorized_pick_ups/index';
import { toCheckInRecord, checkInsResource } from '../check_ins/index';
import { presentDemographic, toDemographicRecord } from '../demographics/index';
import { nslpRecordsResource, presentNslpRecord, toNslpRecord } from '../nslp_records/index';
import { toMessengerRecord } from '../messenger_schedules/index';
import { maySeeOwner } from '../photos/index';
import { toSchoolSettings } from '../school_settings/index';

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of different record types.
type AnyDefinition = ResourceDefinition<any, any, any>;

/** The resources a device may write through its outbox, with the definition the REST create uses too. */
const WRITABLE: Record<string, AnyDefinition> = {
  check_ins: checkInsResource,
  nslp_records: nslpRecordsResource,
};

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ErrorResponseSchema };

/** The reference data a device keeps: what it is, who may see it, and how to read it. */
interface Pullable {
  /** The permission that lets a caller see it; none: everyone signed in. */
  permission?: Permission;
  /** The records with these ids (or all of them) as this caller may see them. */
  read(
    tx: Tx,
    ids: string[] | 'all',
    today: string,
    request: FastifyRequest,
  ): Promise<{ id: string; record: unknown }[]>;
}

const PULLABLE: Record<string, Pullable> = {
  demographics: {
    permission: 'demographics-view_any',
    async read(tx, ids, _today, request) {
      const rows = await tx
        .select()
        .from(demographics)
        .where(ids === 'all' ? undefined : inArray(demographics.id, ids));
      // Meal eligibility only to those who may see it: a serving station's roster never carries it (DESIGN section 7).
      return rows.map((r) => ({ id: r.id, record: presentDemographic(toDemographicRecord(r), request) }));
    },
  },
  authorized_pick_ups: {
    permission: 'authorized_pick_ups-view_any',
    /**
     * The pick-up adults of every scholar with their photo ids (F5), so the pick-up line signs out offline. Active
     * ones only: one deactivated since the last pull goes out as a removal. Refusals (not_authorized) are included,
     * so the line sees the custody order's note; validity dates are the device's to check, and the server's again.
     */
    async read(tx, ids) {
      const rows = await tx
        .select()
        .from(authorizedPickUps)
        .where(and(eq(authorizedPickUps.active, true), ids === 'all' ? undefined : inArray(authorizedPickUps.id, ids)));
      return rows.map((r) => ({ id: r.id, record: toPickUpRecord(r) }));
    },
  },
  messenger_schedules: {
    permission: 'messenger_schedules-view_any',
    async read(tx, ids) {
      const rows = await tx
        .select()
        .from(messengerSchedules)
        .where(ids === 'all' ? undefined : inArray(messengerSchedules.id, ids));
      return rows.map((r) => ({ id: r.id, record: toMessengerRecord(r) }));
    },
  },
  school_settings: {
    async read(tx, ids) {
      const rows = await tx
        .select()
        .from(schoolSettings)
        .where(ids === 'all' ? undefined : inArray(schoolSettings.id, ids));
      return rows.map((r) => ({ id: r.id, record: toSchoolSettings(r) }));
    },
  },
  check_ins: {
    permission: 'check_ins-view_any',
    async read(tx, ids, today) {
      const rows = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.school_day, today), ids === 'all' ? undefined : inArray(checkIns.id, ids)));
      return rows.map((r) => ({ id: r.id, record: toCheckInRecord(r) }));
    },
  },
  nslp_records: {
    permission: 'nslp_records-view_any',
    /**
     * Today's meals from every station, so a tablet's duplicate check knows another tablet's: a snapshot carries the
     * meals that stand, a delta also the day's voids (voided: true) so a station can drop them.
     */
    async read(tx, ids, today, request) {
      const rows = await tx
        .select()
        .from(nslpRecords)
        .where(
          and(
            eq(nslpRecords.served_on, today),
            ids === 'all' ? eq(nslpRecords.voided, false) : inArray(nslpRecords.id, ids),
          ),
        );
      return rows.map((r) => ({ id: r.id, record: presentNslpRecord(toNslpRecord(r), request) }));
    },
  },
};

/** Zod issues as `{field: [messages]}`. */
function issuesByField(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'data';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

interface Checked {
  item: SyncItem;
  def: AnyDefinition;
  input: Record<string, unknown> & { id: string };
}

const rejected = (id: string, message: string, errors?: Record<string, string[]>): SyncResult => ({
  id,
  status: 'rejected',
  message,
  ...(errors ? { errors } : {}),
});

/** Checks one entry with its resource's schema and permission: what to apply, or why it is rejected. */
function checkItem(request: FastifyRequest, raw: { id: string }, deviceId: string): Checked | SyncResult {
  const envelope = SyncItemSchema.safeParse(raw);
  if (!envelope.success) return rejected(raw.id, 'The entry is not valid.', issuesByField(envelope.error.issues));
  const item = envelope.data;
  const def = WRITABLE[item.resource];
  if (!def) return rejected(item.id, 'Not a resource the outbox can send.');
  if (item.action !== 'create') return rejected(item.id, 'Only new records can be sent from a device.');
  if (!can(request, `${def.name}-${item.action}` as Permission)) {
    return rejected(item.id, 'You do not have permission to do that.');
  }
  const parsed = def.create.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def, input: parsed.data };
}

const receiptRow = (request: FastifyRequest, c: Checked, deviceId: string, recordId: string) => ({
  id: c.item.id,
  device_id: deviceId,
  user_id: request.auth?.user.id ?? null,
  resource: c.def.name,
  action: c.item.action,
  record_id: recordId,
});

/** Applies one checked entry in its own transaction (the slow path, which isolates an entry that fails). */
async function applyOne(request: FastifyRequest, c: Checked, deviceId: string): Promise<SyncResult> {
  const { item, def } = c;
  try {
    return await request.server.db.transaction(async (tx) => {
      const [receipt] = await tx.select().from(syncReceipts).where(eq(syncReceipts.id, item.id)).limit(1);
      if (receipt?.record_id) {
        return { id: item.id, status: 'duplicate', record: await readOne(def, tx, receipt.record_id) } as const;
      }
      const { record, created } = await createOne(def, { tx, request }, c.input);
      await tx.insert(syncReceipts).values(receiptRow(request, c, deviceId, (record as { id: string }).id));
      return { id: item.id, status: created ? 'applied' : 'duplicate', record } as const;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') {
      return { id: item.id, status: 'conflict', message: err.message, record: err.extra.record };
    }
    const { status, body } = toErrorResponse(err);
    if (status >= 500) throw err;
    return rejected(item.id, body.message, body.errors);
  }
}

/**
 * Applies a batch in one transaction with a fixed number of queries per resource (receipts read and written in bulk,
 * records through the resource's `createMany`): a batch is wholly applied or, on a failure, not at all.
 */
async function applyBatch(
  request: FastifyRequest,
  checked: Checked[],
  deviceId: string,
): Promise<Map<string, SyncResult>> {
  const out = new Map<string, SyncResult>();
  await request.server.db.transaction(async (tx) => {
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
    const fresh: Checked[] = [];
    for (const c of checked) {
      const receipt = receipts.get(c.item.id);
      if (receipt?.record_id)
        out.set(c.item.id, { id: c.item.id, status: 'duplicate', record: await readOne(c.def, tx, receipt.record_id) });
      else if (!fresh.some((f) => f.item.id === c.item.id)) fresh.push(c);
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
        if (o.status === 'invalid') out.set(c.item.id, rejected(c.item.id, o.message, o.errors));
        else if (o.status === 'conflict')
          out.set(c.item.id, { id: c.item.id, status: 'conflict', message: o.message, record: o.record });
        else {
          out.set(c.item.id, {
            id: c.item.id,
            status: o.status === 'created' ? 'applied' : 'duplicate',
            record: o.record,
          });
          toReceipt.push(receiptRow(request, c, deviceId, (o.record as { id: string }).id));
        }
      });
    }
    for (let i = 0; i < toReceipt.length; i += 500) await tx.insert(syncReceipts).values(toReceipt.slice(i, i + 500));
  });
  return out;
}

/** Answers every entry of a push: the fast batch path, or one by one when the batch as a whole fails. */
async function pushAll(request: FastifyRequest, raws: { id: string }[], deviceId: string): Promise<SyncResult[]> {
  const checks = raws.map((raw) => checkItem(request, raw, deviceId));
  const checked = checks.filter((c): c is Checked => 'def' in c);
  let applied = new Map<string, SyncResult>();
  if (checked.length) {
    try {
      applied = await applyBatch(request, checked, deviceId);
    } catch (err) {
      request.log.warn({ err }, 'batch push failed as a whole; applying its entries one by one');
      for (const c of checked) applied.set(c.item.id, await applyOne(request, c, deviceId));
    }
  }
  return checks.map((c) => {
    if (!('def' in c)) return c;
    const result = applied.get(c.item.id) as SyncResult;
    // Each record as this caller may see it (no meal eligibility for a serving station, for one).
    return result.record && c.def.present ? { ...result, record: c.def.present(result.record, request) } : result;
  });
}

/** The oldest transaction still running: a change written by it or a later one may not be visible yet. */
async function oldestRunning(tx: Tx): Promise<number> {
  // Both drivers answer raw queries as { rows }.
  const result = (await tx.execute(
    sql`select (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint as xmin`,
  )) as unknown as { rows: { xmin: string | number }[] };
  return Number(result.rows[0]?.xmin ?? 0);
}

/** The cursor a full snapshot stands at: just before the first change that may still be committing. */
async function snapshotCursor(tx: Tx): Promise<number> {
  const xmin = await oldestRunning(tx);
  const [pending] = await tx
    .select({ seq: sql<string | null>`min(${changes.seq})` })
    .from(changes)
    .where(sql`${changes.xid} >= ${xmin}`);
  if (pending?.seq != null) return Number(pending.seq) - 1;
  const [last] = await tx.select({ seq: sql<string | null>`max(${changes.seq})` }).from(changes);
  return Number(last?.seq ?? 0);
}

/** The changes after `since` that are safe to hand out, in order: a pull never skips a change still committing. */
async function safeChanges(tx: Tx, since: number, limit: number) {
  const xmin = await oldestRunning(tx);
  const rows = await tx
    .select()
    .from(changes)
    .where(gt(changes.seq, since))
    .orderBy(asc(changes.seq))
    .limit(limit + 1);
  const taken: typeof rows = [];
  for (const row of rows.slice(0, limit)) {
    if (row.xid >= xmin) break;
    taken.push(row);
  }
  // More to read only when this page is full; a change still committing is asked for again on the next pull.
  return { taken, more: taken.length === limit && rows.length > limit };
}

/** A full snapshot of what the caller may see. */
async function snapshot(tx: Tx, visible: [string, Pullable][], today: string, request: FastifyRequest) {
  const cursor = await snapshotCursor(tx);
  const out: SyncChange[] = [];
  for (const [resource, p] of visible) {
    for (const { id, record } of await p.read(tx, 'all', today, request)) {
      out.push({ resource, id, op: 'upsert', record });
    }
  }
  return { changes: out, cursor, more: false, reset: true, server_time: new Date().toISOString() };
}

/** What changed after `since`, newest state of each record, removals as deletes. */
async function delta(
  tx: Tx,
  visible: [string, Pullable][],
  today: string,
  since: number,
  limit: number,
  request: FastifyRequest,
) {
  const { taken, more } = await safeChanges(tx, since, limit);
  const latest = new Map<string, { resource: string; id: string; op: 'upsert' | 'delete' }>();
  for (const c of taken)
    latest.set(`${c.resource}:${c.record_id}`, { resource: c.resource, id: c.record_id, op: c.op });
  const out: SyncChange[] = [];
  for (const [resource, p] of visible) {
    const wanted = [...latest.values()].filter((c) => c.resource === resource);
    const upserts = wanted.filter((c) => c.op === 'upsert').map((c) => c.id);
    const found = new Map(
      (upserts.length ? await p.read(tx, upserts, today, request) : []).map((r) => [r.id, r.record]),
    );
    for (const c of wanted) {
      const record = found.get(c.id);
      out.push(
        record === undefined ? { resource, id: c.id, op: 'delete' } : { resource, id: c.id, op: 'upsert', record },
      );
    }
  }
  const cursor = taken.at(-1)?.seq ?? since;
  return { changes: out, cursor, more, reset: false, server_time: new Date().toISOString() };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/push',
    {
      config: { access: 'signed_in' },
      bodyLimit: 4 * 1024 * 1024,
      schema: { body: SyncPushBodySchema, response: { 200: SyncPushResponseSchema, ...errors } },
    },
    async (request) => {
      requireAuth(request);
      return { results: await pushAll(request, request.body.items, request.body.device_id) };
    },
  );

  app.get(
    '/pull',
    {
      config: { access: 'signed_in' },
      schema: { querystring: SyncPullQuerySchema, response: { 200: SyncPullResponseSchema, ...errors } },
    },
    async (request) => {
      const visible = Object.entries(PULLABLE).filter(([, p]) => !p.permission || can(request, p.permission));
      const today = schoolDay(new Date(), app.config.SCHOOL_TIMEZONE);
      return app.db.transaction(async (tx) => {
        const [last] = await tx.select({ seq: sql<string | null>`max(${changes.seq})` }).from(changes);
        const since = request.query.since;
        // No cursor (a new device), or one from another database (restored or replaced): start again from a snapshot.
        if (since === undefined || since > Number(last?.seq ?? 0)) return snapshot(tx, visible, today, request);
        return delta(tx, visible, today, since, request.query.limit, request);
      });
    },
  );

  app.post(
    '/photos',
    {
      config: { access: 'signed_in' },
      schema: { body: PhotoBatchBodySchema, response: { 200: PhotoBatchResponseSchema, ...errors } },
    },
    async (request) => {
      const rows = await app.db.select().from(photos).where(inArray(photos.id, request.body.ids));
      const out = [];
      for (const row of rows) {
        if (!(await maySeeOwner(app.db as unknown as Tx, request, { type: row.owner_type, id: row.owner_id })))
          continue;
        out.push({
          id: row.id,
          content_type: row.content_type,
          sha256: row.sha256,
          data: Buffer.from(row.bytes).toString('base64'),
        });
      }
      return { photos: out };
    },
  );
};

export default routes;
