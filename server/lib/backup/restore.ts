/**
 * Restores a backup file, and moves a PGlite school onto PostgreSQL (the same steps from a dump made on the spot).
 *
 * Into an empty target only, unless forced:
 * - PGlite (DATA_DIR): empty means no database in it. `force` moves the database there, and the server files the
 *   backup brings back, into DATA_DIR/before-restore-<time>/ (nothing is deleted). A DATA_DIR in use by a running
 *   server is refused, forced or not (its lock, data-dir-lock.ts).
 * - PostgreSQL (DATABASE_URL): empty means no table, view or sequence in any schema of the database. `force` drops
 *   the schemas `public` and `drizzle` (the migrations' journal) with everything in them and makes `public` again;
 *   a database that has other schemas is refused even then (it is not this app's alone).
 * The dump is applied in one transaction, and each table's row count compared with the manifest's before it commits:
 * a restore is all there or not at all. Then the migrations newer than the backup run (prepareDatabase), and the
 * change log gets a new epoch (resetChangeLog), so every device's next pull is a fresh snapshot of the restored data.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Database, openDatabase } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { acquireDataDirLock } from '../data-dir-lock';
import { resetChangeLog } from '../sync-epoch';
import { type Archive, unpackArchive } from './archive';
import { type AppFile, BEFORE_RESTORE_PREFIX, copyDatabaseFiles, hasDatabase, isPostgresEntry } from './data-dir';
import { dumpPgliteCopy, tableCounts } from './dump';

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

export interface RestoreOptions {
  force?: boolean;
  /** For the migrations that run after the dump (prepareDatabase); the school's own settings come from the backup. */
  schoolName?: string;
  timeZone?: string;
}

export interface RestoreResult {
  tables: Record<string, number>;
  epoch: number;
  /** Where `force` moved what was there (PGlite), or null. */
  movedAside: string | null;
}

/** The target has data and `force` was not given. */
export class TargetNotEmptyError extends Error {}
/** A table's row count after the dump differs from the manifest's: nothing was committed. */
export class CountMismatchError extends Error {}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Throws CountMismatchError naming every table whose count differs. */
function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  const wrong = [...names].filter((n) => expected[n] !== actual[n]);
  if (wrong.length) {
    throw new CountMismatchError(
      `Row counts differ, nothing was restored: ${wrong.map((n) => `${n} ${actual[n] ?? 'missing'} (expected ${expected[n] ?? 'none'})`).join(', ')}`,
    );
  }
}

/** Runs the dump in a transaction that commits only when every count matches. */
async function applyDump(query: Query, sql: string, expected: Record<string, number>): Promise<Record<string, number>> {
  await query('begin');
  try {
    await query(sql);
    // The dump empties search_path for its own statements; the counts name their schema anyway.
    const actual = await tableCounts(query);
    compareCounts(expected, actual);
    await query('commit');
    // The dump's SETs (an empty search_path among them) stay on the session, which the migrations use next.
    await query('reset all');
    return actual;
  } catch (err) {
    await query('rollback').catch(() => {});
    throw err;
  }
}

async function finish(database: Database, opts: RestoreOptions): Promise<number> {
  try {
    await prepareDatabase(database, {
      seedDemo: false,
      schoolName: opts.schoolName ?? 'School',
      timeZone: opts.timeZone ?? 'UTC',
    });
    return await resetChangeLog(database.db);
  } finally {
    await database.close();
  }
}

/** Server files the archive brings that DATA_DIR already has with other contents. */
function conflictingFiles(dataDir: string, files: readonly AppFile[]): string[] {
  return files
    .filter((f) => {
      const path = join(dataDir, f.path);
      return existsSync(path) && !Buffer.from(readFileSync(path)).equals(Buffer.from(f.data));
    })
    .map((f) => f.path);
}

function writeAppFiles(dataDir: string, files: readonly AppFile[]): void {
  for (const file of files) {
    const path = join(dataDir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.data, { mode: file.mode });
    chmodSync(path, file.mode);
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** PostgreSQL: is the database empty, and if not, may `force` clear it? */
async function preparePostgresTarget(query: Query, force: boolean): Promise<void> {
  const { rows } = await query(
    `select n.nspname as schema, count(c.oid)::int as relations
       from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg\\_%'
      group by n.nspname`,
  );
  const used = rows.filter((r) => Number(r.relations) > 0 || (r.schema !== 'public' && r.schema !== 'drizzle'));
  if (!used.length) return;
  const names = used.map((r) => String(r.schema));
  if (!force) {
    throw new TargetNotEmptyError(
      `The database is not empty (schemas ${names.join(', ')} have tables): restore into an empty database, or add --force to replace this one.`,
    );
  }
  const foreign = names.filter((n) => n !== 'public' && n !== 'drizzle');
  if (foreign.length) {
    throw new TargetNotEmptyError(
      `The database has other schemas (${foreign.join(', ')}): --force replaces only this app's (public, drizzle). Use a database of its own.`,
    );
  }
  await query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
}

/** Applies an archive's dump and files to an empty PostgreSQL database (or one `force` clears). */
async function restoreOntoPostgres(
  url: string,
  archive: Archive,
  opts: RestoreOptions,
): Promise<Record<string, number>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = (text) => client.query(text);
    await preparePostgresTarget(query, opts.force ?? false);
    return await applyDump(query, archive.sql, archive.manifest.tables);
  } finally {
    await client.end();
  }
}

