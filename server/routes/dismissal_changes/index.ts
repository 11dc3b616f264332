/**
 * Dismissal changes (DESIGN section 12: families act before the school's cutoff). `v2/scholar/dismissal_changes` is
 * the guardian's side: a change for one child or several (one record per child, idempotent on the request's client
 * id), their own children's list, and a withdrawal of their own pending or confirmed change. A change for today is
 * refused from the school's cutoff on (409 on starts_on), and so is withdrawing one that covers today. A child who is
 * not theirs answers 404; other accounts 403 (parent accounts only). `v2/dismissal_changes` is the office's: the
 * changes that cover a day or a range, and its confirmation or decline, which the family is told of by a notice.
 * The school may confirm every change on arrival (`dismissal_auto_confirm`). Every change and decision is audited.
 */
import { and, asc, count, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DismissalChange,
  DismissalChangeCreateResponseSchema,
  DismissalChangeCreateSchema,
  DismissalChangeListResponseSchema,
  DismissalChangePortalQuerySchema,
  DismissalChangeSingleResponseSchema,
  DismissalChangeStaffQuerySchema,
  DismissalDeclineSchema,
  DismissalOptionsResponseSchema,
  IdParamsSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, demographics, dismissalChanges } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { type CreateDefinition, createOne, ERROR_RESPONSES } from '../../lib/resource';
import { scholarsOf } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { childRecordId } from '../absence_reports/model';
import { readSchoolSettings } from '../school_settings/index';
import { cutoffConflict, firstDay, isClosed, noticeDecision, pickUpFor, type Row, toChanges } from './model';

/** Guardians only: a scholar's own account does not ask for themselves, and staff use the office's routes. */
const GUARDIAN = { access: 'signed_in', userTypes: ['parent'] } as const;
const errors = ERROR_RESPONSES;

type ChildInput = {
  id: string;
  request_id: string;
  scholar_id: string;
  plan: Row['plan'];
  detail: string | null;
  pick_up_id: string | null;
  starts_on: string;
  ends_on: string;
  weekday: number | null;
  note: string | null;
};

interface Policy {
  cutoff: string;
  autoConfirm: boolean;
  officePhone: string | null;
}

const policyOf = async (tx: Pick<Tx, 'select'>): Promise<Policy> => {
  const s = await readSchoolSettings(tx);
  return {
    cutoff: s.dismissal_cutoff ?? '14:00',
    autoConfirm: s.dismissal_auto_confirm ?? false,
    officePhone: s.office_phone ?? null,
  };
};

const childDefinition = (policy: Policy): CreateDefinition<DismissalChange, ChildInput> => ({
  name: 'dismissal_changes',
  table: dismissalChanges,
  idColumn: dismissalChanges.id,
  toRecords: (rows, tx) => toChanges(tx, rows as Row[]),
  async prepareCreate(input, { tx, request }) {
    const pickUp =
      input.plan === 'pick_up' && input.pick_up_id
        ? await pickUpFor(tx, input.pick_up_id, input.scholar_id, { from: input.starts_on, to: input.ends_on })
        : null;
    const now = new Date().toISOString();
    return {
      ...input,
      pick_up_id: pickUp?.id ?? null,
      pick_up_name: pickUp?.full_name ?? null,
      requested_by: request.auth?.user.id ?? null,
      ...(policy.autoConfirm ? { status: 'confirmed', auto_confirmed: true, decided_at: now } : {}),
    };
  },
  async afterWrite(id, _input, { tx, request }) {
    if (!policy.autoConfirm) return;
    const [row] = await tx.select().from(dismissalChanges).where(eq(dismissalChanges.id, id));
    if (!row) return;
    // The school's setting decided, not a person: the trail says so beside the create.
    await audit(tx, request, {
      action: 'update',
      resource: 'dismissal_changes',
      recordId: id,
      changes: { status: { before: 'pending', after: 'confirmed' }, auto_confirmed: true },
    });
    await noticeDecision(tx, request, row, { confirmed: true, note: null, at: row.decided_at ?? row.created_at });
  },
  // The same request sent again (its answer lost on the way): the pick-up is compared by who it is, not by its row.
  sameAs: (input, record) =>
    input.scholar_id === record.scholar_id &&
    input.plan === record.plan &&
    input.detail === record.detail &&
    input.starts_on === record.starts_on &&
    input.ends_on === record.ends_on &&
    input.weekday === record.weekday &&
    input.note === record.note,
});

async function readOne(tx: Pick<Tx, 'select'>, id: string): Promise<DismissalChange> {
  const rows = await tx.select().from(dismissalChanges).where(eq(dismissalChanges.id, id));
  const [record] = await toChanges(tx, rows);
  if (!record) throw notFound('dismissal change');
  return record;
}

