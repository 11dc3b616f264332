/**
 * Invitations and password resets end to end through `inject`: the link's token (stored hashed), its expiry, its
 * single use, a newer link ending the older, answers that do not tell whether an address has an account, the limit on
 * resets, and the mails themselves, received and parsed by a local SMTP server.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../src/contract';
import { auditEvents, passwordTokens, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';
import { startMailServer, type TestMailServer } from '../../test/smtp';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NEW_PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;

/** Makes an account with the administrator's token and answers its id. */
async function makeUser(s: TestServer, admin: string, email: string, extra: Record<string, unknown> = {}) {
  const res = await s.call({
    method: 'POST',
    url: '/api/v2/users',
    token: admin,
    payload: { email, fname: 'Invited', lname: 'Person', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const linkIn = (text: string) => /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';

describe('invitations without SMTP: the letter', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin@demo.school');
  });
  afterAll(() => s.close());

  const invite = (userId: string, token = admin) =>
    s.call({ method: 'POST', url: '/api/v2/invitations', token, payload: { user_id: userId } });
  const check = (token: string) =>
    s.call({ method: 'GET', url: `/api/v2/auth/password_token?token=${encodeURIComponent(token)}` });
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    s.call({ method: 'POST', url: '/api/v2/auth/password', payload: { token, password } });

  it('answers the link for a letter, valid 7 days, stored only as its hash; the link sets the password once', async () => {
    const userId = await makeUser(s, admin, 'letter@demo.school', { fname: 'Lena', type: 'parent' });
    const before = Date.now();
    const res = await invite(userId);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ user_id: userId, email: 'letter@demo.school', delivery: 'letter' });
    expect(data.link).toMatch(/^http:\/\/localhost(:\d+)?\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(data.expires_at);
    expect(expires).toBeGreaterThan(before + 7 * 24 * HOUR - 60_000);
    expect(expires).toBeLessThan(Date.now() + 7 * 24 * HOUR + 60_000);

    const token = tokenOf(data.link);
    const rows = await s.database.db.select().from(passwordTokens).where(eq(passwordTokens.user_id, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token_hash: sha256(token), purpose: 'invite', used_at: null });
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await check(token)).json()).toEqual({ first_name: 'Lena', purpose: 'invite' });
    const short = await setPassword(token, 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual([PASSWORD_MESSAGES.tooShort]);

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ id: userId, type: 'parent', fname: 'Lena' });
    const me = await s.call({ method: 'GET', url: '/api/v2/auth/check', token: set.json().token });
    expect(me.json().user.email).toBe('letter@demo.school');
    expect(await s.login('letter@demo.school', NEW_PASSWORD)).toBeTruthy();

    // Spent: neither the check nor a second use works, and the password stays the first one.
    expect((await check(token)).statusCode).toBe(410);
    const again = await setPassword(token, 'another long password');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(PASSWORD_MESSAGES.linkGone);
    expect(await s.login('letter@demo.school', NEW_PASSWORD)).toBeTruthy();

    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.record_id, userId), eq(auditEvents.resource, 'invitations')));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it('a newer invitation ends the older one', async () => {
    const userId = await makeUser(s, admin, 'twice@demo.school');
    const first = tokenOf((await invite(userId)).json().data.link);
    const second = tokenOf((await invite(userId)).json().data.link);
    expect(first).not.toBe(second);
    expect((await check(first)).statusCode).toBe(410);
    expect((await setPassword(first)).statusCode).toBe(410);
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('an expired link answers 410; an unknown or malformed one too, or 422', async () => {
    const userId = await makeUser(s, admin, 'late@demo.school');
    const token = tokenOf((await invite(userId)).json().data.link);
    expect((await check(token)).statusCode).toBe(200);
    await s.database.db
      .update(passwordTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.user_id, userId));
    expect((await check(token)).statusCode).toBe(410);
    expect((await setPassword(token)).statusCode).toBe(410);
    const [user] = await s.database.db.select().from(users).where(eq(users.id, userId));
    expect(user?.password_hash).toBeNull();
    expect((await check('A'.repeat(43))).statusCode).toBe(410);
    expect((await check('not a token')).statusCode).toBe(422);
  });

  it('setting the password ends the sessions the account had', async () => {
    const userId = await makeUser(s, admin, 'sessions@demo.school', { password: 'an old password' });
    const old = await s.login('sessions@demo.school', 'an old password');
    const token = tokenOf((await invite(userId)).json().data.link);
    expect((await setPassword(token)).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token: old })).statusCode).toBe(401);
  });

  it('refuses an inactive account (409), an unknown one (404), and a caller without the permission (403)', async () => {
    const userId = await makeUser(s, admin, 'gone@demo.school', { active: false });
    const inactive = await invite(userId);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(PASSWORD_MESSAGES.inactive);
    expect((await invite('01890000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const office = await s.login('office@demo.school');
    expect((await invite(userId, office)).statusCode).toBe(403);
  });

  it('a link of an account deactivated after the invitation no longer works', async () => {
    const userId = await makeUser(s, admin, 'left@demo.school');
    const token = tokenOf((await invite(userId)).json().data.link);
    await s.database.db.update(users).set({ active: false }).where(eq(users.id, userId));
    expect((await check(token)).statusCode).toBe(410);
    expect((await setPassword(token)).statusCode).toBe(410);
  });
});

describe('with SMTP: invitations and resets by mail', () => {
  let s: TestServer;
  let mail: TestMailServer;
  let admin: string;
  beforeAll(async () => {
    mail = await startMailServer();
    s = await startTestServer({
      SMTP_URL: mail.url,
      PUBLIC_URL: 'https://school.example.org/',
      SCHOOL_NAME: 'Escuela Demo',
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
    });
    admin = await s.login('admin@demo.school');
  });
  afterAll(async () => {
    await s.close();
    await mail.close();
  });

  const reset = (email: string) => s.call({ method: 'POST', url: '/api/v2/auth/password_reset', payload: { email } });

  it("mails the invitation in the person's language, with the link and the Google advice, and answers no link", async () => {
    const userId = await makeUser(s, admin, 'lucia@demo.school', { fname: 'Lucía', language: 'es' });
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/invitations',
      token: admin,
      payload: { user_id: userId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ user_id: userId, delivery: 'email' });
    expect(res.json().data).not.toHaveProperty('link');

    const [received] = await mail.waitForMails(1);
    expect(mail.logins).toContain('mailer');
    expect(received?.to).toMatchObject({ value: [{ address: 'lucia@demo.school' }] });
    expect(received?.from?.value[0]).toMatchObject({ name: 'Escuela Demo', address: 'no-reply@localhost' });
    expect(received?.subject).toBe('Su cuenta en Escuela Demo');
    expect(received?.headers.get('content-language')).toBe('es');
    const text = received?.text ?? '';
    expect(text).toContain('Hola, Lucía:');
    expect(text).toContain('“Sign in with Google”');
    const link = linkIn(text);
    expect(link.startsWith('https://school.example.org/set-password?token=')).toBe(true);
    const set = await s.call({
      method: 'POST',
      url: '/api/v2/auth/password',
      payload: { token: tokenOf(link), password: NEW_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user.id).toBe(userId);
  });

  it('a mail names the school as its settings say now, after a rename while the server runs', async () => {
    const renamed = await s.call({
      method: 'PATCH',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { school_name: 'Lincoln Elementary' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const userId = await makeUser(s, admin, 'renamed@demo.school', { fname: 'Rosa', language: 'es' });
    const before = mail.mails.length;
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/invitations',
      token: admin,
      payload: { user_id: userId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const received = (await mail.waitForMails(before + 1)).at(-1);
    expect(received?.subject).toBe('Su cuenta en Lincoln Elementary');
    expect(received?.from?.value[0]).toMatchObject({ name: 'Lincoln Elementary', address: 'no-reply@localhost' });
    expect(received?.text).toContain('Lincoln Elementary');
    // The name back, for the tests after this one.
    const back = await s.call({
      method: 'PATCH',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { school_name: 'Escuela Demo' },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('answers a reset the same whether or not the address has an account, and mails only the account', async () => {
    await makeUser(s, admin, 'forgetful@demo.school', { fname: 'Frank', password: 'the old password' });
    const before = mail.mails.length;
    const unknown = await reset('nobody-here@demo.school');
    const known = await reset('Forgetful@Demo.School');
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PASSWORD_MESSAGES.resetAccepted });

    const mails = await mail.waitForMails(before + 1);
    const received = mails[before];
    expect(received?.to).toMatchObject({ value: [{ address: 'forgetful@demo.school' }] });
    expect(received?.subject).toBe('Set a new password for Escuela Demo');
    expect(received?.text).toContain('Hello Frank,');
    expect(received?.text).not.toContain('Sign in with Google');
    const token = tokenOf(linkIn(received?.text ?? ''));
    const [row] = await s.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.token_hash, sha256(token)));
    expect(row?.purpose).toBe('reset');
    const expires = Date.parse(row?.expires_at ?? '');
    expect(expires).toBeGreaterThan(Date.now() + HOUR - 5 * 60_000);
    expect(expires).toBeLessThan(Date.now() + HOUR + 60_000);

    const info = await s.call({ method: 'GET', url: `/api/v2/auth/password_token?token=${token}` });
    expect(info.json()).toEqual({ first_name: 'Frank', purpose: 'reset' });
    const set = await s.call({
      method: 'POST',
      url: '/api/v2/auth/password',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect(await s.login('forgetful@demo.school', NEW_PASSWORD)).toBeTruthy();
    // Only the account's mail went out: no mail for the unknown address arrived before or after it.
    await reset('forgetful@demo.school');
    await mail.waitForMails(before + 2);
    expect(mail.mails.slice(before).map((m) => m.to)).toEqual([
      expect.objectContaining({ value: [expect.objectContaining({ address: 'forgetful@demo.school' })] }),
      expect.objectContaining({ value: [expect.objectContaining({ address: 'forgetful@demo.school' })] }),
    ]);
  });

  it('a reset an hour old no longer works, and a newer reset ends the older', async () => {
    await makeUser(s, admin, 'hour@demo.school');
    const before = mail.mails.length;
    await reset('hour@demo.school');
    const [first] = (await mail.waitForMails(before + 1)).slice(before);
    const firstToken = tokenOf(linkIn(first?.text ?? ''));
    await reset('hour@demo.school');
    const [, second] = (await mail.waitForMails(before + 2)).slice(before);
    const secondToken = tokenOf(linkIn(second?.text ?? ''));
    expect((await s.call({ method: 'GET', url: `/api/v2/auth/password_token?token=${firstToken}` })).statusCode).toBe(
      410,
    );
    await s.database.db
      .update(passwordTokens)
      // As if it had been made an hour and a second ago (both sides of the assignment read the old row).
      .set({ created_at: sql`now() - interval '3601 seconds'`, expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordTokens.token_hash, sha256(secondToken)));
    const late = await s.call({
      method: 'POST',
      url: '/api/v2/auth/password',
      payload: { token: secondToken, password: NEW_PASSWORD },
    });
    expect(late.statusCode).toBe(410);
  });

  it('limits resets like sign-ins, for an unknown address as for a known one', async () => {
    for (const email of ['limited@demo.school', 'limited-unknown@demo.school']) {
      if (email === 'limited@demo.school') await makeUser(s, admin, email);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await reset(email));
      expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
      expect(answers[5]?.statusCode).toBe(429);
      expect(Number(answers[5]?.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('when the mail server fails', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    // A port nothing listens on: the connection is refused at once.
    const closed = await startMailServer();
    await closed.close();
    s = await startTestServer({ SMTP_URL: closed.url });
    admin = await s.login('admin@demo.school');
  });
  afterAll(() => s.close());

  it('answers the invitation with the link for the letter instead', async () => {
    const userId = await makeUser(s, admin, 'nomail@demo.school');
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/invitations',
      token: admin,
      payload: { user_id: userId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.delivery).toBe('letter');
    expect(res.json().data.link).toMatch(/\/set-password\?token=/);
  });

  it('still answers a reset with 202 and the one message', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/auth/password_reset',
      payload: { email: 'nomail@demo.school' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_MESSAGES.resetAccepted });
  });
});
