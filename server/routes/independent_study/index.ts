/**
 * `v2/independent_study`: the staff's side of the Independent Study Learning Agreements,
 * under the `independent_study` permission. The office writes a draft, sends it for signatures (freezing version 1),
 * adds an addendum to a sent or signed one (a new version signed again), and downloads the signed PDF; the supervising
 * teacher (who reads agreements with `independent_study-view`) countersigns after the scholar and the parent.
 * The policy numbers of the agreements' texts are the school's settings, with the seed's defaults.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddendumCreateSchema,
  type AgreementCreate,
  AgreementCreateSchema,
  AgreementListQuerySchema,
  AgreementListResponseSchema,
  AgreementOptionsResponseSchema,
  AgreementResponseSchema,
  AgreementUpdateSchema,
  COURSE_VALUE_GRADES_MESSAGE,
  fullName,
  IdParamsSchema,
  IndependentStudyPolicyResponseSchema,
  IndependentStudyPolicyUpdateSchema,
  SIGNATURE_MESSAGES,
  SignBodySchema,
  uuidv7,
} from '../../../src/contract';
import { demographics, independentStudyAgreements, schoolSettings, users } from '../../db/schema';
import { renderAgreementPdf } from '../../lib/agreement-pdf';
import { audit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type CreateDefinition, createOne, ERROR_RESPONSES, likeEscape } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import {
  type AgreementRow,
  agreementById,
  canonicalJson,
  detailOf,
  evidenceOf,
  freezeVersion,
  readPolicy,
  signAgreement,
  summaries,
} from './agreements';
import { auditSignature } from './audit-signature';

const errors = ERROR_RESPONSES;
const PdfResponse = z.any();

/** A staff account, or 422 on the teacher field. */
async function requireTeacher(db: Parameters<typeof readPolicy>[0], id: string): Promise<void> {
  const [row] = await db
    .select({ type: users.type, active: users.active })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (row?.type !== 'staff' || !row.active) throw invalid('teacher_id', 'Choose a member of staff.');
}

/** Grades whose courses earn credits: the course table's course value is for grades 9 to 12 only. */
const CREDIT_GRADES = new Set(['9', '10', '11', '12']);

/**
 * Refuses a course value (credits) for a scholar below grade 9, on the course that has one: the band 7-12 also holds
 * grades 7 and 8, whose courses earn no credits.
 */
async function checkCourseValues(
  db: Parameters<typeof readPolicy>[0],
  scholarId: string,
  courses: readonly { course_value: number | null }[] | undefined,
): Promise<void> {
  const at = courses?.findIndex((c) => c.course_value !== null) ?? -1;
  if (at < 0) return;
  const [row] = await db
    .select({ grade: demographics.grade })
    .from(demographics)
    .where(eq(demographics.id, scholarId))
    .limit(1);
  if (!row || CREDIT_GRADES.has(row.grade)) return;
  throw invalid(`courses.${at}.course_value`, COURSE_VALUE_GRADES_MESSAGE);
}

/**
 * A draft's create through the shared idempotent create: the same id and content again (an office retrying, a
 * double click) answers the stored draft, other content a 409, and copies sent at once never meet as a 500. Fields
 * compare as canonical JSON: the stored course list comes back from jsonb with its keys in another order.
 */
