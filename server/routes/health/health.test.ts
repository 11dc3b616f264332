/**
 * The health checks: both answer without a session and say nothing but ok or unavailable; readiness fails, promptly,
 * when the database does not answer (PGlite closed; a PostgreSQL server whose connections are cut, through a local
 * TCP relay the test closes), while liveness still answers.
 */
import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { DB_KIND, openTestDatabase, testConfig } from '../../test/helpers';

/** A TCP relay to a PostgreSQL server that the test can cut, as a database host going away. */
async function relay(target: URL): Promise<{ port: number; cut: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new NetSocket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no relay port');
  return {
    port: address.port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

describe('health checks', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answer without a session, with nothing but the status, and readiness fails while the database is down', async () => {
    const opened = await openTestDatabase();
    // On PGlite the cut is the close itself; on PostgreSQL the database is dropped afterwards.
    if (DB_KIND === 'postgres') cleanups.push(opened.drop);
    let database = opened.database;
    let cut: () => Promise<void>;
    if (DB_KIND === 'postgres') {
      const target = new URL(opened.url as string);
      const r = await relay(target);
      const via = new URL(target);
      via.hostname = '127.0.0.1';
      via.port = String(r.port);
      database = await openDatabase({ kind: 'postgres', url: via.toString(), max: 2 });
      cut = r.cut;
      cleanups.push(() => database.close().catch(() => {}));
    } else {
      cut = () => opened.database.close();
    }
    const app = await buildApp({ config: testConfig(), database, serveApp: false });
    cleanups.push(() => app.close());

    for (const url of ['/api/health/live', '/api/health/ready']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }

    await cut();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });

  it('readiness fails when a migration this version ships has not run', async () => {
    const { database, drop } = await openTestDatabase();
    cleanups.push(drop);
    const app = await buildApp({ config: testConfig(), database, serveApp: false });
    cleanups.push(() => app.close());
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
  });
});
