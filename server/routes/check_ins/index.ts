/**
 * `v2/check_ins`: arrivals, departures, sign-outs and returns. Stations write them through the outbox (sync push),
 * which applies them with the same rules as the REST create here: one arrival per scholar and school day, a reason
 * for a late arrival or an early departure, a sign-out to one of the scholar's authorized pick-up adults valid that
 * day or else a flagged override with the adult's name and a reason (F5), and idempotency on the client's id.
 * `createMany` applies a whole batch with a fixed number of queries, so a kiosk's backlog syncs quickly.
 *
 * `POST check_ins/{id}/void` undoes a record (the pick-up line's Undo): it stays, marked voided with who, when and
 * why, and drops out of the lists (unless `filter[include_voided]=true`), the sync pull and the day's rules (a voided
 * arrival no longer holds the day). The outbox carries it as an update of the check-in (see `voidCheckIn`).
 */
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHECK_IN_KINDS,
  CHECK_IN_SORT_FIELDS,
  type CheckInCreate,
  CheckInCreateSchema,
  type CheckInRecord,
  CheckInRecordSchema,
  CheckInUpdateSchema,
  type CheckInVoidBody,
  CheckInVoidBodySchema,
  IdParamsSchema,
  type SchoolSettings,
  SIGN_OUT_MESSAGES,
  singleResponse,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, checkIns, demographics } from '../../db/schema';
import { audit, auditMany } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { cancelNoticesOf } from '../../lib/notices/deliver';
import { checkInEvents, enqueueNotices } from '../../lib/notices/enqueue';
import {
  type CreateOutcome,
  dateFilter,
  ERROR_RESPONSES,
  eqFilter,
  filterValue,
  insertMany,
  iso,
  type ResourceDefinition,
  resourceRoutes,
  uuidFilter,
} from '../../lib/resource';
import { minutesOfDay, schoolDay } from '../../lib/school-day';
import { readSchoolSettings } from '../school_settings/index';

type Row = typeof checkIns.$inferSelect;
type NewRow = typeof checkIns.$inferInsert;
type PickUpRow = typeof authorizedPickUps.$inferSelect;

