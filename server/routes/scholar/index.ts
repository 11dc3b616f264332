/**
 * `v2/scholar/...`: what the Scholar Portal reads, for a scholar signed in on their own or a parent. Every
 * answer is scoped to the caller's scholars (lib/scholar-scope.ts); a scholar outside the scope answers 404. The
 * school calendar is the school's, the same for every family, but also only for portal accounts.
 * Content for some grades (announcements, meetings, resources) reaches a scholar of one of them; an empty list of
 * grades is every grade. A class reaches the scholars of its grades and those enrolled in it one by one.
 */
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isoWeekday,
  mondayOf,
  monthOf,
  type PortalArrival,
  PortalArrivalsResponseSchema,
  PortalBadgeResponseSchema,
  PortalCalendarResponseSchema,
  type PortalClass,
  PortalDateQuerySchema,
  PortalHomeResponseSchema,
  type PortalMeeting,
  PortalMeetingsResponseSchema,
  PortalMonthQuerySchema,
  PortalRangeQuerySchema,
  PortalResourcesQuerySchema,
  PortalResourcesResponseSchema,
  PortalScheduleResponseSchema,
  PortalScholarParamsSchema,
  PortalScholarsResponseSchema,
  type PortalSettings,
  shiftDate,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import {
  announcements,
  calendarEvents,
  checkIns,
  conferences,
  courseEnrollments,
  courses,
  groupMeetings,
  portalResources,
  schoolSettings,
} from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { ERROR_RESPONSES, iso } from '../../lib/resource';
import { type ScopedScholar, scholarInScope, scholarsOf } from '../../lib/scholar-scope';
import { closuresBetween } from '../../lib/school-calendar';
import { schoolDay } from '../../lib/school-day';

/** The colour of a conference day on the portal's calendar (one of EVENT_COLORS). */
const CONFERENCE_COLOR = 'teal';

/** Portal accounts only: staff read the same content on the staff screens. */
const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;

/** Content for these grades reaches the scholar: their grade is listed, or none is. */
export const forGrade = (grades: AnyPgColumn, grade: string): SQL =>
  sql`(${grades} = '[]'::jsonb or ${grades} @> ${JSON.stringify([grade])}::jsonb)`;

/** The portal's settings from the school's settings row. */
export async function readPortalSettings(db: Pick<Db | Tx, 'select'>): Promise<PortalSettings> {
  const [row] = await db.select().from(schoolSettings).limit(1);
  return {
    resource_prefix: row?.resource_prefix ?? null,
    week_starts_on: row?.week_starts_on ?? 0,
    help_contact: row?.help_contact ?? null,
    portal_entries_off: (row?.portal_entries_off ?? []) as PortalSettings['portal_entries_off'],
    covid_screening: row?.covid_screening_enabled ?? false,
    terms: row?.terms ?? {},
    reasons_es: row?.reasons_es ?? {},
  };
}

/** The classes a scholar takes, each session a row, by weekday and start; `weekday` limits them to one day. */
async function classesOf(
  db: Pick<Db | Tx, 'select'>,
  scholar: ScopedScholar,
  weekday?: number,
): Promise<PortalClass[]> {
  const enrolled = db
    .select({ id: courseEnrollments.course_id })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.scholar_id, scholar.id));
  const rows = await db
    .select()
    .from(courses)
    .where(
      or(
        and(sql`${courses.grades} <> '[]'::jsonb`, forGrade(courses.grades, scholar.grade)),
        sql`${courses.id} in ${enrolled}`,
      ),
    )
    .orderBy(asc(courses.name));
  return rows
    .flatMap((c) =>
      c.sessions.map((session) => ({
        course_id: c.id,
        name: c.name,
        teacher: c.teacher,
        room: c.room,
        meet_url: c.meet_url,
        ...session,
      })),
    )
    .filter((c) => weekday === undefined || c.weekday === weekday)
    .sort((a, b) => a.weekday - b.weekday || a.start_time.localeCompare(b.start_time) || a.name.localeCompare(b.name));
}

