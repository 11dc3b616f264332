/**
 * `v2/timesheets`: the hours staff work, as records with a start and an end (instants), counted on the
 * school day they started (`work_date`, in the school's time zone). The generic resource (list, single, create,
 * update, delete) with these rules:
 *
 * - Scope: with `timesheets-view` a person reads and writes their own records; `timesheets-view_any` everyone's. A
 *   station's signed-in staff member may record for another person with that person's badge (method 'badge'), and
 *   clock them out with it.
 * - Only active staff have records. One person's records never overlap (an open record runs on without end): 409 with
 *   the record in the way. The person's row is locked first, so two writes at once take turns.
 * - Records of an approved pay period are read-only (409) until the timekeeper reopens it; each record says `locked`.
 * - An update may name its `base_version` (409 with the stored record when it changed); every update increments the
 *   version; changing a finished record, or another person's, needs a `reason`, which the audit event keeps.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  recordIssues,
  TIMESHEET_CATEGORIES,
  TIMESHEET_MESSAGES,
  type TimesheetCreate,
  TimesheetCreateSchema,
  type TimesheetRecord,
  TimesheetRecordSchema,
  type TimesheetUpdate,
  TimesheetUpdateSchema,
  workedMinutes,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheets, users } from '../../db/schema';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import { dateFilter, filterValue, iso, type ResourceDefinition, resourceRoutes, uuidFilter } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { can, requireAuth } from '../../plugins/access';
import { personSearch } from '../timesheet_schedules/shared';
import {
  approvedPeriods,
  badgeMatches,
  clockText,
  lockPerson,
  type Person,
  personByBadge,
  personName,
  refuseApproved,
  spanText,
  userNames,
} from './shared';

type Row = typeof timesheets.$inferSelect;
type Fields = Pick<Row, 'started_at' | 'ended_at' | 'break_minutes' | 'category' | 'leave_type'>;

const instant = (v: string | null) => (v === null ? null : iso(v));

/** Stored rows as the API answers them: the person's name and the lock of each record's pay period, batched. */
export async function toTimesheetRecords(rows: Row[], tx: Pick<Tx, 'select'>): Promise<TimesheetRecord[]> {
  if (!rows.length) return [];
  const userIds = rows.map((r) => r.user_id);
  const dates = rows.map((r) => r.work_date).sort();
  const [names, approved] = await Promise.all([
    userNames(tx, userIds),
    approvedPeriods(tx, userIds, dates[0] as string, dates.at(-1) as string),
  ]);
  return rows.map((row) => {
    const record = {
      id: row.id,
      user_id: row.user_id,
      user_name: names.get(row.user_id) ?? '',
      work_date: row.work_date,
      started_at: iso(row.started_at),
      ended_at: instant(row.ended_at),
      break_minutes: row.break_minutes,
      category: row.category,
      leave_type: row.leave_type,
      note: row.note,
      method: row.method,
      version: row.version,
      locked: approved.some(
        (p) => p.user_id === row.user_id && p.period_start <= row.work_date && row.work_date <= p.period_end,
      ),
      recorded_by: row.recorded_by,
      device_id: row.device_id,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
    return { ...record, worked_minutes: workedMinutes(record) };
  });
}

const one = async (tx: Tx, row: Row) => (await toTimesheetRecords([row], tx))[0] as TimesheetRecord;

const timeZoneOf = (request: FastifyRequest) => request.server.school.timeZone;

/** 422 with every issue of the record's fields (the contract's rules, on the fields as they will be stored). */
function checkFields(fields: Fields) {
  const issues = recordIssues(fields);
  if (!issues.length) return;
  const errors: Record<string, string[]> = {};
  for (const i of issues) errors[i.path] = [...(errors[i.path] ?? []), i.message];
  throw new AppError('validation', issues[0]?.message ?? 'The record is not valid.', { errors });
}

/**
 * 409 when the record would overlap another of the person's (an open one runs on without end), naming the record in
 * the way with its times in the school's zone.
 */
async function refuseOverlap(
  tx: Tx,
  request: FastifyRequest,
  person: Person,
  fields: Pick<Row, 'started_at' | 'ended_at'>,
  exceptId?: string,
) {
  const [other] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.user_id, person.id),
        exceptId ? ne(timesheets.id, exceptId) : undefined,
        fields.ended_at === null ? undefined : lt(timesheets.started_at, fields.ended_at),
        or(isNull(timesheets.ended_at), gt(timesheets.ended_at, fields.started_at)),
      ),
    )
    .orderBy(timesheets.started_at)
    .limit(1);
  if (!other) return;
  const timeZone = timeZoneOf(request);
  const self = person.id === request.auth?.user.id;
  const who = self ? 'You' : personName(person);
  const message =
    other.ended_at === null
      ? `${who} ${self ? 'are' : 'is'} clocked in since ${clockText(other.started_at, timeZone)} on ${schoolDay(other.started_at, timeZone)}: clock out first, or change that record.`
      : `${who} already ${self ? 'have' : 'has'} a record on ${spanText(other, timeZone)} in the way: change that one, or choose other times.`;
  throw new AppError('conflict', message, { record: await one(tx, other) });
}

