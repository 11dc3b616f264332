import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract';
import { type GoogleKeys, startGoogleKeys, TEST_CLIENT_ID } from '../test/google-keys';
import { startTestServer, type TestServer } from '../test/helpers';

let keys: GoogleKeys;
let s: TestServer;
beforeAll(async () => {
  keys = await startGoogleKeys();
  s = await startTestServer({ GOOGLE_JWKS_URL: keys.jwksUrl, GOOGLE_CLIENT_ID: TEST_CLIENT_ID });
});
afterAll(async () => {
  await s.close();
  await keys.close();
});

const login = (id_token: string, path = 'login-with-gis') =>
  s.call({ method: 'POST', url: `/api/v2/auth/${path}`, payload: { id_token, client_id: TEST_CLIENT_ID } });

const now = () => Math.floor(Date.now() / 1000);

describe('Google sign-in', () => {
  it('signs in an existing account with a valid ID token, on both paths', async () => {
    const token = await keys.sign({ sub: 'google-sub-teacher', email: 'teacher@demo.school' });
    const res = await login(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('teacher@demo.school');
    const again = await login(token, 'login-with-google');
    expect(again.statusCode).toBe(200);
  });

  it('matches by Google subject once linked, even if the email changes', async () => {
    const token = await keys.sign({ sub: 'google-sub-teacher', email: 'renamed@demo.school' });
    const res = await login(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('teacher@demo.school');
  });

  it.each([
    ['expired', () => keys.sign({ sub: 's1', email: 'office@demo.school', exp: now() - 3600 })],
    ['wrong audience', () => keys.sign({ sub: 's1', email: 'office@demo.school', aud: 'someone-else' })],
    ['wrong issuer', () => keys.sign({ sub: 's1', email: 'office@demo.school', iss: 'https://evil.example' })],
    ['forged signature', () => keys.sign({ sub: 's1', email: 'office@demo.school' }, { forged: true })],
    ['unknown account', () => keys.sign({ sub: 's2', email: 'stranger@elsewhere.org' })],
    ['unverified email', () => keys.sign({ sub: 's3', email: 'office@demo.school', email_verified: false })],
    ['another subject on a linked account', () => keys.sign({ sub: 'other-sub', email: 'teacher@demo.school' })],
  ])('refuses an ID token that is %s with 401', async (_name, make) => {
    const res = await login(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
  });

  it('refuses a token that is not a JWT with 401, never 500', async () => {
    const res = await login('not-a-jwt-at-all-but-long-enough');
    expect(res.statusCode).toBe(401);
  });

  it('parent login with an ID token accepts parents only', async () => {
    const parent = await keys.sign({ sub: 'g-parent', email: 'parent@demo.school' });
    expect((await login(parent, 'login-parent')).statusCode).toBe(200);
    const staff = await keys.sign({ sub: 'g-office', email: 'office@demo.school' });
    expect((await login(staff, 'login-parent')).statusCode).toBe(401);
  });
});

describe('Google sign-in with a hosted domain', () => {
  it('refuses an account outside GOOGLE_HOSTED_DOMAIN', async () => {
    const other = await startTestServer({
      GOOGLE_JWKS_URL: keys.jwksUrl,
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      GOOGLE_HOSTED_DOMAIN: 'demo.school',
    });
    try {
      const outside = await keys.sign({ sub: 'h1', email: 'office@demo.school', hd: 'gmail.com' });
      const res = await other.call({
        method: 'POST',
        url: '/api/v2/auth/login-with-gis',
        payload: { id_token: outside },
      });
      expect(res.statusCode).toBe(401);
      const inside = await keys.sign({ sub: 'h1', email: 'office@demo.school', hd: 'demo.school' });
      const ok = await other.call({
        method: 'POST',
        url: '/api/v2/auth/login-with-gis',
        payload: { id_token: inside },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('Google sign-in and the login limits', () => {
  it('counts refused tokens against the address, and refuses every sign-in from it once over the limit', async () => {
    const other = await startTestServer({
      GOOGLE_JWKS_URL: keys.jwksUrl,
      GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
      LOGIN_RATE_LIMIT: '200',
    });
    const google = (id_token: string, ip: string, path = 'login-with-gis') =>
      other.call({ method: 'POST', url: `/api/v2/auth/${path}`, payload: { id_token }, remoteAddress: ip });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 30; i++)
        codes.push((await google(`not-a-jwt-at-all-but-long-enough-${i}`, '192.0.2.60')).statusCode);
      expect(codes.every((c) => c === 401)).toBe(true);
      const valid = await keys.sign({ sub: 'g-limits', email: 'teacher@demo.school' });
      for (const path of ['login-with-gis', 'login-with-google', 'login-parent']) {
        const refused = await google(valid, '192.0.2.60', path);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      const password = await other.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: 'teacher@demo.school', password: 'demo' },
        remoteAddress: '192.0.2.60',
      });
      expect(password.statusCode).toBe(429);
      expect((await google(valid, '192.0.2.61')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('lets a valid Google token through an account that wrong passwords locked (a token cannot be guessed)', async () => {
    for (let i = 0; i < 6; i++) {
      await s.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: 'cafeteria@demo.school', password: 'wrong-guess' },
        remoteAddress: `192.0.2.${70 + i}`,
      });
    }
    const locked = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'cafeteria@demo.school', password: 'demo' },
      remoteAddress: '192.0.2.80',
    });
    expect(locked.statusCode).toBe(429);
    const token = await keys.sign({ sub: 'g-cafeteria', email: 'cafeteria@demo.school' });
    const google = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login-with-gis',
      payload: { id_token: token },
      remoteAddress: '192.0.2.81',
    });
    expect(google.statusCode).toBe(200);
  });
});
