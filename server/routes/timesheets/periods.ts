/**
 * `v2/timesheets/periods`: each person's pay periods (the timesheet schedules' rule) and their approval.
 *
 * - `GET ?from&to&user_id`: every period touching the dates for each person in scope (one's own; every active staff
 *   member with `timesheets-view_any`; `user_id` narrows), 'open' when nothing happened to it yet.
 * - `POST submit`: the person hands the period in (their own with `timesheets-update`, anyone's with view_any), from
 *   open or returned; refused while a record of the period has no clock-out.
 * - `POST approve` (timekeeper): from open, submitted or returned; locks the period's records.
 * - `POST return` (timekeeper): a submitted period goes back with a note.
 * - `POST reopen` (timekeeper): an approved period is open again, with the reason.
 * - `POST withdraw`: the person (or the timekeeper for them) takes a submitted period back to open.
 * - `POST approve_many` (timekeeper): a list of periods approved in one transaction, each answered on its own (a
 *   route of its own rather than a list on `approve`: its answer is one result per period, where `approve` answers one
 *   period or an error, and its callers keep that shape).
 *
 * Each change locks the person's row (as record writes do), writes the period's row and one audit event
 * ('timesheet_periods'); a change the state does not allow answers 409 saying why. Approve and withdraw may be sent
 * again by a retry: a period already where the action leads (approved; open by a withdrawal) is answered as it is,
 * 200, with nothing written.
 */
import { and, asc, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  daysBetween,
  ErrorResponseSchema,
  MAX_SUMMARY_DAYS,
  PeriodApproveManyResponseSchema,
  PeriodApproveManySchema,
  type PeriodApproveResult,
  PeriodApproveSchema,
  PeriodReopenSchema,
  PeriodResponseSchema,
  PeriodReturnSchema,
  type PeriodState,
  PeriodSubmitSchema,
  PeriodsQuerySchema,
  PeriodsResponseSchema,
  PeriodWithdrawSchema,
  payPeriodOf,
  type TimesheetPeriod,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { auditEvents, timesheetPeriods, timesheets, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import { ERROR_RESPONSES } from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { readTimekeepingSettings } from '../timesheet_schedules/settings';
import { clockText, lockPerson, type Person, periodText, readPeriodStates, toPeriod, userName } from './shared';

type Action = 'submit' | 'approve' | 'return' | 'reopen' | 'withdraw';

/** The states each action starts from. */
const FROM: Record<Action, readonly PeriodState[]> = {
  submit: ['open', 'returned'],
  approve: ['open', 'submitted', 'returned'],
  return: ['submitted'],
  reopen: ['approved'],
  withdraw: ['submitted'],
};

/** Why an action cannot start from a state, in words for people. */
function refusal(action: Action, state: PeriodState, period: { start: string; end: string }): string {
  const which = `The pay period ${periodText(period)}`;
  if (action === 'submit' && state === 'submitted') {
    return `${which} is submitted already: the timekeeper approves it or returns it.`;
  }
  if (state === 'approved') return `${which} is approved already. The timekeeper can reopen it, with a reason.`;
  if (action === 'return') return `${which} is ${state}: only a submitted period can be returned.`;
  if (action === 'withdraw') return `${which} is ${state}: only a submitted period can be withdrawn.`;
  return `${which} is ${state}: only an approved period can be reopened.`;
}

/** 422 on `date` while a record of the person's period has no clock-out (it cannot be handed in or approved). */
async function refuseOpenRecords(
  tx: Tx,
  request: FastifyRequest,
  person: Person,
  period: { start: string; end: string },
) {
  const [open] = await tx
    .select({ started_at: timesheets.started_at, work_date: timesheets.work_date })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.user_id, person.id),
        gte(timesheets.work_date, period.start),
        lte(timesheets.work_date, period.end),
        isNull(timesheets.ended_at),
      ),
    )
    .orderBy(asc(timesheets.started_at))
    .limit(1);
  if (!open) return;
  const self = person.id === request.auth?.user.id;
  const time = clockText(open.started_at, request.server.school.timeZone);
  throw invalid(
    'date',
    `${self ? 'You have' : `${userName(person)} has`} a record with no clock-out on ${open.work_date} from ${time}: clock out or fix it first.`,
  );
}

