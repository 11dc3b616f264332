/**
 * The offline sync (DESIGN section 5).
 *
 * `POST v2/sync/push` applies a device's outbox entries in one transaction with a receipt per entry, so a replay
 * answers 'duplicate' (exactly once) and an outbox id reused for other content answers 'conflict'. A clean batch takes
 * a fixed number of queries (the fast path, in one savepoint, or as the whole transaction when the push holds
 * creates only); when the batch fails as a whole, each entry is applied
 * again in its own savepoint, so an entry the database refuses (a NUL character, a year 0000, a constraint the contract
 * cannot know) is answered 'rejected' with a reason in plain words and every other entry is applied. Only a failure
 * that is not the entry's (a lost connection, a bug) fails the push, and then nothing of it is applied: the device
 * retries the whole of it.
 *
 * A resource may also take updates from a device (timesheets: a clock-out of a record already on the server, with the
 * version it was based on). A push is applied in the order its entries were made: each run of creates as one batch,
 * each update on its own in its own savepoint, through the
 * same definition as the REST update: applied only to the version named, else answered 'conflict' with the stored
 * record; a receipt makes a replay answer 'duplicate'. A staff badge read at a station (`timesheet_punches`) is
 * applied on its own too, by the timesheets' punch (a clock-in or the clock-out of the holder's open record). A void of
 * a check-in (the pick-up line's Undo) travels as an update of it, so it lands after the sign-out it undoes even when
 * both come in one push.
 *
 * `GET v2/sync/pull?since=` answers what changed in the reference data the caller may see, from the change log the
 * triggers keep. Without a cursor it answers a snapshot in pages of `limit` records, in a stable order (resource, then
 * id); the page token is stateless (the snapshot's cursor and the last record handed out), so a page can be asked for
 * again after a restart, and what changes while a device pages comes in the delta since the snapshot's cursor.
 * `POST v2/sync/photos` hands the snapshot its photos in batches.
 */
