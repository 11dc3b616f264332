/**
 * Scholar Led Conferences.
 *
 * - `v2/conferences` (staff, conferences-*): the conference days (title, the school's paragraphs, times, grades, the
 *   teacher who holds them), who signed in (`/:id/sign_ins`), and `/:id/timesheet`: the day's sign-ins recorded as the
 *   teacher's 'conference' timesheet record, through the timesheets' own create with its rules (no
 *   overlap, no approved pay period), by whoever may see the conference and write another person's timesheet (a
 *   timekeeper, an administrator).
 * - `v2/scholar/conferences` (portal accounts): a scholar's conference days from today on, with their sign-ins, and the
 *   sign-in itself (the same definition the sync push applies to an outbox entry: a sign-in made offline and sent
 *   twice is one record). A sign-in is taken on the conference day only, for a scholar of the caller and of the
 *   conference's grades, once per signer: a signer's second sign-in (a second tap, another phone) is answered with
 *   the first, as a replay is, not refused.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ConferenceCreate,
  ConferenceCreateSchema,
  type ConferenceRecord,
  ConferenceRecordSchema,
  type ConferenceSignInCreate,
  ConferenceSignInCreateSchema,
  type ConferenceSignInRecord,
  ConferenceSignInRecordSchema,
  ConferenceSignInsResponseSchema,
  ConferenceTeachersResponseSchema,
  ConferenceTimesheetResponseSchema,
  type ConferenceUpdate,
  ConferenceUpdateSchema,
  conferenceSpan,
  ErrorResponseSchema,
  IdParamsSchema,
  type PortalConference,
  PortalConferencesResponseSchema,
  TimesheetCreateSchema,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { conferenceSignIns, conferences, demographics, sessions, timesheets, users } from '../../db/schema';
import { AppError, forbidden, invalid } from '../../lib/errors';
import {
  type CreateOutcome,
  createOne,
  dateFilter,
  ERROR_RESPONSES,
  iso,
  type ResourceContext,
  type ResourceDefinition,
  readOne,
  resourceRoutes,
  uuidFilter,
} from '../../lib/resource';
import { scholarInScope } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { can, requireAuth } from '../../plugins/access';
import { toErrorResponse } from '../../plugins/errors';
import { forGrade } from '../scholar/index';
import { timesheetsResource } from '../timesheets/index';

type Row = typeof conferences.$inferSelect;
type SignInRow = typeof conferenceSignIns.$inferSelect;

const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;
const nameOf = (u: { nickname: string | null; fname: string; lname: string }) => `${u.nickname || u.fname} ${u.lname}`;

/** Stored rows as records: the teacher's name and the count of sign-ins, one query each for the page. */
async function toConferenceRecords(rows: Row[], tx: Tx): Promise<ConferenceRecord[]> {
  const ids = rows.map((r) => r.id);
  const teacherIds = [...new Set(rows.flatMap((r) => (r.teacher_id ? [r.teacher_id] : [])))];
  const [teachers, counts] = await Promise.all([
    teacherIds.length
      ? tx
          .select({ id: users.id, nickname: users.nickname, fname: users.fname, lname: users.lname })
          .from(users)
          .where(inArray(users.id, teacherIds))
      : [],
    ids.length
      ? tx
          .select({ id: conferenceSignIns.conference_id, n: count() })
          .from(conferenceSignIns)
          .where(inArray(conferenceSignIns.conference_id, ids))
          .groupBy(conferenceSignIns.conference_id)
      : [],
  ]);
  const teacher = new Map(teachers.map((t) => [t.id, nameOf(t)]));
  const signed = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.body,
    title_es: r.title_es,
    body_es: r.body_es,
    held_on: r.held_on,
    start_time: r.start_time,
    end_time: r.end_time,
    minutes_per_scholar: r.minutes_per_scholar,
    teacher_id: r.teacher_id,
    teacher_name: r.teacher_id ? (teacher.get(r.teacher_id) ?? null) : null,
    grades: r.grades,
    sign_in_count: signed.get(r.id) ?? 0,
    timesheet_id: r.timesheet_id,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

/** The teacher a conference names must be an active staff account. */
async function checkTeacher(tx: Tx, teacherId: string | null | undefined): Promise<void> {
  if (!teacherId) return;
  const [row] = await tx
    .select({ type: users.type, active: users.active })
    .from(users)
    .where(eq(users.id, teacherId))
    .limit(1);
  if (row?.type !== 'staff' || !row.active) throw invalid('teacher_id', 'Choose an active staff member.');
}

export const conferencesResource: ResourceDefinition<ConferenceRecord, ConferenceCreate, ConferenceUpdate> = {
  name: 'conferences',
  table: conferences,
  idColumn: conferences.id,
  record: ConferenceRecordSchema,
  create: ConferenceCreateSchema,
  update: ConferenceUpdateSchema,
  sortFields: { held_on: conferences.held_on, title: conferences.title },
  defaultSort: '-held_on',
  filters: {
    from: dateFilter('from', conferences.held_on, gte),
    to: dateFilter('to', conferences.held_on, lte),
    teacher_id: uuidFilter(conferences.teacher_id),
  },
  searchColumns: [conferences.title],
  toRecords: (rows, tx) => toConferenceRecords(rows as Row[], tx),
  async prepareCreate(input, { tx }) {
    await checkTeacher(tx, input.teacher_id);
    const { id: _id, ...values } = input;
    return values;
  },
  async prepareUpdate(input, existing, { tx }) {
    await checkTeacher(tx, input.teacher_id);
    const row = existing as Row;
    const start = input.start_time ?? row.start_time;
    const end = input.end_time ?? row.end_time;
    if (end <= start) throw invalid('end_time', 'The end is after the start.');
    const { _method, ...values } = input;
    void _method;
    return values;
  },
  remove: 'delete',
};

/** Sign-ins as staff and the portal read them. */
const toSignInRecord = (row: SignInRow, scholarName: string): ConferenceSignInRecord => ({
  id: row.id,
  conference_id: row.conference_id,
  scholar_id: row.scholar_id,
  scholar_name: scholarName,
  signed_by: row.signed_by,
  signer_name: row.signer_name,
  signer_type: row.signer_type,
  signed_at: iso(row.signed_at),
  created_at: iso(row.created_at),
});

async function toSignInRecords(rows: SignInRow[], tx: Tx): Promise<ConferenceSignInRecord[]> {
  const ids = [...new Set(rows.map((r) => r.scholar_id))];
  const names = ids.length
    ? await tx
        .select({
          id: demographics.id,
          nickname: demographics.nickname,
          fname: demographics.fname,
          lname: demographics.lname,
        })
        .from(demographics)
        .where(inArray(demographics.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, nameOf(n)]));
  return rows.map((r) => toSignInRecord(r, byId.get(r.scholar_id) ?? ''));
}