/**
 * Whose record a create is: the signed-in person's by default; another's with `timesheets-view_any`, or with that
 * person's badge (method 'badge'; a badge alone names its holder). 403 otherwise; 422 on `badge` for a wrong badge.
 */
async function ownerOfCreate(tx: Tx, request: FastifyRequest, input: TimesheetCreate): Promise<Person> {
  const me = requireAuth(request).user.id;
  const badge = input.method === 'badge' ? input.badge : undefined;
  if (badge !== undefined && input.user_id === undefined) {
    const holder = await personByBadge(tx, badge);
    if (!holder) throw invalid('badge', TIMESHEET_MESSAGES.badge);
    return lockPerson(tx, holder.id, 'badge', { active: true });
  }
  const userId = input.user_id ?? me;
  if (userId !== me && !can(request, 'timesheets-view_any') && badge === undefined) throw forbidden();
  const person = await lockPerson(tx, userId, 'user_id', { active: true });
  if (badge !== undefined && !badgeMatches(person, badge)) throw invalid('badge', TIMESHEET_MESSAGES.badge);
  return person;
}

/** Whether a create is the stored record again (a replay): the same person and times, or a record changed since. */
function sameAs(input: TimesheetCreate, record: TimesheetRecord): boolean {
  if (input.user_id !== undefined && input.user_id !== record.user_id) return false;
  // A clock-in sent again after its clock-out reached the server is still the same clock-in.
  if (record.version > 1) return true;
  return (
    Date.parse(input.started_at) === Date.parse(record.started_at) &&
    (input.ended_at === null ? null : Date.parse(input.ended_at)) ===
      (record.ended_at === null ? null : Date.parse(record.ended_at)) &&
    input.break_minutes === record.break_minutes &&
    input.category === record.category &&
    (input.category === 'leave' ? input.leave_type : null) === record.leave_type &&
    (input.note ?? null) === record.note &&
    input.method === record.method
  );
}

/** The fields an update that came with a badge (a station clocking its holder out) may change. */
const BADGE_FIELDS = new Set(['ended_at', 'break_minutes', 'note', 'base_version', 'badge', 'reason']);

async function prepareUpdate(
  input: TimesheetUpdate,
  existing: Record<string, unknown>,
  ctx: { tx: Tx; request: FastifyRequest },
) {
  const { tx, request } = ctx;
  const me = requireAuth(request).user.id;
  const viewAny = can(request, 'timesheets-view_any');
  const person = await lockPerson(tx, (existing as Row).user_id, 'user_id');
  // Read again under the person's lock: a change committed while this one waited counts (its version, its times).
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(eq(timesheets.id, (existing as Row).id))
    .limit(1);
  if (!row) throw notFound();
  let own = row.user_id === me;
  if (!own && !viewAny) {
    // A station clocking the badge's holder out; anything else of another person's is not the caller's to see.
    if (input.badge === undefined) throw notFound();
    if (!badgeMatches(person, input.badge)) throw invalid('badge', TIMESHEET_MESSAGES.badge);
    const beyond = Object.keys(input).filter(
      (k) => input[k as keyof TimesheetUpdate] !== undefined && !BADGE_FIELDS.has(k),
    );
    if (beyond.length) throw forbidden();
    // The badge's holder is at the station: their own record, as on their own phone.
    own = true;
  }
  if (input.base_version !== undefined && input.base_version !== row.version) {
    throw new AppError('conflict', TIMESHEET_MESSAGES.versionChanged, { record: await one(tx, row) });
  }
  const category = input.category ?? row.category;
  const next: Fields = {
    started_at: input.started_at ?? row.started_at,
    ended_at: input.ended_at === undefined ? row.ended_at : input.ended_at,
    break_minutes: input.break_minutes ?? row.break_minutes,
    category,
    leave_type: category === 'leave' ? (input.leave_type === undefined ? row.leave_type : input.leave_type) : null,
  };
  checkFields({ ...next, started_at: iso(next.started_at), ended_at: instant(next.ended_at) });
  if ((row.ended_at !== null || !own) && !input.reason) throw invalid('reason', TIMESHEET_MESSAGES.reasonRequired);
  const timeZone = timeZoneOf(request);
  const workDate = schoolDay(next.started_at, timeZone);
  await refuseApproved(tx, row.user_id, row.work_date);
  if (workDate !== row.work_date) await refuseApproved(tx, row.user_id, workDate);
  await refuseOverlap(tx, request, person, next, row.id);
  return {
    ...next,
    work_date: workDate,
    ...(input.note === undefined ? {} : { note: input.note }),
    version: row.version + 1,
  };
}

