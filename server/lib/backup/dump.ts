/**
 * The database part of a backup: the plain-SQL dump, every table's row count and the last migration, all of the same
 * moment.
 * - PGlite: a copy of the data directory (files, or the tar of an in-memory database) opened in a PGlite of its own and
 *   dumped with pglite-tools' pg_dump in WebAssembly. Nothing writes to the copy, so its counts are the dump's.
 * - PostgreSQL: the system's pg_dump as a child process, on a snapshot exported from a REPEATABLE READ transaction in
 *   which the counts are read too (`pg_dump --snapshot`), so they are the dump's although the server keeps writing.
 *   pg_dump must be at least the server's major version (it refuses a newer server): checked first, with the fix.
 * Both use --no-owner --no-privileges (the restored database belongs to whoever restores it) and INSERT statements
 * (a COPY block needs psql or the COPY protocol, an INSERT only `exec`), 100 rows each.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import { portableDump } from './portable-sql';

export const DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

export interface DatabaseDump {
  sql: string;
  tables: Record<string, number>;
  lastMigration: { tag: string | null; created_at: number } | null;
  serverVersion: string;
  pgDump: string;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The row count of every table of the public schema. */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rows.map((r) => String(r.name));
  if (!names.length) return {};
  const literal = (n: string) => `'${n.replace(/'/g, "''")}'`;
  const { rows: counted } = await query(
    names
      .map((n) => `select ${literal(n)} as name, count(*)::int as n from public.${quoteIdent(n)}`)
      .join(' union all '),
  );
  const out = new Map(counted.map((r) => [String(r.name), Number(r.n)]));
  return Object.fromEntries(names.map((n) => [n, out.get(n) ?? 0]));
}

/** The migration journal's tag for each migration's time (drizzle keeps only the time and a hash in the database). */
function journalTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((e) => [e.when, e.tag]));
}

/** The newest migration the database has run, or null. */
export async function lastMigration(query: Query): Promise<DatabaseDump['lastMigration']> {
  // Asked first, not caught: inside the snapshot's transaction an error would end it.
  const { rows: exists } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as yes");
  if (!exists[0]?.yes) return null;
  const { rows } = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  const last = rows[0]?.last;
  if (last == null) return null;
  const when = Number(last);
  return { tag: journalTags().get(when) ?? null, created_at: when };
}

async function serverVersion(query: Query): Promise<string> {
  const { rows } = await query('show server_version');
  return String(rows[0]?.server_version ?? '');
}

/** A PGlite copy: a directory of PostgreSQL's files, or the tar of PGlite's dumpDataDir. */
export type PgliteCopy = { dir: string } | { tar: Uint8Array };

/** Dumps a copy of a PGlite database (opened here, closed after). */
export async function dumpPgliteCopy(copy: PgliteCopy): Promise<DatabaseDump> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const { PGLITE_SETTINGS } = await import('../../db/client');
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])];
  const pg =
    'dir' in copy
      ? await PGlite.create(copy.dir, { startParams })
      : await PGlite.create({ loadDataDir: new Blob([copy.tar as Uint8Array<ArrayBuffer>]), startParams });
  try {
    const query: Query = (text) => pg.query(text) as Promise<{ rows: Record<string, unknown>[] }>;
    const tables = await tableCounts(query);
    const migration = await lastMigration(query);
    const version = await serverVersion(query);
    const file = await pgDump({ pg, args: DUMP_ARGS });
    return {
      sql: portableDump(await file.text()),
      tables,
      lastMigration: migration,
      serverVersion: version,
      pgDump: 'pglite-tools pg_dump (WebAssembly)',
    };
  } finally {
    await pg.close();
  }
}

/** The major version of a version string ("15.20 (Debian ...)" -> 15). */
export const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);

/** Runs a program and answers its standard output; rejects with its standard error when it fails. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${program} is not installed (on Debian and Ubuntu: apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${program} failed (exit ${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
    });
  });
}

/** The program `pg_dump` (PG_DUMP names another, e.g. /usr/lib/postgresql/17/bin/pg_dump). */
export const pgDumpProgram = () => process.env.PG_DUMP || 'pg_dump';

/** Dumps a PostgreSQL database while it keeps running. */
export async function dumpPostgres(url: string): Promise<DatabaseDump> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = (text) => client.query(text);
    const version = await serverVersion(query);
    const program = pgDumpProgram();
    const toolVersion = (await run(program, ['--version'])).trim();
    if (majorOf(toolVersion) < majorOf(version)) {
      throw new Error(
        `${toolVersion} cannot dump PostgreSQL ${version}: pg_dump must be at least the server's version. Install ` +
          `postgresql-client-${majorOf(version)} and set PG_DUMP to its pg_dump (docs/backups.md).`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]?.id as string;
    // pg_dump takes the snapshot as it starts; the counts are read meanwhile in the transaction that holds it.
    const dumped = run(program, [...DUMP_ARGS, `--snapshot=${snapshot}`, '--dbname', url]);
    dumped.catch(() => {});
    const tables = await tableCounts(query);
    const migration = await lastMigration(query);
    const sql = await dumped;
    await client.query('commit');
    return { sql: portableDump(sql), tables, lastMigration: migration, serverVersion: version, pgDump: toolVersion };
  } finally {
    await client.end();
  }
}
