/**
 * Backups written by the running server: one each night at BACKUP_HOUR on the school's clock into DATA_DIR/backups,
 * keeping the newest BACKUP_KEEP nightly files, and one whenever an administrator asks ("Back up now",
 * routes/backups). Several instances on one PostgreSQL database write one per night between them: an instance
 * claims the night by inserting that night's `backup_runs` row (a unique index on nightly nights), and only the one
 * whose insert went in writes the file. A server that starts within CATCH_UP_HOURS of the hour still writes that
 * night's; after that the night has none, and the settings screen warns once none is recent.
 *
 * The check runs once a minute on an unref'd timer, cleared when the app closes; not under NODE_ENV=test unless
 * `schedule` is given, so tests that build apps never back up unless they call `app.backups.tick(now)` themselves
 * with the instant they choose. Backups run one at a time per instance, in a worker (lib/backup/server-backup.ts);
 * closing the app stops one in progress (its run is marked failed).
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uuidv7 } from '../../src/contract';
import type { Database } from '../db/client';
import { backupRuns } from '../db/schema';
import { BACKUPS_DIR } from '../lib/backup/data-dir';
import { backupFileName, type RunRow } from '../lib/backup/runs';
import { type RunningBackup, startServerBackup } from '../lib/backup/server-backup';
import { AppError } from '../lib/errors';
import { minutesOfDay, schoolDay } from '../lib/school-day';
import backupRoutes from '../routes/backups/index';

const TICK_MS = 60_000;
/**
 * A night's backup is due from BACKUP_HOUR for this many hours: a server started (or back) within them still writes
 * it, and the hour that daylight saving time skips (2:00 in most of the United States, a Sunday in March) is covered.
 * Later in the day it waits for the next night, so a restart during school hours does not start a backup.
 */
const CATCH_UP_HOURS = 3;

export interface BackupService {
  /** DATA_DIR/backups. */
  readonly dir: string;
  /** Writes the night's backup when its hour has come and no instance has claimed the night yet. */
  tick(now?: Date): Promise<RunRow | null>;
  /** Starts "Back up now" under the client's id (the same id again answers the same run); answers the run row. */
  startManual(id: string, createdBy: string | null): Promise<{ row: RunRow; created: boolean }>;
  /** Resolves when every backup this instance started has finished. */
  idle(): Promise<void>;
  /** The longest time requests waited on the database copy of a PGlite backup so far, in ms. */
  readonly longestBlockMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupService;
  }
}

export interface NightlyBackupOptions {
  database: Database;
  /** Run the nightly check on a timer (default: unless NODE_ENV=test or BACKUP_HOUR=off). */
  schedule?: boolean;
  /** The clock (tests). */
  now?: () => Date;
}

