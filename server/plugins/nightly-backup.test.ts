/**
 * The nightly backup: two instances on one database at the set hour write one file between them, only the newest
 * BACKUP_KEEP nightly files stay (other backups are never pruned), nothing runs before the hour or twice a night;
 * and requests are answered while a backup is written (on PGlite from a data directory on disk, the server's own
 * case, where the database files are copied under PGlite's lock; on PostgreSQL while pg_dump runs). The longest wait
 * is printed: a figure, not a limit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { backupRuns } from '../db/schema';
import { unpackArchive } from '../lib/backup/archive';
import { tableCounts } from '../lib/backup/dump';
import { DB_KIND, openTestDatabase, startTestServerPair, testConfig } from '../test/helpers';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// 02:05 and 01:30 in Los Angeles (the test school's zone) on 2026-12-04.
const AT_HOUR = new Date('2026-12-04T10:05:00Z');
const BEFORE_HOUR = new Date('2026-12-04T09:30:00Z');

describe('nightly backup', () => {
  it('writes one file between two instances at the hour and keeps the newest BACKUP_KEEP', async () => {
    const dataDir = tempDir('nightly-');
    const backups = join(dataDir, 'backups');
    const [a, b] = await startTestServerPair({ DATA_DIR: dataDir, BACKUP_HOUR: '2', BACKUP_KEEP: '2' });
    try {
      // Older nightly files, and one asked for by hand, which pruning never touches.
      const { mkdirSync } = await import('node:fs');
      mkdirSync(backups, { recursive: true });
      for (const name of [
        '2026-12-01-020000-nightly.zip',
        '2026-12-02-020000-nightly.zip',
        '2026-12-03-020000-nightly.zip',
      ]) {
        writeFileSync(join(backups, name), 'an older backup');
      }
      writeFileSync(join(backups, '2026-11-20-101500-manual-abcdef.zip'), 'kept');

      expect(await a.app.backups.tick(BEFORE_HOUR)).toBeNull();
      // Late in the day (a restart during school hours): that night's wait for the next one.
      expect(await a.app.backups.tick(new Date('2026-12-03T22:00:00Z'))).toBeNull();
      expect(await a.database.db.select().from(backupRuns)).toEqual([]);

      const [ranA, ranB] = await Promise.all([a.app.backups.tick(AT_HOUR), b.app.backups.tick(AT_HOUR)]);
      const ran = [ranA, ranB].filter((r) => r !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ kind: 'nightly', night: '2026-12-04', error: null });
      const rows = await a.database.db.select().from(backupRuns).where(eq(backupRuns.kind, 'nightly'));
      expect(rows).toHaveLength(1);
      expect(readdirSync(backups).sort()).toEqual([
        '2026-11-20-101500-manual-abcdef.zip',
        '2026-12-03-020000-nightly.zip',
        '2026-12-04-020500-nightly.zip',
      ]);
      expect(rows[0]?.bytes).toBe(readFileSync(join(backups, '2026-12-04-020500-nightly.zip')).byteLength);
      // The same night again, on either instance: nothing.
      expect(await a.app.backups.tick(new Date(AT_HOUR.getTime() + 3600_000))).toBeNull();
      expect(await b.app.backups.tick(new Date(AT_HOUR.getTime() + 3600_000))).toBeNull();
      expect(readdirSync(backups)).toHaveLength(3);
    } finally {
      await b.close();
      await a.close();
    }
  }, 120_000);

  it('answers requests while it writes a backup', async () => {
    const dataDir = tempDir('nightly-live-');
    // PGlite: the data directory on disk, loaded from the test snapshot; PostgreSQL: a fresh test database.
    const opened =
      DB_KIND === 'pglite'
        ? await (async () => {
            const database = await openDatabase({
              kind: 'pglite',
              dataDir,
              loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
            });
            return { database, drop: () => database.close() };
          })()
        : await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, BACKUP_HOUR: '2' }),
      database: opened.database,
      serveApp: false,
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: 'office@demo.school', password: 'demo' },
      });
      const headers = { authorization: `Bearer ${login.json().token}` };
      let finished = false;
      const backup = app.backups.tick(AT_HOUR).finally(() => {
        finished = true;
      });
      const waits: number[] = [];
      let answeredDuring = 0;
      while (!finished) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/v2/demographics?per_page=5', headers });
        waits.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        if (!finished) answeredDuring++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const run = await backup;
      expect(run).toMatchObject({ kind: 'nightly', error: null });
      expect(answeredDuring).toBeGreaterThan(3);
      // The copy taken while the server ran is the database exactly (only reads ran meanwhile).
      const archive = unpackArchive(new Uint8Array(readFileSync(join(dataDir, 'backups', basename(run?.file ?? '')))));
      const query = async (text: string) =>
        (await opened.database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] };
      expect(archive.manifest.tables).toEqual(await tableCounts(query));
      const longest = Math.max(...waits);
      console.log(
        `[nightly backup, ${DB_KIND}] ${waits.length} requests during the backup; longest ${longest.toFixed(1)} ms, ` +
          `median ${waits.sort((x, y) => x - y)[Math.floor(waits.length / 2)]?.toFixed(1)} ms; ` +
          `database copy held requests ${app.backups.longestBlockMs} ms`,
      );
    } finally {
      await app.close();
      await opened.drop();
    }
  }, 120_000);
});
