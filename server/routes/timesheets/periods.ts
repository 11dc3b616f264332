/**
 * `v2/timesheets/periods` (issue T2 item 8): each person's pay periods (T1's rule) and their approval.
 *
 * - `GET ?from&to&user_id`: every period touching the dates for each person in scope (one's own; every active staff
 *   member with `timesheets-view_any`; `user_id` narrows), 'open' when nothing happened to it yet.
 * - `POST submit`: the person hands the period in (their own with `timesheets-update`, anyone's with view_any), from
 *   open or returned; refused while a record of the period has no clock-out.
 * - `POST approve` (timekeeper): from open, submitted or returned; locks the period's records.
 * - `POST return` (timekeeper): a submitted period goes back with a note.
 * - `POST reopen` (timekeeper): an approved period is open again, with the reason.
 *
 * Each change locks the person's row (as record writes do), writes the period's row and one audit event
 * ('timesheet_periods'); a change the state does not allow answers 409 saying why.
 */
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  daysBetween,
  ErrorResponseSchema,
  MAX_SUMMARY_DAYS,
  PeriodApproveSchema,
  PeriodReopenSchema,
  PeriodResponseSchema,
  PeriodReturnSchema,
  type PeriodState,
  PeriodSubmitSchema,
  PeriodsQuerySchema,
  PeriodsResponseSchema,
  payPeriodOf,
  type TimesheetPeriod,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheetPeriods, timesheets, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import { ERROR_RESPONSES } from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { readTimekeepingSettings } from '../timesheet_schedules/settings';
import { clockText, lockPerson, type Person, periodText, readPeriodStates, toPeriod, userName } from './shared';

type Action = 'submit' | 'approve' | 'return' | 'reopen';

/** The states each action starts from. */
const FROM: Record<Action, readonly PeriodState[]> = {
  submit: ['open', 'returned'],
  approve: ['open', 'submitted', 'returned'],
  return: ['submitted'],
  reopen: ['approved'],
};

/** Why an action cannot start from a state, in words for people. */
function refusal(action: Action, state: PeriodState, period: { start: string; end: string }): string {
  const which = `The pay period ${periodText(period)}`;
  if (action === 'submit' && state === 'submitted') {
    return `${which} is submitted already: the timekeeper approves it or returns it.`;
  }
  if (state === 'approved') return `${which} is approved already. The timekeeper can reopen it, with a reason.`;
  if (action === 'return') return `${which} is ${state}: only a submitted period can be returned.`;
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
  const time = clockText(open.started_at, request.server.config.SCHOOL_TIMEZONE);
  throw invalid(
    'date',
    `${self ? 'You have' : `${userName(person)} has`} a record with no clock-out on ${open.work_date} from ${time}: clock out or fix it first.`,
  );
}

/** Applies one action to the period of `date` for `userId`, answering the period as it is after it. */
async function change(
  request: FastifyRequest,
  action: Action,
  body: { user_id?: string; date: string; note?: string; reason?: string },
): Promise<TimesheetPeriod> {
  const me = requireAuth(request).user.id;
  const userId = body.user_id ?? me;
  // Deciding takes the timekeeper's view_any; handing in is one's own (or the timekeeper's for them).
  if ((action !== 'submit' || userId !== me) && !can(request, 'timesheets-view_any')) throw forbidden();
  return request.server.db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId, 'user_id');
    const period = payPeriodOf(body.date, await readTimekeepingSettings(tx));
    const [row] = await tx
      .select()
      .from(timesheetPeriods)
      .where(and(eq(timesheetPeriods.user_id, userId), eq(timesheetPeriods.period_start, period.start)))
      .limit(1);
    const state: PeriodState = row?.state ?? 'open';
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
  });
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
  ];
  for (const [action, body] of actions) {
    app.post(
      `/${action}`,
      { config: { access: 'timesheets-update' }, schema: { body, response: single } },
      async (request) => ({ data: await change(request, action, request.body as Parameters<typeof change>[2]) }),
    );
  }
};

export default routes;
