/** Bad input answers 4xx with a clear message, never 500 (F1 item 8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
});
afterAll(() => s.close());

describe('bad input', () => {
  it('malformed JSON answers 400', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"fname": "Ana",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('wrong types answer 422 naming each field', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: admin,
      payload: { student_number: 12, fname: '', lname: 'Ok', grade: '13' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['fname', 'grade', 'student_number']);
    expect(body.errors.fname).toEqual(['This field is required.']);
    expect(body.message).toMatch(/^This form is incomplete\. Please correct the fields in red\./);
  });

  it('an unknown sort field or filter answers 422', async () => {
    const sort = await s.call({ method: 'GET', url: '/api/v2/demographics?sort=password_hash', token: admin });
    expect(sort.statusCode).toBe(422);
    expect(sort.json().errors.sort[0]).toMatch(/Cannot sort by "password_hash"/);
    const filter = await s.call({ method: 'GET', url: '/api/v2/users?filter[password_hash]=x', token: admin });
    expect(filter.statusCode).toBe(422);
    const badSort = await s.call({ method: 'GET', url: '/api/v2/users?sort=lname;drop', token: admin });
    expect(badSort.statusCode).toBe(422);
  });

  it("sorts only by the resource's own fields: prototype keys answer 422 on every list", async () => {
    const lists = [
      'users',
      'roles',
      'demographics',
      'check_ins',
      'authorized_pick_ups',
      'nslp_records',
      'messenger_schedules',
    ];
    for (const list of lists) {
      for (const sort of ['__proto__', 'constructor', '-constructor', 'to_string', 'has_own_property']) {
        const res = await s.call({ method: 'GET', url: `/api/v2/${list}?sort=${sort}`, token: admin });
        expect(res.statusCode, `${list} sort=${sort}`).toBe(422);
        expect(res.json().errors.sort[0], `${list} sort=${sort}`).toMatch(/^Cannot sort by/);
      }
    }
  });

  it('a filter value of the wrong type answers 422 naming the filter', async () => {
    const cases: [string, string][] = [
      ['messenger_schedules', 'scholar_id=abc'],
      ['messenger_schedules', 'weekday=abc'],
      ['messenger_schedules', 'weekday=1.5'],
      ['messenger_schedules', 'weekday=99999999999999999999'],
      ['nslp_records', 'scholar_id=abc'],
      ['nslp_records', 'meal_type=brunch'],
      ['nslp_records', 'grade=13'],
      ['check_ins', 'method=teleport'],
      ['check_ins', 'scholar_id=abc'],
      ['demographics', 'grade=13'],
      ['demographics', 'active=constructor'],
      ['authorized_pick_ups', 'active=__proto__'],
      ['users', 'type=robot'],
      ['users', 'active=toString'],
    ];
    for (const [list, filter] of cases) {
      const [name, value] = filter.split('=');
      const res = await s.call({ method: 'GET', url: `/api/v2/${list}?filter[${name}]=${value}`, token: admin });
      expect(res.statusCode, `${list} ${filter}`).toBe(422);
      const field = `filter.${name}`;
      expect(Object.keys(res.json().errors ?? {}), `${list} ${filter}`).toEqual([field]);
    }
    const ok = await s.call({ method: 'GET', url: '/api/v2/messenger_schedules?filter[weekday]=2', token: admin });
    expect(ok.statusCode).toBe(200);
    const meals = await s.call({ method: 'GET', url: '/api/v2/nslp_records?filter[meal_type]=lunch', token: admin });
    expect(meals.statusCode).toBe(200);
  });

  it('a sync entry for a prototype key is not a resource the outbox can send', async () => {
    const items = ['constructor', '__proto__', 'toString'].map((resource, i) => ({
      id: `01890000-0000-7000-8000-00000000000${i}`,
      resource,
      action: 'create',
      data: {},
      recorded_at: new Date().toISOString(),
    }));
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/sync/push',
      token: admin,
      payload: { device_id: 'bad-input', items },
    });
    expect(res.statusCode).toBe(200);
    for (const result of res.json().results) {
      expect(result).toMatchObject({ status: 'rejected', message: 'Not a resource the outbox can send.' });
    }
  });

  it('a page size beyond the limit answers 422', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/demographics?per_page=100000', token: admin });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.per_page).toBeDefined();
  });

  it('a huge body answers 413', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: admin,
      payload: { fname: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large.');
  });

  it('SQL-looking search text is only text', async () => {
    for (const search of ["' OR 1=1 --", "'; DROP TABLE users; --", '%', '_', '\\']) {
      const res = await s.call({
        method: 'GET',
        url: `/api/v2/users?search=${encodeURIComponent(search)}`,
        token: admin,
      });
      expect(res.statusCode, search).toBe(200);
      expect(res.json().meta.total, search).toBe(0);
    }
    const still = await s.call({ method: 'GET', url: '/api/v2/users?per_page=1', token: admin });
    expect(still.json().meta.total).toBeGreaterThan(50);
  });

  it('a malformed id answers 422 and an unknown one 404', async () => {
    expect((await s.call({ method: 'GET', url: '/api/v2/users/1%20or%201=1', token: admin })).statusCode).toBe(422);
    const missing = await s.call({
      method: 'GET',
      url: '/api/v2/users/01890000-0000-7000-8000-000000000000',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('an unsupported content type answers 415', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: admin,
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/nothing-here', token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('sends the security headers with a CSP that allows Google sign-in', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
