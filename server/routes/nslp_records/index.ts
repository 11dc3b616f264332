/**
 * `v2/nslp_records`: meals served for the National School Lunch Program (F6). Cafeteria stations write them through
 * the outbox (sync push), which applies them with the same rules as the REST create here: one non-voided meal of each
 * type per scholar and school day, a reason for a meal added as missing, the school day and the eligibility category
 * decided on the server, and idempotency on the client's id. A record is never deleted, only voided with a reason.
 * `daily_counts` answers the claim's counts by category with the edit check of 7 CFR 210.8(a)(2), each day checked
 * against the school calendar: meals on a closed day stay out of the claim unless a meal service covers it.
 */
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  GRADES,
  MEAL_ELIGIBILITY,
  MEAL_ELIGIBILITY_PERMISSION,
  type MealEligibility,
  NSLP_SORT_FIELDS,
  type NslpDailyCount,
  NslpDailyCountsQuerySchema,
  type NslpDailyCountsResponse,
  NslpDailyCountsResponseSchema,
  type NslpRecord,
  type NslpRecordCreate,
  NslpRecordCreateSchema,
  NslpRecordSchema,
  type NslpRecordVoid,
  NslpRecordVoidSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, nslpRecords } from '../../db/schema';
import { auditMany } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import {
  type CreateOutcome,
  eqFilter,
  type FilterKind,
  filterDate,
  filterValue,
  insertMany,
  iso,
  type ResourceDefinition,
  resourceRoutes,
  uuidFilter,
} from '../../lib/resource';
import { closedDaysAmong, mealServicesOn } from '../../lib/school-calendar';
import { schoolDay } from '../../lib/school-day';
import { can } from '../../plugins/access';
import { readSchoolSettings } from '../school_settings/index';
import { eligibleByDay, histories, inEffect } from './eligibility';

type Row = typeof nslpRecords.$inferSelect;
type NewRow = typeof nslpRecords.$inferInsert;

