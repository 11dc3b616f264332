/**
 * The backups' promise on every PostgreSQL major it names besides the machine's 15 (move-to-postgres.pg-test.ts):
 * on a throwaway PostgreSQL 16 and 17 server each (test/postgres-server.ts), a backup of the PGlite demo school made
 * with "Back up now" restores onto an empty database (the code of `npm run restore`) with every table's count, a
 * photo's bytes and the migrations' journal as they were, and a server opened on it answers a device's old cursor
 * with a fresh snapshot; move-to-postgres copies the same school onto another empty database with every table's
 * count. PGlite's dump is a newer PostgreSQL's (pg_dump 18), which is what makes older servers the case to test.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { photos } from '../../db/schema';
import { countsAt, countsOf, migrationsOf, pullWithOldCursor, queryOf, sha256 } from '../../test/backups';
import { testConfig } from '../../test/helpers';
import { type PostgresServer, startPostgresServer } from '../../test/postgres-server';
import { unpackArchive } from './archive';
import { majorOf } from './dump';
import { moveToPostgres, restoreBackup } from './restore';

const MAJORS = [16, 17] as const;
const servers = new Map<number, PostgresServer>();
const dirs: string[] = [];
let dataDir: string;
let file: string;
let cursor: string | number;
let photo: { id: string; sha256: string };
let sourceCounts: Record<string, number>;
let sourceMigrations: { hash: string; created_at: string }[];

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A new empty database on the server, and its URL. */
async function emptyDatabase(server: PostgresServer, name: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return server.urlOf(name);
}

beforeAll(async () => {
  // Both servers start while the school is prepared: each is a process of its own.
  const starting = Promise.allSettled(MAJORS.map((major) => startPostgresServer(major)));
  dataDir = tempDir('pg-versions-source-');
  writeFileSync(join(dataDir, 'google-sync.secret'), 'a-secret-of-this-server\n', { mode: 0o600 });
  // The demo school of the test run (global-setup.ts), on disk: move-to-postgres reads a DATA_DIR.
  const source = await openDatabase({
    kind: 'pglite',
    dataDir,
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
  });
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database: source, serveApp: false });
  try {
    const login = async (email: string) =>
      (await app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email, password: 'demo' } })).json()
        .token as string;
    const office = await login('office@demo.school');
    const pull = await app.inject({
      method: 'GET',
      url: '/api/v2/sync/pull',
      headers: { authorization: `Bearer ${office}` },
    });
    cursor = pull.json().cursor;
    const admin = await login('admin@demo.school');
    const started = await app.inject({
      method: 'POST',
      url: '/api/v2/backups',
      headers: { authorization: `Bearer ${admin}` },
      payload: { id: uuidv7() },
    });
    if (started.statusCode !== 202) throw new Error(`Back up now answered ${started.statusCode}: ${started.body}`);
    await app.backups.idle();
    const [name] = readdirSync(join(dataDir, 'backups')).filter((n) => n.endsWith('.zip'));
    if (!name) throw new Error('Back up now wrote no file');
    file = join(dataDir, 'backups', name);
    const [row] = await source.db.select().from(photos).limit(1);
    if (!row) throw new Error('the demo school has photos');
    photo = { id: row.id, sha256: sha256(row.bytes) };
    sourceCounts = await countsOf(source);
    sourceMigrations = await migrationsOf(queryOf(source));
  } finally {
    await app.close();
    await source.close();
    // Every server that started is stopped by afterAll, whatever failed.
    for (const result of await starting)
      if (result.status === 'fulfilled') servers.set(result.value.major, result.value);
  }
  for (const result of await starting) if (result.status === 'rejected') throw result.reason;
  for (const server of servers.values())
    console.log(`[pg-versions] PostgreSQL ${server.version} started in ${server.startupMs} ms`);
}, 180_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(MAJORS)('PostgreSQL %i', (major) => {
  it('restores a backup of the PGlite school: every count, a photo, the migrations; old cursors get a snapshot', async () => {
    const server = servers.get(major) as PostgresServer;
    const manifest = unpackArchive(new Uint8Array(readFileSync(file))).manifest;
    expect(manifest.source.kind).toBe('pglite');
    const url = await emptyDatabase(server, 'restored');
    const targetDir = tempDir(`pg-versions-restore-${major}-`);
    const started = performance.now();
    const restored = await restoreBackup(file, { kind: 'postgres', url, dataDir: targetDir });
    console.log(
      `[pg-versions] backup of PGlite ${manifest.source.server_version} restored onto PostgreSQL ${server.version} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(restored.tables).toEqual(manifest.tables);
    expect(readFileSync(join(targetDir, 'google-sync.secret'), 'utf8')).toBe('a-secret-of-this-server\n');

    const after = await countsAt(url);
    expect(majorOf(after.version)).toBe(major);
    // The change log starts again (a new epoch); every other table as in the backup.
    expect(manifest.tables.changes).toBeGreaterThan(0);
    expect(after.counts).toEqual({ ...manifest.tables, changes: 0 });
    expect(after.migrations).toEqual(sourceMigrations);
    expect(after.migrations.length).toBeGreaterThan(0);

    const database = await openDatabase({ kind: 'postgres', url, max: 2 });
    try {
      const [row] = await database.db.select().from(photos).where(eq(photos.id, photo.id));
      expect(sha256(row?.bytes ?? new Uint8Array())).toBe(photo.sha256);
      const pull = await pullWithOldCursor(database, targetDir, cursor);
      expect(pull.statusCode).toBe(200);
      expect(pull.body.reset).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('moves the PGlite school with every table', async () => {
    const server = servers.get(major) as PostgresServer;
    const url = await emptyDatabase(server, 'moved');
    const started = performance.now();
    const moved = await moveToPostgres(dataDir, url);
    console.log(
      `[pg-versions] moved the PGlite school onto PostgreSQL ${server.version} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(moved.tables).toEqual(sourceCounts);
    expect(moved.moved).toEqual(sourceCounts);
    const after = await countsAt(url);
    expect(majorOf(after.version)).toBe(major);
    expect(after.counts).toEqual({ ...sourceCounts, changes: 0 });
    expect(after.migrations).toEqual(sourceMigrations);
  }, 120_000);
});

describe('the PostgreSQL server of a test', () => {
  it('says which binaries are missing rather than skipping', async () => {
    await expect(startPostgresServer(14)).rejects.toThrow(
      /PostgreSQL 14 server binaries are missing .*postgres-14\/native\/bin.*optional dependency postgres-14/,
    );
  });
});
