/**
 * `GET v2/timesheets/summary?from&to[&user_id][&days=false]`: worked and expected minutes per person and
 * day, with the compliance flags of non-exempt staff and each person's pay period states (lib/timesheet-summary.ts).
 * A staff member with `timesheets-view` gets their own; `timesheets-view_any` gets everyone active on staff, or the
 * one person named. A range longer than MAX_SUMMARY_DAYS is refused on `to`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { daysBetween, MAX_SUMMARY_DAYS, SummaryQuerySchema, SummaryResponseSchema } from '../../../src/contract';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { ERROR_RESPONSES } from '../../lib/resource';
import { timesheetSummary } from '../../lib/timesheet-summary';
import { can, requireAuth } from '../../plugins/access';
import { readTimekeepingSettings } from '../timesheet_schedules/settings';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'timesheets-view' },
      schema: { querystring: SummaryQuerySchema, response: { 200: SummaryResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { from, to, user_id, days } = request.query;
      if (daysBetween(from, to) + 1 > MAX_SUMMARY_DAYS) {
        throw invalid('to', `Ask for at most ${MAX_SUMMARY_DAYS} days at once.`);
      }
      const auth = requireAuth(request);
      const viewAny = can(request, 'timesheets-view_any');
      // Another person's hours take view_any; without it a staff member sees their own.
      if (user_id && user_id !== auth.user.id && !viewAny) throw forbidden();
      const userIds = user_id ? [user_id] : viewAny ? undefined : [auth.user.id];
      const summary = await app.db.transaction(async (tx) =>
        timesheetSummary(tx, {
          from,
          to,
          userIds,
          timeZone: app.school.timeZone,
          settings: await readTimekeepingSettings(tx),
          withDays: days === 'true',
          now: new Date(),
        }),
      );
      if (user_id && !summary.people.length) throw notFound('staff member');
      return summary;
    },
  );
};

export default routes;