const agreementCreate: CreateDefinition<AgreementRow, AgreementCreate> = {
  name: 'independent_study',
  table: independentStudyAgreements,
  idColumn: independentStudyAgreements.id,
  toRecords: async (rows) => rows as AgreementRow[],
  prepareCreate: (input, { request }) => ({ ...input, created_by: request.auth?.user.id ?? null }),
  sameAs: (input, record) =>
    Object.entries(input).every(
      ([k, v]) => v === undefined || canonicalJson(v) === canonicalJson((record as Record<string, unknown>)[k] ?? null),
    ),
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;
  const today = () => schoolDay(new Date(), school.timeZone);

  app.get(
    '/',
    {
      config: { access: 'independent_study-view_any' },
      schema: { querystring: AgreementListQuerySchema, response: { 200: AgreementListResponseSchema, ...errors } },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.filter?.state) where.push(eq(independentStudyAgreements.state, q.filter.state));
      if (q.filter?.mine) where.push(eq(independentStudyAgreements.teacher_id, request.auth?.user.id as string));
      if (q.search) {
        const like = `%${likeEscape(q.search)}%`;
        where.push(
          or(
            ilike(demographics.fname, like),
            ilike(demographics.lname, like),
            ilike(demographics.student_number, like),
          ) as SQL,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ a: independentStudyAgreements })
          .from(independentStudyAgreements)
          .innerJoin(demographics, eq(demographics.id, independentStudyAgreements.scholar_id))
          .where(condition)
          .orderBy(desc(independentStudyAgreements.begins_on), desc(independentStudyAgreements.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        app.db
          .select({ n: count() })
          .from(independentStudyAgreements)
          .innerJoin(demographics, eq(demographics.id, independentStudyAgreements.scholar_id))
          .where(condition),
      ]);
      return {
        data: await summaries(
          app.db,
          rows.map((r) => r.a),
          today(),
        ),
        meta: { page: q.page, per_page: q.per_page, total: total?.n ?? 0 },
      };
    },
  );

  app.get(
    '/options',
    {
      config: { access: 'independent_study-view_any' },
      schema: { response: { 200: AgreementOptionsResponseSchema, ...errors } },
    },
    async () => {
      const staff = await app.db
        .select({ id: users.id, fname: users.fname, lname: users.lname })
        .from(users)
        .where(and(eq(users.type, 'staff'), eq(users.active, true)))
        .orderBy(users.lname, users.fname);
      return { teachers: staff.map((u) => ({ id: u.id, name: fullName(u) })) };
    },
  );

  app.get(
    '/policy',
    {
      config: { access: 'independent_study-view_any' },
      schema: { response: { 200: IndependentStudyPolicyResponseSchema, ...errors } },
    },
    async () => ({ data: await readPolicy(app.db) }),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/policy',
      config: { access: 'independent_study-update' },
      schema: {
        body: IndependentStudyPolicyUpdateSchema,
        response: { 200: IndependentStudyPolicyResponseSchema, ...errors },
      },
      handler: async (request) => {
        const { _method, ...fields } = request.body;
        return app.db.transaction(async (tx) => {
          const [row] = await tx.select({ id: schoolSettings.id }).from(schoolSettings).limit(1);
          if (row) {
            const policy = { ...(await readPolicy(tx)), ...fields };
            await tx
              .update(schoolSettings)
              .set({ independent_study_policy: policy, updated_at: new Date().toISOString() })
              .where(eq(schoolSettings.id, row.id));
            await audit(tx, request, {
              action: 'update',
              resource: 'school_settings',
              recordId: row.id,
              changes: { independent_study_policy: policy },
            });
          }
          return { data: await readPolicy(tx) };
        });
      },
    });
  }

  app.get(
    '/:id',
    {
      config: { access: 'independent_study-view' },
      schema: { params: IdParamsSchema, response: { 200: AgreementResponseSchema, ...errors } },
    },
    async (request) => ({ data: await detailOf(app.db, await agreementById(app.db, request.params.id), today()) }),
  );

  app.post(
    '/',
    {
      config: { access: 'independent_study-create' },
      schema: {
        body: AgreementCreateSchema,
        response: { 200: AgreementResponseSchema, 201: AgreementResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const fields = request.body;
      const [scholar] = await app.db
        .select({ id: demographics.id })
        .from(demographics)
        .where(eq(demographics.id, fields.scholar_id))
        .limit(1);
      if (!scholar) throw invalid('scholar_id', 'Choose a scholar.');
      await requireTeacher(app.db, fields.teacher_id);
      await checkCourseValues(app.db, scholar.id, fields.courses);
      const { record, created } = await app.db.transaction((tx) =>
        createOne(agreementCreate, { tx, request }, { ...fields, id: fields.id ?? uuidv7() }),
      );
      reply.code(created ? 201 : 200);
      return { data: await detailOf(app.db, record, today()) };
    },
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      config: { access: 'independent_study-update' },
      schema: {
        params: IdParamsSchema,
        body: AgreementUpdateSchema,
        response: { 200: AgreementResponseSchema, ...errors },
      },
      handler: async (request) => {
        const { _method, ...input } = request.body;
        const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
        if (changes.teacher_id) await requireTeacher(app.db, changes.teacher_id as string);
        const row = await app.db.transaction(async (tx) => {
          const current = await agreementById(tx, request.params.id, true);
          if (current.state !== 'draft') throw new AppError('conflict', SIGNATURE_MESSAGES.frozen);
          await checkCourseValues(tx, current.scholar_id, input.courses);
          const next = { ...current, ...changes };
          if (next.ends_on < next.begins_on) {
            throw invalid('ends_on', 'The ending date is on or after the beginning date.');
          }
          const [updated] = await tx
            .update(independentStudyAgreements)
            .set({ ...changes, updated_at: new Date().toISOString() })
            .where(eq(independentStudyAgreements.id, current.id))
            .returning();
          await audit(tx, request, { action: 'update', resource: 'independent_study', recordId: current.id, changes });
          return updated;
        });
        if (!row) throw notFound('agreement');
        return { data: await detailOf(app.db, row, today()) };
      },
    });
  }

  app.delete(
    '/:id',
    {
      config: { access: 'independent_study-delete' },
      schema: { params: IdParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const current = await agreementById(tx, request.params.id, true);
        if (current.state !== 'draft') throw new AppError('conflict', SIGNATURE_MESSAGES.notDraft);
        await tx.delete(independentStudyAgreements).where(eq(independentStudyAgreements.id, current.id));
        await audit(tx, request, { action: 'delete', resource: 'independent_study', recordId: current.id });
      });
      return { message: 'Deleted.' };
    },
  );

  app.post(
    '/:id/send',
    {
      config: { access: 'independent_study-update' },
      schema: { params: IdParamsSchema, response: { 200: AgreementResponseSchema, ...errors } },
    },
    async (request) => {
      const row = await app.db.transaction(async (tx) => {
        const current = await agreementById(tx, request.params.id, true);
        if (current.state !== 'draft') throw new AppError('conflict', SIGNATURE_MESSAGES.notDraft);
        const version = await freezeVersion(tx, current, request.auth?.user.id ?? null);
        await audit(tx, request, {
          action: 'update',
          resource: 'independent_study',
          recordId: current.id,
          changes: { state: 'awaiting_scholar', version: version.number, hash: version.hash },
        });
        return agreementById(tx, current.id);
      });
      return { data: await detailOf(app.db, row, today()) };
    },
  );

  app.post(
    '/:id/addenda',
    {
      config: { access: 'independent_study-update' },
      schema: {
        params: IdParamsSchema,
        body: AddendumCreateSchema,
        response: { 200: AgreementResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { description, ...input } = request.body;
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      if (changes.teacher_id) await requireTeacher(app.db, changes.teacher_id as string);
      const row = await app.db.transaction(async (tx) => {
        const current = await agreementById(tx, request.params.id, true);
        if (current.state === 'draft') throw new AppError('conflict', SIGNATURE_MESSAGES.notSigned);
        await checkCourseValues(tx, current.scholar_id, input.courses);
        const next = { ...current, ...changes } as typeof current;
        if (next.ends_on < next.begins_on) {
          throw invalid('ends_on', 'The ending date is on or after the beginning date.');
        }
        if (Object.keys(changes).length) {
          await tx.update(independentStudyAgreements).set(changes).where(eq(independentStudyAgreements.id, current.id));
        }
        const at = new Date().toISOString();
        const version = await freezeVersion(tx, next, request.auth?.user.id ?? null, { description, at });
        await audit(tx, request, {
          action: 'update',
          resource: 'independent_study',
          recordId: current.id,
          changes: { addendum: description, ...changes, version: version.number, hash: version.hash },
        });
        return agreementById(tx, current.id);
      });
      return { data: await detailOf(app.db, row, today()) };
    },
  );

  app.post(
    '/:id/countersign',
    {
      config: { access: 'independent_study-view', userTypes: ['staff'] },
      schema: { params: IdParamsSchema, body: SignBodySchema, response: { 200: AgreementResponseSchema, ...errors } },
    },
    async (request) => {
      const userId = request.auth?.user.id as string;
      const evidence = evidenceOf(request);
      const row = await app.db.transaction(async (tx) => {
        const current = await agreementById(tx, request.params.id, true);
        if (current.teacher_id !== userId) throw new AppError('forbidden', SIGNATURE_MESSAGES.notTeacher);
        const signed = await signAgreement(tx, current, 'teacher', userId, request.body, evidence);
        await auditSignature(tx, request, current.id, 'teacher', signed);
        return agreementById(tx, current.id);
      });
      return { data: await detailOf(app.db, row, today()) };
    },
  );

  app.get(
    '/:id/pdf',
    {
      config: { access: 'independent_study-view' },
      schema: { params: IdParamsSchema, response: { 200: PdfResponse, ...errors } },
    },
    async (request, reply) => {
      const row = await agreementById(app.db, request.params.id);
      if (row.state !== 'signed') throw new AppError('conflict', SIGNATURE_MESSAGES.pdfNotSigned);
      const detail = await detailOf(app.db, row, today());
      const bytes = await renderAgreementPdf(detail, school.timeZone);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="independent-study-${detail.student_number}.pdf"`)
        .send(Buffer.from(bytes));
    },
  );
};

export default routes;
