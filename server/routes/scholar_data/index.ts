/**
 * A family's data on request (DESIGN section 13), Administrator only (the `scholar_data` permissions):
 * - `GET demographics/{id}/data_export` (`scholar_data-view`): everything the school holds about one scholar as one
 *   zip (server/lib/scholar-data/export.ts), written to the audit trail (create, scholar_data_exports).
 * - `POST demographics/{id}/erase` (`scholar_data-delete`): the erase of a withdrawn scholar's personal data
 *   (server/lib/scholar-data/erase.ts) with the typed confirmation; 409 for a scholar still enrolled. The body's `id`
 *   is the erase's own: the same request again answers the erase already done.
 * - `GET erasures` (`scholar_data-view_any`): the erase log, newest first; `GET erasures/due`: the reminder list,
 *   withdrawn scholars whose withdrawal is more than the school's `erase_after_days` ago, longest waiting first.
 * - `GET erasures/settings` / `POST erasures/settings` with `_method: PATCH` (`scholar_data-update`): that setting.
 */
import { and, asc, count, desc, eq, isNotNull, like, lt, not, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EraseBodySchema,
  EraseSettingsSchema,
  EraseSettingsUpdateSchema,
  ErasureDueResponseSchema,
  ErasureListQuerySchema,
  ErasureListResponseSchema,
  type ErasureRecord,
  ErasureRecordSchema,
  IdParamsSchema,
  SCHOLAR_DATA_PERMISSIONS,
  shiftDate,
  singleResponse,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { demographics, erasures, schoolSettings, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { ERROR_RESPONSES, iso } from '../../lib/resource';
import { ANONYMOUS_SCHOLAR, eraseScholar } from '../../lib/scholar-data/erase';
import { exportScholarData } from '../../lib/scholar-data/export';
import { schoolDay } from '../../lib/school-day';

const ERRORS = { ...ERROR_RESPONSES, 409: ERROR_RESPONSES[422] };

/** Erasures rows with the name of the administrator who erased, as the log shows them. */
async function erasureRecords(
  db: Pick<Db | Tx, 'select'>,
  where?: ReturnType<typeof eq>,
  page?: { limit: number; offset: number },
): Promise<ErasureRecord[]> {
  const base = db
    .select({ e: erasures, fname: users.fname, lname: users.lname })
    .from(erasures)
    .leftJoin(users, eq(users.id, erasures.erased_by))
    .where(where)
    .orderBy(desc(erasures.erased_at), desc(erasures.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  return rows.map(({ e, fname, lname }) => ({
    ...e,
    erased_at: iso(e.erased_at),
    erased_by_name: fname === null ? null : `${fname} ${lname}`,
  }));
}

/** The school's setting: how many days after a withdrawal the reminder comes. */
async function eraseAfterDays(db: Pick<Db | Tx, 'select'>): Promise<{ id: string; days: number }> {
  const [row] = await db
    .select({ id: schoolSettings.id, days: schoolSettings.erase_after_days })
    .from(schoolSettings)
    .limit(1);
  if (!row) throw notFound('school settings');
  return row;
}

/** `v2/demographics/{id}/…`: the export and the erase of one scholar. */
export const scholarDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/data_export',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.export },
      schema: { params: IdParamsSchema, response: { 200: z.any(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const today = schoolDay(new Date(), app.school.timeZone);
      const exported = await app.db.transaction(
        async (tx) => {
          const out = await exportScholarData(tx, request.params.id, {
            timeZone: app.school.timeZone,
            today,
            schoolName: app.school.name,
          });
          await audit(tx, request, {
            action: 'create',
            resource: 'scholar_data_exports',
            recordId: request.params.id,
            changes: { files: out.files },
          });
          return out;
        },
        { isolationLevel: 'repeatable read' },
      );
      const safeNumber = exported.studentNumber.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="scholar-data-${safeNumber}-${today}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(exported.zip));
    },
  );

  app.post(
    '/:id/erase',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.erase },
      schema: {
        params: IdParamsSchema,
        body: EraseBodySchema,
        response: { 200: singleResponse(ErasureRecordSchema), ...ERRORS },
      },
    },
    async (request) => {
      const done = async () => (await erasureRecords(app.db, eq(erasures.id, request.body.id)))[0];
      // A retry of an erase already done (its answer was lost): the same answer, not a 404 for the scholar gone.
      const before = await done();
      if (before) return { data: before };
      try {
        await app.db.transaction((tx) => eraseScholar(tx, request, request.params.id, request.body));
      } catch (err) {
        // The same erase sent twice at once: the second waited on the scholar's row and found it gone.
        const raced = err instanceof AppError && err.code === 'not_found' ? await done() : undefined;
        if (raced) return { data: raced };
        throw err;
      }
      const record = await done();
      if (!record) throw notFound('erasure');
      request.log.info({ erasure: record.id, removed: record.removed }, 'scholar erased');
      return { data: record };
    },
  );
};

/** `v2/erasures`: the erase log, the reminder list and its setting. */
export const erasuresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.list },
      schema: { querystring: ErasureListQuerySchema, response: { 200: ErasureListResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const [total] = await app.db.select({ n: count() }).from(erasures);
      const data = await erasureRecords(app.db, undefined, { limit: per_page, offset: (page - 1) * per_page });
      return { data, meta: { page, per_page, total: Number(total?.n ?? 0) } };
    },
  );

  app.get(
    '/due',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.list },
      schema: { querystring: ErasureListQuerySchema, response: { 200: ErasureDueResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const today = schoolDay(new Date(), app.school.timeZone);
      const { days } = await eraseAfterDays(app.db);
      // More than `days` ago: withdrawn before today minus the days (a withdrawal exactly that long ago is not due yet).
      const where = and(
        eq(demographics.active, false),
        isNotNull(demographics.withdrawn_on),
        lt(demographics.withdrawn_on, shiftDate(today, -days)),
        not(like(demographics.student_number, `${ANONYMOUS_SCHOLAR.numberPrefix}%`)),
      );
      const [total] = await app.db.select({ n: count() }).from(demographics).where(where);
      const rows = await app.db
        .select({
          id: demographics.id,
          fname: demographics.fname,
          lname: demographics.lname,
          nickname: demographics.nickname,
          student_number: demographics.student_number,
          grade: demographics.grade,
          withdrawn_on: sql<string>`${demographics.withdrawn_on}`,
        })
        .from(demographics)
        .where(where)
        .orderBy(asc(demographics.withdrawn_on), asc(demographics.lname), asc(demographics.id))
        .limit(per_page)
        .offset((page - 1) * per_page);
      return {
        data: rows.map((r) => ({ ...r, due_on: shiftDate(r.withdrawn_on, days) })),
        meta: { page, per_page, total: Number(total?.n ?? 0), erase_after_days: days, today },
      };
    },
  );

  app.get(
    '/settings',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.list },
      schema: { response: { 200: singleResponse(EraseSettingsSchema), ...ERROR_RESPONSES } },
    },
    async () => ({ data: { erase_after_days: (await eraseAfterDays(app.db)).days } }),
  );

  app.post(
    '/settings',
    {
      config: { access: SCHOLAR_DATA_PERMISSIONS.settings },
      schema: {
        body: EraseSettingsUpdateSchema,
        response: { 200: singleResponse(EraseSettingsSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const after = request.body.erase_after_days;
      await app.db.transaction(async (tx) => {
        const current = await eraseAfterDays(tx);
        if (current.days === after) return;
        await tx
          .update(schoolSettings)
          .set({ erase_after_days: after, updated_at: new Date().toISOString() })
          .where(eq(schoolSettings.id, current.id));
        await audit(tx, request, {
          action: 'update',
          resource: 'school_settings',
          recordId: current.id,
          changes: { erase_after_days: { before: current.days, after } },
        });
      });
      return { data: { erase_after_days: after } };
    },
  );
};
