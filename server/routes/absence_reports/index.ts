/**
 * Absence reports (DESIGN section 12: families act before the school's cutoff). `v2/scholar/absence_reports` is the
 * guardian's side: a report for one child or several (one record per child, idempotent on the report's client id),
 * their own children's list, a change or a withdrawal of one's own until the day starts (the school's start time in
 * its time zone). A child who is not theirs answers 404; staff accounts 403 (parent accounts only). A report made
 * after its day started is kept and marked late. `v2/absence_reports` is the office's: the reports that cover a day,
 * and an acknowledgement the guardian sees. Every report, change, withdrawal and acknowledgement is audited.
 */
import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AbsencePickUpsResponseSchema,
  type AbsenceReport,
  AbsenceReportCreateResponseSchema,
  AbsenceReportCreateSchema,
  AbsenceReportListResponseSchema,
  AbsenceReportPortalQuerySchema,
  AbsenceReportSingleResponseSchema,
  AbsenceReportStaffQuerySchema,
  type AbsenceReportUpdate,
  AbsenceReportUpdateSchema,
  absenceIssues,
  IdParamsSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { absenceReports, authorizedPickUps } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type CreateDefinition, createOne, ERROR_RESPONSES } from '../../lib/resource';
import { scholarsOf } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { readSchoolSettings } from '../school_settings/index';
import { childRecordId, hasStarted, pickUpFor, type Row, toReports } from './model';

/** Guardians only: a scholar's own account does not report for themselves, and staff use the office's routes. */
const GUARDIAN = { access: 'signed_in', userTypes: ['parent'] } as const;
const errors = ERROR_RESPONSES;

/** One child's record of a report, as createOne takes it. */
type ChildInput = {
  id: string;
  report_id: string;
  scholar_id: string;
  kind: Row['kind'];
  starts_on: string;
  ends_on: string;
  at_time: string | null;
  pick_up_id: string | null;
  reason: Row['reason'];
  note: string | null;
};

const startTimeOf = async (tx: Pick<Tx, 'select'>) => (await readSchoolSettings(tx)).start_time;

const childDefinition = (startTime: string): CreateDefinition<AbsenceReport, ChildInput> => ({
  name: 'absence_reports',
  table: absenceReports,
  idColumn: absenceReports.id,
  toRecords: (rows, tx) => toReports(tx, rows as Row[]),
  async prepareCreate(input, { tx, request }) {
    const pickUp =
      input.kind === 'early' && input.pick_up_id
        ? await pickUpFor(tx, input.pick_up_id, input.scholar_id, input.starts_on)
        : null;
    return {
      ...input,
      at_time: input.kind === 'absent' ? null : input.at_time,
      pick_up_id: pickUp?.id ?? null,
      pick_up_name: pickUp?.full_name ?? null,
      reported_by: request.auth?.user.id ?? null,
      late: hasStarted(input.starts_on, new Date(), startTime, request.server.school.timeZone),
    };
  },
  // The same report sent again (its answer lost on the way): the pick-up is compared by who it is, not by its row.
  sameAs: (input, record) =>
    input.scholar_id === record.scholar_id &&
    input.kind === record.kind &&
    input.starts_on === record.starts_on &&
    input.ends_on === record.ends_on &&
    (input.kind === 'absent' || input.at_time === record.at_time) &&
    input.reason === record.reason &&
    input.note === record.note,
});

/** The guardian's own record by id (404 for anyone else's), locked for the change. */
async function ownRecord(tx: Tx, request: FastifyRequest, id: string): Promise<Row> {
  const user = request.auth?.user as { id: string; type: string };
  const [row] = await tx.select().from(absenceReports).where(eq(absenceReports.id, id)).for('update');
  const mine = row && (await scholarsOf(tx, user)).some((s) => s.id === row.scholar_id);
  if (!row || !mine) throw notFound('absence report');
  return row;
}

/** A change after the day started, or to a withdrawn report, is refused with the record as it stands. */
async function refuseIfClosed(tx: Tx, request: FastifyRequest, row: Row, startTime: string) {
  const [record] = await toReports(tx, [row]);
  if (row.withdrawn_at) throw new AppError('conflict', 'This report was withdrawn.', { record });
  if (hasStarted(row.starts_on, new Date(), startTime, request.server.school.timeZone)) {
    throw new AppError('conflict', 'The day has started: please call the school office to change this report.', {
      record,
    });
  }
}

async function readOne(tx: Pick<Tx, 'select'>, id: string): Promise<AbsenceReport> {
  const rows = await tx.select().from(absenceReports).where(eq(absenceReports.id, id));
  const [record] = await toReports(tx, rows);
  if (!record) throw notFound('absence report');
  return record;
}