/** A stored row as the API answers it. */
export const toNslpRecord = (row: Row): NslpRecord => ({
  ...row,
  served_at: iso(row.served_at),
  voided_at: row.voided_at ? iso(row.voided_at) : null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** The record as this caller may see it: without the eligibility category unless they may see eligibility. */
export function presentNslpRecord(record: NslpRecord, request: FastifyRequest): NslpRecord {
  if (can(request, MEAL_ELIGIBILITY_PERMISSION)) return record;
  const { eligibility, ...rest } = record;
  void eligibility;
  return rest;
}

const MEAL_WORDS: Record<NslpRecord['meal_type'], string> = {
  breakfast: 'breakfast',
  lunch: 'lunch',
  snack: 'a snack',
  supper: 'supper',
};

const mealKey = (scholarId: string, day: string, mealType: string) => `${scholarId}|${day}|${mealType}`;

/** The row for a new meal, or the rule it breaks (as an AppError). */
function newRow(
  input: NslpRecordCreate,
  ctx: { day: string; eligibility: MealEligibility; served?: Row; request: FastifyRequest },
): NewRow {
  if (ctx.served) {
    throw new AppError('conflict', `This scholar already had ${MEAL_WORDS[input.meal_type]} that day.`, {
      record: presentNslpRecord(toNslpRecord(ctx.served), ctx.request),
    });
  }
  if (input.added_as_missing && !input.missing_reason) {
    throw invalid('missing_reason', 'A meal added as missing needs a reason.');
  }
  return {
    id: input.id,
    scholar_id: input.scholar_id,
    meal_type: input.meal_type,
    served_at: input.served_at,
    served_on: ctx.day,
    eligibility: ctx.eligibility,
    added_as_missing: input.added_as_missing,
    missing_reason: input.added_as_missing ? input.missing_reason : null,
    recorded_by: ctx.request.auth?.user.id ?? null,
    device_id: input.device_id ?? (ctx.request.headers['x-device-id'] as string | undefined) ?? null,
  };
}

const instant = (v: string) => new Date(v).getTime();

const sameAs = (input: NslpRecordCreate, record: NslpRecord) =>
  input.scholar_id === record.scholar_id &&
  input.meal_type === record.meal_type &&
  instant(input.served_at) === instant(record.served_at) &&
  input.added_as_missing === record.added_as_missing;

/** The non-voided meals already served to these scholars on these days (one query). */
async function servedMeals(tx: Tx, scholarIds: string[], days: string[]): Promise<Map<string, Row>> {
  const rows = await tx
    .select()
    .from(nslpRecords)
    .where(
      and(
        inArray(nslpRecords.scholar_id, scholarIds),
        inArray(nslpRecords.served_on, days),
        eq(nslpRecords.voided, false),
      ),
    );
  return new Map(rows.map((r) => [mealKey(r.scholar_id, r.served_on, r.meal_type), r]));
}

/** The batch create of the sync push: four queries and two inserts, whatever the batch's size. */
async function createMany(inputs: NslpRecordCreate[], { tx, request }: { tx: Tx; request: FastifyRequest }) {
  const timeZone = request.server.school.timeZone;
  const scholarIds = [...new Set(inputs.map((i) => i.scholar_id))];
  const dayOf = new Map(inputs.map((i) => [i.id, schoolDay(i.served_at, timeZone)]));
  const days = [...new Set(dayOf.values())];
  const existing = new Map(
    (
      await tx
        .select()
        .from(nslpRecords)
        .where(
          inArray(
            nslpRecords.id,
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
  const served = await servedMeals(tx, scholarIds, days);
  // A meal with an input's own id is that input stored by another request pushing the same entry at once, committed
  // between the read of the ids and this one: a replay ('same'), not the day's meal held by another record.
  const inputIds = new Set(inputs.map((i) => i.id));
  for (const meal of served.values()) if (inputIds.has(meal.id) && !existing.has(meal.id)) existing.set(meal.id, meal);
  const history = await histories(tx, days.toSorted().at(-1) as string, scholarIds);
  const now = new Date().toISOString();
  const outcomes: CreateOutcome<NslpRecord>[] = [];
  const rows: NewRow[] = [];
  for (const input of inputs) {
    const prior = existing.get(input.id);
    if (prior) {
      const record = toNslpRecord(prior);
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
    const day = dayOf.get(input.id) as string;
    const key = mealKey(input.scholar_id, day, input.meal_type);
    try {
      const eligibility = inEffect(history.get(input.scholar_id), day);
      const row = newRow(input, { day, eligibility, served: served.get(key), request });
      const stored = { ...row, voided: false, void_reason: null, voided_at: null, voided_by: null } as Row;
      Object.assign(stored, { created_at: now, updated_at: now });
      rows.push(row);
      existing.set(input.id, stored);
      served.set(key, stored);
      outcomes.push({ status: 'created', record: toNslpRecord(stored) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push(
        err.code === 'conflict'
          ? { status: 'conflict', record: err.extra.record as NslpRecord, message: err.message }
          : { status: 'invalid', message: err.message, errors: err.extra.errors },
      );
    }
  }
  const written = await insertMany(
    nslpRecordsResource,
    { tx, request },
    rows.map((r) => ({ ...r, id: r.id as string, created_at: now, updated_at: now })),
    inputs,
    outcomes,
  );
  await auditMany(
    tx,
    request,
    rows
      .filter((r) => written.has(r.id as string))
      .map((r) => ({ action: 'create' as const, resource: 'nslp_records', recordId: r.id, changes: r })),
  );
  return outcomes;
}

const BOOLEAN = ['true', 'false', '1', '0'];

/** A filter on the scholar's own fields (grade, homeroom). */
const scholarFilter =
  (column: typeof demographics.grade | typeof demographics.homeroom, kind: FilterKind = 'text') =>
  (value: string) =>
    inArray(
      nslpRecords.scholar_id,
      sql`(select ${demographics.id} from ${demographics} where ${column} = ${filterValue(column.name, kind, value)})`,
    );

const dateFilter = (field: string, op: typeof gte) => (value: string) =>
  op(nslpRecords.served_on, filterDate(field, value));

export const nslpRecordsResource: ResourceDefinition<NslpRecord, NslpRecordCreate, NslpRecordVoid> = {
  name: 'nslp_records',
  table: nslpRecords,
  idColumn: nslpRecords.id,
  record: NslpRecordSchema,
  create: NslpRecordCreateSchema,
  update: NslpRecordVoidSchema,
  sortFields: Object.fromEntries(NSLP_SORT_FIELDS.map((f) => [f, nslpRecords[f]])),
  defaultSort: '-served_at',
  filters: {
    from: dateFilter('from', gte),
    to: dateFilter('to', lte),
    served_on: dateFilter('served_on', eq),
    meal_type: eqFilter(nslpRecords.meal_type),
    scholar_id: uuidFilter(nslpRecords.scholar_id),
    grade: scholarFilter(demographics.grade, GRADES),
    homeroom: scholarFilter(demographics.homeroom),
    added_as_missing: eqFilter(nslpRecords.added_as_missing, 'boolean'),
    include_voided: (value) => {
      if (!BOOLEAN.includes(value)) throw invalid('filter.include_voided', 'Must be true or false.');
      return undefined;
    },
  },
  searchColumns: [nslpRecords.missing_reason, nslpRecords.void_reason],
  listScope: (query) => {
    const include = query.filter?.include_voided;
    return include === 'true' || include === '1' ? undefined : eq(nslpRecords.voided, false);
  },
  toRecords: async (rows) => (rows as Row[]).map(toNslpRecord),
  present: presentNslpRecord,
  async prepareCreate(input, { tx, request }) {
    const day = schoolDay(input.served_at, request.server.school.timeZone);
    const served = await servedMeals(tx, [input.scholar_id], [day]);
    const history = await histories(tx, day, [input.scholar_id]);
    const [known] = await tx
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.id, input.scholar_id));
    if (!known) throw invalid('scholar_id', 'No such record.');
    return newRow(input, {
      day,
      eligibility: inEffect(history.get(input.scholar_id), day),
      served: served.get(mealKey(input.scholar_id, day, input.meal_type)),
      request,
    });
  },
  prepareUpdate(input, existing, { request }) {
    if (existing.voided) {
      throw new AppError('conflict', 'This meal record is already voided.', {
        record: presentNslpRecord(toNslpRecord(existing as Row), request),
      });
    }
    return {
      voided: true,
      void_reason: input.void_reason,
      voided_at: new Date().toISOString(),
      voided_by: request.auth?.user.id ?? null,
    };
  },
  createMany,
  sameAs,
};

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ErrorResponseSchema };

/** Every day from `from` to `to`, as YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * The counts of each day and meal type that has meals, by the category in effect when served (voided left out), with
 * the edit check: eligible scholars of the category that day times the school's attendance factor.
 */
async function dailyCounts(tx: Tx, q: { from: string; to: string; meal_type?: NslpRecord['meal_type'] }) {
  const { attendance_factor: factor } = await readSchoolSettings(tx);
  const rows = await tx
    .select({
      served_on: nslpRecords.served_on,
      meal_type: nslpRecords.meal_type,
      eligibility: nslpRecords.eligibility,
      n: count(),
    })
    .from(nslpRecords)
    .where(
      and(
        gte(nslpRecords.served_on, q.from),
        lte(nslpRecords.served_on, q.to),
        eq(nslpRecords.voided, false),
        q.meal_type ? eq(nslpRecords.meal_type, q.meal_type) : undefined,
      ),
    )
    .groupBy(nslpRecords.served_on, nslpRecords.meal_type, nslpRecords.eligibility)
    .orderBy(nslpRecords.served_on, nslpRecords.meal_type);
  const days = new Set(rows.map((r) => r.served_on));
  const mealDays = daysBetween(q.from, q.to).filter((d) => days.has(d));
  const eligible = await eligibleByDay(tx, mealDays);
  const closed = await closedDaysAmong(tx, mealDays);
  const services = await mealServicesOn(tx, [...closed.keys()]);
  const byKey = new Map<string, Required<NslpDailyCount>>();
  for (const r of rows) {
    const key = `${r.served_on}|${r.meal_type}`;
    let day = byKey.get(key);
    if (!day) {
      const counts = eligible.get(r.served_on) ?? { free: 0, reduced: 0, paid: 0 };
      const category = (c: MealEligibility) => ({
        count: 0,
        eligible: counts[c],
        // Whole meals: for a whole count, above eligible × factor is the same as above its whole part.
        limit: Math.floor(counts[c] * factor + 1e-9),
        flagged: false,
      });
      const shut = closed.get(r.served_on);
      const service = services.get(r.served_on) ?? null;
      day = {
        served_on: r.served_on,
        meal_type: r.meal_type,
        closed: shut ? { ...shut, service } : null,
        in_claim: !shut || service !== null,
        free: category('free'),
        reduced: category('reduced'),
        paid: category('paid'),
        total: 0,
        flagged: false,
      };
      byKey.set(key, day);
    }
    day[r.eligibility].count += Number(r.n);
    day.total += Number(r.n);
  }
  for (const day of byKey.values()) {
    for (const c of MEAL_ELIGIBILITY) {
      day[c].flagged = day[c].count > day[c].eligible * factor;
      day.flagged ||= day[c].flagged;
    }
  }
  return { data: [...byKey.values()], meta: { from: q.from, to: q.to, attendance_factor: factor, by_category: true } };
}

/**
 * The counts as this caller may see them: by category only with the permission that shows eligibility (a count by
 * category read before and after one record tells that scholar's category); otherwise the total per day and service.
 */
function presentDailyCounts(counts: NslpDailyCountsResponse, request: FastifyRequest): NslpDailyCountsResponse {
  if (can(request, MEAL_ELIGIBILITY_PERMISSION)) return counts;
  return {
    data: counts.data.map(({ served_on, meal_type, closed, in_claim, total }) => ({
      served_on,
      meal_type,
      closed,
      in_claim,
      total,
    })),
    meta: { ...counts.meta, by_category: false },
  };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/daily_counts',
    {
      config: { access: 'nslp_records-view_any' },
      schema: { querystring: NslpDailyCountsQuerySchema, response: { 200: NslpDailyCountsResponseSchema, ...errors } },
    },
    async (request) => presentDailyCounts(await app.db.transaction((tx) => dailyCounts(tx, request.query)), request),
  );
  await app.register(resourceRoutes(nslpRecordsResource));
};

export default routes;
