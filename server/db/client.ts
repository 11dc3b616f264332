/**
 * Opens the database: PGlite (embedded PostgreSQL) in DATA_DIR by default, or a PostgreSQL server when DATABASE_URL is
 * set. Both get the same Drizzle schema and the same committed migrations.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../lib/paths';
import { pgliteClient } from './pglite-queries';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; client?: PGlite }
  | { kind: 'postgres'; url: string; max?: number };

/**
 * PGlite's PostgreSQL settings. Its shared memory lives in the WebAssembly memory, which PostgreSQL clears
 * at start (so all of it is resident at once) and which never gives anything back, so the server's resident memory
 * follows it: a 12 MB buffer cache instead of 128 MB, and room for 5 connections instead of 100 (PGlite has one),
 * keep the server within 400 MB under the load bench (383-384 MB measured; 391-402 MB with 16 MB, about 410 MB with
 * 32 MB, 510 MB with the defaults). Pages beyond the cache come from the operating system's file cache: the load
 * bench's CPU per request grew by about a fifth from the defaults (12 ms), its p95 stays far within budget (28 ms).
 */
export const PGLITE_SETTINGS = ['shared_buffers=12MB', 'max_connections=5'];

/**
 * V8's setting for PGlite's WebAssembly. PostgreSQL is 8 MB of WebAssembly, which V8 compiles with its fast
 * compiler (Liftoff) and then recompiles function by function with its optimizing one (TurboFan) once a function has
 * run for a while (its tiering budget, 1.8 million by default). At start, recovery, the catalog reads and the first
 * statements pass that budget in thousands of functions: recompiling them took 24,000 fresh memory pages, the warm
 * start 300 ms longer on a machine where a fresh page costs 15 µs (1491-1556 ms against 1195-1307 ms) and the server
 * 55 MB more memory (223 against 168 MB after the start). With a budget a thousand times larger only the hottest
 * functions of a long run are recompiled: under the load bench p95 32 -> 48 ms (against 250), the server's CPU per
 * request 13.1 -> 13.5 ms, its peak memory 326 -> 259 MB. Set once, before PGlite compiles its module; the setting is
 * V8's for the whole process, where only PGlite's module is WebAssembly.
 */
export const PGLITE_V8_FLAGS = '--wasm-tiering-budget=2000000000';
let v8FlagsSet = false;

/** Opens a database connection without migrating it. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection (server restart): the pool replaces it on next use.
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  let client = opts.client;
  if (!client) {
    if (!v8FlagsSet) {
      v8.setFlagsFromString(PGLITE_V8_FLAGS);
      v8FlagsSet = true;
    }
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir, {
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    });
  }
  // Statements go through pgliteClient (one round trip each, read without PGlite's message parser); `$client` stays
  // the PGlite instance itself.
  const db = drizzle(pgliteClient(client, pglite) as unknown as PGlite, { schema }) as unknown as Db;
  (db as unknown as { $client: PGlite }).$client = client;
  const owned = client;
  return { db, kind: 'pglite', close: () => owned.close() };
}

/** True when the database has already run the newest committed migration (the usual start, and readiness). */
export async function upToDate(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const result = (await database.db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | null }[] };
    return Number(result.rows[0]?.last ?? 0) >= newest;
  } catch {
    return false;
  }
}

/** Applies the committed migrations that have not run yet. */
export async function migrate(database: Database): Promise<void> {
  if (await upToDate(database)) return;
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type; the instance is that type.
    await run(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    await run(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export { MIGRATIONS_DIR, schema };
