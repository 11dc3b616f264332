import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, schoolSettings, setupTokens, users } from '../../db/schema';
import { issueSetupToken, SETUP_ADDRESS_FILE, setupAddress, setupAtStart, writeSetupAddress } from '../../lib/setup';
import { startTestServer, type TestServer } from '../../test/helpers';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A server on a new school's database: migrated, no one in it. */
async function newSchool(env: Record<string, string> = {}) {
  const s = await startTestServer(env, { empty: true });
  servers.push(s);
  return s;
}

const body = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  school_name: 'Lincoln Elementary',
  time_zone: 'America/Chicago',
  fname: 'Rosa',
  lname: 'Alvarez',
  email: 'Rosa.Alvarez@lincoln.example.org',
  password: 'correct horse battery',
  ...extra,
});
const post = (s: TestServer, payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: '/api/v2/setup', payload });
const userCount = async (s: TestServer) => Number((await s.database.db.select({ n: count() }).from(users))[0]?.n);

describe('v2/setup on a new school', () => {
  let s: TestServer;
  beforeEach(async () => {
    s ??= await newSchool();
  });

  it('refuses every wrong call and creates nothing, then sets up the school and signs the administrator in', async () => {
    expect(await userCount(s)).toBe(0);
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().setup_needed).toBe(true);
    const first = await issueSetupToken(s.database.db);
    const token = await issueSetupToken(s.database.db);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    // An earlier token stopped working when the newer one was made; a made-up one never worked.
    for (const wrong of [first, 'not-the-token', `${token}x`]) {
      expect((await s.call({ method: 'GET', url: `/api/v2/setup?token=${wrong}` })).statusCode).toBe(403);
      const res = await post(s, body(wrong));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/not valid/);
    }
    const info = await s.call({ method: 'GET', url: `/api/v2/setup?token=${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toEqual({ school_name: null, time_zone: null, google_sign_in: false });

    const badZone = await post(s, body(token, { time_zone: 'America/Springfield' }));
    expect(badZone.statusCode).toBe(422);
    expect(Object.keys(badZone.json().errors)).toEqual(['time_zone']);
    const shortPassword = await post(s, body(token, { password: 'eleven char' }));
    expect(shortPassword.statusCode).toBe(422);
    expect(shortPassword.json().errors.password).toEqual(['Use at least 12 characters.']);
    const noPassword = await post(s, body(token, { password: undefined }));
    expect(noPassword.statusCode).toBe(422);
    expect(Object.keys(noPassword.json().errors)).toEqual(['password']);
    expect((await post(s, { ...body(token), role: 'root' })).statusCode).toBe(422);
    expect(await userCount(s)).toBe(0);
    expect((await s.database.db.select().from(setupTokens)).length).toBe(1);

    const done = await post(s, body(token));
    expect(done.statusCode).toBe(201);
    const signedIn = done.json();
    expect(signedIn.user).toMatchObject({ email: 'rosa.alvarez@lincoln.example.org', fname: 'Rosa', type: 'staff' });
    expect(signedIn.user.permissions).toEqual(expect.arrayContaining(['roles-update', 'school_settings-update']));
    const check = await s.call({ method: 'GET', url: '/api/v2/auth/check', token: signedIn.token });
    expect(check.statusCode).toBe(200);
    expect(await s.login('rosa.alvarez@lincoln.example.org', 'correct horse battery')).toBeTruthy();

    // The school's own name and time zone, from the database from now on.
    const config = (await s.call({ method: 'GET', url: '/api/v2/config' })).json();
    expect(config).toMatchObject({
      school_name: 'Lincoln Elementary',
      time_zone: 'America/Chicago',
      setup_needed: false,
    });
    const [settings] = await s.database.db.select().from(schoolSettings);
    expect(settings).toMatchObject({ school_name: 'Lincoln Elementary', time_zone: 'America/Chicago' });
    const audited = await s.database.db
      .select({ action: auditEvents.action, resource: auditEvents.resource, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.user_id, signedIn.user.id));
    expect(audited).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'create', resource: 'users' }),
        expect.objectContaining({
          action: 'update',
          resource: 'school_settings',
          changes: {
            before: { school_name: null, time_zone: null },
            after: { school_name: 'Lincoln Elementary', time_zone: 'America/Chicago' },
          },
        }),
      ]),
    );

    // Set up: every later call is 409, whatever the token, and the spent one is gone.
    expect((await s.database.db.select().from(setupTokens)).length).toBe(0);
    expect((await post(s, body(token, { email: 'other@lincoln.example.org' }))).statusCode).toBe(409);
    const fresh = await issueSetupToken(s.database.db);
    const again = await post(s, body(fresh, { email: 'other@lincoln.example.org' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This school is already set up. Sign in instead.');
    expect((await s.call({ method: 'GET', url: `/api/v2/setup?token=${fresh}` })).statusCode).toBe(409);
    expect(await userCount(s)).toBe(1);
  });
});

describe('v2/setup', () => {
  it('lets the administrator sign in with Google only when the server has a Google client id', async () => {
    const s = await newSchool({ GOOGLE_CLIENT_ID: 'school.apps.googleusercontent.com', SCHOOL_NAME: 'Env School' });
    const token = await issueSetupToken(s.database.db);
    const info = (await s.call({ method: 'GET', url: `/api/v2/setup?token=${token}` })).json().data;
    expect(info.google_sign_in).toBe(true);
    // Before setup the configured name stands in for the school's own.
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().school_name).toBe('Env School');
    const res = await post(s, body(token, { password: undefined }));
    expect(res.statusCode).toBe(201);
    const [admin] = await s.database.db.select().from(users);
    expect(admin?.password_hash).toBeNull();
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().school_name).toBe('Lincoln Elementary');
  });

  it('takes one of two setups sent at once with the same token', async () => {
    const s = await newSchool();
    const token = await issueSetupToken(s.database.db);
    const answers = await Promise.all([
      post(s, body(token)),
      post(s, body(token, { email: 'second@lincoln.example.org', fname: 'Second' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, expect.any(Number)]);
    expect([403, 409]).toContain(answers.map((r) => r.statusCode).sort()[1]);
    expect(await userCount(s)).toBe(1);
  });

  it('refuses every setup on a school that has an administrator (the demo)', async () => {
    const s = await startTestServer();
    servers.push(s);
    const token = await issueSetupToken(s.database.db);
    expect((await post(s, body(token))).statusCode).toBe(409);
  });

  it('makes a fresh address at every start until the school is set up, and none after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'setup-'));
    const s = await newSchool({ DATA_DIR: dataDir });
    try {
      const base = 'https://school.example.org';
      const startOnce = async () => {
        const token = await setupAtStart(s.database.db, dataDir);
        if (token) await writeSetupAddress(dataDir, setupAddress(base, token));
        return token;
      };
      const first = await startOnce();
      const file = join(dataDir, SETUP_ADDRESS_FILE);
      expect(readFileSync(file, 'utf8')).toBe(`https://school.example.org/setup?token=${first}\n`);
      const second = await startOnce();
      expect(second).not.toBe(first);
      expect(readFileSync(file, 'utf8')).toContain(`token=${second}`);
      expect((await post(s, body(first ?? ''))).statusCode).toBe(403);
      expect((await post(s, body(second ?? ''))).statusCode).toBe(201);
      // The route removed the written address; a later start makes none.
      expect(existsSync(file)).toBe(false);
      expect(await startOnce()).toBeNull();
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