/** `v2/scholar/absence_reports`: a guardian's reports for their own children. */
export const portalAbsenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => schoolDay(new Date(), app.school.timeZone);

  app.get(
    '/',
    {
      config: GUARDIAN,
      schema: {
        querystring: AbsenceReportPortalQuerySchema,
        response: { 200: AbsenceReportListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth?.user as { id: string; type: string };
      const ids = (await scholarsOf(app.db, user)).map((s) => s.id);
      const from = request.query.from ?? today();
      const rows = ids.length
        ? await app.db
            .select()
            .from(absenceReports)
            .where(and(inArray(absenceReports.scholar_id, ids), gte(absenceReports.ends_on, from)))
            .orderBy(asc(absenceReports.starts_on), asc(absenceReports.created_at), asc(absenceReports.id))
        : [];
      const data = await toReports(app.db, rows);
      return { data, meta: { page: 1, per_page: data.length, total: data.length } };
    },
  );

  app.get(
    '/pick_ups',
    { config: GUARDIAN, schema: { response: { 200: AbsencePickUpsResponseSchema, ...errors } } },
    async (request) => {
      const user = request.auth?.user as { id: string; type: string };
      const ids = (await scholarsOf(app.db, user)).map((s) => s.id);
      const rows = ids.length
        ? await app.db
            .select()
            .from(authorizedPickUps)
            .where(
              and(
                inArray(authorizedPickUps.scholar_id, ids),
                eq(authorizedPickUps.active, true),
                eq(authorizedPickUps.status, 'authorized'),
              ),
            )
            .orderBy(asc(authorizedPickUps.full_name))
        : [];
      const day = today();
      return {
        data: ids.map((id) => ({
          scholar_id: id,
          adults: rows
            .filter((r) => r.scholar_id === id && (!r.valid_until || r.valid_until >= day))
            .map((r) => ({ id: r.id, full_name: r.full_name, relationship: r.relationship })),
        })),
        start_time: await startTimeOf(app.db),
        time_zone: app.school.timeZone,
        today: day,
      };
    },
  );

  app.post(
    '/',
    {
      config: GUARDIAN,
      schema: {
        body: AbsenceReportCreateSchema,
        response: { 200: AbsenceReportCreateResponseSchema, 201: AbsenceReportCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, scholar_ids, ...fields } = request.body;
      const user = request.auth?.user as { id: string; type: string };
      const result = await app.db.transaction(async (tx) => {
        const mine = new Set((await scholarsOf(tx, user)).map((s) => s.id));
        if (scholar_ids.some((s) => !mine.has(s))) throw notFound('scholar');
        const def = childDefinition(await startTimeOf(tx));
        const out: { record: AbsenceReport; created: boolean }[] = [];
        // One after the other: a transaction's connection runs one query at a time.
        for (const scholarId of scholar_ids) {
          out.push(
            await createOne(
              def,
              { tx, request },
              {
                id: childRecordId(id, scholarId),
                report_id: id,
                scholar_id: scholarId,
                kind: fields.kind,
                starts_on: fields.starts_on,
                ends_on: fields.kind === 'absent' ? (fields.ends_on ?? fields.starts_on) : fields.starts_on,
                at_time: fields.at_time ?? null,
                pick_up_id: fields.pick_up_id ?? null,
                reason: fields.reason,
                note: fields.note,
              },
            ),
          );
        }
        return out;
      });
      return reply.status(result.some((r) => r.created) ? 201 : 200).send({ data: result.map((r) => r.record) });
    },
  );

  const change = async (request: FastifyRequest<{ Params: { id: string }; Body: AbsenceReportUpdate }>) => {
    const body = request.body;
    return app.db.transaction(async (tx) => {
      const row = await ownRecord(tx, request, request.params.id);
      const startTime = await startTimeOf(tx);
      await refuseIfClosed(tx, request, row, startTime);
      const merged = {
        kind: body.kind ?? row.kind,
        starts_on: body.starts_on ?? row.starts_on,
        ends_on: body.ends_on === undefined ? row.ends_on : body.ends_on,
        at_time: body.at_time === undefined ? row.at_time : body.at_time,
        pick_up_id: body.pick_up_id === undefined ? row.pick_up_id : body.pick_up_id,
      };
      const issue = absenceIssues(merged)[0];
      if (issue) throw invalid(issue.path, issue.message);
      const endsOn = merged.kind === 'absent' ? (merged.ends_on ?? merged.starts_on) : merged.starts_on;
      const pickUp =
        merged.kind === 'early' && merged.pick_up_id
          ? await pickUpFor(tx, merged.pick_up_id, row.scholar_id, merged.starts_on)
          : null;
      const values = {
        kind: merged.kind,
        starts_on: merged.starts_on,
        ends_on: endsOn,
        at_time: merged.kind === 'absent' ? null : merged.at_time,
        pick_up_id: pickUp?.id ?? null,
        pick_up_name: pickUp?.full_name ?? null,
        reason: body.reason ?? row.reason,
        note: body.note === undefined ? row.note : body.note,
        late: hasStarted(merged.starts_on, new Date(), startTime, app.school.timeZone),
        // A changed report is new to the office: its acknowledgement was of what it said before.
        acknowledged_at: null,
        acknowledged_by: null,
        updated_at: new Date().toISOString(),
      };
      await tx.update(absenceReports).set(values).where(eq(absenceReports.id, row.id));
      const before = Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof Row]]));
      await audit(tx, request, {
        action: 'update',
        resource: 'absence_reports',
        recordId: row.id,
        changes: { before, after: values },
      });
      return { data: await readOne(tx, row.id) };
    });
  };
  const oneOptions = {
    config: GUARDIAN,
    schema: { params: IdParamsSchema, response: { 200: AbsenceReportSingleResponseSchema, ...errors } },
  };
  const changeOptions = { ...oneOptions, schema: { ...oneOptions.schema, body: AbsenceReportUpdateSchema } };
  app.patch('/:id', changeOptions, change);
  // Laravel clients send an update as POST with `_method: 'PATCH'` (DESIGN section 4).
  app.post('/:id', changeOptions, change);

  const withdraw = async (request: FastifyRequest<{ Params: { id: string } }>) =>
    app.db.transaction(async (tx) => {
      const row = await ownRecord(tx, request, request.params.id);
      // Withdrawn already (the same request sent twice): the record as it is.
      if (row.withdrawn_at) return { data: await readOne(tx, row.id) };
      await refuseIfClosed(tx, request, row, await startTimeOf(tx));
      const now = new Date().toISOString();
      await tx.update(absenceReports).set({ withdrawn_at: now, updated_at: now }).where(eq(absenceReports.id, row.id));
      await audit(tx, request, {
        action: 'update',
        resource: 'absence_reports',
        recordId: row.id,
        changes: { withdrawn_at: now },
      });
      return { data: await readOne(tx, row.id) };
    });
  app.delete('/:id', oneOptions, withdraw);
  app.post('/:id/withdraw', oneOptions, withdraw);
};