import { and, asc, count, eq, gt, gte, inArray, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAR_LINE_CALLS,
  CheckInSyncVoidSchema,
  ErrorResponseSchema,
  type Permission,
  PhotoBatchBodySchema,
  PhotoBatchResponseSchema,
  type SyncChange,
  type SyncItem,
  SyncItemSchema,
  SyncPullQuerySchema,
  type SyncPullResponse,
  SyncPullResponseSchema,
  SyncPushBodySchema,
  SyncPushResponseSchema,
  type SyncResult,
  shiftDate,
  TIMESHEET_PUNCHES,
  type TimesheetPunch,
  TimesheetPunchSchema,
  TimesheetSyncUpdateSchema,
  UUID_PATTERN,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import {
  absenceReports,
  authorizedPickUps,
  changes,
  checkIns,
  demographics,
  messengerSchedules,
  nslpRecords,
  photos,
  schoolSettings,
  syncReceipts,
  timesheets,
} from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import {
  type CreateOutcome,
  createOne,
  isAnswer,
  type ResourceDefinition,
  sameRecord,
  updateOne,
} from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { readSyncEpoch } from '../../lib/sync-epoch';
import { can, requireAuth } from '../../plugins/access';
import { storageRefusal, toErrorResponse } from '../../plugins/errors';
import { toReports } from '../absence_reports/model';
import { toPickUpRecord } from '../authorized_pick_ups/index';
import { checkInsResource, toCheckInRecord, voidCheckIn } from '../check_ins/index';
import { conferenceSignInsResource } from '../conferences/index';
import { covidScreeningsResource } from '../covid_screenings/index';
import { presentDemographic, toDemographicRecord } from '../demographics/index';
import { toMessengerRecord } from '../messenger_schedules/index';
import { nslpRecordsResource, presentNslpRecord, toNslpRecord } from '../nslp_records/index';
import { maySeeOwner } from '../photos/index';
import { toSchoolSettings } from '../school_settings/index';
import { timesheetsResource, toTimesheetRecords } from '../timesheets/index';
import { applyPunch } from '../timesheets/punch';
import { lockPerson } from '../timesheets/shared';
import { carLineQueuePullable, checkCarLineCall } from './car-line';

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of different record types.
type AnyDefinition = ResourceDefinition<any, any, any>;

/** The resources a device may write through its outbox, with the definition the REST create uses too. */
const WRITABLE: Record<string, AnyDefinition> = {
  check_ins: checkInsResource,
  nslp_records: nslpRecordsResource,
  timesheets: timesheetsResource,
};

/**
 * What a portal account (a scholar or a parent) may send from the Scholar Portal: a COVID screening
 * answer and a conference sign-in, created only. No staff permission is asked: the definition checks that the scholar
 * is the caller's (404 otherwise, answered 'rejected').
 */
const PORTAL_WRITABLE: Record<string, AnyDefinition> = {
  covid_screenings: covidScreeningsResource,
  conference_sign_ins: conferenceSignInsResource,
};

/**
 * The resources whose records a device may also change, with the schema of an update, the lock it takes first, and,
 * when it is not the resource's REST update, the permission it asks for and how it is applied.
 */
const UPDATABLE: Record<
  string,
  {
    schema: z.ZodType<{ id: string }>;
    lock(tx: Tx, recordId: string): Promise<void>;
    permission?: Permission;
    apply?(tx: Tx, request: FastifyRequest, recordId: string, fields: Record<string, unknown>): Promise<unknown>;
  }
> = {
  /**
   * A check-in's one change from a device: its void (the pick-up line's Undo). An update of the record rather than a
   * resource of its own, because an update is applied in the order the entries were made (after the run of creates
   * before it, so after the sign-out it undoes, in the same push or an earlier one), its receipt makes a second
   * delivery 'duplicate', and the device's lists already tie an update to the record it names. It asks for the
   * permission of the sign-out itself (check_ins-create), not check_ins-update (the office's corrections).
   */
  check_ins: {
    schema: CheckInSyncVoidSchema,
    permission: 'check_ins-create',
    async lock(tx, recordId) {
      await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.id, recordId)).for('update');
    },
    async apply(tx, request, recordId, fields) {
      const body = CheckInSyncVoidSchema.parse({ ...fields, id: recordId });
      return (await voidCheckIn(tx, request, recordId, body)).record;
    },
  },
  timesheets: {
    schema: TimesheetSyncUpdateSchema,
    // The record's person, as the REST update locks them: a replay that waited behind the first sees its receipt.
    async lock(tx, recordId) {
      const [row] = await tx
        .select({ user_id: timesheets.user_id })
        .from(timesheets)
        .where(eq(timesheets.id, recordId))
        .limit(1);
      if (row) await lockPerson(tx, row.user_id, 'id');
    },
  },
};

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ErrorResponseSchema };

/** The reference data a device keeps: what it is, who may see it, which rows, and how a row is shown. */
interface Pullable {
  /** The permission that lets a caller see it; none: everyone signed in. */
  permission?: Permission;
  table: PgTable;
  id: AnyPgColumn;
  /** The rows a device keeps (what a snapshot carries); none: all of them. */
  kept?(today: string, request: FastifyRequest): SQL | undefined;
  /** The changed rows a delta hands out (any other changed row goes out as a removal); none: those kept. */
  changed?(today: string, request: FastifyRequest): SQL | undefined;
  /**
   * The rows this caller's devices may ever hold (their own records); a change to any other row is not sent at all,
   * not even as a removal. None: every row may be held.
   */
  audience?(request: FastifyRequest): SQL;
  /** Stored rows as this caller may see them, in the same order. */
  records(rows: unknown[], request: FastifyRequest, tx: Tx): unknown[] | Promise<unknown[]>;
}

