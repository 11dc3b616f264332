import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema';
import { startTestServer, type TestServer } from '../test/helpers';
import { hashToken, IDLE_SECONDS } from './sessions';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const check = (token: string) => s.call({ method: 'GET', url: '/api/v2/auth/check', token });

/** Moves a session's last activity back, as if it had been idle that many seconds. */
async function idle(token: string, seconds: number) {
  await s.database.db
    .update(sessions)
    .set({ last_seen_at: sql`now() - make_interval(secs => ${seconds}::int)` })
    .where(eq(sessions.token_hash, hashToken(token)));
}

async function lastSeen(token: string): Promise<number> {
  const [row] = await s.database.db
    .select({ at: sql<number>`extract(epoch from ${sessions.last_seen_at})::float8` })
    .from(sessions)
    .where(eq(sessions.token_hash, hashToken(token)));
  return Number(row?.at);
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

describe('idle timeouts by kind of session', () => {
  it.each([
    ['an administrator', 'admin@demo.school', 'login', 12 * HOUR],
    ['a staff account (a station device)', 'cafeteria@demo.school', 'login', 7 * DAY],
    ['a parent', 'parent@demo.school', 'login-parent', 30 * DAY],
    ['a scholar', 'scholar@demo.school', 'login', 30 * DAY],
  ])('ends the session of %s after its idle limit, not before', async (_who, email, path, limit) => {
    const res = await s.call({ method: 'POST', url: `/api/v2/auth/${path}`, payload: { email, password: 'demo' } });
    const { token } = res.json();
    await idle(token, limit - HOUR);
    expect((await check(token)).statusCode).toBe(200);
    await idle(token, limit + 60);
    expect((await check(token)).statusCode).toBe(401);
    // Ended for good: fresh activity does not bring it back.
    await idle(token, 0);
    expect((await check(token)).statusCode).toBe(401);
  });

  it('has the limits docs/operations.md documents', () => {
    expect(IDLE_SECONDS).toEqual({ administrator: 12 * HOUR, staff: 7 * DAY, family: 30 * DAY });
    // The page's Sessions table: one row per kind of account, its idle limit in the last column.
    const page = readFileSync(fileURLToPath(new URL('../../docs/operations.md', import.meta.url)), 'utf8');
    const section = page.slice(page.indexOf('## Sessions'), page.indexOf('\n## ', page.indexOf('## Sessions') + 1));
    const documented = (account: string) => {
      const row = section.split('\n').find((line) => line.startsWith(`| ${account}`));
      const [, amount, unit] = /\| (\d+) (hours|days) \|$/.exec(row ?? '') ?? [];
      return Number(amount) * (unit === 'hours' ? HOUR : DAY);
    };
    expect({
      administrator: documented('Administrator'),
      staff: documented('Staff'),
      family: documented('Parents and scholars'),
    }).toEqual(IDLE_SECONDS);
  });

  it('counts an account whose roles may change accounts as an administrator, one that only reads them not', async () => {
    const admin = await s.login('admin@demo.school');
    const role = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Account Clerk', permissions: ['users-view_any', 'users-update'] },
    });
    expect(role.statusCode).toBe(201);
    const user = await s.call({
      method: 'POST',
      url: '/api/v2/users',
      token: admin,
      payload: {
        email: 'clerk@demo.school',
        fname: 'Acc',
        lname: 'Clerk',
        password: 'clerk-password-1',
        role_ids: [role.json().data.id],
      },
    });
    expect(user.statusCode).toBe(201);
    const clerk = await s.login('clerk@demo.school', 'clerk-password-1');
    const timekeeper = await s.login('timekeeper@demo.school');
    await idle(clerk, 13 * HOUR);
    await idle(timekeeper, 13 * HOUR);
    expect((await check(clerk)).statusCode).toBe(401);
    expect((await check(timekeeper)).statusCode).toBe(200);
  });
});

describe('the session lookup', () => {
  it('is built once per database, then only run, and still tells each token apart', async () => {
    const office = await s.login('office@demo.school');
    const teacher = await s.login('teacher@demo.school');
    expect((await check(office)).statusCode).toBe(200);
    const select = vi.spyOn(s.database.db, 'select');
    try {
      expect((await check(office)).json().user.email).toBe('office@demo.school');
      expect((await check(teacher)).json().user.email).toBe('teacher@demo.school');
      expect((await check('not-a-session-token-of-this-server')).statusCode).toBe(401);
      // The lookup is the only statement reading a session's idle time: none was composed again.
      const lookups = select.mock.calls.filter(([fields]) => fields !== undefined && 'idle' in fields);
      expect(lookups).toHaveLength(0);
    } finally {
      select.mockRestore();
    }
  });
});

describe('last_seen_at', () => {
  it('is written at most once a minute per session, not on every request', async () => {
    const token = await s.login('office@demo.school');
    await idle(token, 30);
    const before = await lastSeen(token);
    expect((await check(token)).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(before);

    await idle(token, 120);
    const stale = await lastSeen(token);
    expect((await check(token)).statusCode).toBe(200);
    const touched = await lastSeen(token);
    expect(touched).toBeGreaterThan(stale + 60);
    expect((await check(token)).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(touched);
  });
});

describe('a password change', () => {
  it("ends the account's other sessions and keeps the one that made the change", async () => {
    const mine = await s.login('admin@demo.school');
    const other = await s.login('admin@demo.school');
    const [me] = await s.database.db.select().from(users).where(eq(users.email, 'admin@demo.school'));
    const change = await s.call({
      method: 'POST',
      url: `/api/v2/users/${me?.id}`,
      token: mine,
      payload: { _method: 'PATCH', password: 'a-new-password-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await check(mine)).statusCode).toBe(200);
    expect((await check(other)).statusCode).toBe(401);
  });

  it('set by an administrator ends every session of that account', async () => {
    const admin = await s.login('admin@demo.school', 'a-new-password-1');
    const first = await s.login('teacher@demo.school');
    const second = await s.login('teacher@demo.school');
    const [teacher] = await s.database.db.select().from(users).where(eq(users.email, 'teacher@demo.school'));
    // Other fields leave the sessions alone.
    const rename = await s.call({
      method: 'POST',
      url: `/api/v2/users/${teacher?.id}`,
      token: admin,
      payload: { _method: 'PATCH', nickname: 'Teach' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await check(first)).statusCode).toBe(200);
    const change = await s.call({
      method: 'POST',
      url: `/api/v2/users/${teacher?.id}`,
      token: admin,
      payload: { _method: 'PATCH', password: 'reset-by-admin-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await check(first)).statusCode).toBe(401);
    expect((await check(second)).statusCode).toBe(401);
    expect((await check(admin)).statusCode).toBe(200);
    await s.login('teacher@demo.school', 'reset-by-admin-1');
  });
});