const instant = (v: string) => new Date(v).getTime();

/**
 * A sign-in on a conference's sheet, by a portal account for one of their scholars (through the outbox or the
 * portal's POST). Its permission resource is the staff one; the sync push and the portal route admit portal accounts
 * and the scope is checked here.
 */
export const conferenceSignInsResource: ResourceDefinition<ConferenceSignInRecord, ConferenceSignInCreate, never> = {
  name: 'conferences',
  auditAs: 'conference_sign_ins',
  table: conferenceSignIns,
  idColumn: conferenceSignIns.id,
  record: ConferenceSignInRecordSchema,
  create: ConferenceSignInCreateSchema,
  update: z.never(),
  sortFields: { signed_at: conferenceSignIns.signed_at },
  defaultSort: 'signed_at',
  filters: {},
  searchColumns: [],
  toRecords: (rows, tx) => toSignInRecords(rows as SignInRow[], tx),
  async prepareCreate(input, { tx, request }) {
    const scholar = await scholarInScope(tx, request, input.scholar_id);
    const signer = await signerOf(tx, request, input, scholar.id);
    const [conference] = await tx
      .select()
      .from(conferences)
      .where(and(eq(conferences.id, input.conference_id), forGrade(conferences.grades, scholar.grade)))
      .limit(1);
    if (!conference) throw invalid('conference_id', 'No such conference for this scholar.');
    const day = schoolDay(input.signed_at, request.server.school.timeZone);
    if (day !== conference.held_on) {
      throw invalid('signed_at', `The sign-in sheet is open on the conference day only (${conference.held_on}).`);
    }
    const earlier = await earlierSignIn(tx, input, signer.id);
    if (earlier) {
      // Answered with the first (`answeredBy` below), not refused: a second tap, the scholar's second phone.
      throw new AppError('conflict', 'You already signed in for this conference.', { record: earlier });
    }
    const [account] = await tx
      .select({ nickname: users.nickname, fname: users.fname, lname: users.lname })
      .from(users)
      .where(eq(users.id, signer.id))
      .limit(1);
    return {
      conference_id: conference.id,
      scholar_id: scholar.id,
      signed_by: signer.id,
      signer_type: signer.type === 'parent' ? 'parent' : 'student',
      signer_name: account ? nameOf(account) : '',
      signed_at: input.signed_at,
      device_id: input.device_id ?? (request.headers['x-device-id'] as string | undefined)?.slice(0, 100) ?? null,
    };
  },
  sameAs: (input, record) =>
    input.conference_id === record.conference_id &&
    input.scholar_id === record.scholar_id &&
    instant(input.signed_at) === instant(record.signed_at),
  // A signer's second sign-in for the same scholar on the same conference is the first answered again, not an error
  // the phone shows; and so is that second sign-in's outbox entry sent again (its receipt points at the first).
  answeredBy: (input, record) => input.conference_id === record.conference_id && input.scholar_id === record.scholar_id,
  createMany: (inputs, ctx) => signInMany(inputs, ctx),
};