type Body = { user_id?: string; date: string; note?: string; reason?: string };

/** Whether the period's last change was a withdrawal (its audit trail's newest event): an open period it left. */
async function lastWasWithdraw(tx: Tx, id: string): Promise<boolean> {
  const [last] = await tx
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.resource, 'timesheet_periods'), eq(auditEvents.record_id, id)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return (last?.changes as { action?: string } | null)?.action === 'withdraw';
}

/** Applies one action to the period of `date` for `userId`, answering the period as it is after it. */
async function change(request: FastifyRequest, action: Action, body: Body): Promise<TimesheetPeriod> {
  const me = requireAuth(request).user.id;
  const userId = body.user_id ?? me;
  // Deciding takes the timekeeper's view_any; handing in and taking back are one's own (or the timekeeper's for them).
  const own = action === 'submit' || action === 'withdraw';
  if ((!own || userId !== me) && !can(request, 'timesheets-view_any')) throw forbidden();
  return request.server.db.transaction(async (tx) => changeIn(tx, request, action, userId, body));
}

/** `change` inside a transaction, permission checked already. */
async function changeIn(
  tx: Tx,
  request: FastifyRequest,
  action: Action,
  userId: string,
  body: Body,
): Promise<TimesheetPeriod> {
  const me = requireAuth(request).user.id;
  const person = await lockPerson(tx, userId, 'user_id');
  const period = payPeriodOf(body.date, await readTimekeepingSettings(tx));
  const [row] = await tx
    .select()
    .from(timesheetPeriods)
    .where(and(eq(timesheetPeriods.user_id, userId), eq(timesheetPeriods.period_start, period.start)))
    .limit(1);
  const state: PeriodState = row?.state ?? 'open';
  // A retry of an approval or a withdrawal that went through: answered as it is, nothing written.
  const already =
    (action === 'approve' && state === 'approved') ||
    (action === 'withdraw' && state === 'open' && row !== undefined && (await lastWasWithdraw(tx, row.id)));
  if (already) return toPeriod(userId, userName(person), period, row);
  if (!FROM[action].includes(state)) {
    throw new AppError('conflict', refusal(action, state, period), {
      record: toPeriod(userId, userName(person), period, row),
    });
  }
  if (action === 'submit' || action === 'approve') await refuseOpenRecords(tx, request, person, period);
  const now = new Date().toISOString();
  const fields =
    action === 'submit'
      ? { state: 'submitted' as const, submitted_at: now, submitted_by: me }
      : action === 'approve'
        ? { state: 'approved' as const, decided_at: now, decided_by: me }
        : action === 'return'
          ? { state: 'returned' as const, decided_at: now, decided_by: me, note: body.note ?? null }
          : action === 'withdraw'
            ? // Back to open as if never handed in: the hand-in's time and person go with it.
              { state: 'open' as const, submitted_at: null, submitted_by: null }
            : { state: 'open' as const, decided_at: now, decided_by: me, reopen_reason: body.reason ?? null };
  const id = row?.id ?? uuidv7();
  const [stored] = row
    ? await tx
        .update(timesheetPeriods)
        .set({ ...fields, period_end: period.end, updated_at: now })
        .where(eq(timesheetPeriods.id, id))
        .returning()
    : await tx
        .insert(timesheetPeriods)
        .values({ id, user_id: userId, period_start: period.start, period_end: period.end, ...fields })
        .returning();
  await audit(tx, request, {
    action: row ? 'update' : 'create',
    resource: 'timesheet_periods',
    recordId: id,
    changes: { action, user_id: userId, start: period.start, end: period.end, from_state: state, ...fields },
  });
  return toPeriod(userId, userName(person), period, stored);
}