/** `filter[category]=conference` or several: `filter[category]=regular,training`. */
function categoryFilter(value: string): SQL {
  const wanted = value.split(',').map((c) => filterValue('category', TIMESHEET_CATEGORIES, c.trim()));
  return inArray(timesheets.category, wanted as Row['category'][]);
}

/** "Last, First" of the record's person, for sorting by name. */
const userNameSort = sql`(select lower(${users.lname} || ', ' || coalesce(nullif(${users.nickname}, ''), ${users.fname})) from ${users} where ${users.id} = ${timesheets.user_id})`;

export const timesheetsResource: ResourceDefinition<TimesheetRecord, TimesheetCreate, TimesheetUpdate> = {
  name: 'timesheets',
  table: timesheets,
  idColumn: timesheets.id,
  record: TimesheetRecordSchema,
  create: TimesheetCreateSchema,
  update: TimesheetUpdateSchema,
  sortFields: {
    started_at: timesheets.started_at,
    work_date: timesheets.work_date,
    created_at: timesheets.created_at,
    user_name: userNameSort,
  },
  defaultSort: '-started_at',
  filters: {
    from: dateFilter('from', timesheets.work_date, gte),
    to: dateFilter('to', timesheets.work_date, lte),
    work_date: dateFilter('work_date', timesheets.work_date, eq),
    user_id: uuidFilter(timesheets.user_id),
    category: categoryFilter,
    open: (value) =>
      filterValue('open', 'boolean', value) ? isNull(timesheets.ended_at) : isNotNull(timesheets.ended_at),
  },
  searchColumns: [timesheets.note],
  searchAlso: personSearch(timesheets.user_id),
  listAccess: 'timesheets-view',
  scope: (request) =>
    can(request, 'timesheets-view_any') ? undefined : eq(timesheets.user_id, requireAuth(request).user.id),
  toRecords: (rows, tx) => toTimesheetRecords(rows as Row[], tx),
  async prepareCreate(input, { tx, request }) {
    const person = await ownerOfCreate(tx, request, input);
    const fields: Fields = {
      started_at: input.started_at,
      ended_at: input.ended_at,
      break_minutes: input.break_minutes,
      category: input.category,
      leave_type: input.category === 'leave' ? input.leave_type : null,
    };
    const workDate = schoolDay(input.started_at, timeZoneOf(request));
    await refuseApproved(tx, person.id, workDate);
    await refuseOverlap(tx, request, person, fields);
    return {
      ...fields,
      user_id: person.id,
      work_date: workDate,
      note: input.note,
      method: input.method,
      version: 1,
      recorded_by: request.auth?.user.id ?? null,
      device_id: input.device_id ?? (request.headers['x-device-id'] as string | undefined)?.slice(0, 100) ?? null,
    };
  },
  prepareUpdate,
  async beforeDelete(existing, { tx, request }) {
    const { user_id: userId, id } = existing as Row;
    if (userId !== requireAuth(request).user.id && !can(request, 'timesheets-view_any')) throw notFound();
    await lockPerson(tx, userId, 'user_id');
    // Its day as it stands under the lock (an update may have moved it meanwhile).
    const [row] = await tx.select().from(timesheets).where(eq(timesheets.id, id)).limit(1);
    if (!row) throw notFound();
    await refuseApproved(tx, row.user_id, row.work_date);
  },
  sameAs,
  // The badge a station read is a key: never in the audit trail.
  secretFields: ['badge'],
  remove: 'delete',
};

export default resourceRoutes(timesheetsResource);