/**
 * A sign-in, once per signer, scholar and conference: the first is created; a later one (or one racing it to the
 * unique index) answers the stored sign-in with `created: false`, as a replay of the same entry does.
 */
async function signInOnce(
  ctx: ResourceContext,
  input: ConferenceSignInCreate,
): Promise<{ record: ConferenceSignInRecord; created: boolean }> {
  try {
    return await createOne(conferenceSignInsResource, ctx, input);
  } catch (err) {
    // Another request of the same signer wrote it in between: the unique index refused this one (its insert ran
    // in a savepoint, so the transaction goes on).
    if (err instanceof AppError && err.code !== 'conflict') throw err;
    const earlier = await earlierSignIn(ctx.tx, input, requireAuth(ctx.request).user.id);
    if (!earlier) throw err;
    return { record: earlier, created: false };
  }
}

/**
 * Who signs: the account signed in; or, for `by_parent_login` from a scholar's session, the parent of the parent login
 * tied to that session for this scholar, the latest one begun by the sign-in's time (an offline sign-in is sent
 * later, perhaps after the parent ended their sign-in). Without such a parent the sign-in is refused.
 */
async function signerOf(
  tx: Tx,
  request: FastifyRequest,
  input: Pick<ConferenceSignInCreate, 'by_parent_login' | 'signed_at'>,
  scholarId: string,
): Promise<{ id: string; type: 'parent' | 'student' | 'staff' }> {
  const auth = requireAuth(request);
  if (!input.by_parent_login || auth.user.type !== 'student') {
    return { id: auth.user.id, type: auth.user.type as 'parent' | 'student' | 'staff' };
  }
  const [parent] = await tx
    .select({ id: sessions.user_id })
    .from(sessions)
    .where(
      and(
        eq(sessions.co_session_of, auth.tokenHash),
        eq(sessions.for_scholar_id, scholarId),
        lte(sessions.created_at, input.signed_at),
      ),
    )
    .orderBy(desc(sessions.created_at))
    .limit(1);
  if (!parent) throw invalid('by_parent_login', 'No parent signed in on this phone for this scholar.');
  return { id: parent.id, type: 'parent' };
}

