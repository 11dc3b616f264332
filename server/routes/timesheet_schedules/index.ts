/**
 * `v2/timesheet_schedules`: each staff member's default week, effective from a date, with its history;
 * `POST copy` gives one week to several people from a date; `GET expected` answers anyone's expected hours for any
 * range, day by day with each day's reason (lib/expected-hours.ts). The school's non-work days, days off, special
 * hours, the staff list and the pay period settings have their own plugins beside this one.
 */
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CopyScheduleSchema,
  ExpectedQuerySchema,
  ExpectedResponseSchema,
  TIMESHEET_SCHEDULE_SORT_FIELDS,
  type TimesheetScheduleCreate,
  TimesheetScheduleCreateSchema,
  type TimesheetScheduleRecord,
  TimesheetScheduleRecordSchema,
  type TimesheetScheduleUpdate,
  TimesheetScheduleUpdateSchema,
  uuidv7,
  weekMinutes,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheetSchedules } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { expectedHours } from '../../lib/expected-hours';
import {
  ERROR_RESPONSES,
  filterDate,
  iso,
  type ResourceDefinition,
  readOne,
  resourceRoutes,
  uuidFilter,
} from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { lockStaff, personName, personSearch } from './shared';

type Row = typeof timesheetSchedules.$inferSelect;

/** A stored row as the API answers it. */
export const toScheduleRecord = (row: Row): TimesheetScheduleRecord => ({
  id: row.id,
  user_id: row.user_id,
  effective_from: row.effective_from,
  days: row.days,
  weekly_minutes: weekMinutes(row.days),
  note: row.note,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** 409 when the person already has a week from that date (another row than `exceptId`). */
async function refuseSameDate(tx: Tx, userId: string, effectiveFrom: string, name: string, exceptId?: string) {
  const [other] = await tx
    .select()
    .from(timesheetSchedules)
    .where(
      and(
        eq(timesheetSchedules.user_id, userId),
        eq(timesheetSchedules.effective_from, effectiveFrom),
        exceptId ? ne(timesheetSchedules.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    throw new AppError(
      'conflict',
      `${name} already has a default week from ${effectiveFrom}: change that one, or choose another date.`,
      { record: toScheduleRecord(other) },
    );
  }
}

export const schedulesResource: ResourceDefinition<
  TimesheetScheduleRecord,
  TimesheetScheduleCreate,
  TimesheetScheduleUpdate
> = {
  name: 'timesheet_schedules',
  table: timesheetSchedules,
  idColumn: timesheetSchedules.id,
  record: TimesheetScheduleRecordSchema,
  create: TimesheetScheduleCreateSchema,
  update: TimesheetScheduleUpdateSchema,
  sortFields: Object.fromEntries(TIMESHEET_SCHEDULE_SORT_FIELDS.map((f) => [f, timesheetSchedules[f]])),
  defaultSort: '-effective_from',
  filters: {
    user_id: uuidFilter(timesheetSchedules.user_id),
    // The version in effect on a date: the person's latest from on or before it.
    effective_on: (value) => {
      const day = filterDate('effective_on', value);
      return and(
        lte(timesheetSchedules.effective_from, day),
        sql`${timesheetSchedules.effective_from} = (select max(t2.effective_from) from timesheet_schedules t2
          where t2.user_id = ${timesheetSchedules.user_id} and t2.effective_from <= ${day})`,
      );
    },
  },
  searchColumns: [timesheetSchedules.note],
  searchAlso: personSearch(timesheetSchedules.user_id),
  toRecords: async (rows) => (rows as Row[]).map(toScheduleRecord),
  async prepareCreate(input, { tx }) {
    const [person] = await lockStaff(tx, [input.user_id], 'user_id');
    if (person) await refuseSameDate(tx, input.user_id, input.effective_from, personName(person));
    return { user_id: input.user_id, effective_from: input.effective_from, days: input.days, note: input.note };
  },
  async prepareUpdate(input, existing, { tx }) {
    const row = existing as Row;
    const [person] = await lockStaff(tx, [row.user_id], 'user_id');
    if (person && input.effective_from && input.effective_from !== row.effective_from) {
      await refuseSameDate(tx, row.user_id, input.effective_from, personName(person), row.id);
    }
    return input;
  },
  remove: 'delete',
};

const errors = ERROR_RESPONSES;

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(schedulesResource));

  app.post(
    '/copy',
    {
      config: { access: 'timesheet_schedules-create' },
      schema: {
        body: CopyScheduleSchema,
        response: { 200: z.object({ data: z.array(TimesheetScheduleRecordSchema) }), ...errors },
      },
    },
    async (request) => {
      const { schedule_id, user_ids, effective_from } = request.body;
      return app.db.transaction(async (tx) => {
        const source = await readOne(schedulesResource, tx, schedule_id);
        const targets = user_ids.filter((id) => id !== source.user_id);
        await lockStaff(tx, targets, 'user_ids');
        const written: TimesheetScheduleRecord[] = [];
        for (const userId of new Set(targets)) {
          const [existing] = await tx
            .select({ id: timesheetSchedules.id })
            .from(timesheetSchedules)
            .where(and(eq(timesheetSchedules.user_id, userId), eq(timesheetSchedules.effective_from, effective_from)));
          const id = existing?.id ?? uuidv7();
          if (existing) {
            await tx
              .update(timesheetSchedules)
              .set({ days: source.days, note: source.note, updated_at: new Date().toISOString() })
              .where(eq(timesheetSchedules.id, id));
          } else {
            await tx.insert(timesheetSchedules).values({
              id,
              user_id: userId,
              effective_from,
              days: source.days,
              note: source.note,
            });
          }
          await audit(tx, request, {
            action: existing ? 'update' : 'create',
            resource: 'timesheet_schedules',
            recordId: id,
            changes: { copied_from: schedule_id, user_id: userId, effective_from, days: source.days },
          });
          written.push(await readOne(schedulesResource, tx, id));
        }
        return { data: written };
      });
    },
  );

  app.get(
    '/expected',
    {
      config: { access: 'timesheet_schedules-view' },
      schema: { querystring: ExpectedQuerySchema, response: { 200: ExpectedResponseSchema, ...errors } },
    },
    async (request) => {
      const { from, to, user_id } = request.query;
      const auth = requireAuth(request);
      // Anyone's expected hours take view_any; a staff member with `view` sees their own.
      if (user_id !== auth.user.id && !can(request, 'timesheet_schedules-view_any')) throw forbidden();
      const timeZone = app.school.timeZone;
      const data = await app.db.transaction((tx) =>
        expectedHours(tx, { from, to, userIds: user_id ? [user_id] : undefined, timeZone }),
      );
      if (user_id && !data.length) throw notFound('staff member');
      return { data, meta: { from, to, time_zone: timeZone } };
    },
  );
};

export default routes;