/** A stored row as the API answers it. */
export const toCheckInRecord = (row: Row): CheckInRecord => ({
  ...row,
  occurred_at: iso(row.occurred_at),
  voided_at: row.voided_at ? iso(row.voided_at) : null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const instant = (v: string | null | undefined) => (v ? new Date(v).getTime() : null);

/** True when an arrival at `occurredAt` is after the school's start time plus the late threshold. */
export function isLate(occurredAt: string, settings: SchoolSettings, timeZone: string): boolean {
  const [h = 0, m = 0] = settings.start_time.split(':').map(Number);
  return minutesOfDay(occurredAt, timeZone) > h * 60 + m + settings.late_after_minutes;
}

const arrivalKey = (scholarId: string, day: string) => `${scholarId}|${day}`;

/**
 * Why this adult may not take this scholar on this school day, or null when they may: on the scholar's list, active,
 * authorized (not a custody order's refusal) and within their dates.
 */
export function pickUpRefusal(pickUp: PickUpRow | undefined, scholarId: string, day: string): string | null {
  if (!pickUp || pickUp.scholar_id !== scholarId) return "This adult is not on this scholar's pick-up list.";
  if (pickUp.status !== 'authorized') return 'This adult is not authorized to pick up this scholar.';
  if (!pickUp.active) return 'This adult is no longer on the pick-up list.';
  if ((pickUp.valid_from && day < pickUp.valid_from) || (pickUp.valid_until && day > pickUp.valid_until)) {
    return `This adult's authorization is not valid on ${day}.`;
  }
  return null;
}

/** The pick-up fields of a sign-out: the adult from the list, or a flagged override (F5); other kinds as sent. */
function pickUpFields(
  input: CheckInCreate,
  day: string,
  pickUp: PickUpRow | undefined,
): Pick<NewRow, 'pick_up_id' | 'pick_up_name' | 'override_reason' | 'flagged'> {
  if (input.kind !== 'sign_out') {
    return {
      pick_up_id: input.pick_up_id ?? null,
      pick_up_name: input.pick_up_name,
      override_reason: input.override_reason,
      flagged: input.flagged,
    };
  }
  if (input.pick_up_id) {
    const refusal = pickUpRefusal(pickUp, input.scholar_id, day);
    if (refusal) throw invalid('pick_up_id', refusal);
    // The name as the list has it, so the records read the same whatever the station typed or showed.
    return {
      pick_up_id: input.pick_up_id,
      pick_up_name: pickUp?.full_name ?? null,
      override_reason: null,
      flagged: false,
    };
  }
  // The contract requires both for an override; checked again here since the rule is the server's to keep.
  if (!input.pick_up_name) throw invalid('pick_up_name', SIGN_OUT_MESSAGES.overrideName);
  if (!input.override_reason) throw invalid('override_reason', SIGN_OUT_MESSAGES.overrideReason);
  return { pick_up_id: null, pick_up_name: input.pick_up_name, override_reason: input.override_reason, flagged: true };
}

/** The row for a new check-in, or the rule it breaks (as an AppError). */
function newRow(
  input: CheckInCreate,
  ctx: { settings: SchoolSettings; timeZone: string; firstArrival?: Row; pickUp?: PickUpRow; request: FastifyRequest },
): NewRow {
  const day = schoolDay(input.occurred_at, ctx.timeZone);
  const late = input.kind === 'arrival' && isLate(input.occurred_at, ctx.settings, ctx.timeZone);
  if (input.kind === 'arrival') {
    if (ctx.firstArrival) {
      throw new AppError('conflict', 'This scholar already arrived today.', {
        record: toCheckInRecord(ctx.firstArrival),
      });
    }
    if (late && !input.reason) throw invalid('reason', 'A late arrival needs a reason.');
  }
  if (input.kind === 'departure' && !input.reason) throw invalid('reason', 'An early departure needs a reason.');
  return {
    ...input,
    ...pickUpFields(input, day, ctx.pickUp),
    school_day: day,
    late,
    recorded_by: ctx.request.auth?.user.id ?? null,
    device_id: input.device_id ?? (ctx.request.headers['x-device-id'] as string | undefined) ?? null,
  };
}

const sameAs = (input: CheckInCreate, record: CheckInRecord) =>
  input.kind === record.kind &&
  input.scholar_id === record.scholar_id &&
  instant(input.occurred_at) === instant(record.occurred_at) &&
  (input.reason ?? null) === record.reason &&
  (input.pick_up_id ?? null) === record.pick_up_id;

/** The pick-up adults these check-ins name, by id (one query, none when no sign-out names one). */
async function pickUpsOf(tx: Tx, inputs: CheckInCreate[]): Promise<Map<string, PickUpRow>> {
  const ids = [...new Set(inputs.flatMap((i) => (i.kind === 'sign_out' && i.pick_up_id ? [i.pick_up_id] : [])))];
  if (!ids.length) return new Map();
  const rows = await tx.select().from(authorizedPickUps).where(inArray(authorizedPickUps.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The batch create of the sync push: at most three queries (the settings, the scholars with their check-ins, the
 * pick-up adults named) and two inserts, whatever the batch's size.
 */
async function createMany(inputs: CheckInCreate[], { tx, request }: { tx: Tx; request: FastifyRequest }) {
  const timeZone = request.server.school.timeZone;
  const settings = await readSchoolSettings(tx);
  const scholarIds = [...new Set(inputs.map((i) => i.scholar_id))];
  const days = [...new Set(inputs.map((i) => schoolDay(i.occurred_at, timeZone)))];
  const inputIds = new Set(inputs.map((i) => i.id));
  // In one query (a push's round trips): the scholars that exist, their arrivals on these days, and their
  // check-ins stored under an input's own id: that input stored before (a replay), or the same entry pushed at once
  // by another request, committed before this statement began. A row under an input's id naming another scholar is
  // not read here: the insert below skips it (ON CONFLICT) and `insertMany` answers it as a conflict.
  const checkInJoin = and(
    eq(checkIns.scholar_id, demographics.id),
    or(
      and(inArray(checkIns.school_day, days), eq(checkIns.kind, 'arrival'), isNull(checkIns.voided_at)),
      inArray(checkIns.id, [...inputIds]),
    ),
  );
  const read = { scholar: demographics.id, checkIn: checkIns };
  const scholarRows = await tx
    .select(read)
    .from(demographics)
    .leftJoin(checkIns, checkInJoin)
    .where(inArray(demographics.id, scholarIds));
  const existing = new Map<string, Row>();
  const arrivals = new Map<string, Row>();
  for (const { checkIn } of scholarRows) {
    if (!checkIn) continue;
    if (inputIds.has(checkIn.id)) existing.set(checkIn.id, checkIn);
    if (checkIn.kind === 'arrival' && !checkIn.voided_at && days.includes(checkIn.school_day)) {
      arrivals.set(arrivalKey(checkIn.scholar_id, checkIn.school_day), checkIn);
    }
  }
  const known = new Set(scholarRows.map((r) => r.scholar));
  const pickUps = await pickUpsOf(tx, inputs);
  const now = new Date().toISOString();
  const outcomes: CreateOutcome<CheckInRecord>[] = [];
  const rows: NewRow[] = [];
  for (const input of inputs) {
    const prior = existing.get(input.id);
    if (prior) {
      const record = toCheckInRecord(prior);
      outcomes.push(
        sameAs(input, record)
          ? { status: 'same', record }
          : { status: 'conflict', record, message: 'A different record with this id exists.' },
      );
      continue;
    }
    if (!known.has(input.scholar_id)) {
      outcomes.push({ status: 'invalid', message: 'No such record.', errors: { scholar_id: ['No such record.'] } });
      continue;
    }
    const key = arrivalKey(input.scholar_id, schoolDay(input.occurred_at, timeZone));
    try {
      const pickUp = input.pick_up_id ? pickUps.get(input.pick_up_id) : undefined;
      const row = newRow(input, { settings, timeZone, firstArrival: arrivals.get(key), pickUp, request });
      const stored: Row = { ...(row as Row), created_at: now, updated_at: now };
      rows.push(row);
      existing.set(input.id, stored);
      if (input.kind === 'arrival') arrivals.set(key, stored);
      outcomes.push({ status: 'created', record: toCheckInRecord(stored) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push(
        err.code === 'conflict'
          ? { status: 'conflict', record: err.extra.record as CheckInRecord, message: err.message }
          : { status: 'invalid', message: err.message, errors: err.extra.errors },
      );
    }
  }
  const written = await insertMany(
    checkInsResource,
    { tx, request },
    rows.map((r) => ({ ...r, id: r.id as string, created_at: now, updated_at: now })),
    inputs,
    outcomes,
  );
  const fresh = rows.filter((r) => written.has(r.id as string));
  await auditMany(
    tx,
    request,
    fresh.map((r) => ({ action: 'create' as const, resource: 'check_ins', recordId: r.id, changes: r })),
  );
  // The families' notices of the rows this push wrote, in its transaction: an entry pushed again writes no row here,
  // so it notifies no one twice (and the notices' unique key holds if it did).
  await enqueueNotices(
    tx,
    { request, settings },
    checkInEvents(fresh.map((r) => ({ ...r, id: r.id as string, occurred_at: r.occurred_at as string }))),
  );
  return outcomes;
}

/** `filter[kind]=sign_out` or several kinds: `filter[kind]=sign_out,sign_in`. */
function kindFilter(value: string): SQL {
  const kinds = value.split(',').map((k) => k.trim());
  const unknown = kinds.filter((k) => !(CHECK_IN_KINDS as readonly string[]).includes(k));
  if (unknown.length) throw invalid('filter.kind', `Filter by one or more of: ${CHECK_IN_KINDS.join(', ')}.`);
  return inArray(checkIns.kind, kinds as CheckInRecord['kind'][]);
}

export const checkInsResource: ResourceDefinition<CheckInRecord, CheckInCreate, Record<string, unknown>> = {
  name: 'check_ins',
  table: checkIns,
  idColumn: checkIns.id,
  record: CheckInRecordSchema,
  create: CheckInCreateSchema,
  update: CheckInUpdateSchema,
  sortFields: Object.fromEntries(CHECK_IN_SORT_FIELDS.map((f) => [f, checkIns[f]])),
  defaultSort: '-occurred_at',
  filters: {
    from: dateFilter('from', checkIns.school_day, gte),
    to: dateFilter('to', checkIns.school_day, lte),
    school_day: dateFilter('school_day', checkIns.school_day, eq),
    scholar_id: uuidFilter(checkIns.scholar_id),
    kind: kindFilter,
    method: eqFilter(checkIns.method),
    pick_up_id: uuidFilter(checkIns.pick_up_id),
    flagged: eqFilter(checkIns.flagged, 'boolean'),
    // Read by `listScope`: the filter itself only checks the value.
    include_voided: (value) => {
      filterValue('include_voided', 'boolean', value);
      return undefined;
    },
  },
  listScope: (query) => {
    const include = query.filter?.include_voided;
    return include === 'true' || include === '1' ? undefined : isNull(checkIns.voided_at);
  },
  searchColumns: [checkIns.reason, checkIns.pick_up_name, checkIns.override_reason],
  toRecords: async (rows) => (rows as Row[]).map(toCheckInRecord),
  async prepareCreate(input, { tx, request }) {
    const timeZone = request.server.school.timeZone;
    const day = schoolDay(input.occurred_at, timeZone);
    const [firstArrival] =
      input.kind === 'arrival'
        ? await tx
            .select()
            .from(checkIns)
            .where(
              and(
                eq(checkIns.scholar_id, input.scholar_id),
                eq(checkIns.school_day, day),
                eq(checkIns.kind, 'arrival'),
                isNull(checkIns.voided_at),
              ),
            )
            .limit(1)
        : [];
    const pickUp = (await pickUpsOf(tx, [input])).get(input.pick_up_id ?? '');
    return newRow(input, { settings: await readSchoolSettings(tx), timeZone, firstArrival, pickUp, request });
  },
  createMany,
  sameAs,
  async afterWrite(id, _input, { tx, request, created }) {
    if (!created) return;
    const [row] = await tx.select().from(checkIns).where(eq(checkIns.id, id)).limit(1);
    if (!row) return;
    await enqueueNotices(tx, { request }, checkInEvents([row]));
  },
};

/**
 * Voids a check-in inside a transaction: marks it voided with who, when and why and audits the record before and
 * after. Idempotent: a record already voided is answered as it is (`changed: false`), nothing written, so an Undo
 * sent twice (a retry, another tab) is harmless. The row is locked first, so two voids at once write one audit event.
 */
export async function voidCheckIn(
  tx: Tx,
  request: FastifyRequest,
  id: string,
  body: CheckInVoidBody,
): Promise<{ record: CheckInRecord; changed: boolean }> {
  const [row] = await tx.select().from(checkIns).where(eq(checkIns.id, id)).limit(1).for('update');
  if (!row) throw notFound();
  if (row.voided_at) return { record: toCheckInRecord(row), changed: false };
  const now = new Date().toISOString();
  const [after] = await tx
    .update(checkIns)
    .set({
      voided_at: body.voided_at ?? now,
      voided_by: request.auth?.user.id ?? null,
      void_reason: body.void_reason,
      updated_at: now,
    })
    .where(eq(checkIns.id, id))
    .returning();
  const record = toCheckInRecord(after as Row);
  await cancelNoticesOf(tx, id);
  await audit(tx, request, {
    action: 'void',
    resource: 'check_ins',
    recordId: id,
    changes: { before: toCheckInRecord(row), after: record },
  });
  return { record, changed: true };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/void',
    {
      // Whoever may record a sign-out may undo it: the Undo is part of the same tap (the Staff role has no update).
      config: { access: 'check_ins-create' },
      schema: {
        params: IdParamsSchema,
        body: CheckInVoidBodySchema,
        response: { 200: singleResponse(CheckInRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { record } = await app.db.transaction((tx) =>
        voidCheckIn(tx, request, request.params.id, request.body ?? CheckInVoidBodySchema.parse({})),
      );
      return { data: record };
    },
  );
  await app.register(resourceRoutes(checkInsResource));
};

export default routes;
