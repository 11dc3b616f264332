/**
 * `v2/backups`, administrators only (the school settings' permissions; the section sits on that screen):
 * - `GET` (school_settings-view): the last runs, newest first, the newest that wrote its file, whether it is recent
 *   (none in BACKUP_RECENT_HOURS is a warning), and the nightly hour and how many are kept.
 * - `POST` {id} (school_settings-update): "Back up now". Answers 202 with the run at once; the backup goes on in a
 *   worker and the list shows it finish. The id is the client's: the same id again answers the same run as
 *   stored, never a second backup. While this instance writes one, another id answers 409.
 * Registered by plugins/nightly-backup.ts, which owns the backups.
 */
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_RECENT_HOURS, BackupCreateSchema, BackupRunSchema, BackupsResponseSchema } from '../../../src/contract';
import { backupRuns } from '../../db/schema';
import { audit } from '../../lib/audit';
import { toBackupRun } from '../../lib/backup/runs';
import { ERROR_RESPONSES } from '../../lib/resource';

const RUNS_SHOWN = 20;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'school_settings-view' },
      schema: { response: { 200: BackupsResponseSchema, ...ERROR_RESPONSES } },
    },
    async () => {
      const now = new Date();
      const [rows, [last]] = await Promise.all([
        app.db.select().from(backupRuns).orderBy(desc(backupRuns.started_at)).limit(RUNS_SHOWN),
        app.db
          .select()
          .from(backupRuns)
          .where(and(isNull(backupRuns.error), isNotNull(backupRuns.finished_at)))
          .orderBy(desc(backupRuns.finished_at))
          .limit(1),
      ]);
      const lastRun = last ? toBackupRun(last, now) : null;
      const recent =
        lastRun?.finished_at != null &&
        now.getTime() - new Date(lastRun.finished_at).getTime() <= BACKUP_RECENT_HOURS * 3600_000;
      const hour = app.config.BACKUP_HOUR;
      return {
        data: {
          runs: rows.map((r) => toBackupRun(r, now)),
          last_success: lastRun,
          recent,
          nightly_hour: hour === 'off' ? null : hour,
          keep: app.config.BACKUP_KEEP,
        },
      };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'school_settings-update' },
      schema: {
        body: BackupCreateSchema,
        response: { 202: z.object({ data: BackupRunSchema }), ...ERROR_RESPONSES, 409: ERROR_RESPONSES[422] },
      },
    },
    async (request, reply) => {
      const userId = request.auth?.user.id ?? null;
      const { row, created } = await app.backups.startManual(request.body.id, userId);
      if (created) await audit(app.db, request, { action: 'create', resource: 'backups', recordId: row.id });
      const [stored] = await app.db.select().from(backupRuns).where(eq(backupRuns.id, row.id));
      return reply.code(202).send({ data: toBackupRun(stored ?? row) });
    },
  );
};

export default routes;
