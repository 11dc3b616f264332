/**
 * `v2/portal_content/work_settings`: the work lists' part of the school's settings ("a topic the
 * school names in settings marks AutoWork"), read with portal_content-view_any and changed, audited, with
 * portal_content-update, like the portal's own settings.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_AUTOWORK_TOPIC, WorkSettingsSchema, WorkSettingsUpdateSchema } from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { schoolSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { ERROR_RESPONSES } from '../../lib/resource';

const single = z.object({ data: WorkSettingsSchema });

/** The school's AutoWork topic. */
export async function readWorkSettings(db: Pick<Db | Tx, 'select'>): Promise<{ autowork_topic: string }> {
  const [row] = await db.select({ topic: schoolSettings.autowork_topic }).from(schoolSettings).limit(1);
  return { autowork_topic: row?.topic ?? DEFAULT_AUTOWORK_TOPIC };
}

const workSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'portal_content-view_any' }, schema: { response: { 200: single, ...ERROR_RESPONSES } } },
    async () => ({ data: await readWorkSettings(app.db) }),
  );
  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/',
      config: { access: 'portal_content-update' },
      schema: { body: WorkSettingsUpdateSchema, response: { 200: single, ...ERROR_RESPONSES } },
      handler: async (request) => {
        const changes = { autowork_topic: request.body.autowork_topic };
        return app.db.transaction(async (tx) => {
          const [row] = await tx.select({ id: schoolSettings.id }).from(schoolSettings).limit(1);
          if (row) {
            await tx
              .update(schoolSettings)
              .set({ ...changes, updated_at: new Date().toISOString() })
              .where(eq(schoolSettings.id, row.id));
            await audit(tx, request, { action: 'update', resource: 'school_settings', recordId: row.id, changes });
          }
          return { data: await readWorkSettings(tx) };
        });
      },
    });
  }
};

export default workSettingsRoutes;
