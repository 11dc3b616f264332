/**
 * Test helpers: a fresh server per test file on its own copy of the seeded test database (PGlite from the snapshot,
 * or a PostgreSQL database made from the template), reached through `inject`, with sign-in as any demo account.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { adminUrl } from './pg';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** Signs in with a password and answers the token. */
  login(email: string, password?: string): Promise<string>;
  /** `inject` with an optional bearer token. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const DB_KIND = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh copy of the seeded test database, and how to throw it away; `connect` opens another connection pool to the
 * same database (PostgreSQL; on PGlite there is one database object, which a second server shares).
 */
export async function openTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<{
  database: Database;
  drop: () => Promise<void>;
  connect?: () => Promise<Database>;
  /** The database's address (PostgreSQL). */
  url?: string;
}> {
  if (DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const name = `school_ops_test_${randomBytes(6).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject(empty ? 'pgEmptyTemplate' : 'pgTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: adminUrl(url, name), max: 4 });
    return {
      database,
      url: adminUrl(url, name),
      connect: () => openDatabase({ kind: 'postgres', url: adminUrl(url, name), max: 4 }),
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject(empty ? 'pgliteEmptySnapshot' : 'pgliteSnapshot'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
  return { database, drop: () => database.close() };
}

/**
 * The test run's own data directory (the files a server keeps beside its database: backups, secrets), one per test
 * process, so that a test that writes one never touches the checkout's ./data.
 */
let testDataDir: string | undefined;
const dataDir = () => {
  testDataDir ??= mkdtempSync(join(tmpdir(), 'school-ops-test-data-'));
  return testDataDir;
};

/** Configuration for tests: defaults plus overrides. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir(), ...overrides });
}

/** Starts a server on a fresh copy of the test database (`empty`: a new school's, before setup). */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { empty?: boolean } = {},
): Promise<TestServer> {
  const { database, drop } = await openTestDatabase(opts);
  return serverOn(database, env, drop);
}

/**
 * Two servers on one fresh database, as two instances behind a load balancer share it (on PostgreSQL each with its
 * own connection pool). Close the second before the first, which throws the database away.
 */
export async function startTestServerPair(env: Record<string, string> = {}): Promise<[TestServer, TestServer]> {
  const { database, drop, connect } = await openTestDatabase();
  const first = await serverOn(database, env, drop);
  const other = connect ? await connect() : null;
  const second = await serverOn(other ?? database, env, async () => {
    await other?.close();
  });
  return [first, second];
}

async function serverOn(
  database: Database,
  env: Record<string, string>,
  drop: () => Promise<void>,
): Promise<TestServer> {
  const app = await buildApp({ config: testConfig(env), database, serveApp: false });
  await app.ready();
  const call: TestServer['call'] = ({ token, headers, ...opts }) =>
    app.inject({ ...opts, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    app,
    database,
    call,
    async login(email, password = 'demo') {
      const res = await call({ method: 'POST', url: '/api/v2/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}
