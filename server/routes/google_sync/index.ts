/**
 * `v2/google_sync`, administrators only:
 * - `GET settings` (google_sync-view): whether a key is set and its client_email (never the key), the subject, the
 *   calendars, which syncs are on. `PUT`/`PATCH`/`POST settings` (google_sync-update): a new key (JSON text, kept
 *   encrypted with the server's secret; null removes it), the subject, the calendars, the switches.
 * - `GET status` (google_sync-view): the settings and the last run of each sync.
 * - `GET runs` (google_sync-view_any): the runs, newest first. `POST runs` (google_sync-create): run now (202; the
 *   runs go on in the background and `status` shows them finish). Only the kinds the school has switched on run; asking
 *   only for kinds switched off is a 422 on `kinds`.
 * The server also runs the syncs on its own schedule (scheduler.ts), except in tests or with GOOGLE_SYNC_SCHEDULE=off.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GoogleSyncRunRequestSchema,
  GoogleSyncRunSchema,
  GoogleSyncRunsQuerySchema,
  GoogleSyncRunsResponseSchema,
  type GoogleSyncSettings,
  GoogleSyncSettingsSchema,
  GoogleSyncSettingsUpdateSchema,
  GoogleSyncStatusSchema,
} from '../../../src/contract';
import { googleSyncRuns, googleSyncSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { parseServiceAccountKey } from '../../lib/google/auth';
import { encryptSecret, serverSecret } from '../../lib/google/encryption';
import { loadGoogleEnv } from '../../lib/google/env';
import { ERROR_RESPONSES } from '../../lib/resource';
import { type GoogleSyncDeps, lastRun, readSyncSettings, startGoogleSync, toRun } from '../../lib/sync-google/runner';
import { startGoogleSyncSchedule } from '../../lib/sync-google/scheduler';

type SettingsRow = Awaited<ReturnType<typeof readSyncSettings>>;

const toSettings = (row: SettingsRow): GoogleSyncSettings => ({
  has_key: row.key_encrypted != null,
  client_email: row.key_encrypted ? row.client_email : null,
  subject: row.subject,
  calendar_ids: row.calendar_ids,
  classroom_enabled: row.classroom_enabled,
  calendar_enabled: row.calendar_enabled,
  updated_at: new Date(row.updated_at).toISOString(),
});

const errors = ERROR_RESPONSES;

const routes: FastifyPluginAsyncZod = async (app) => {
  const env = loadGoogleEnv(process.env);
  let secret: string | null = null;
  const deps = (): GoogleSyncDeps => {
    secret ??= serverSecret(env.GOOGLE_SYNC_SECRET, app.config.DATA_DIR);
    return { db: app.db, timeZone: app.school.timeZone, env, secret };
  };
  /** Runs going on in the background: the server waits for them when it closes. */
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  const scheduled = env.GOOGLE_SYNC_SCHEDULE && app.config.NODE_ENV !== 'test';
  if (scheduled) {
    let stop: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stop = startGoogleSyncSchedule(app.db, deps, {
        intervalMinutes: env.GOOGLE_SYNC_INTERVAL_MINUTES,
        nightlyHour: env.GOOGLE_SYNC_NIGHTLY_HOUR,
        log: app.log,
      });
    });
    app.addHook('onClose', async () => stop?.());
  }

  app.get(
    '/settings',
    {
      config: { access: 'google_sync-view' },
      schema: { response: { 200: z.object({ data: GoogleSyncSettingsSchema }), ...errors } },
    },
    async () => ({ data: toSettings(await readSyncSettings(app.db)) }),
  );

  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    app.route({
      method,
      url: '/settings',
      config: { access: 'google_sync-update' },
      schema: {
        body: GoogleSyncSettingsUpdateSchema,
        response: { 200: z.object({ data: GoogleSyncSettingsSchema }), ...errors },
      },
      handler: async (request) => {
        const { _method, key, ...fields } = request.body;
        const set: Partial<typeof googleSyncSettings.$inferInsert> = { ...fields };
        if (key === null) {
          set.key_encrypted = null;
          set.client_email = null;
        } else if (key !== undefined) {
          const parsed = parseServiceAccountKey(key);
          if ('error' in parsed) throw invalid('key', parsed.error);
          set.key_encrypted = encryptSecret(key, deps().secret);
          set.client_email = parsed.key.client_email;
        }
        await readSyncSettings(app.db);
        const row = await app.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(googleSyncSettings)
            .set({ ...set, updated_at: new Date().toISOString() })
            .where(eq(googleSyncSettings.id, 1))
            .returning();
          await audit(tx, request, {
            action: 'update',
            resource: 'google_sync',
            // The key itself never goes into the audit log: only that it changed.
            changes: { ...fields, ...(key !== undefined ? { key: key === null ? 'removed' : 'replaced' } : {}) },
          });
          return updated as SettingsRow;
        });
        return { data: toSettings(row) };
      },
    });
  }

  app.get(
    '/status',
    {
      config: { access: 'google_sync-view' },
      schema: { response: { 200: z.object({ data: GoogleSyncStatusSchema }), ...errors } },
    },
    async () => ({
      data: {
        settings: toSettings(await readSyncSettings(app.db)),
        last: { classroom: await lastRun(app.db, 'classroom'), calendar: await lastRun(app.db, 'calendar') },
        scheduled,
      },
    }),
  );

  app.get(
    '/runs',
    {
      config: { access: 'google_sync-view_any' },
      schema: { querystring: GoogleSyncRunsQuerySchema, response: { 200: GoogleSyncRunsResponseSchema, ...errors } },
    },
    async (request) => {
      const { kind, page, per_page } = request.query;
      const where = kind ? eq(googleSyncRuns.kind, kind) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(googleSyncRuns)
          .where(where)
          .orderBy(desc(googleSyncRuns.started_at))
          .limit(per_page)
          .offset((page - 1) * per_page),
        app.db.select({ n: count() }).from(googleSyncRuns).where(and(where)),
      ]);
      return { data: rows.map(toRun), meta: { page, per_page, total: total?.n ?? 0 } };
    },
  );

  app.post(
    '/runs',
    {
      config: { access: 'google_sync-create' },
      schema: {
        body: GoogleSyncRunRequestSchema,
        response: { 202: z.object({ data: z.array(GoogleSyncRunSchema) }), ...errors, 409: errors[422] },
      },
    },
    async (request, reply) => {
      const settings = await readSyncSettings(app.db);
      if (!settings.key_encrypted) throw invalid('key', 'Set the service account key first.');
      if (!settings.subject) throw invalid('subject', 'Set the administrator the service account acts as first.');
      const { mode } = request.body;
      // Only the syncs the school has switched on run, here as on the schedule.
      const kinds = request.body.kinds.filter((kind) =>
        kind === 'classroom' ? settings.classroom_enabled : settings.calendar_enabled,
      );
      if (!kinds.length) throw invalid('kinds', 'That sync is switched off in the settings.');
      const started = await startGoogleSync(deps(), {
        kinds,
        mode,
        trigger: 'manual',
        startedBy: request.auth?.user.id ?? null,
      });
      if (!started.runs.length) throw new AppError('conflict', 'That sync is already running.');
      await audit(app.db, request, {
        action: 'create',
        resource: 'google_sync',
        recordId: started.runs[0]?.id ?? null,
        changes: { kinds: started.runs.map((r) => r.kind), mode },
      });
      const done = started.done.catch((err) => app.log.error({ err }, 'Google sync failed'));
      pending.add(done);
      void done.finally(() => pending.delete(done));
      return reply.code(202).send({ data: started.runs });
    },
  );
};

export default routes;
