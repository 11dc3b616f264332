/**
 * Station PINs: each staff member sets their own, stored hashed; the check that leaves station mode
 * answers right or wrong and is limited like a sign-in, per account (under a key of its own, so guessing a PIN never
 * locks the password) and per address; scholars and parents have none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATION_PIN_MESSAGES } from '../../../src/contract';
import { users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ LOGIN_ACCOUNT_FAILURES: '3' });
});
afterAll(() => s.close());

const setPin = (token: string, pin: unknown) =>
  s.call({ method: 'POST', url: '/api/v2/auth/station-pin', token, payload: { pin } });
const checkPin = (token: string, pin: unknown) =>
  s.call({ method: 'POST', url: '/api/v2/auth/station-pin/check', token, payload: { pin } });

describe('station PIN', () => {
  it('is set by the staff member, stored hashed, and shown as set in the session user', async () => {
    const token = await s.login('cafeteria@demo.school');
    const before = await s.call({ method: 'GET', url: '/api/v2/auth/check', token });
    expect(before.json().user.has_station_pin).toBe(false);

    const none = await checkPin(token, '1234');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.pin).toEqual([STATION_PIN_MESSAGES.none]);

    const saved = await setPin(token, '482913');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(STATION_PIN_MESSAGES.saved);
    const [row] = await s.database.db
      .select({ hash: users.station_pin_hash })
      .from(users)
      .where(eq(users.email, 'cafeteria@demo.school'));
    expect(row?.hash).toMatch(/^scrypt/);
    expect(row?.hash).not.toContain('482913');
    const after = await s.call({ method: 'GET', url: '/api/v2/auth/check', token });
    expect(after.json().user.has_station_pin).toBe(true);

    expect((await checkPin(token, '482913')).statusCode).toBe(200);
    const wrong = await checkPin(token, '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: STATION_PIN_MESSAGES.wrong,
      errors: { pin: [STATION_PIN_MESSAGES.wrong] },
    });
  });

  it.each([['123'], ['123456789'], ['12a4'], [1234], [null]])(
    'refuses the PIN %j with the field named',
    async (pin) => {
      const token = await s.login('teacher@demo.school');
      const res = await setPin(token, pin);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.pin).toBeDefined();
    },
  );

  it('limits wrong PINs like sign-ins, without locking the password', async () => {
    const token = await s.login('office@demo.school');
    expect((await setPin(token, '2468')).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await checkPin(token, '1357')).statusCode);
    expect(answers.slice(0, 3)).toEqual([422, 422, 422]);
    expect(answers[3]).toBe(429);
    // Even the right PIN waits now, and says so.
    const held = await checkPin(token, '2468');
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(STATION_PIN_MESSAGES.tooMany);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    // The password is another count: signing in still works.
    const login = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'office@demo.school', password: 'demo' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is for staff only and needs a session', async () => {
    const scholar = await s.login('scholar@demo.school');
    expect((await setPin(scholar, '1234')).statusCode).toBe(403);
    expect((await checkPin(scholar, '1234')).statusCode).toBe(403);
    expect(
      (await s.call({ method: 'POST', url: '/api/v2/auth/station-pin', payload: { pin: '1234' } })).statusCode,
    ).toBe(401);
  });
});