/** `v2/absence_reports`: the office's view of the families' reports, and its acknowledgement of each. */
export const absenceReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'absence_reports-view_any' },
      schema: {
        querystring: AbsenceReportStaffQuerySchema,
        response: { 200: AbsenceReportListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const day = schoolDay(new Date(), app.school.timeZone);
      const from = q.date ?? q.from ?? q.to ?? day;
      const to = q.date ?? q.to ?? (q.from ? '9999-12-31' : from);
      if (to < from) throw invalid('to', 'The last day must be on or after the first.');
      const conditions: (SQL | undefined)[] = [lte(absenceReports.starts_on, to), gte(absenceReports.ends_on, from)];
      if (q.include_withdrawn !== 'true') conditions.push(isNull(absenceReports.withdrawn_at));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(absenceReports)
          .where(where)
          .orderBy(asc(absenceReports.starts_on), asc(absenceReports.created_at), asc(absenceReports.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        app.db.select({ n: count() }).from(absenceReports).where(where),
      ]);
      return {
        data: await toReports(app.db, rows),
        meta: { page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
      };
    },
  );

  app.post(
    '/:id/acknowledge',
    {
      config: { access: 'absence_reports-update' },
      schema: { params: IdParamsSchema, response: { 200: AbsenceReportSingleResponseSchema, ...errors } },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(absenceReports)
          .where(eq(absenceReports.id, request.params.id))
          .for('update');
        if (!row) throw notFound('absence report');
        // Acknowledged already (the same tap twice, or a colleague's): the record as it is.
        if (row.acknowledged_at) return { data: await readOne(tx, row.id) };
        const now = new Date().toISOString();
        const by = request.auth?.user.id ?? null;
        await tx
          .update(absenceReports)
          .set({ acknowledged_at: now, acknowledged_by: by, updated_at: now })
          .where(eq(absenceReports.id, row.id));
        await audit(tx, request, {
          action: 'update',
          resource: 'absence_reports',
          recordId: row.id,
          changes: { acknowledged_at: now, acknowledged_by: by },
        });
        return { data: await readOne(tx, row.id) };
      }),
  );
};