/** A Pullable whose `records` is typed by its table's rows. */
const pullable = <T extends PgTable>(
  p: Omit<Pullable, 'records' | 'table'> & {
    table: T;
    records(rows: T['$inferSelect'][], request: FastifyRequest, tx: Tx): unknown[] | Promise<unknown[]>;
  },
): Pullable => p as unknown as Pullable;

/** How far back a device keeps its person's own timesheet records: a pay period of a month and some days more. */
export const OWN_TIMESHEET_DAYS = 40;

/** In the order a snapshot hands them out (its pages go resource after resource, each by id). */
const PULLABLE: Record<string, Pullable> = {
  demographics: pullable({
    permission: 'demographics-view_any',
    table: demographics,
    id: demographics.id,
    // Enrolled scholars only: one withdrawn since the last pull goes out as a removal, so the stations' rosters drop
    // them while the record and its history stay on the server.
    kept: () => eq(demographics.active, true),
    // Meal eligibility only to those who may see it: a serving station's roster never carries it (DESIGN section 7).
    records: (rows, request) => rows.map((r) => presentDemographic(toDemographicRecord(r), request)),
  }),
  authorized_pick_ups: pullable({
    permission: 'authorized_pick_ups-view_any',
    table: authorizedPickUps,
    id: authorizedPickUps.id,
    /**
     * The pick-up adults of every scholar with their photo ids (F5), so the pick-up line signs out offline. Active
     * ones only: one deactivated since the last pull goes out as a removal. Refusals (not_authorized) are included,
     * so the line sees the custody order's note; validity dates are the device's to check, and the server's again.
     */
    kept: () => eq(authorizedPickUps.active, true),
    records: (rows) => rows.map(toPickUpRecord),
  }),
  messenger_schedules: pullable({
    permission: 'messenger_schedules-view_any',
    table: messengerSchedules,
    id: messengerSchedules.id,
    records: (rows) => rows.map(toMessengerRecord),
  }),
  school_settings: pullable({
    table: schoolSettings,
    id: schoolSettings.id,
    records: (rows) => rows.map(toSchoolSettings),
  }),
  check_ins: pullable({
    permission: 'check_ins-view_any',
    table: checkIns,
    id: checkIns.id,
    // A check-in voided since the last pull goes out as a removal: other stations drop it (the scholar is back).
    kept: (today) => and(eq(checkIns.school_day, today), isNull(checkIns.voided_at)),
    records: (rows) => rows.map(toCheckInRecord),
  }),
  nslp_records: pullable({
    permission: 'nslp_records-view_any',
    table: nslpRecords,
    id: nslpRecords.id,
    /**
     * Today's meals from every station, so a tablet's duplicate check knows another tablet's: a snapshot carries the
     * meals that stand, a delta also the day's voids (voided: true) so a station can drop them.
     */
    kept: (today) => and(eq(nslpRecords.served_on, today), eq(nslpRecords.voided, false)),
    changed: (today) => eq(nslpRecords.served_on, today),
    records: (rows, request) => rows.map((r) => presentNslpRecord(toNslpRecord(r), request)),
  }),
  absence_reports: pullable({
    permission: 'absence_reports-view_any',
    table: absenceReports,
    id: absenceReports.id,
    /**
     * The families' reports of today and later days, so Check In/Out and the kiosk know a reported absence or late
     * arrival offline. One withdrawn, or whose last day has passed, goes out as a removal.
     */
    kept: (today) => and(gte(absenceReports.ends_on, today), isNull(absenceReports.withdrawn_at)),
    records: (rows, _request, tx) => toReports(tx, rows),
  }),
  timesheets: pullable({
    permission: 'timesheets-create',
    table: timesheets,
    id: timesheets.id,
    /**
     * The caller's own records of the last OWN_TIMESHEET_DAYS days: whether they are clocked in (at
     * the kiosk, say) and their recent days, on their phone offline. Nobody else's, whatever the caller may see.
     */
    kept: (today, request) =>
      and(
        eq(timesheets.user_id, requireAuth(request).user.id),
        gte(timesheets.work_date, shiftDate(today, -OWN_TIMESHEET_DAYS)),
      ),
    // Another person's clock-ins are none of this device's business: not even their ids go out in a delta.
    audience: (request) => eq(timesheets.user_id, requireAuth(request).user.id),
    records: (rows, _request, tx) => toTimesheetRecords(rows, tx),
  }),
  car_line_queue: pullable(carLineQueuePullable),
};