/** `v2/scholar/dismissal_changes`: a guardian's changes for their own children. */
export const portalDismissalRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => schoolDay(new Date(), app.school.timeZone);
  const userOf = (request: FastifyRequest) => request.auth?.user as { id: string; type: string };

  app.get(
    '/',
    {
      config: GUARDIAN,
      schema: {
        querystring: DismissalChangePortalQuerySchema,
        response: { 200: DismissalChangeListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ids = (await scholarsOf(app.db, userOf(request))).map((s) => s.id);
      const from = request.query.from ?? today();
      const rows = ids.length
        ? await app.db
            .select()
            .from(dismissalChanges)
            .where(and(inArray(dismissalChanges.scholar_id, ids), gte(dismissalChanges.ends_on, from)))
            .orderBy(asc(dismissalChanges.starts_on), asc(dismissalChanges.created_at), asc(dismissalChanges.id))
        : [];
      const data = await toChanges(app.db, rows);
      return { data, meta: { page: 1, per_page: data.length, total: data.length } };
    },
  );

  app.get(
    '/options',
    { config: GUARDIAN, schema: { response: { 200: DismissalOptionsResponseSchema, ...errors } } },
    async (request) => {
      const ids = (await scholarsOf(app.db, userOf(request))).map((s) => s.id);
      const day = today();
      const [plans, adults, policy] = await Promise.all([
        ids.length
          ? app.db
              .select({ id: demographics.id, plan: demographics.dismissal_plan, detail: demographics.dismissal_detail })
              .from(demographics)
              .where(inArray(demographics.id, ids))
          : [],
        ids.length
          ? app.db
              .select()
              .from(authorizedPickUps)
              .where(and(inArray(authorizedPickUps.scholar_id, ids), eq(authorizedPickUps.active, true)))
              .orderBy(asc(authorizedPickUps.full_name))
          : [],
        policyOf(app.db),
      ]);
      const byId = new Map(plans.map((p) => [p.id, p]));
      return {
        data: ids.map((id) => {
          // A person refused for this child is never offered, even where another row of theirs says authorized.
          const refused = new Set(
            adults
              .filter((a) => a.scholar_id === id && a.status === 'not_authorized')
              .map((a) => a.full_name.toLowerCase()),
          );
          return {
            scholar_id: id,
            plan: byId.get(id)?.plan ?? 'pick_up',
            detail: byId.get(id)?.detail ?? null,
            adults: adults
              .filter(
                (a) =>
                  a.scholar_id === id &&
                  a.status === 'authorized' &&
                  !refused.has(a.full_name.toLowerCase()) &&
                  (!a.valid_until || a.valid_until >= day),
              )
              .map((a) => ({ id: a.id, full_name: a.full_name, relationship: a.relationship })),
          };
        }),
        cutoff: policy.cutoff,
        time_zone: app.school.timeZone,
        today: day,
        office_phone: policy.officePhone,
        auto_confirm: policy.autoConfirm,
      };
    },
  );

  app.post(
    '/',
    {
      config: GUARDIAN,
      schema: {
        body: DismissalChangeCreateSchema,
        response: { 200: DismissalChangeCreateResponseSchema, 201: DismissalChangeCreateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, scholar_ids, ...fields } = request.body;
      const result = await app.db.transaction(async (tx) => {
        const mine = new Set((await scholarsOf(tx, userOf(request))).map((s) => s.id));
        if (scholar_ids.some((s) => !mine.has(s))) throw notFound('scholar');
        const policy = await policyOf(tx);
        const day = today();
        const endsOn = fields.ends_on ?? fields.starts_on;
        const weekday = fields.weekday ?? null;
        // Only a first request meets the clock: the same one sent again is answered as stored (below).
        const [stored] = await tx
          .select({ id: dismissalChanges.id })
          .from(dismissalChanges)
          .where(eq(dismissalChanges.request_id, id))
          .limit(1);
        if (!stored) {
          if (fields.starts_on < day && endsOn < day) throw invalid('starts_on', 'The first day has passed.');
          if (firstDay({ starts_on: fields.starts_on, ends_on: endsOn, weekday }, day) === day) {
            if (isClosed(day, new Date(), policy.cutoff, app.school.timeZone)) throw cutoffConflict();
          }
          if (fields.starts_on < day) throw invalid('starts_on', 'The first day has passed.');
        }
        const def = childDefinition(policy);
        const out: { record: DismissalChange; created: boolean }[] = [];
        // One after the other: a transaction's connection runs one query at a time.
        for (const scholarId of scholar_ids) {
          out.push(
            await createOne(
              def,
              { tx, request },
              {
                id: childRecordId(id, scholarId),
                request_id: id,
                scholar_id: scholarId,
                plan: fields.plan,
                detail: fields.plan === 'bus' || fields.plan === 'program' ? (fields.detail ?? null) : null,
                pick_up_id: fields.plan === 'pick_up' ? (fields.pick_up_id ?? null) : null,
                starts_on: fields.starts_on,
                ends_on: endsOn,
                weekday,
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

  const withdraw = async (request: FastifyRequest<{ Params: { id: string } }>) =>
    app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dismissalChanges)
        .where(eq(dismissalChanges.id, request.params.id))
        .for('update');
      const mine = row && (await scholarsOf(tx, userOf(request))).some((s) => s.id === row.scholar_id);
      if (!row || !mine) throw notFound('dismissal change');
      // Withdrawn already (the same request sent twice): the record as it is.
      if (row.status === 'withdrawn') return { data: await readOne(tx, row.id) };
      const record = await readOne(tx, row.id);
      if (row.status === 'declined') throw new AppError('conflict', 'The office declined this change.', { record });
      const policy = await policyOf(tx);
      const day = today();
      if (firstDay(row, day) === day && isClosed(day, new Date(), policy.cutoff, app.school.timeZone)) {
        throw cutoffConflict(record);
      }
      const now = new Date().toISOString();
      await tx
        .update(dismissalChanges)
        .set({ status: 'withdrawn', withdrawn_at: now, updated_at: now })
        .where(eq(dismissalChanges.id, row.id));
      await audit(tx, request, {
        action: 'update',
        resource: 'dismissal_changes',
        recordId: row.id,
        changes: { status: { before: row.status, after: 'withdrawn' }, withdrawn_at: now },
      });
      return { data: await readOne(tx, row.id) };
    });
  const oneOptions = {
    config: GUARDIAN,
    schema: { params: IdParamsSchema, response: { 200: DismissalChangeSingleResponseSchema, ...errors } },
  };
  app.delete('/:id', oneOptions, withdraw);
  app.post('/:id/withdraw', oneOptions, withdraw);
};

/** `v2/dismissal_changes`: the office's view of the families' changes, and its decision on each. */
export const dismissalChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'dismissal_changes-view_any' },
      schema: {
        querystring: DismissalChangeStaffQuerySchema,
        response: { 200: DismissalChangeListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const day = schoolDay(new Date(), app.school.timeZone);
      const from = q.date ?? q.from ?? day;
      const to = q.date ?? q.to ?? '9999-12-31';
      if (to < from) throw invalid('to', 'The last day must be on or after the first.');
      const conditions: SQL[] = [lte(dismissalChanges.starts_on, to), gte(dismissalChanges.ends_on, from)];
      conditions.push(q.status ? eq(dismissalChanges.status, q.status) : ne(dismissalChanges.status, 'withdrawn'));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(dismissalChanges)
          .where(where)
          .orderBy(asc(dismissalChanges.starts_on), asc(dismissalChanges.created_at), asc(dismissalChanges.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        app.db.select({ n: count() }).from(dismissalChanges).where(where),
      ]);
      return {
        data: await toChanges(app.db, rows),
        meta: { page: q.page, per_page: q.per_page, total: Number(total?.n ?? 0) },
      };
    },
  );

  const decide = (confirmed: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>) =>
    app.db.transaction(async (tx) => {
      const note = confirmed ? null : ((request.body as { note?: string | null } | undefined)?.note ?? null);
      const [row] = await tx
        .select()
        .from(dismissalChanges)
        .where(eq(dismissalChanges.id, request.params.id))
        .for('update');
      if (!row) throw notFound('dismissal change');
      const status = confirmed ? 'confirmed' : 'declined';
      // Decided so already (the same tap twice, or a colleague's): the record as it is.
      if (row.status === status) return { data: await readOne(tx, row.id) };
      if (row.status !== 'pending') {
        throw new AppError('conflict', `This change is ${row.status} already.`, { record: await readOne(tx, row.id) });
      }
      const now = new Date().toISOString();
      const by = request.auth?.user.id ?? null;
      await tx
        .update(dismissalChanges)
        .set({ status, decided_at: now, decided_by: by, decision_note: note, updated_at: now })
        .where(eq(dismissalChanges.id, row.id));
      await audit(tx, request, {
        action: 'update',
        resource: 'dismissal_changes',
        recordId: row.id,
        changes: { status: { before: row.status, after: status }, decided_by: by, decision_note: note },
      });
      await noticeDecision(tx, request, row, { confirmed, note, at: now });
      return { data: await readOne(tx, row.id) };
    });
  const options = {
    config: { access: 'dismissal_changes-update' },
    schema: { params: IdParamsSchema, response: { 200: DismissalChangeSingleResponseSchema, ...errors } },
  } as const;
  app.post('/:id/confirm', options, decide(true));
  app.post(
    '/:id/decline',
    { ...options, schema: { ...options.schema, body: DismissalDeclineSchema.nullish() } },
    decide(false),
  );
};
