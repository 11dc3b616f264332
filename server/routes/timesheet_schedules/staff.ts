/**
 * `v2/timesheet_schedules/staff`: the active staff as timekeeping sees them, to find a person by name or
 * email, with their exempt flag (item 7) and the default week in effect today; `POST staff/{id}` sets `exempt`, which
 * the timekeeper owns (the timesheets' overtime and meal-break flags apply to non-exempt staff only).
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  ListQuerySchema,
  listResponse,
  TIMEKEEPING_STAFF_SORT_FIELDS,
  type TimekeepingStaffRecord,
  TimekeepingStaffRecordSchema,
  TimekeepingStaffUpdateSchema,
  weekMinutes,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheetSchedules, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { invalid, notFound } from '../../lib/errors';
import { ERROR_RESPONSES, eqFilter, filterValue, listWhere } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';

type UserRow = typeof users.$inferSelect;

const isStaff = and(eq(users.type, 'staff'), eq(users.active, true));

/** The staff rows as records, with each one's default week in effect on `today`. */
async function toStaffRecords(tx: Pick<Tx, 'select' | 'selectDistinctOn'>, rows: UserRow[], today: string) {
  const ids = rows.map((r) => r.id);
  const weeks = ids.length
    ? await tx
        .selectDistinctOn([timesheetSchedules.user_id])
        .from(timesheetSchedules)
        .where(and(inArray(timesheetSchedules.user_id, ids), sql`${timesheetSchedules.effective_from} <= ${today}`))
        .orderBy(timesheetSchedules.user_id, desc(timesheetSchedules.effective_from))
    : [];
  const weekOf = new Map(weeks.map((w) => [w.user_id, w]));
  return rows.map((r): TimekeepingStaffRecord => {
    const week = weekOf.get(r.id);
    return {
      id: r.id,
      fname: r.fname,
      lname: r.lname,
      nickname: r.nickname,
      email: r.email,
      exempt: r.exempt,
      current_schedule: week
        ? { id: week.id, effective_from: week.effective_from, weekly_minutes: weekMinutes(week.days) }
        : null,
    };
  });
}

/** `filter[has_schedule]`: people with (true) or without (false) any default week. */
const hasSchedule = (value: string) => {
  const exists = sql`exists (select 1 from timesheet_schedules t where t.user_id = ${users.id})`;
  return filterValue('has_schedule', 'boolean', value) ? exists : sql`not ${exists}`;
};

const listDef = {
  filters: { exempt: eqFilter(users.exempt), has_schedule: hasSchedule },
  searchColumns: [users.fname, users.lname, users.nickname, users.email],
};

const errors = ERROR_RESPONSES;
const single = z.object({ data: TimekeepingStaffRecordSchema });

const routes: FastifyPluginAsyncZod = async (app) => {
  const today = () => schoolDay(new Date(), app.school.timeZone);

  app.get(
    '/',
    {
      config: { access: 'timesheet_schedules-view_any' },
      schema: {
        querystring: ListQuerySchema,
        response: { 200: listResponse(TimekeepingStaffRecordSchema), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const where = listWhere(listDef, query, isStaff);
      const field = (query.sort ?? 'lname').replace(/^-/, '');
      if (!(TIMEKEEPING_STAFF_SORT_FIELDS as readonly string[]).includes(field)) {
        throw invalid(
          'sort',
          `Cannot sort by "${field}". Sort by one of: ${TIMEKEEPING_STAFF_SORT_FIELDS.join(', ')}.`,
        );
      }
      const column = users[field as (typeof TIMEKEEPING_STAFF_SORT_FIELDS)[number]];
      const order = query.sort?.startsWith('-') ? desc(column) : asc(column);
      return app.db.transaction(async (tx) => {
        const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(users).where(where);
        const rows = await tx
          .select()
          .from(users)
          .where(where)
          .orderBy(order, asc(users.fname), asc(users.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page);
        return {
          data: await toStaffRecords(tx, rows, today()),
          meta: { page: query.page, per_page: query.per_page, total: Number(total) },
        };
      });
    },
  );

  const readStaff = async (tx: Pick<Tx, 'select' | 'selectDistinctOn'>, id: string) => {
    const rows = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isStaff));
    if (!rows[0]) throw notFound('staff member');
    const [record] = await toStaffRecords(tx, rows, today());
    return record as TimekeepingStaffRecord;
  };

  app.get(
    '/:id',
    {
      config: { access: 'timesheet_schedules-view_any' },
      schema: { params: IdParamsSchema, response: { 200: single, ...errors } },
    },
    async (request) => ({ data: await app.db.transaction((tx) => readStaff(tx, request.params.id)) }),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      config: { access: 'timesheet_schedules-update' },
      schema: { params: IdParamsSchema, body: TimekeepingStaffUpdateSchema, response: { 200: single, ...errors } },
      handler: async (request) =>
        app.db.transaction(async (tx) => {
          await readStaff(tx, request.params.id);
          await tx
            .update(users)
            .set({ exempt: request.body.exempt, updated_at: new Date().toISOString() })
            .where(eq(users.id, request.params.id));
          await audit(tx, request, {
            action: 'update',
            resource: 'users',
            recordId: request.params.id,
            changes: { exempt: request.body.exempt },
          });
          return { data: await readStaff(tx, request.params.id) };
        }),
    });
  }
};

export default routes;
