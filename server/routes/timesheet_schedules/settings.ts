/**
 * `v2/timesheet_schedules/settings`: the school's pay period rule and which compliance flags
 * timesheets show, kept in its settings row. The
 * timekeeper reads it with timesheet_schedules-view_any and sets it with timesheet_schedules-update.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_FLAG_SETTINGS,
  type TimekeepingSettings,
  TimekeepingSettingsSchema,
  TimekeepingSettingsUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { schoolSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { ERROR_RESPONSES, iso } from '../../lib/resource';

/** The school's pay period rule (also what T2 divides timesheets by). */
export async function readTimekeepingSettings(tx: Pick<Tx, 'select'>): Promise<TimekeepingSettings & { id: string }> {
  const [row] = await tx.select().from(schoolSettings).limit(1);
  if (!row) throw notFound('school settings');
  return {
    id: row.id,
    pay_period_rule: row.pay_period_rule,
    pay_period_anchor: row.pay_period_anchor,
    timesheet_flags: { ...DEFAULT_FLAG_SETTINGS, ...row.timesheet_flags },
    updated_at: iso(row.updated_at),
  };
}

const errors = ERROR_RESPONSES;
const single = z.object({ data: TimekeepingSettingsSchema });

const routes: FastifyPluginAsyncZod = async (app) => {
  const answer = ({ id, ...settings }: TimekeepingSettings & { id: string }) => {
    void id;
    return { data: settings };
  };
  app.get(
    '/',
    { config: { access: 'timesheet_schedules-view_any' }, schema: { response: { 200: single, ...errors } } },
    async () => answer(await readTimekeepingSettings(app.db)),
  );
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      config: { access: 'timesheet_schedules-update' },
      schema: { body: TimekeepingSettingsUpdateSchema, response: { 200: single, ...errors } },
      handler: async (request) =>
        app.db.transaction(async (tx) => {
          const current = await readTimekeepingSettings(tx);
          const fields = {
            pay_period_rule: request.body.pay_period_rule,
            pay_period_anchor: request.body.pay_period_rule === 'biweekly' ? request.body.pay_period_anchor : null,
            ...(request.body.timesheet_flags ? { timesheet_flags: request.body.timesheet_flags } : {}),
          };
          await tx
            .update(schoolSettings)
            .set({ ...fields, updated_at: new Date().toISOString() })
            .where(eq(schoolSettings.id, current.id));
          await audit(tx, request, {
            action: 'update',
            resource: 'school_settings',
            recordId: current.id,
            changes: fields,
          });
          return answer(await readTimekeepingSettings(tx));
        }),
    });
  }
};

export default routes;
