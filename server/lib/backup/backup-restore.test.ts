/**
 * A backup written by the running server ("Back up now", in its worker) restores into an empty target of the same
 * kind (PGlite in the `server` project, PostgreSQL in `server-pg`) with every table's rows, a photo's bytes, a
 * signature, the logo and DATA_DIR's server files as they were; a device's cursor from before is answered with a
 * fresh snapshot; a target that is not empty is refused without `force` and replaced with it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { type Database, openDatabase } from '../../db/client';
import { independentStudySignatures, photos, schoolSettings } from '../../db/schema';
import { countsOf, pullWithOldCursor, sha256 } from '../../test/backups';
import { DB_KIND, startTestServer, type TestServer } from '../../test/helpers';
import { adminUrl } from '../../test/pg';
import { unpackArchive } from './archive';
import { type RestoreTarget, restoreBackup, TargetNotEmptyError } from './restore';

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n';

let source: TestServer;
let sourceDir: string;
let targetDir: string;
let cleanups: (() => Promise<void>)[] = [];

/** A new empty database of the test's kind to restore into. */
async function emptyTarget(dataDir: string): Promise<RestoreTarget> {
  if (DB_KIND === 'pglite') return { kind: 'pglite', dataDir };
  const url = process.env.TEST_DATABASE_URL as string;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  const name = `school_ops_restore_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { kind: 'postgres', url: adminUrl(url, name), dataDir };
}

const openTarget = (target: RestoreTarget): Promise<Database> =>
  target.kind === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: target.dataDir })
    : openDatabase({ kind: 'postgres', url: target.url, max: 2 });

beforeAll(async () => {
  sourceDir = mkdtempSync(join(tmpdir(), 'backup-source-'));
  targetDir = mkdtempSync(join(tmpdir(), 'backup-target-'));
  // The server's own files beside the database, and a TLS key that must stay out of the backup.
  writeFileSync(join(sourceDir, 'google-sync.secret'), 'a-secret-of-this-server\n', { mode: 0o600 });
  mkdirSync(join(sourceDir, 'tls'));
  writeFileSync(join(sourceDir, 'tls', 'server.crt'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
  writeFileSync(join(sourceDir, 'tls', 'server.key'), PRIVATE_KEY);
  source = await startTestServer({ DATA_DIR: sourceDir });
});
afterAll(async () => {
  await source?.close();
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
  rmSync(sourceDir, { recursive: true, force: true });
  rmSync(targetDir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every row, photo, signature, the logo and the server files; old cursors get a snapshot', async () => {
    const db = source.database.db;
    const logo = new Uint8Array(randomBytes(3000));
    await db.update(schoolSettings).set({ logo, logo_sha256: sha256(logo), logo_content_type: 'image/png' });
    const [photo] = await db.select().from(photos).limit(1);
    const [signature] = await db.select().from(independentStudySignatures).limit(1);
    if (!photo || !signature) throw new Error('the demo school has photos and signatures');
    const office = await source.login('office@demo.school');
    const before = (await source.call({ method: 'GET', url: '/api/v2/sync/pull', token: office })).json();
    expect(before.reset).toBe(true);

    const admin = await source.login('admin@demo.school');
    const id = uuidv7();
    const started = await source.call({ method: 'POST', url: '/api/v2/backups', token: admin, payload: { id } });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ id, kind: 'manual', status: 'running' });
    await source.app.backups.idle();
    // The same id again: the same run, no second backup.
    const again = await source.call({ method: 'POST', url: '/api/v2/backups', token: admin, payload: { id } });
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ id, status: 'succeeded' });
    const status = (await source.call({ method: 'GET', url: '/api/v2/backups', token: admin })).json().data;
    expect(status.recent).toBe(true);
    expect(status.last_success).toMatchObject({ id, status: 'succeeded' });
    const files = readdirSync(join(sourceDir, 'backups')).filter((n) => n.endsWith('.zip'));
    expect(files).toEqual([status.last_success.file]);
    expect(status.last_success.bytes).toBe(readFileSync(join(sourceDir, 'backups', files[0] as string)).byteLength);

    const file = join(sourceDir, 'backups', files[0] as string);
    const archive = unpackArchive(new Uint8Array(readFileSync(file)));
    expect(archive.manifest.source.kind).toBe(DB_KIND);
    expect(archive.manifest.last_migration?.tag).toMatch(/^\d{4}_/);
    expect(archive.manifest.files.map((f) => f.path)).toEqual(['google-sync.secret', 'tls/server.crt']);
    // As the database is now, but for the audit of "Back up now" itself, written as the backup starts (before or after
    // its snapshot: PGlite's copy is taken at once, pg_dump's snapshot once the worker runs).
    const { audit_events: auditNow, ...now } = await countsOf(source.database);
    const { audit_events: auditThen, ...then } = archive.manifest.tables;
    expect(then).toEqual(now);
    expect([(auditNow ?? 0) - 1, auditNow]).toContain(auditThen);

    const target = await emptyTarget(targetDir);
    const restored = await restoreBackup(file, target);
    expect(restored.tables).toEqual(archive.manifest.tables);
    expect(readFileSync(join(targetDir, 'google-sync.secret'), 'utf8')).toBe('a-secret-of-this-server\n');
    expect(existsSync(join(targetDir, 'tls', 'server.key'))).toBe(false);

    const database = await openTarget(target);
    try {
      const counts = await countsOf(database);
      // The change log is emptied by the restore (its epoch is new); every other table is as it was.
      const { changes, ...rest } = archive.manifest.tables;
      expect(changes).toBeGreaterThan(0);
      expect(counts).toEqual({ ...rest, changes: 0 });
      const [photoAfter] = await database.db.select().from(photos).where(eq(photos.id, photo.id));
      expect(sha256(photoAfter?.bytes ?? new Uint8Array())).toBe(sha256(photo.bytes));
      const [signatureAfter] = await database.db
        .select()
        .from(independentStudySignatures)
        .where(eq(independentStudySignatures.id, signature.id));
      expect(signatureAfter).toEqual(signature);
      const [settings] = await database.db.select().from(schoolSettings);
      expect(sha256(settings?.logo ?? new Uint8Array())).toBe(sha256(logo));

      const pull = await pullWithOldCursor(database, targetDir, before.cursor);
      expect(pull.statusCode).toBe(200);
      expect(pull.body.reset).toBe(true);
    } finally {
      await database.close();
    }

    // Not empty now: refused without force, replaced with it.
    await expect(restoreBackup(file, target)).rejects.toThrow(TargetNotEmptyError);
    const forced = await restoreBackup(file, target, { force: true });
    expect(forced.tables).toEqual(archive.manifest.tables);
    if (target.kind === 'pglite') {
      expect(forced.movedAside).not.toBeNull();
      expect(existsSync(join(forced.movedAside as string, 'PG_VERSION'))).toBe(true);
    }
  }, 180_000);
});