/**
 * Approves each period of the list in one transaction, each in its own savepoint: a period that cannot be approved
 * (an open record, a state that does not allow it, not a staff member) is answered with the status and message the
 * single approve would give and is left as it was, and the rest are still approved. One refusal does not hold back
 * the others because the timekeeper approves a whole pay period's people at once and fixes the few after; answering
 * each lets the screen say which. People are locked in the order of their ids, so two lists cannot deadlock.
 */
async function approveMany(
  request: FastifyRequest,
  keys: readonly { user_id: string; start: string }[],
): Promise<PeriodApproveResult[]> {
  requireAuth(request);
  if (!can(request, 'timesheets-view_any')) throw forbidden();
  const order = keys
    .map((key, index) => ({ key, index }))
    .sort((a, b) => (a.key.user_id === b.key.user_id ? 0 : a.key.user_id < b.key.user_id ? -1 : 1));
  const results: PeriodApproveResult[] = new Array(keys.length);
  await request.server.db.transaction(async (tx) => {
    const settings = await readTimekeepingSettings(tx);
    for (const { key, index } of order) {
      const refuse = (status: 404 | 409 | 422, message: string) => {
        results[index] = { ok: false, user_id: key.user_id, start: key.start, status, message };
      };
      if (payPeriodOf(key.start, settings).start !== key.start) {
        refuse(422, `${key.start} is not the first day of a pay period.`);
        continue;
      }
      try {
        const period = await tx.transaction((sp) => changeIn(sp, request, 'approve', key.user_id, { date: key.start }));
        results[index] = { ok: true, user_id: key.user_id, start: key.start, period };
      } catch (error) {
        if (!(error instanceof AppError) || ![404, 409, 422].includes(error.status)) throw error;
        refuse(error.status as 404 | 409 | 422, error.message);
      }
    }
  });
  return results;
}

const errors = { ...ERROR_RESPONSES, 409: ErrorResponseSchema };
const single = { 200: PeriodResponseSchema, ...errors };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'timesheets-view' },
      schema: { querystring: PeriodsQuerySchema, response: { 200: PeriodsResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { from, to, user_id } = request.query;
      if (to < from) throw invalid('to', 'The end date is before the start date.');
      // The same limit as the summary's: at most MAX_SUMMARY_DAYS days, both ends counted.
      if (daysBetween(from, to) + 1 > MAX_SUMMARY_DAYS) {
        throw invalid('to', `Ask for at most ${MAX_SUMMARY_DAYS} days at once.`);
      }
      const me = requireAuth(request).user.id;
      const viewAny = can(request, 'timesheets-view_any');
      if (user_id && user_id !== me && !viewAny) throw forbidden();
      const one = user_id ?? (viewAny ? undefined : me);
      return app.db.transaction(async (tx) => {
        const people = await tx
          .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname })
          .from(users)
          .where(and(eq(users.type, 'staff'), one ? eq(users.id, one) : eq(users.active, true)))
          .orderBy(asc(users.lname), asc(users.fname), asc(users.id));
        if (user_id && !people.length) throw notFound('staff member');
        return { data: await readPeriodStates(tx, people, from, to, await readTimekeepingSettings(tx)) };
      });
    },
  );

  const actions: [Action, z.ZodType][] = [
    ['submit', PeriodSubmitSchema],
    ['approve', PeriodApproveSchema],
    ['return', PeriodReturnSchema],
    ['reopen', PeriodReopenSchema],
    ['withdraw', PeriodWithdrawSchema],
  ];
  for (const [action, body] of actions) {
    app.post(
      `/${action}`,
      { config: { access: 'timesheets-update' }, schema: { body, response: single } },
      async (request) => ({ data: await change(request, action, request.body as Body) }),
    );
  }

  app.post(
    '/approve_many',
    {
      config: { access: 'timesheets-update' },
      schema: { body: PeriodApproveManySchema, response: { 200: PeriodApproveManyResponseSchema, ...errors } },
    },
    async (request) => ({ data: await approveMany(request, request.body.periods) }),
  );
};

export default routes;