/** The signer's sign-in for this scholar on this conference, if they signed in before. */
async function earlierSignIn(
  tx: Tx,
  input: Pick<ConferenceSignInCreate, 'conference_id' | 'scholar_id'>,
  signerId: string,
): Promise<ConferenceSignInRecord | undefined> {
  const rows = await tx
    .select()
    .from(conferenceSignIns)
    .where(
      and(
        eq(conferenceSignIns.conference_id, input.conference_id),
        eq(conferenceSignIns.scholar_id, input.scholar_id),
        eq(conferenceSignIns.signed_by, signerId),
      ),
    )
    .limit(1);
  const [record] = await toSignInRecords(rows, tx);
  return record as ConferenceSignInRecord | undefined;
}

/**
 * The sync push's sign-ins, each in its own savepoint: a repeated sign-in answers `same` with the stored one (the
 * phone counts it sent), a refused one its reason, without holding back the others of the batch.
 */
async function signInMany(
  inputs: ConferenceSignInCreate[],
  ctx: ResourceContext,
): Promise<CreateOutcome<ConferenceSignInRecord>[]> {
  const out: CreateOutcome<ConferenceSignInRecord>[] = [];
  for (const input of inputs) {
    try {
      const { record, created } = await ctx.tx.transaction((sp) => signInOnce({ ...ctx, tx: sp }, input));
      out.push({ status: created ? 'created' : 'same', record });
    } catch (err) {
      const { status, body } = toErrorResponse(err, ctx.request);
      if (status >= 500) throw err;
      const record = err instanceof AppError ? (err.extra.record as ConferenceSignInRecord | undefined) : undefined;
      if (status === 409 && record) out.push({ status: 'conflict', record, message: body.message });
      else out.push({ status: 'invalid', message: body.message, errors: body.errors });
    }
  }
  return out;
}

const errors = ERROR_RESPONSES;

/** A conference's sign-ins, oldest first. */
async function signInsOf(tx: Tx, conferenceId: string, where?: SQL): Promise<ConferenceSignInRecord[]> {
  const rows = await tx
    .select()
    .from(conferenceSignIns)
    .where(and(eq(conferenceSignIns.conference_id, conferenceId), where))
    .orderBy(asc(conferenceSignIns.signed_at), asc(conferenceSignIns.id));
  return toSignInRecords(rows, tx);
}