export default fp(
  async function nightlyBackup(app: FastifyInstance, opts: NightlyBackupOptions) {
    const config = app.config;
    const dataDir = resolve(config.DATA_DIR);
    const dir = join(dataDir, BACKUPS_DIR);
    const clock = opts.now ?? (() => new Date());
    const running = new Set<RunningBackup>();
    let queue: Promise<unknown> = Promise.resolve();
    let claimedNight: string | null = null;
    /** Backups started or waiting in this instance. */
    let pending = 0;
    let longestBlockMs = 0;
    let closing = false;

    /** Writes the run's file and records the outcome; one at a time. */
    const perform = (row: RunRow, name: string): Promise<void> => {
      const job = queue.then(async () => {
        const file = join(dir, name);
        try {
          if (closing) throw new Error('The server stopped before the backup started.');
          mkdirSync(dir, { recursive: true });
          const backup = await startServerBackup(opts.database, {
            dataDir,
            databaseUrl: config.DATABASE_URL,
            file,
            kind: row.kind,
            copiesDir: dir,
          });
          running.add(backup);
          try {
            const result = await backup.done;
            longestBlockMs = Math.max(longestBlockMs, result.blockedMs);
            await app.db
              .update(backupRuns)
              .set({ file, bytes: result.bytes, finished_at: new Date().toISOString() })
              .where(eq(backupRuns.id, row.id));
            app.log.info(
              { file, bytes: result.bytes, blocked_ms: result.blockedMs, dump_ms: result.dumpMs, zip_ms: result.zipMs },
              'backup written',
            );
          } finally {
            running.delete(backup);
          }
          if (row.kind === 'nightly') prune();
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          app.log.error({ err, file }, 'backup failed');
          await app.db
            .update(backupRuns)
            .set({ error: message.slice(0, 2000), finished_at: new Date().toISOString() })
            .where(eq(backupRuns.id, row.id))
            .catch(() => {});
        }
      });
      queue = job;
      return job;
    };

    /** Keeps the newest BACKUP_KEEP nightly files (their names sort by time). */
    const prune = () => {
      const nightly = readdirSync(dir)
        .filter((n) => n.endsWith('-nightly.zip'))
        .sort()
        .reverse();
      for (const old of nightly.slice(config.BACKUP_KEEP)) rmSync(join(dir, old), { force: true });
    };

    const service: BackupService = {
      dir,
      get longestBlockMs() {
        return longestBlockMs;
      },
      async tick(now = clock()) {
        const hour = config.BACKUP_HOUR;
        if (hour === 'off' || closing) return null;
        const timeZone = app.school.timeZone;
        const night = schoolDay(now, timeZone);
        const minutes = minutesOfDay(now, timeZone);
        if (claimedNight === night || minutes < hour * 60 || minutes >= (hour + CATCH_UP_HOURS) * 60) return null;
        const [row] = await app.db
          .insert(backupRuns)
          .values({ id: uuidv7(now.getTime()), kind: 'nightly', night, started_at: now.toISOString() })
          .onConflictDoNothing()
          .returning();
        claimedNight = night;
        if (!row) return null;
        pending++;
        try {
          await perform(row, backupFileName(now, timeZone, 'nightly'));
        } finally {
          pending--;
        }
        const [done] = await app.db.select().from(backupRuns).where(eq(backupRuns.id, row.id));
        return done ?? row;
      },
      async startManual(id, createdBy) {
        const [existing] = await app.db.select().from(backupRuns).where(eq(backupRuns.id, id));
        if (existing) return { row: existing, created: false };
        // One at a time: a second "Back up now" while one is written would only write the same again.
        if (pending > 0) throw new AppError('conflict', 'A backup is being written: wait for it to finish.');
        pending++;
        try {
          const now = clock();
          const [row] = await app.db
            .insert(backupRuns)
            .values({ id, kind: 'manual', started_at: now.toISOString(), created_by: createdBy })
            .onConflictDoNothing()
            .returning();
          if (!row) {
            // The same id, sent again while the first was being recorded.
            const [stored] = await app.db.select().from(backupRuns).where(eq(backupRuns.id, id));
            if (!stored) throw new Error('The backup run could not be recorded.');
            pending--;
            return { row: stored, created: false };
          }
          void perform(row, backupFileName(now, app.school.timeZone, 'manual', id.slice(-6))).finally(() => pending--);
          return { row, created: true };
        } catch (err) {
          pending--;
          throw err;
        }
      },
      async idle() {
        await queue;
      },
    };
    app.decorate('backups', service);

    const schedule = opts.schedule ?? (config.NODE_ENV !== 'test' && config.BACKUP_HOUR !== 'off');
    let timer: NodeJS.Timeout | null = null;
    if (schedule) {
      app.addHook('onReady', async () => {
        const check = () => {
          service.tick().catch((err) => app.log.error({ err }, 'nightly backup check failed'));
        };
        timer = setInterval(check, TICK_MS);
        timer.unref();
        check();
      });
    }
    app.addHook('onClose', async () => {
      closing = true;
      if (timer) clearInterval(timer);
      for (const backup of running) backup.stop();
      await queue.catch(() => {});
    });

    await app.register(backupRoutes, { prefix: '/api/v2/backups' });
  },
  { name: 'nightly-backup' },
);
