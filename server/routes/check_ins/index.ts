/**
 * `v2/check_ins`: arrivals, departures, sign-outs and returns. Stations write them through the outbox (sync push),
 * which applies them with the same rules as the REST create here: one arrival per scholar and school day, a reason
 * for a late arrival or an early departure, and idempotency on the client's id. `createMany` applies a whole batch
 * with a fixed number of queries, so a kiosk's backlog syncs quickly.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHECK_IN_SORT_FIELDS,
  type CheckInCreate,
  CheckInCreateSchema,
  type CheckInRecord,
  CheckInRecordSchema,
  CheckInUpdateSchema,
  type SchoolSettings,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { checkIns, demographics } from '../../db/schema';
import { auditMany } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { type CreateOutcome, eqFilter, iso, type ResourceDefinition, resourceRoutes } from '../../lib/resource';
import { minutesOfDay, schoolDay } from '../../lib/school-day';
import { readSchoolSettings } from '../school_settings/index';

type Row = typeof checkIns.$inferSelect;
type NewRow = typeof checkIns.$inferInsert;

/** A stored row as the API answers it. */
export const toCheckInRecord = (row: Row): CheckInRecord => ({
  ...row,
  occurred_at: iso(row.occurred_at),
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

/** The row for a new check-in, or the rule it breaks (as an AppError). */
function newRow(
  input: CheckInCreate,
  ctx: { settings: SchoolSettings; timeZone: string; firstArrival?: Row; request: FastifyRequest },
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
  (input.reason ?? null) === record.reason;

/** The batch create of the sync push: five queries and two inserts, whatever the batch's size. */
async function createMany(inputs: CheckInCreate[], { tx, request }: { tx: Tx; request: FastifyRequest }) {
  const timeZone = request.server.config.SCHOOL_TIMEZONE;
  const settings = await readSchoolSettings(tx);
  const scholarIds = [...new Set(inputs.map((i) => i.scholar_id))];
  const days = [...new Set(inputs.map((i) => schoolDay(i.occurred_at, timeZone)))];
  const existing = new Map(
    (
      await tx
        .select()
        .from(checkIns)
        .where(
          inArray(
            checkIns.id,
            inputs.map((i) => i.id),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  const known = new Set(
    (await tx.select({ id: demographics.id }).from(demographics).where(inArray(demographics.id, scholarIds))).map(
      (r) => r.id,
    ),
  );
  const arrivals = new Map(
    (
      await tx
        .select()
        .from(checkIns)
        .where(
          and(
            inArray(checkIns.scholar_id, scholarIds),
            inArray(checkIns.school_day, days),
            eq(checkIns.kind, 'arrival'),
          ),
        )
    ).map((r) => [arrivalKey(r.scholar_id, r.school_day), r]),
  );
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
      const row = newRow(input, { settings, timeZone, firstArrival: arrivals.get(key), request });
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
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(checkIns).values(rows.slice(i, i + 500).map((r) => ({ ...r, created_at: now, updated_at: now })));
  }
  await auditMany(
    tx,
    request,
    rows.map((r) => ({ action: 'create' as const, resource: 'check_ins', recordId: r.id, changes: r })),
  );
  return outcomes;
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
    scholar_id: eqFilter(checkIns.scholar_id),
    kind: eqFilter(checkIns.kind),
    school_day: eqFilter(checkIns.school_day),
    method: eqFilter(checkIns.method),
    flagged: eqFilter(checkIns.flagged, 'boolean'),
  },
  searchColumns: [checkIns.reason, checkIns.pick_up_name],
  toRecords: async (rows) => (rows as Row[]).map(toCheckInRecord),
  async prepareCreate(input, { tx, request }) {
    const timeZone = request.server.config.SCHOOL_TIMEZONE;
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
              ),
            )
            .limit(1)
        : [];
    return newRow(input, { settings: await readSchoolSettings(tx), timeZone, firstArrival, request });
  },
  createMany,
  sameAs,
};

export default resourceRoutes(checkInsResource);
