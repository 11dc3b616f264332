/** Bad input answers 4xx with a clear message, never 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/contract';
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
      'timesheets',
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
      ['users', 'role_id=abc'],
      ['timesheets', 'user_id=abc'],
      ['timesheets', 'category=overtime'],
      ['timesheets', 'category=regular,__proto__'],
      ['timesheets', 'open=maybe'],
      ['timesheets', 'from=2024-02-30'],
      ['timesheets', 'work_date=yesterday'],
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

  it('a date that does not exist answers 422 naming the filter', async () => {
    const cases: [string, string][] = [
      ['check_ins', 'from=2024-02-30'],
      ['check_ins', 'school_day=2023-02-29'],
      ['nslp_records', 'to=2024-02-30'],
      ['nslp_records', 'served_on=0000-01-01'],
      ['authorized_pick_ups', 'valid_on=2024-04-31'],
    ];
    for (const [list, filter] of cases) {
      const [name, value] = filter.split('=');
      const res = await s.call({ method: 'GET', url: `/api/v2/${list}?filter[${name}]=${value}`, token: admin });
      expect(res.statusCode, `${list} ${filter}`).toBe(422);
      expect(res.json().errors, `${list} ${filter}`).toEqual({ [`filter.${name}`]: ['Must be a date as YYYY-MM-DD.'] });
    }
    const leap = await s.call({ method: 'GET', url: '/api/v2/check_ins?filter[from]=2024-02-29', token: admin });
    expect(leap.statusCode).toBe(200);
  });

  it('a date outside the years of the records answers 422 naming the field', async () => {
    const [scholar] = (await s.call({ method: 'GET', url: '/api/v2/demographics?per_page=1', token: admin })).json()
      .data;
    for (const day of ['0000-01-01', '1899-12-31', '2200-01-01']) {
      const res = await s.call({
        method: 'POST',
        url: `/api/v2/demographics/${scholar.id}`,
        token: admin,
        payload: { _method: 'PATCH', meal_eligibility_effective: day },
      });
      expect(res.statusCode, day).toBe(422);
      expect(Object.keys(res.json().errors), day).toEqual(['meal_eligibility_effective']);
    }
  });

  it('an instant a device records more than a day ahead or before 2000 answers 422 naming it', async () => {
    const [scholar] = (
      await s.call({ method: 'GET', url: '/api/v2/demographics?per_page=1&filter[active]=true', token: admin })
    ).json().data;
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const checkIn = (occurred_at: string) =>
      s.call({
        method: 'POST',
        url: '/api/v2/check_ins',
        token: admin,
        payload: { id: uuidv7(), kind: 'sign_in', scholar_id: scholar.id, occurred_at, method: 'manual' },
      });
    const meal = (served_at: string) =>
      s.call({
        method: 'POST',
        url: '/api/v2/nslp_records',
        token: admin,
        payload: { id: uuidv7(), scholar_id: scholar.id, meal_type: 'snack', served_at },
      });
    for (const at of [hours(26), '2031-01-07T12:00:00-08:00', '1999-12-31T23:59:59Z', '0000-06-01T12:00:00.000Z']) {
      const res = await checkIn(at);
      expect(res.statusCode, at).toBe(422);
      expect(Object.keys(res.json().errors), at).toEqual(['occurred_at']);
      const served = await meal(at);
      expect(served.statusCode, at).toBe(422);
      expect(Object.keys(served.json().errors), at).toEqual(['served_at']);
    }
    // A device's clock a little ahead of the server's is still fine.
    expect((await checkIn(hours(12))).statusCode).toBe(201);
    expect((await meal(hours(12))).statusCode).toBe(201);
    const push = await s.call({
      method: 'POST',
      url: '/api/v2/sync/push',
      token: admin,
      payload: {
        device_id: 'bad-input',
        items: [
          {
            id: uuidv7(),
            resource: 'nslp_records',
            action: 'create',
            data: { id: uuidv7(), scholar_id: scholar.id, meal_type: 'supper', served_at: hours(48) },
            recorded_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(push.json().results[0]).toMatchObject({ status: 'rejected', errors: { served_at: [expect.any(String)] } });
  });

  it('text with a NUL character or half of a character answers 422 naming the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/v2/demographics', { student_number: 'S-1', fname: 'Ana\u0000', lname: 'Ok', grade: '5' }, 'fname'],
      [
        'POST',
        '/api/v2/demographics',
        { student_number: 'S-2', fname: 'Ana', lname: 'Ok \ud800', grade: '5' },
        'lname',
      ],
      ['POST', '/api/v2/roles', { name: 'Night \udc00 shift' }, 'name'],
      ['PATCH', '/api/v2/school_settings', { late_reasons: ['Bus', 'Doctor\u0000'] }, 'late_reasons.1'],
      ['POST', '/api/v2/auth/login', { email: 'admin@demo.school', password: 'demo\u0000' }, 'password'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await s.call({ method: method as 'POST', url, token: admin, payload });
      expect(res.statusCode, `${url} ${field}`).toBe(422);
      expect(res.json().errors, `${url} ${field}`).toEqual({
        [field]: ['Remove the characters that cannot be stored (a NUL or half of a character).'],
      });
    }
    for (const query of ['search=Ana%00', 'filter[homeroom]=Room%00']) {
      const res = await s.call({ method: 'GET', url: `/api/v2/demographics?${query}`, token: admin });
      expect(res.statusCode, query).toBe(422);
    }
    // A whole character outside the Basic Multilingual Plane (a surrogate pair) is text like any other.
    const emoji = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Lunch crew \ud83c\udf4e' },
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().data.name).toBe('Lunch crew 🍎');
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

  it('a broken multipart body answers 400 on every route that takes one', async () => {
    const broken = [
      '--XX\r\nContent-Disposition: form-data; name="fname"\r\n\r\nAna',
      'garbage',
      '--XX\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nab',
    ];
    const id = '01890000-0000-7000-8000-000000000000';
    const routes = s.app.apiRoutes.filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const [contentType, payload] of [
        ...broken.map((body) => ['multipart/form-data; boundary=XX', body]),
        ['multipart/form-data', '--XX\r\n\r\n'],
      ]) {
        const res = await s.call({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, id),
          token: admin,
          headers: { 'content-type': contentType as string },
          payload,
        });
        const where = `${route.method} ${route.url} ${JSON.stringify(payload).slice(0, 30)}`;
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.json(), where).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    const demographics = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=XX' },
      payload: broken[0],
    });
    expect(demographics.statusCode).toBe(400);
    expect(demographics.json()).toEqual({ message: 'The request body could not be read.', code: 'bad_request' });
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
    const policy = String(res.headers['permissions-policy']).split(', ');
    expect(policy).toEqual(expect.arrayContaining(['camera=(self)', 'microphone=()', 'geolocation=()', 'usb=()']));
    expect(policy.filter((p) => !p.endsWith('=()'))).toEqual([
      'camera=(self)',
      'fullscreen=(self)',
      'identity-credentials-get=(self)',
    ]);
  });
});
