import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/contract';
import { loginThrottles, users } from '../db/schema';
import { startTestServer, startTestServerPair, type TestServer } from '../test/helpers';
import { accountDelaySeconds, accountKey, addressBlock, addressKey, MAX_ACCOUNT_DELAY_SECONDS } from './login-limits';
import { hashPassword } from './passwords';

const PASSWORD = 'right-password-1';
/** A cheap hash for the many wrong attempts (the stored parameters decide what a check costs). */
let cheapHash: string;

let s: TestServer;
beforeAll(async () => {
  cheapHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  s = await startTestServer();
});
afterAll(() => s.close());

/** Adds staff accounts with the password above and answers their emails. */
async function addAccounts(server: TestServer, prefix: string, n: number, type: 'staff' | 'parent' = 'staff') {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}-${i}@limits.test`);
  await server.database.db
    .insert(users)
    .values(
      emails.map((email) => ({ id: uuidv7(), email, fname: 'L', lname: 'Imit', type, password_hash: cheapHash })),
    );
  return emails;
}

const attempt = (server: TestServer, email: string, password: string, ip: string, path = 'login') =>
  server.call({ method: 'POST', url: `/api/v2/auth/${path}`, payload: { email, password }, remoteAddress: ip });

/** Moves a counter's stored times back, as if that many seconds had passed. */
async function age(server: TestServer, key: string, seconds: number) {
  await server.database.db
    .update(loginThrottles)
    .set({
      last_failure_at: sql`${loginThrottles.last_failure_at} - make_interval(secs => ${seconds}::int)`,
      window_started_at: sql`${loginThrottles.window_started_at} - make_interval(secs => ${seconds}::int)`,
    })
    .where(eq(loginThrottles.key, key));
}

describe('login limits per address, across accounts', () => {
  it('100 attempts from one address over 10 accounts meet the limit: 30 are checked, the rest answer 429', async () => {
    const ip = '203.0.113.7';
    const emails = await addAccounts(s, 'spray', 11);
    const codes: number[] = [];
    let retryAfter = '';
    for (let i = 0; i < 100; i++) {
      const res = await attempt(s, emails[i % 10] ?? '', 'wrong-guess', ip);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter = String(res.headers['retry-after']);
        expect(res.json()).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
      }
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(30);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(15 * 60);

    // The right password of an account nobody tried is refused from that address, not from another.
    const other = emails[10] ?? '';
    expect((await attempt(s, other, PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt(s, other, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // A success does not reset the address; the end of its window does.
    expect((await attempt(s, other, PASSWORD, ip)).statusCode).toBe(429);
    await age(s, addressKey(ip), 15 * 60);
    expect((await attempt(s, other, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', () => {
    expect(addressBlock('2001:db8:1:2:aaaa::1')).toBe(addressBlock('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressBlock('2001:db8:1:2::1')).not.toBe(addressBlock('2001:db8:1:3::1'));
    expect(addressBlock('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });
});

describe('login limits per account, across addresses', () => {
  it('50 attempts at one account from 5 addresses meet the limit, with a growing delay', async () => {
    const [email = ''] = await addAccounts(s, 'target', 1);
    const ips = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'];
    const codes: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await attempt(s, email, 'wrong-guess', ips[i % 5] ?? '');
      codes.push(res.statusCode);
      if (res.statusCode === 429) waits.push(Number(res.headers['retry-after']));
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    expect(waits[0]).toBe(2);

    // During the wait even the right password is refused, else guessing would go on.
    expect((await attempt(s, email, PASSWORD, '192.0.2.9')).statusCode).toBe(429);

    // Once the wait is over, one more failure doubles it.
    await age(s, accountKey(email), 2);
    expect((await attempt(s, email, 'wrong-guess', '192.0.2.9')).statusCode).toBe(401);
    const next = await attempt(s, email, PASSWORD, '192.0.2.9');
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('4');

    // A success after the wait resets the account's count.
    await age(s, accountKey(email), 4);
    expect((await attempt(s, email, PASSWORD, '192.0.2.9')).statusCode).toBe(200);
    const rows = await s.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, accountKey(email)));
    expect(rows).toEqual([]);
  });

  it('holds when the attempts are sent all at once: no more are checked than in a row', async () => {
    const [email = ''] = await addAccounts(s, 'burst-at-once', 1);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(s, email, 'wrong-guess', `192.0.2.${150 + i}`)),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('limits an unknown account like a known one', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push((await attempt(s, 'nobody-here@limits.test', 'wrong-guess', `192.0.2.${100 + i}`)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('holds on every password route: failures on login lock login-parent too', async () => {
    const [email = ''] = await addAccounts(s, 'parent', 1, 'parent');
    for (let i = 0; i < 5; i++) {
      expect((await attempt(s, email, 'wrong-guess', '192.0.2.50')).statusCode).toBe(401);
    }
    expect((await attempt(s, email, PASSWORD, '192.0.2.51', 'login-parent')).statusCode).toBe(429);
    await age(s, accountKey(email), 2);
    expect((await attempt(s, email, PASSWORD, '192.0.2.51', 'login-parent')).statusCode).toBe(200);
  });

  it('doubles the delay up to a cap', () => {
    const settings = { accountFreeFailures: 5, addressFailures: 30 };
    expect([4, 5, 6, 7].map((n) => accountDelaySeconds(n, settings))).toEqual([0, 2, 4, 8]);
    expect(accountDelaySeconds(60, settings)).toBe(MAX_ACCOUNT_DELAY_SECONDS);
  });
});

describe('login limits across server instances', () => {
  it('two servers on one database share the counters', async () => {
    const [a, b] = await startTestServerPair();
    try {
      const [email = ''] = await addAccounts(a, 'shared', 1);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push((await attempt(i % 2 ? b : a, email, 'wrong-guess', `192.0.2.${200 + i}`)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await attempt(a, email, PASSWORD, '192.0.2.210')).statusCode).toBe(429);

      // The address counter too: 30 failures spread over both instances and many accounts.
      const emails = await addAccounts(a, 'shared-spray', 10);
      const spray: number[] = [];
      for (let i = 0; i < 31; i++) {
        spray.push((await attempt(i % 2 ? b : a, emails[i % 10] ?? '', 'wrong-guess', '198.51.100.99')).statusCode);
      }
      expect(spray.slice(0, 30).every((c) => c === 401)).toBe(true);
      expect(spray[30]).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('LOGIN_RATE_LIMIT', () => {
  it('still caps attempts a minute at one account from one address, in front of the counters', async () => {
    const server = await startTestServer({ LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_FAILURES: '50' });
    try {
      const [email = ''] = await addAccounts(server, 'burst', 1);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt(server, email, 'wrong-guess', '192.0.2.77')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // The stored count saw only the attempts that were checked.
      const [row] = await server.database.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, accountKey(email)));
      expect(row?.failures).toBe(3);
    } finally {
      await server.close();
    }
  });
});