/** Restores a backup file into the target. */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  opts: RestoreOptions = {},
): Promise<RestoreResult> {
  const archive = unpackArchive(new Uint8Array(readFileSync(file)));
  const force = opts.force ?? false;
  const lock = acquireDataDirLock(target.dataDir, 'npm run restore');
  try {
    const conflicts = conflictingFiles(target.dataDir, archive.files);
    if (target.kind === 'postgres') {
      if (conflicts.length && !force) {
        throw new TargetNotEmptyError(
          `DATA_DIR already has other ${conflicts.join(', ')}: add --force to replace ${conflicts.length > 1 ? 'them' : 'it'}.`,
        );
      }
      const tables = await restoreOntoPostgres(target.url, archive, opts);
      writeAppFiles(target.dataDir, archive.files);
      const epoch = await finish(await openDatabase({ kind: 'postgres', url: target.url, max: 2 }), opts);
      return { tables, epoch, movedAside: null };
    }

    const dataDir = target.dataDir;
    let movedAside: string | null = null;
    if (hasDatabase(dataDir) || conflicts.length) {
      if (!force) {
        throw new TargetNotEmptyError(
          hasDatabase(dataDir)
            ? `${dataDir} already has a database: restore into an empty DATA_DIR, or add --force to move what is there into ${BEFORE_RESTORE_PREFIX}<time>/ and restore.`
            : `${dataDir} already has other ${conflicts.join(', ')}: add --force to move ${conflicts.length > 1 ? 'them' : 'it'} aside and restore.`,
        );
      }
      movedAside = join(dataDir, `${BEFORE_RESTORE_PREFIX}${stamp()}`);
      mkdirSync(movedAside);
      for (const name of readdirSync(dataDir))
        if (isPostgresEntry(name)) renameSync(join(dataDir, name), join(movedAside, name));
      for (const path of conflicts) {
        mkdirSync(dirname(join(movedAside, path)), { recursive: true });
        renameSync(join(dataDir, path), join(movedAside, path));
      }
    }
    let tables: Record<string, number>;
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      try {
        tables = await applyDump(
          (text) => client.exec(text).then((r) => r.at(-1) ?? { rows: [] }),
          archive.sql,
          archive.manifest.tables,
        );
      } catch (err) {
        await database.close();
        throw err;
      }
      writeAppFiles(dataDir, archive.files);
      const epoch = await finish(database, opts);
      return { tables, epoch, movedAside };
    } catch (err) {
      // Leave DATA_DIR as it was: the new database's files go, what force moved aside comes back.
      for (const name of readdirSync(dataDir))
        if (isPostgresEntry(name)) rmSync(join(dataDir, name), { recursive: true, force: true });
      if (movedAside) {
        for (const name of readdirSync(movedAside)) renameSync(join(movedAside, name), join(dataDir, name));
        rmSync(movedAside, { recursive: true, force: true });
      }
      throw err;
    }
  } finally {
    lock.release();
  }
}

export interface MoveResult {
  tables: Record<string, number>;
  /** The row counts read back from PostgreSQL after the move, table by table. */
  moved: Record<string, number>;
  epoch: number;
}

/**
 * Copies the school in DATA_DIR's PGlite onto an empty PostgreSQL database. DATA_DIR is only read: its database
 * files are copied to a temporary directory, which is what PGlite opens (opening a data directory replays its WAL
 * and writes to it). The server files stay where they are: the server started with DATABASE_URL reads the same
 * DATA_DIR.
 */
export async function moveToPostgres(dataDir: string, url: string, opts: RestoreOptions = {}): Promise<MoveResult> {
  if (!hasDatabase(dataDir)) throw new Error(`${dataDir} has no database to move.`);
  const lock = acquireDataDirLock(dataDir, 'npm run move-to-postgres');
  const copy = mkdtempSync(join(tmpdir(), 'school-ops-move-'));
  try {
    copyDatabaseFiles(dataDir, copy);
    const dump = await dumpPgliteCopy({ dir: copy });
    const archive: Archive = {
      manifest: {
        format: 1,
        app: 'school-ops',
        app_version: '',
        created_at: new Date().toISOString(),
        kind: 'command',
        source: { kind: 'pglite', server_version: dump.serverVersion, pg_dump: dump.pgDump },
        last_migration: dump.lastMigration,
        tables: dump.tables,
        files: [],
      },
      sql: dump.sql,
      files: [],
    };
    const moved = await restoreOntoPostgres(url, archive, { ...opts, force: false });
    const epoch = await finish(await openDatabase({ kind: 'postgres', url, max: 2 }), opts);
    return { tables: dump.tables, moved, epoch };
  } finally {
    rmSync(copy, { recursive: true, force: true });
    lock.release();
  }
}
