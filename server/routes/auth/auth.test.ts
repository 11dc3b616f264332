import { lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, MESSAGES, shiftDate, uuidv7 } from '../../../src/contract';
import { schoolNonWorkDays } from '../../db/schema';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('password login', () => {
  it('answers a token whose check lists the Front Office permissions', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'office@demo.school', password: 'demo' },
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.email).toBe('office@demo.school');
    const check = await s.call({ method: 'GET', url: '/api/v2/auth/check', token });
    expect(check.statusCode).toBe(200);
    expect(check.json().user.permissions).toEqual([...(DEFAULT_ROLES['Front Office'] ?? [])].sort());
  });

  it('matches the email without regard to case', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'Teacher@Demo.School', password: 'demo' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the user object of DESIGN section 4 with program Secondary when missing', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'admin@demo.school', password: 'demo' },
    });
    const { user } = res.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'email',
        'fname',
        'grade',
        'has_station_pin',
        'id',
        'lname',
        'nickname',
        'permissions',
        'program',
        'start_date',
        'type',
        'user_number',
      ].sort(),
    );
    expect(user.program).toBe('Secondary');
    expect(user.type).toBe('staff');
    expect(user.permissions).toContain('roles-create');
  });

  it.each([
    ['wrong password', { email: 'office@demo.school', password: 'nope' }],
    ['unknown account', { email: 'nobody@demo.school', password: 'demo' }],
    ['account without a password', { email: 'nobody-else@demo.school', password: '' }],
  ])('refuses a %s with 401 and the one message', async (_name, payload) => {
    const res = await s.call({ method: 'POST', url: '/api/v2/auth/login', payload });
    if (payload.password === '') {
      expect(res.statusCode).toBe(422);
      return;
    }
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.loginFailed);
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await s.login('teacher@demo.school');
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode).toBe(200);
    expect((await s.call({ method: 'POST', url: '/api/v2/auth/logout', token })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check' })).statusCode).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token: 'short' })).statusCode).toBe(401);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('parent login is for parents only', async () => {
    const parent = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login-parent',
      payload: { email: 'parent@demo.school', password: 'demo' },
    });
    expect(parent.statusCode).toBe(200);
    expect(parent.json().user.type).toBe('parent');
    const staff = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login-parent',
      payload: { email: 'office@demo.school', password: 'demo' },
    });
    expect(staff.statusCode).toBe(401);
    const token = parent.json().token;
    expect((await s.call({ method: 'POST', url: '/api/v2/auth/logout-parent', token })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
  });

  it('config is public and names the school', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ google_client_id: null, time_zone: 'America/Los_Angeles' });
  });

  it("config lists the school calendar's closures of the coming two months, for a kiosk to know offline", async () => {
    const today = schoolDay(new Date(), 'America/Los_Angeles');
    const db = s.database.db;
    await db.delete(schoolNonWorkDays).where(lte(schoolNonWorkDays.starts_on, shiftDate(today, 80)));
    await db.insert(schoolNonWorkDays).values([
      { id: uuidv7(), name: 'Staff Development Day', kind: 'other', starts_on: today, ends_on: today },
      {
        id: uuidv7(),
        name: 'Far away',
        kind: 'holiday',
        starts_on: shiftDate(today, 70),
        ends_on: shiftDate(today, 70),
      },
      {
        id: uuidv7(),
        name: 'Gone by',
        kind: 'holiday',
        starts_on: shiftDate(today, -3),
        ends_on: shiftDate(today, -1),
      },
    ]);
    const res = await s.call({ method: 'GET', url: '/api/v2/config' });
    expect(res.json().closures).toEqual([{ name: 'Staff Development Day', starts_on: today, ends_on: today }]);
  });
});
