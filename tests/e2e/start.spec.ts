/**
 * `npm start` for real (F1): a fresh data directory is migrated and seeded, the app and the API are served, the Front
 * Office account signs in, a second start reuses the data and loses nothing, SIGTERM shuts down cleanly, and a bad
 * configuration value stops the start with a message naming it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../src/contract';
import { type ServerProcess, startExpectingFailure, startServer, tempDataDir } from './lib/server';

const dataDir = tempDataDir();
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
});

async function login(base: string, email: string, password = 'demo') {
  const res = await fetch(`${base}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { token: string; user: { permissions: string[] } } };
}

describe('npm start', () => {
  it('seeds a fresh database, serves the app and signs in the front office', async () => {
    server = await startServer({ dataDir });
    expect(server.output()).toContain('Seeded the demo school');
    expect(server.output()).toContain('office@demo.school');
    const { status, body } = await login(server.url, 'office@demo.school');
    expect(status).toBe(200);
    const check = await fetch(`${server.url}/api/v2/auth/check`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(check.status).toBe(200);
    const { user } = (await check.json()) as { user: { permissions: string[] } };
    expect(user.permissions).toEqual([...(DEFAULT_ROLES['Front Office'] ?? [])].sort());

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="app">');
    const deep = await fetch(`${server.url}/check-in/view`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    const api404 = await fetch(`${server.url}/api/v2/nothing`);
    expect(api404.status).toBe(404);
  });

  it('a second start reuses the data and loses nothing', async () => {
    const admin = await login(server?.url ?? '', 'admin@demo.school');
    const created = await fetch(`${server?.url}/api/v2/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.body.token}` },
      body: JSON.stringify({ email: 'kept@demo.school', fname: 'Kept', lname: 'Across Restarts' }),
    });
    expect(created.status).toBe(201);
    expect(await server?.stop()).toBe(0);

    server = await startServer({ dataDir });
    expect(server.output()).not.toContain('Seeded the demo school');
    // The start's steps in order (a warm start): the database checked, not migrated or seeded again.
    expect(server.output()).toMatch(
      /Start steps \(ms\): .*database open \d+.*database checked \d+, app built \d+, listening \d+/,
    );
    const again = await login(server.url, 'admin@demo.school');
    const found = await fetch(`${server.url}/api/v2/users?search=kept%40demo.school`, {
      headers: { authorization: `Bearer ${again.body.token}` },
    });
    const list = (await found.json()) as { meta: { total: number } };
    expect(list.meta.total).toBe(1);
    const scholars = await fetch(`${server.url}/api/v2/demographics?per_page=1`, {
      headers: { authorization: `Bearer ${again.body.token}` },
    });
    expect(((await scholars.json()) as { meta: { total: number } }).meta.total).toBeGreaterThan(550);
  });

  it('SIGINT stops a server whose output has been closed (its parent gone)', async () => {
    // Logging at info: the shutdown's first line goes to the closed output.
    const orphan = await startServer({ env: { LOG_LEVEL: 'info' } });
    orphan.closeOutput();
    // Waits for the exit itself: a server that ignored the signal would hold the test until its time limit.
    expect(await orphan.signal('SIGINT')).toBe(0);
  });

  it('SIGTERM stops a server whose output nobody reads any more, after a pipe full of log lines', async () => {
    const orphan = await startServer({ env: { LOG_LEVEL: 'info' } });
    orphan.stopReading();
    // Each request logs two lines: 2000 of them fill a pipe (64 KiB) many times over. A server that writes its log
    // synchronously stops answering here, and never sees the signal.
    let answered = 0;
    for (let round = 0; round < 20; round++) {
      const replies = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${orphan.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status === 200,
            () => false,
          ),
        ),
      );
      answered += replies.filter(Boolean).length;
    }
    expect(answered).toBe(2000);
    expect(await orphan.signal('SIGTERM')).toBe(0);
  }, 120_000);

  it('refuses a bad configuration value with a message naming it', async () => {
    const { code, output } = await startExpectingFailure({ PORT: 'eighty', SCHOOL_TIMEZONE: 'Mars/Olympus' });
    expect(code).toBe(2);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT');
    expect(output).toContain('SCHOOL_TIMEZONE: must be an IANA time zone');
  });
});