/** The group meetings of a scholar's grade that start within [from, to] (school days, inclusive). */
async function meetingsOf(
  db: Pick<Db | Tx, 'select'>,
  scholar: ScopedScholar,
  from: string,
  to: string,
  timeZone: string,
): Promise<PortalMeeting[]> {
  const start = new Date(zonedInstant(from, '00:00', timeZone)).toISOString();
  const end = new Date(zonedInstant(shiftDate(to, 1), '00:00', timeZone)).toISOString();
  const rows = await db
    .select()
    .from(groupMeetings)
    .where(
      and(
        gte(groupMeetings.starts_at, start),
        lt(groupMeetings.starts_at, end),
        forGrade(groupMeetings.grades, scholar.grade),
      ),
    )
    .orderBy(asc(groupMeetings.starts_at), asc(groupMeetings.id));
  return rows.map((m) => ({
    id: m.id,
    title: m.title,
    starts_at: iso(m.starts_at),
    ends_at: iso(m.ends_at),
    place: m.place,
    meet_url: m.meet_url,
    leader: m.leader,
  }));
}

const toArrival = (row: typeof checkIns.$inferSelect): PortalArrival => ({
  id: row.id,
  occurred_at: iso(row.occurred_at),
  school_day: row.school_day,
  late: row.late,
  reason: row.reason,
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;
  const today = () => schoolDay(new Date(), school.timeZone);
  const errors = ERROR_RESPONSES;

  app.get(
    '/scholars',
    { config: PORTAL, schema: { response: { 200: PortalScholarsResponseSchema, ...errors } } },
    async (request) => {
      const user = request.auth?.user as { id: string; type: string };
      const [scholars, settings] = await Promise.all([scholarsOf(app.db, user), readPortalSettings(app.db)]);
      return {
        data: scholars.map(({ badge_code: _code, ...s }) => s),
        settings,
        time_zone: school.timeZone,
        today: today(),
      };
    },
  );

  app.get(
    '/scholars/:id/home',
    {
      config: PORTAL,
      schema: {
        params: PortalScholarParamsSchema,
        querystring: PortalDateQuerySchema,
        response: { 200: PortalHomeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const date = request.query.date ?? today();
      const [classes, meetings, news, arrival] = await Promise.all([
        classesOf(app.db, scholar, isoWeekday(date)),
        meetingsOf(app.db, scholar, date, date, school.timeZone),
        app.db
          .select()
          .from(announcements)
          .where(
            and(
              lte(announcements.starts_on, date),
              or(isNull(announcements.ends_on), gte(announcements.ends_on, date)),
              forGrade(announcements.grades, scholar.grade),
            ),
          )
          .orderBy(desc(announcements.starts_on), desc(announcements.created_at))
          .limit(20),
        app.db
          .select()
          .from(checkIns)
          .where(
            and(
              eq(checkIns.scholar_id, scholar.id),
              eq(checkIns.school_day, date),
              eq(checkIns.kind, 'arrival'),
              // A voided arrival (recorded in error) does not count.
              isNull(checkIns.voided_at),
            ),
          )
          .limit(1),
      ]);
      return {
        date,
        classes,
        meetings,
        announcements: news.map((a) => ({
          id: a.id,
          title: a.title,
          body: a.body,
          title_es: a.title_es,
          body_es: a.body_es,
          starts_on: a.starts_on,
          ends_on: a.ends_on,
          updated_at: iso(a.updated_at),
        })),
        arrival: arrival[0] ? toArrival(arrival[0]) : null,
      };
    },
  );

  app.get(
    '/scholars/:id/meetings',
    {
      config: PORTAL,
      schema: {
        params: PortalScholarParamsSchema,
        querystring: PortalRangeQuerySchema,
        response: { 200: PortalMeetingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const from = request.query.from ?? mondayOf(request.query.to ?? today());
      const to = request.query.to ?? shiftDate(from, 6);
      return { from, to, data: await meetingsOf(app.db, scholar, from, to, school.timeZone) };
    },
  );

  app.get(
    '/scholars/:id/schedule',
    {
      config: PORTAL,
      schema: { params: PortalScholarParamsSchema, response: { 200: PortalScheduleResponseSchema, ...errors } },
    },
    async (request) => ({ data: await classesOf(app.db, await scholarInScope(app.db, request, request.params.id)) }),
  );

  app.get(
    '/scholars/:id/resources',
    {
      config: PORTAL,
      schema: {
        params: PortalScholarParamsSchema,
        querystring: PortalResourcesQuerySchema,
        response: { 200: PortalResourcesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const rows = await app.db
        .select()
        .from(portalResources)
        .where(and(eq(portalResources.kind, request.query.kind), forGrade(portalResources.grades, scholar.grade)))
        .orderBy(asc(portalResources.subject), asc(portalResources.position), asc(portalResources.title));
      return {
        data: rows.map(({ grades: _grades, created_at: _created, ...r }) => ({ ...r, updated_at: iso(r.updated_at) })),
      };
    },
  );

  app.get(
    '/scholars/:id/arrivals',
    {
      config: PORTAL,
      schema: {
        params: PortalScholarParamsSchema,
        querystring: PortalMonthQuerySchema,
        response: { 200: PortalArrivalsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const month = request.query.month ?? today().slice(0, 7);
      const { start, end } = monthOf(`${month}-01`);
      const rows = await app.db
        .select()
        .from(checkIns)
        .where(
          and(
            eq(checkIns.scholar_id, scholar.id),
            eq(checkIns.kind, 'arrival'),
            isNull(checkIns.voided_at),
            gte(checkIns.school_day, start),
            lte(checkIns.school_day, end),
          ),
        )
        .orderBy(desc(checkIns.school_day));
      return { month, data: rows.map(toArrival) };
    },
  );

  app.get(
    '/scholars/:id/badge',
    {
      config: PORTAL,
      schema: { params: PortalScholarParamsSchema, response: { 200: PortalBadgeResponseSchema, ...errors } },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      return { code: scholar.badge_code, name: `${scholar.nickname ?? scholar.fname} ${scholar.lname}` };
    },
  );

  app.get(
    '/calendar',
    {
      config: PORTAL,
      schema: { querystring: PortalRangeQuerySchema, response: { 200: PortalCalendarResponseSchema, ...errors } },
    },
    async (request) => {
      // Without a range: this month; with one end only: six weeks (a month's grid) from or to it.
      const month = monthOf(today());
      const { from: asked, to: until } = request.query;
      const from = asked ?? (until ? shiftDate(until, -41) : month.start);
      const to = until ?? (asked ? shiftDate(from, 41) : month.end);
      const start = new Date(zonedInstant(from, '00:00', school.timeZone)).toISOString();
      const end = new Date(zonedInstant(shiftDate(to, 1), '00:00', school.timeZone)).toISOString();
      const rows = await app.db
        .select()
        .from(calendarEvents)
        .where(and(lt(calendarEvents.starts_at, end), gt(calendarEvents.ends_at, start)))
        .orderBy(asc(calendarEvents.starts_at), asc(calendarEvents.id));
      // The school calendar's closures are events of the portal's calendar too, each one entry however long: entered
      // once in Edit Days Off, never copied into the calendar's own events.
      const closures = (await closuresBetween(app.db, from, to)).map((c) => ({
        id: c.id,
        title: c.name,
        description: null,
        start: new Date(zonedInstant(c.starts_on, '00:00', school.timeZone)).toISOString(),
        end: new Date(zonedInstant(shiftDate(c.ends_on, 1), '00:00', school.timeZone)).toISOString(),
        allDay: true,
        color: 'red',
        closure: true,
      }));
      // A conference day is one record: its date and hours on the calendar are the conference page's, never a copy.
      const days = await app.db
        .select({
          id: conferences.id,
          title: conferences.title,
          held_on: conferences.held_on,
          start_time: conferences.start_time,
          end_time: conferences.end_time,
        })
        .from(conferences)
        .where(and(gte(conferences.held_on, from), lte(conferences.held_on, to)))
        .orderBy(asc(conferences.held_on), asc(conferences.id));
      const conferenceDays = days.map((c) => ({
        id: c.id,
        title: c.title,
        description: null,
        start: new Date(zonedInstant(c.held_on, c.start_time, school.timeZone)).toISOString(),
        end: new Date(zonedInstant(c.held_on, c.end_time, school.timeZone)).toISOString(),
        allDay: false,
        color: CONFERENCE_COLOR,
        closure: false,
      }));
      const events = rows.map((e) => ({
        id: e.id,
        title: e.title,
        description: e.description,
        start: iso(e.starts_at),
        end: iso(e.ends_at),
        allDay: e.all_day,
        color: e.color,
        closure: false,
      }));
      return {
        from,
        to,
        data: [...closures, ...conferenceDays, ...events].sort((a, b) => a.start.localeCompare(b.start)),
      };
    },
  );
};

export default routes;