/** Rows as `{id, record}` for this caller. */
async function shown(
  p: Pullable,
  rows: unknown[],
  request: FastifyRequest,
  tx: Tx,
): Promise<{ id: string; record: unknown }[]> {
  const records = await p.records(rows, request, tx);
  return rows.map((row, i) => ({ id: (row as { id: string }).id, record: records[i] }));
}

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
  /** A staff badge read at a station (`timesheet_punches`): the server decides clock-in or clock-out. */
  punch?: true;
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
  if (item.resource === TIMESHEET_PUNCHES) return checkPunch(request, item);
  if (item.resource === CAR_LINE_CALLS) return checkCarLineCall(request, item, deviceId) as Checked | SyncResult;
  const portal = Object.hasOwn(PORTAL_WRITABLE, item.resource) ? PORTAL_WRITABLE[item.resource] : undefined;
  if (portal) return checkPortalItem(request, item, portal, deviceId);
  const def = Object.hasOwn(WRITABLE, item.resource) ? WRITABLE[item.resource] : undefined;
  if (!def) return rejected(item.id, 'Not a resource the outbox can send.');
  const updatable = Object.hasOwn(UPDATABLE, item.resource) ? UPDATABLE[item.resource] : undefined;
  if (item.action !== 'create' && !(item.action === 'update' && updatable)) {
    return rejected(item.id, 'Only new records can be sent from a device.');
  }
  const permission = item.action === 'update' ? updatable?.permission : undefined;
  if (!can(request, permission ?? (`${def.name}-${item.action}` as Permission))) {
    return rejected(item.id, 'You do not have permission to do that.');
  }
  if (item.action === 'update' && updatable) {
    const update = updatable.schema.safeParse(item.data);
    if (!update.success) return rejected(item.id, 'The entry is not valid.', issuesByField(update.error.issues));
    return { item, def, input: update.data as Checked['input'] };
  }
  const parsed = def.create.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def, input: parsed.data };
}

/** A portal account's entry: created only, by a scholar or a parent; the definition scopes the scholar. */
function checkPortalItem(
  request: FastifyRequest,
  item: SyncItem,
  def: AnyDefinition,
  deviceId: string,
): Checked | SyncResult {
  if (item.action !== 'create') return rejected(item.id, 'Only new records can be sent from a device.');
  const type = requireAuth(request).user.type;
  if (type !== 'student' && type !== 'parent') return rejected(item.id, 'You do not have permission to do that.');
  const parsed = def.create.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def, input: parsed.data };
}