/** `v2/conferences`: the staff side. */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes(conferencesResource));

  // The staff a conference may name as its teacher (active staff accounts), for the conference form.
  app.get(
    '/teachers',
    {
      config: { access: 'conferences-view_any' },
      schema: { response: { 200: ConferenceTeachersResponseSchema, ...errors } },
    },
    async () => {
      const rows = await app.db
        .select({ id: users.id, nickname: users.nickname, fname: users.fname, lname: users.lname })
        .from(users)
        .where(and(eq(users.type, 'staff'), eq(users.active, true)))
        .orderBy(asc(users.lname), asc(users.fname))
        .limit(1000);
      return { data: rows.map((u) => ({ id: u.id, name: nameOf(u) })) };
    },
  );

  app.get(
    '/:id/sign_ins',
    {
      config: { access: 'conferences-view' },
      schema: { params: IdParamsSchema, response: { 200: ConferenceSignInsResponseSchema, ...errors } },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const conference = await readOne(conferencesResource, tx, request.params.id);
        const data = await signInsOf(tx, conference.id);
        return {
          data,
          span: conferenceSpan(
            data.map((s) => s.signed_at),
            conference.minutes_per_scholar,
          ),
        };
      }),
  );

  app.post(
    '/:id/timesheet',
    {
      // Whoever may see the conference; writing another person's hours is checked below (the timesheets' rule).
      config: { access: 'conferences-view' },
      schema: {
        params: IdParamsSchema,
        response: { 200: ConferenceTimesheetResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const conference = await readOne(conferencesResource, tx, request.params.id);
        // Recording another person's hours is the timekeepers' (the timesheets' own rule, checked again there).
        if (!can(request, 'timesheets-view_any') || !can(request, 'timesheets-create')) throw forbidden();
        if (!conference.teacher_id) throw invalid('teacher_id', 'Name the teacher who holds this conference first.');
        if (conference.timesheet_id) {
          const [kept] = await tx
            .select({ id: timesheets.id })
            .from(timesheets)
            .where(eq(timesheets.id, conference.timesheet_id))
            .limit(1);
          if (kept) throw new AppError('conflict', "This conference is already on the teacher's timesheet.");
        }
        const data = await signInsOf(tx, conference.id);
        const span = conferenceSpan(
          data.map((s) => s.signed_at),
          conference.minutes_per_scholar,
        );
        if (!span) throw invalid('sign_ins', 'Nobody has signed in yet: there is no conference time to record.');
        const input = TimesheetCreateSchema.parse({
          id: uuidv7(),
          user_id: conference.teacher_id,
          started_at: span.started_at,
          ended_at: span.ended_at,
          category: 'conference',
          note: `Scholar Led Conference: ${conference.title}`.slice(0, 500),
          method: 'manual',
        });
        const { record } = await createOne(timesheetsResource, { tx, request }, input);
        await tx
          .update(conferences)
          .set({ timesheet_id: record.id, updated_at: new Date().toISOString() })
          .where(eq(conferences.id, conference.id));
        return { data: await readOne(conferencesResource, tx, conference.id), span };
      }),
  );
};

export default routes;

/** `v2/scholar/conferences`: the portal side, scoped to the caller's scholars. */
export const portalConferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;

  app.get(
    '/:id',
    {
      config: PORTAL,
      schema: { params: IdParamsSchema, response: { 200: PortalConferencesResponseSchema, ...errors } },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const today = schoolDay(new Date(), school.timeZone);
      return app.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(conferences)
          .where(and(gte(conferences.held_on, today), forGrade(conferences.grades, scholar.grade)))
          .orderBy(asc(conferences.held_on), asc(conferences.start_time), asc(conferences.id))
          .limit(10);
        const signIns = rows.length
          ? await tx
              .select()
              .from(conferenceSignIns)
              .where(
                and(
                  inArray(
                    conferenceSignIns.conference_id,
                    rows.map((r) => r.id),
                  ),
                  eq(conferenceSignIns.scholar_id, scholar.id),
                ),
              )
              .orderBy(asc(conferenceSignIns.signed_at))
          : [];
        const data: PortalConference[] = rows.map((r) => ({
          id: r.id,
          title: r.title,
          body: r.body,
          title_es: r.title_es,
          body_es: r.body_es,
          held_on: r.held_on,
          start_time: r.start_time,
          end_time: r.end_time,
          is_today: r.held_on === today,
          sign_ins: signIns
            .filter((s) => s.conference_id === r.id)
            .map((s) => ({
              id: s.id,
              signer_name: s.signer_name,
              signer_type: s.signer_type,
              signed_at: iso(s.signed_at),
            })),
        }));
        return { today, data };
      });
    },
  );

  app.post(
    '/sign_ins',
    {
      config: PORTAL,
      schema: {
        body: ConferenceSignInCreateSchema,
        response: {
          200: z.object({ data: ConferenceSignInRecordSchema }),
          201: z.object({ data: ConferenceSignInRecordSchema }),
          409: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request: FastifyRequest<{ Body: ConferenceSignInCreate }>, reply) => {
      const result = await app.db.transaction((tx) => signInOnce({ tx, request }, request.body));
      return reply.status(result.created ? 201 : 200).send({ data: result.record });
    },
  );
};
