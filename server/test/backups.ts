/**
 * What the backup, restore and move tests share: every table's row count of an open database or of a PostgreSQL URL,
 * the migrations' journal, a SHA-256 to compare bytes, and a device's sync pull against a server opened on a restored
 * database (its cursor from before the restore must be answered with a fresh snapshot).
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { tableCounts } from '../lib/backup/dump';
import { testConfig } from './helpers';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** A query function on an open database of either kind. */
export function queryOf(database: Database): Query {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return (text) => client.query(text) as Promise<{ rows: Record<string, unknown>[] }>;
  }
  return async (text) => (await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] };
}

/** Every table's row count of an open database. */
export const countsOf = (database: Database) => tableCounts(queryOf(database));

/** The migrations' journal as Drizzle keeps it (hash and time of each migration, in order). */
export async function migrationsOf(query: Query): Promise<{ hash: string; created_at: string }[]> {
  const { rows } = await query(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, hash',
  );
  return rows.map((r) => ({ hash: String(r.hash), created_at: String(r.created_at) }));
}

/** Every table's row count, the migrations' journal and the server's version of a PostgreSQL database. */
export async function countsAt(
  url: string,
): Promise<{ counts: Record<string, number>; migrations: { hash: string; created_at: string }[]; version: string }> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query: Query = (text) => client.query(text);
    const version = (await client.query('show server_version')).rows[0].server_version as string;
    return { counts: await tableCounts(query), migrations: await migrationsOf(query), version };
  } finally {
    await client.end();
  }
}

/**
 * Opens a server on `database` (which stays open), signs in as the office and pulls with a cursor a device had
 * before the restore; answers the pull's status and body.
 */
export async function pullWithOldCursor(
  database: Database,
  dataDir: string,
  cursor: string | number,
): Promise<{ statusCode: number; body: { reset?: boolean } }> {
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, serveApp: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'office@demo.school', password: 'demo' },
    });
    const token = login.json().token as string;
    const pull = await app.inject({
      method: 'GET',
      url: `/api/v2/sync/pull?since=${cursor}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { statusCode: pull.statusCode, body: pull.json() };
  } finally {
    await app.close();
  }
}
