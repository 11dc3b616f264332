/**
 * `v2/scholar/.../work`: a scholar's work lists from Google Classroom, for a scholar signed in
 * on their own or a parent, scoped like every portal answer (lib/scholar-scope.ts: a scholar outside the caller's scope
 * answers 404, staff 403). A scholar's work is their submissions (course_work_submissions) for course work not deleted.
 *
 * The database narrows by state and search; which list an item is in, and its order, come from the pure rules in
 * src/contract/work-lists.ts, the same the phone uses on its cached copy, so server and phone cannot disagree.
 */
import { and, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMBINED_WORK_TYPES,
  CombinedOverdueQuerySchema,
  CombinedOverdueResponseSchema,
  isAutoWork,
  type SubmissionState,
  selectWork,
  type WorkItem,
  WorkListQuerySchema,
  WorkListResponseSchema,
  type WorkListType,
  WorkScholarParamsSchema,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { courses, courseWork, courseWorkSubmissions } from '../../db/schema';
import { ERROR_RESPONSES, iso, likeEscape } from '../../lib/resource';
import { scholarInScope, scholarsOf } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { readWorkSettings } from './settings';

/** Portal accounts only, as the portal's scholar routes. */
const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;

const OPEN: SubmissionState[] = ['NEW', 'CREATED', 'RECLAIMED_BY_STUDENT'];
const DONE: SubmissionState[] = ['TURNED_IN', 'RETURNED'];

/** The states a list can hold: the database's first cut before the exact rules. */
const statesOf = (type: WorkListType): SubmissionState[] =>
  type === 'completed' || type === 'submissions' ? DONE : OPEN;

const latest = (...values: (string | null | undefined)[]): string =>
  values
    .filter((v): v is string => !!v)
    .map(iso)
    .reduce((a, b) => (a > b ? a : b), '');

/** The work of some scholars in some states, optionally searched by title or class, as list items. */
async function workOf(
  db: Pick<Db | Tx, 'select'>,
  scholarIds: string[],
  states: SubmissionState[],
  search: string | undefined,
  topic: string,
): Promise<WorkItem[]> {
  if (scholarIds.length === 0) return [];
  const where: (SQL | undefined)[] = [
    inArray(courseWorkSubmissions.scholar_id, scholarIds),
    inArray(courseWorkSubmissions.state, states),
    isNull(courseWork.deleted_at),
  ];
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    where.push(or(ilike(courseWork.title, pattern), ilike(courses.name, pattern)));
  }
  const rows = await db
    .select({ submission: courseWorkSubmissions, work: courseWork, course_name: courses.name })
    .from(courseWorkSubmissions)
    .innerJoin(courseWork, eq(courseWork.id, courseWorkSubmissions.course_work_id))
    .innerJoin(courses, eq(courses.id, courseWork.course_id))
    .where(and(...where));
  return rows.map(({ submission: s, work: w, course_name }) => ({
    id: s.id,
    scholar_id: s.scholar_id,
    course_work_id: w.id,
    course_id: w.course_id,
    course_name,
    title: w.title,
    description: w.description,
    link: s.link ?? w.link,
    due_at: w.due_at ? iso(w.due_at) : null,
    due_date: w.due_date,
    topic: w.topic,
    is_autowork: isAutoWork(w.topic, topic),
    max_points: w.max_points,
    work_type: w.work_type,
    state: s.state,
    late: s.late,
    // Scholars and parents see a grade once the teacher returns the work, never a draft.
    assigned_grade: s.state === 'RETURNED' ? s.assigned_grade : null,
    turned_in_at: s.turned_in_at ? iso(s.turned_in_at) : null,
    returned_at: s.returned_at ? iso(s.returned_at) : null,
    updated_at: latest(w.google_updated_at, s.google_updated_at, s.updated_at, w.updated_at),
  }));
}

const page = <T>(items: T[], q: { page: number; per_page: number }) => ({
  data: items.slice((q.page - 1) * q.per_page, q.page * q.per_page),
  meta: { page: q.page, per_page: q.per_page, total: items.length },
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;
  const errors = ERROR_RESPONSES;

  app.get(
    '/scholars/:id/work',
    {
      config: PORTAL,
      schema: {
        params: WorkScholarParamsSchema,
        querystring: WorkListQuerySchema,
        response: { 200: WorkListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const { type, search } = request.query;
      const now = new Date();
      const topic = (await readWorkSettings(app.db)).autowork_topic;
      const items = await workOf(app.db, [scholar.id], statesOf(type), search, topic);
      const listed = selectWork(items, type, { now, timeZone: school.timeZone, autoworkTopic: topic });
      return {
        type,
        scholar_id: scholar.id,
        ...page(listed, request.query),
        time_zone: school.timeZone,
        today: schoolDay(now, school.timeZone),
        as_of: now.toISOString(),
        autowork_topic: topic,
      };
    },
  );

  // The lists a parent reads for all their children at once (`?children=all` on the screen): Overdue Work and
  // Missing AutoWork.
  for (const type of COMBINED_WORK_TYPES) {
    app.get(
      `/work/${type}`,
      {
        config: PORTAL,
        schema: {
          querystring: CombinedOverdueQuerySchema,
          response: { 200: CombinedOverdueResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = request.auth?.user as { id: string; type: string };
        const scholars = await scholarsOf(app.db, user);
        const now = new Date();
        const topic = (await readWorkSettings(app.db)).autowork_topic;
        const items = await workOf(
          app.db,
          scholars.map((s) => s.id),
          statesOf(type),
          request.query.search,
          topic,
        );
        const listed = selectWork(items, type, { now, timeZone: school.timeZone, autoworkTopic: topic });
        return {
          ...page(listed, request.query),
          scholars: scholars.map((s) => ({
            id: s.id,
            fname: s.fname,
            lname: s.lname,
            nickname: s.nickname,
            grade: s.grade,
          })),
          time_zone: school.timeZone,
          today: schoolDay(now, school.timeZone),
          as_of: now.toISOString(),
          autowork_topic: topic,
        };
      },
    );
  }
};

export default routes;
