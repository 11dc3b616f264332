/**
 * `v2/school_settings`: the school day's rules (start time, late threshold, the reasons a kiosk offers). Anyone signed
 * in reads them (kiosks also get them through the sync pull); changing them takes `school_settings-update`.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type SchoolSettings, SchoolSettingsSchema, SchoolSettingsUpdateSchema } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { schoolSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { ERROR_RESPONSES, iso } from '../../lib/resource';

type Row = typeof schoolSettings.$inferSelect;

/** A stored row as the API answers it. */
export const toSchoolSettings = (row: Row): SchoolSettings => ({
  id: row.id,
  start_time: row.start_time,
  end_time: row.end_time,
  late_after_minutes: row.late_after_minutes,
  late_reasons: row.late_reasons,
  departure_reasons: row.departure_reasons,
  reasons_es: row.reasons_es,
  attendance_factor: row.attendance_factor,
  kiosk_show_student_number: row.kiosk_show_student_number,
  kiosk_show_homeroom: row.kiosk_show_homeroom,
  pay_period_rule: row.pay_period_rule,
  pay_period_anchor: row.pay_period_anchor,
  updated_at: iso(row.updated_at),
});

/** The school's one settings row (a migration creates it). */
export async function readSchoolSettings(tx: Pick<Tx, 'select'>): Promise<SchoolSettings> {
  const [row] = await tx.select().from(schoolSettings).limit(1);
  if (!row) throw notFound('school settings');
  return toSchoolSettings(row);
}

/** The fields of `after` that differ from `before`, each as `{before, after}`: what an audit event keeps. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) out[key] = { before: before[key], after: value };
  }
  return out;
}

const errors = ERROR_RESPONSES;
const single = z.object({ data: SchoolSettingsSchema });

const routes: FastifyPluginAsyncZod = async (app) => {
  // The name and time zone as the server uses them: the stored ones, or the configuration's until they are set.
  const withSchool = (settings: SchoolSettings): SchoolSettings => ({
    ...settings,
    school_name: app.school.name,
    time_zone: app.school.timeZone,
  });

  app.get('/', { config: { access: 'signed_in' }, schema: { response: { 200: single, ...errors } } }, async () => ({
    data: withSchool(await readSchoolSettings(app.db)),
  }));

  const update = async (body: z.infer<typeof SchoolSettingsUpdateSchema>, request: Parameters<typeof audit>[1]) => {
    const { _method, ...fields } = body;
    const saved = await app.db.transaction(async (tx) => {
      const current = withSchool(await readSchoolSettings(tx));
      await tx
        .update(schoolSettings)
        .set({ ...fields, updated_at: new Date().toISOString() })
        .where(eq(schoolSettings.id, current.id));
      await audit(tx, request, {
        action: 'update',
        resource: 'school_settings',
        recordId: current.id,
        changes: changed(current, fields),
      });
      return readSchoolSettings(tx);
    });
    if (fields.school_name !== undefined || fields.time_zone !== undefined) await app.school.refresh();
    return { data: withSchool(saved) };
  };
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      config: { access: 'school_settings-update' },
      schema: { body: SchoolSettingsUpdateSchema, response: { 200: single, ...errors } },
      handler: (request) => update(request.body, request),
    });
  }
};

export default routes;
