/**
 * Generated bad input (issue H1): walks every /api route as an administrator (so no permission check hides the
 * validation) and sends bad path params, bad query strings, JSON bodies with fields of the wrong type, text the
 * database cannot store, impossible dates, huge numbers and extra keys, and broken multipart bodies. No answer may be
 * a 5xx, and every refusal has the documented error body. A route added later is walked without touching this file.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

const SEED = 20_241_225;
const RUNS = 24;

let s: TestServer;
let admin: string;
let scholarId: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
  scholarId = (await s.call({ method: 'GET', url: '/api/v2/demographics?per_page=1', token: admin })).json().data[0].id;
});
afterAll(() => s.close());

const MISSING_ID = '01890000-0000-7000-8000-000000000000';
const FIELDS = [
  'id',
  'scholar_id',
  'kind',
  'occurred_at',
  'served_at',
  'meal_type',
  'reason',
  'fname',
  'lname',
  'student_number',
  'grade',
  'email',
  'password',
  'name',
  'permissions',
  'weekday',
  'start_time',
  'end_time',
  'post',
  'full_name',
  'valid_from',
  'valid_until',
  'meal_eligibility_effective',
  'late_reasons',
  'attendance_factor',
  'device_id',
  'items',
  'resource',
  'data',
  'void_reason',
  'voided',
  '_method',
  '__proto__',
  'constructor',
];

/** Values no field should accept as they are, or that reach the database in forms it refuses. */
const badValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    'abc',
    'a\u0000b',
    'x\ud800',
    '\udc00y',
    '2024-02-30',
    '0000-01-01',
    '0000-06-01T12:00:00.000Z',
    '9999-12-31T23:59:59Z',
    '1999-12-31T23:59:59Z',
    '2024-02-30T10:00:00Z',
    '25:61',
    'NaN',
    '__proto__',
    'constructor',
    'x'.repeat(5000),
    [],
    {},
    [null],
    { __proto__: 1 },
  ),
  fc.string({ maxLength: 20, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

/** A JSON body: some fields a route knows with wrong values, maybe extra keys. */
const badBody = fc.dictionary(fc.constantFrom(...FIELDS, 'extra', 'Z'), badValue, { maxKeys: 6 });

const QUERY_KEYS = ['sort', 'page', 'per_page', 'search', 'since', 'limit', 'snapshot', 'from', 'to', 'meal_type'];
const FILTERS = [
  'scholar_id',
  'weekday',
  'from',
  'to',
  'school_day',
  'served_on',
  'valid_on',
  'kind',
  'method',
  'meal_type',
  'grade',
  'active',
  'type',
  'role_id',
  'status',
  'pick_up_id',
  'include_voided',
  '__proto__',
  'constructor',
  'to_string',
];
const queryValue = fc.oneof(
  fc.constantFrom(
    'abc',
    '__proto__',
    'constructor',
    '-constructor',
    '2024-02-30',
    '0000-01-01',
    '-1',
    '0',
    '1e309',
    '99999999999999999999',
    '%00',
    '%ED%A0%80',
    '',
    'true',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);
const badQuery = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue).map(([k, v]) => `${k}=${v}`),
      fc.tuple(fc.constantFrom(...FILTERS), queryValue).map(([k, v]) => `filter[${k}]=${v}`),
      fc.tuple(fc.constantFrom('filter', 'sort[]', 'filter[a][b]', 'page[]'), queryValue).map(([k, v]) => `${k}=${v}`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join('&'));

const badParam = fc.constantFrom(
  'abc',
  '1%20or%201=1',
  '%00',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(300),
  '%ED%A0%80',
  MISSING_ID,
);

const brokenMultipart = fc.constantFrom(
  ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="fname"\r\n\r\nAna'],
  ['multipart/form-data; boundary=XX', 'garbage'],
  ['multipart/form-data', '--XX\r\n\r\n'],
  [
    'multipart/form-data; boundary=XX',
    '--XX\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nA\r\n--XX--\r\n',
  ],
  ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nA\r\n--XX--\r\n'],
);

describe('generated bad input', () => {
  it('answers every bad request with a 4xx and the documented error body, never a 5xx', async () => {
    const routes = s.app.apiRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    let requests = 0;
    const failures: string[] = [];
    const send = async (
      method: string,
      url: string,
      opts: { payload?: InjectOptions['payload']; headers?: Record<string, string> },
    ) => {
      requests++;
      const res = await s.call({ method: method as 'POST', url, token: admin, ...opts });
      if (res.statusCode >= 500) {
        failures.push(`${res.statusCode} ${method} ${url} ${JSON.stringify(opts.payload ?? '').slice(0, 160)}`);
      } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const body = res.json();
        if (typeof body.message !== 'string' || typeof body.code !== 'string') {
          failures.push(`${res.statusCode} ${method} ${url}: not the error body: ${res.body.slice(0, 120)}`);
        }
      }
    };
    const withId = (url: string, id = scholarId) => url.replace(/:\w+/g, id);
    const hasBody = (method: string) => ['POST', 'PATCH', 'PUT'].includes(method);
    for (const route of routes) {
      // Logging out would end the administrator's session for the rest of the walk.
      if (route.url.endsWith('/logout')) continue;
      const params = route.url.includes(':');
      await fc.assert(
        fc.asyncProperty(badQuery, badParam, badBody, brokenMultipart, async (query, param, body, multipart) => {
          await send(route.method, `${withId(route.url)}?${query}`, hasBody(route.method) ? { payload: {} } : {});
          if (params)
            await send(route.method, withId(route.url, param), hasBody(route.method) ? { payload: body } : {});
          if (hasBody(route.method)) {
            const sent = body.scholar_id === undefined ? { scholar_id: scholarId, ...body } : body;
            await send(route.method, withId(route.url, params ? MISSING_ID : scholarId), { payload: sent });
            await send(route.method, withId(route.url), { payload: body });
            const [contentType, raw] = multipart;
            await send(route.method, withId(route.url), { payload: raw, headers: { 'content-type': contentType } });
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    console.log(`generated bad input: ${requests} requests over ${routes.length} routes, ${failures.length} 5xx`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  });
});