/** A badge punch: created only, with the permission to write timesheets (the server decides in or out). */
function checkPunch(request: FastifyRequest, item: SyncItem): Checked | SyncResult {
  if (item.action !== 'create') return rejected(item.id, 'Only new records can be sent from a device.');
  if (!can(request, 'timesheets-create')) return rejected(item.id, 'You do not have permission to do that.');
  const parsed = TimesheetPunchSchema.safeParse(item.data);
  if (!parsed.success) return rejected(item.id, 'The entry is not valid.', issuesByField(parsed.error.issues));
  return { item, def: timesheetsResource, input: parsed.data, punch: true };
}

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
async function pushAll(request: FastifyRequest, raws: { id: string }[], deviceId: string): Promise<SyncResult[]> {
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

/**
 * Where the change log's cursors start. A cursor is `XID_CURSOR_BASE × epoch` plus a transaction id: every change
 * written by a transaction with a lower id has been handed out. The epoch is the database's (server/lib/sync-epoch.ts,
 * 1 until a restore gives it another), so a cursor from before a restore or from another database is not read as a
 * place in this log. A smaller cursor is one of the log's `seq` numbers, which an earlier version of this server
 * handed out (the devices keep their cursor): it is answered with a fresh snapshot, as any cursor of another epoch.
 * Transaction ids stay far below 2^40 (a trillion transactions), and seq numbers never reach it.
 */
export const XID_CURSOR_BASE = 2 ** 40;

/** A row of the change log. */
type ChangeRow = typeof changes.$inferSelect;

/** The current snapshot's oldest transaction still running (`xmin`) and its first not yet started (`xmax`). */
const snapshotXmin = sql<string>`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;
const snapshotXmax = sql<string>`(pg_snapshot_xmax(pg_current_snapshot())::text)::bigint`;

/**
 * The change log as a device pulls it, in one statement (one snapshot, one round trip): the snapshot's `xmin` and
 * `xmax`, and when `since` (a transaction id) is given, the first `limit + 1` changes written by the transactions from
 * `since` up to, not including, `xmin`, in the order of their transaction and then their `seq`.
 *
 * Why by transaction and not by `seq` alone: every transaction below `xmin` has ended, so what it wrote is final and
 * nothing can be added below it later. `seq` numbers are taken while a transaction runs and become visible when it
 * commits, in another order: a transaction still running may hold a lower `seq` than a change already committed, and a
 * cursor past that change would skip it for good.
 */
async function readHead(
  tx: Tx,
  since: number | undefined,
  limit: number,
): Promise<{ xmin: number; xmax: number; rows: ChangeRow[] }> {
  const head = tx
    .select({ xmin: snapshotXmin.as('xmin'), xmax: snapshotXmax.as('xmax') })
    .from(sql`(select 1) as one`)
    .as('head');
  if (since === undefined) {
    const [only] = await tx.select().from(head);
    return { xmin: Number(only?.xmin ?? 0), xmax: Number(only?.xmax ?? 0), rows: [] };
  }
  const page = tx
    .select()
    .from(changes)
    .where(and(gte(changes.xid, since), sql`${changes.xid} < ${snapshotXmin}`))
    .orderBy(asc(changes.xid), asc(changes.seq))
    .limit(limit + 1)
    .as('page');
  // The head's one row, with each change beside it (none: the head alone, its change fields null).
  const joined = await tx
    .select({
      xmin: head.xmin,
      xmax: head.xmax,
      change: {
        seq: page.seq,
        resource: page.resource,
        record_id: page.record_id,
        op: page.op,
        xid: page.xid,
        changed_at: page.changed_at,
      },
    })
    .from(head)
    .leftJoin(page, sql`true`)
    .orderBy(asc(page.xid), asc(page.seq));
  const first = joined[0];
  return {
    xmin: Number(first?.xmin ?? 0),
    xmax: Number(first?.xmax ?? 0),
    rows: joined.flatMap((r) => (r.change ? [{ ...r.change, xid: Number(r.change.xid) }] : [])),
  };
}

/**
 * Of the changes read (`rows`, at most `limit + 1`, in order), the page to hand out: whole transactions only, so the
 * next cursor is a transaction id. `upTo` is the transaction id the page ends before: the snapshot's `xmin` when every
 * change was read, else the first transaction left out. When one transaction alone has more than `limit` changes (an
 * import), `whole` names it: the page is all of it, read by the caller.
 */
function pageOfChanges(rows: ChangeRow[], limit: number, xmin: number) {
  if (rows.length <= limit) return { taken: rows, upTo: xmin, more: false, whole: undefined };
  const cut = (rows[limit] as ChangeRow).xid;
  const taken = rows.filter((r) => r.xid < cut);
  if (taken.length > 0) return { taken, upTo: cut, more: true, whole: undefined };
  return { taken, upTo: cut + 1, more: cut + 1 < xmin, whole: cut };
}

/** Where a snapshot page starts: the snapshot's cursor and the last record handed out before it. */
interface SnapshotPlace {
  cursor: number;
  resource: string;
  after: string;
}

const SnapshotPlaceSchema = z.strictObject({
  c: z.number().int().min(0),
  r: z.enum(Object.keys(PULLABLE) as [string, ...string[]]),
  // Any id the uuid columns hold (seeded ones need not be RFC 9562 versions), so no page ends on an unusable token.
  i: z.string().regex(UUID_PATTERN),
});

/** The token of the next snapshot page: stateless (base64url JSON), so any instance, any time, can answer it. */
const snapshotToken = (p: SnapshotPlace) =>
  Buffer.from(JSON.stringify({ c: p.cursor, r: p.resource, i: p.after })).toString('base64url');

/** The place a token names, or 422 for one this server did not give. */
function snapshotPlace(token: string): SnapshotPlace {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = SnapshotPlaceSchema.safeParse(value);
  if (!parsed.success) throw invalid('snapshot', 'Not a snapshot token this server gave.');
  return { cursor: parsed.data.c, resource: parsed.data.r, after: parsed.data.i };
}

/**
 * One page of a full snapshot of what the caller may see: at most `limit` records after `place` (from the start when
 * none), resource after resource in PULLABLE's order and by id within each, one query per resource read; one record
 * more is read to know whether another page follows. A new snapshot's cursor is the `xmin` of the pull's first
 * statement: every transaction below it had ended, so the pages carry what it wrote; what a later one wrote comes
 * again in the changes after the cursor (an upsert of a record's state then, which the device already has, is
 * harmless).
 */
async function snapshotPage(
  tx: Tx,
  visible: [string, Pullable][],
  today: string,
  limit: number,
  place: SnapshotPlace | null,
  xmin: number,
  request: FastifyRequest,
  base: number,
): Promise<SyncPullResponse> {
  const cursor = place?.cursor ?? base + xmin;
  const order = Object.keys(PULLABLE);
  const from = place ? order.indexOf(place.resource) : 0;
  const taken: SyncChange[] = [];
  let total = 0;
  for (const [resource, p] of visible) {
    const [counted] = await tx.select({ n: count() }).from(p.table).where(p.kept?.(today, request));
    total += Number(counted?.n ?? 0);
    const at = order.indexOf(resource);
    if (at < from || taken.length > limit) continue;
    const after = place && at === from ? place.after : undefined;
    const rows = await tx
      .select()
      .from(p.table)
      .where(and(p.kept?.(today, request), after ? gt(p.id, after) : undefined))
      .orderBy(asc(p.id))
      .limit(limit + 1 - taken.length);
    for (const { id, record } of await shown(p, rows, request, tx)) taken.push({ resource, id, op: 'upsert', record });
  }
  const more = taken.length > limit;
  const page = taken.slice(0, limit);
  const last = page.at(-1);
  return {
    changes: page,
    cursor,
    more,
    reset: !place,
    server_time: new Date().toISOString(),
    snapshot_total: total,
    ...(more && last ? { snapshot_next: snapshotToken({ cursor, resource: last.resource, after: last.id }) } : {}),
  };
}

/** Record ids (uuids, from the change log) as one PostgreSQL array parameter: its text, cast. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What changed in the page of the change log read, newest state of each record, removals as deletes. */
async function delta(
  tx: Tx,
  visible: [string, Pullable][],
  today: string,
  read: { rows: ChangeRow[]; limit: number; xmin: number },
  request: FastifyRequest,
  base: number,
): Promise<SyncPullResponse> {
  const { taken, upTo, more, whole } = pageOfChanges(read.rows, read.limit, read.xmin);
  if (whole !== undefined)
    taken.push(...(await tx.select().from(changes).where(eq(changes.xid, whole)).orderBy(asc(changes.seq))));
  const latest = new Map<string, { resource: string; id: string; op: 'upsert' | 'delete' }>();
  for (const c of taken)
    latest.set(`${c.resource}:${c.record_id}`, { resource: c.resource, id: c.record_id, op: c.op });
  const out: SyncChange[] = [];
  for (const [resource, p] of visible) {
    const wanted = [...latest.values()].filter((c) => c.resource === resource);
    const upserts = wanted.filter((c) => c.op === 'upsert').map((c) => c.id);
    // The changed rows by their ids, given as one array (a busy morning's pull names hundreds of check-ins: one
    // parameter each cost more to send and bind than to read). Not by a subquery on the change log's window: without
    // statistics (PGlite has none) PostgreSQL joined each of today's check-ins to every change of the window, a cost
    // that grew with both (19 ms a pull, up to 65, in the load bench's first seconds, where the ids take 2-4 ms).
    const rows = upserts.length
      ? await tx
          .select()
          .from(p.table)
          .where(and((p.changed ?? p.kept)?.(today, request), sql`${p.id} = any(${uuidArray(upserts)})`))
      : [];
    const wantedUpserts = new Set(upserts);
    const found = new Map(
      (await shown(p, rows, request, tx)).flatMap((r) => (wantedUpserts.has(r.id) ? [[r.id, r.record] as const] : [])),
    );
    const foreign = new Set(
      p.audience && upserts.length > found.size
        ? (
            await tx
              .select({ id: p.id })
              .from(p.table)
              .where(and(inArray(p.id, upserts), not(p.audience(request))))
          ).map((r) => r.id as string)
        : [],
    );
    for (const c of wanted) {
      if (foreign.has(c.id)) continue;
      const record = found.get(c.id);
      out.push(
        record === undefined ? { resource, id: c.id, op: 'delete' } : { resource, id: c.id, op: 'upsert', record },
      );
    }
  }
  return { changes: out, cursor: base + upTo, more, reset: false, server_time: new Date().toISOString() };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  // Read once: a restore, the only thing that changes it, happens with the server stopped.
  const base = XID_CURSOR_BASE * (await readSyncEpoch(app.db));
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
      const today = schoolDay(new Date(), app.school.timeZone);
      const { since, limit, snapshot } = request.query;
      const place = snapshot === undefined ? null : snapshotPlace(snapshot);
      // No transaction: in READ COMMITTED each statement reads its own snapshot either way, and what a pull hands
      // out was written by transactions that had ended (readHead), which no later snapshot sees otherwise; a
      // transaction only cost two round trips.
      const tx = app.db as unknown as Tx;
      // This database's cursors: from `base` up to, not including, the next epoch's.
      const inEpoch = (cursor: number) => cursor >= base && cursor < base + XID_CURSOR_BASE;
      const sinceXid = since !== undefined && !place && inEpoch(since) ? since - base : undefined;
      const { xmin, xmax, rows } = await readHead(tx, sinceXid, limit);
      // A cursor this database can have given: of its epoch, one of its transaction ids, not past the newest.
      const known = (cursor: number) => inEpoch(cursor) && cursor - base <= xmax;
      // The next page of a snapshot, unless its cursor is from another database: then a fresh snapshot.
      if (place) {
        return snapshotPage(tx, visible, today, limit, known(place.cursor) ? place : null, xmin, request, base);
      }
      // No cursor (a new device), one from another database (restored or replaced) or from an earlier version of
      // this server: start again from a snapshot.
      if (sinceXid === undefined || !known(sinceXid + base)) {
        return snapshotPage(tx, visible, today, limit, null, xmin, request, base);
      }
      return delta(tx, visible, today, { rows, limit, xmin }, request, base);
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
