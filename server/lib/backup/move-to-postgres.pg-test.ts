/**
 * The commands, run as the people who run a school run them (`tsx server/cli/...`, what `npm run` starts), against a
 * PGlite DATA_DIR on disk with the demo school and the machine's PostgreSQL (15 here, while PGlite is a newer
 * PostgreSQL, so its dump's newer settings must be left out): move-to-postgres copies every row and leaves DATA_DIR's
 * files as they were; a backup of the PGlite school restores onto PostgreSQL; a non-empty target is refused without
 * --force; a DATA_DIR another process holds is refused with what to do instead.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { countsAt } from '../../test/backups';
import { adminUrl } from '../../test/pg';
import { acquireDataDirLock } from '../data-dir-lock';
import { ROOT } from '../paths';
import { unpackArchive } from './archive';
import { majorOf, tableCounts } from './dump';

const url = process.env.TEST_DATABASE_URL as string;
let dataDir: string;
let pgliteCounts: Record<string, number>;
let pgliteVersion: string;
const databases: string[] = [];
const dirs: string[] = [];

async function admin<T>(body: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

async function emptyDatabase(): Promise<string> {
  const name = `school_ops_move_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  databases.push(name);
  return adminUrl(url, name);
}

/** Runs a command of server/cli as `npm run` does. */
function command(name: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'server/cli', `${name}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** Every file under `dir` with its SHA-256. */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'move-source-'));
  dirs.push(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await prepareDatabase(database, { seedDemo: true, schoolName: 'Move School', timeZone: 'America/Los_Angeles' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  pgliteCounts = await tableCounts((text) => client.query(text));
  pgliteVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  await database.close();
}, 180_000);
afterAll(async () => {
  for (const name of databases) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('move-to-postgres, backup and restore commands', () => {
  it('moves the PGlite school onto PostgreSQL with every row, DATA_DIR untouched', async () => {
    const before = hashes(dataDir);
    const target = await emptyDatabase();
    const moved = command('move-to-postgres', [target], { DATA_DIR: dataDir });
    expect(moved.out).toContain(`DATABASE_URL=${target}`);
    expect(moved.status).toBe(0);
    expect(moved.out).toMatch(/photos\s+\d+ = \d+/);
    expect(hashes(dataDir)).toEqual(before);

    const after = await countsAt(target);
    // PGlite is a newer PostgreSQL than the machine's server: its dump's settings for newer servers were left out.
    console.log(`[move] PGlite ${pgliteVersion} onto PostgreSQL ${after.version}`);
    expect(majorOf(pgliteVersion)).toBeGreaterThan(15);
    expect(majorOf(after.version)).toBeGreaterThanOrEqual(15);
    // The change log starts again (a new epoch): the devices load a fresh snapshot from the new server.
    expect(after.counts).toEqual({ ...pgliteCounts, changes: 0 });

    const again = command('move-to-postgres', [target], { DATA_DIR: dataDir });
    expect(again.status).toBe(1);
    expect(again.out).toContain('The database is not empty');
  }, 240_000);

  it('restores a backup of the PGlite school onto PostgreSQL, refusing a non-empty one without --force', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'move-backup-')), 'school.zip');
    dirs.push(join(file, '..'));
    const backup = command('backup', [file], { DATA_DIR: dataDir });
    expect(backup.out).toContain(`Backup written: ${file}`);
    expect(backup.status).toBe(0);
    const manifest = unpackArchive(new Uint8Array(readFileSync(file))).manifest;
    expect(manifest.source.kind).toBe('pglite');

    const target = await emptyDatabase();
    const restoreDir = mkdtempSync(join(tmpdir(), 'move-restore-'));
    dirs.push(restoreDir);
    const env = { DATABASE_URL: target, DATA_DIR: restoreDir };
    const restored = command('restore', [file], env);
    expect(restored.out).toContain('every count as in the backup');
    expect(restored.status).toBe(0);
    const after = await countsAt(target);
    // The command's own run is recorded after its dump, so the backup does not hold it.
    expect(after.counts).toEqual({ ...manifest.tables, changes: 0 });

    const refused = command('restore', [file], env);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('add --force');
    const forced = command('restore', [file, '--force'], env);
    expect(forced.status).toBe(0);
    expect((await countsAt(target)).counts).toEqual({ ...manifest.tables, changes: 0 });
  }, 240_000);

  it('refuses a DATA_DIR a running server holds, and says what to do instead', () => {
    const lock = acquireDataDirLock(dataDir, 'the server (npm start)');
    try {
      const refused = command('backup', [], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.out).toContain(`is in use by the server (npm start) (process ${process.pid}`);
      expect(refused.out).toContain('Back up now');
    } finally {
      lock.release();
    }
  }, 60_000);
});
