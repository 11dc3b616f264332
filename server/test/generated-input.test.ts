/**
 * Generated bad input: walks every /api route as an administrator (so no permission check hides the
 * validation) and sends requests made from the route's own zod schemas (its params, query string and body) with one
 * value spoiled: a wrong type, text the database cannot store (NUL, half a surrogate pair), an impossible date, a huge
 * number, a prototype key; besides them hand-made bad query strings, bad path params and broken multipart bodies.
 * No answer may be a 5xx, and every refusal has the documented error body. A route added later is walked, with its
 * schemas, without touching this file.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../src/contract';
import { startTestServer, type TestServer } from './helpers';
import { arbitraryOf, type Hints, type JsonSchema, jsonSchemaOf } from './zod-arbitrary';

const SEED = 20_241_225;
const RUNS = 20;

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

/** Every list's filter and sort fields, from the contract (a resource's own list or another's, to try both). */
const listNames = (suffix: string) => [
  ...new Set(
    Object.entries(contract)
      .filter(([name]) => name.endsWith(suffix))
      .flatMap(([, fields]) => fields as readonly string[]),
  ),
];
const FILTER_NAMES = [...listNames('_FILTER_FIELDS'), 'weekday', 'scholar_id', 'served_on', 'school_day'];
const SORT_NAMES = listNames('_SORT_FIELDS');
const BOOLEAN_WORDS = ['true', 'false', '1', '0'];
const HINTS: Hints = {
  keys: FILTER_NAMES,
  values: {
    sort: [...SORT_NAMES, ...SORT_NAMES.map((f) => `-${f}`)],
    weekday: ['1', '3', '5'],
    kind: contract.CHECK_IN_KINDS,
    method: contract.CHECK_IN_METHODS,
    meal_type: contract.MEAL_TYPES,
    grade: contract.GRADES,
    status: contract.PICK_UP_STATUSES,
    type: contract.USER_TYPES,
    active: BOOLEAN_WORDS,
    flagged: BOOLEAN_WORDS,
    added_as_missing: BOOLEAN_WORDS,
    include_voided: BOOLEAN_WORDS,
    resource: contract.SYNC_RESOURCES,
  },
};

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
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'extra', '_method'];

type Json = Record<string, unknown>;

/** All places in a value where a field can be spoiled: the value itself, and its objects' and arrays' entries. */
function containers(value: unknown, depth = 0): (Json | unknown[])[] {
  if (typeof value !== 'object' || value === null || depth > 3) return [];
  const inner = Object.values(value).flatMap((v) => containers(v, depth + 1));
  return [value as Json, ...inner];
}

/**
 * A value from the schema with one field spoiled: in a container picked by `at`, a field it has or the schema names
 * (or, with `extra`, a field it should not have) becomes `bad`. Returns a copy; the schema's value is left as it was.
 */
function spoil(value: unknown, at: number, bad: unknown, extra: string | null, names: string[] = []): unknown {
  const copy = structuredClone(value) as unknown;
  const places = containers(copy);
  if (places.length === 0) return bad;
  const place = places[at % places.length] as Json;
  if (Array.isArray(place)) {
    place[at % Math.max(place.length, 1)] = bad;
    return copy;
  }
  const keys = [...new Set([...Object.keys(place), ...(place === copy ? names : [])])];
  const key = extra ?? keys[at % Math.max(keys.length, 1)] ?? 'extra';
  // A defined own property, so a prototype key is sent as a key (JSON.stringify writes it), never set as a prototype.
  Object.defineProperty(place, key, { value: bad, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A schema's values; half of those that name a scholar name one that exists, so the write gets past the lookup. */
function fromSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(arbitraryOf(schema, HINTS), fc.boolean()).map(([value, real]) => withScholar(value, real));
}
function withScholar(value: unknown, real: boolean): unknown {
  if (!real || typeof value !== 'object' || value === null || !('scholar_id' in value)) return value;
  return { ...value, scholar_id: scholarId };
}

/** Bad values as a query string carries them (text): prototype keys, wrong types, impossible dates. */
const badQueryValue = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      '-constructor',
      'toString',
      'abc',
      '2024-02-30',
      '0000-01-01',
      '99999999999999999999',
      'a\u0000b',
      'x\ud800',
    ),
  },
  { weight: 1, arbitrary: badValue },
);

/** Mostly none (a field the value has is spoiled), now and then a key the schema does not know. */
const extraKey = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, fc.constantFrom(...EXTRA_KEYS));

/** A schema's values, each with one field spoiled (with `bad`'s values). */
function spoiled(schema: JsonSchema, bad: fc.Arbitrary<unknown> = badValue): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  return fc
    .tuple(fromSchema(schema), fc.nat(), bad, extraKey)
    .map(([value, at, b, extra]) => spoil(value, at, b, extra, names));
}

/** A sync push item as a station sends it, its data from the resource's create schema. */
const syncItem = fc
  .tuple(
    fc.constantFrom(...contract.SYNC_RESOURCES),
    fc.uuid({ version: 7 }),
    arbitraryOf(jsonSchemaOf(contract.SyncItemSchema) ?? {}, HINTS),
  )
  .chain(([resource, id, envelope]) => {
    const create = resource === 'check_ins' ? contract.CheckInCreateSchema : contract.NslpRecordCreateSchema;
    return fromSchema(jsonSchemaOf(create) ?? {}).map((data) => ({
      ...(envelope as Json),
      id,
      resource,
      action: 'create',
      data: { ...(data as Json), id },
    }));
  });
const syncPush = fc
  .tuple(fc.array(syncItem, { minLength: 1, maxLength: 3 }), fc.string({ minLength: 1, maxLength: 20 }))
  .map(([items, device_id]) => ({ device_id, items }));

/** A value as one query string parameter: text as it is, arrays as `name[]`, objects as `name[key]`. */
function queryPairs(name: string, value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((v) => [`${name}[]`, typeof v === 'string' ? v : JSON.stringify(v)]);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => queryPairs(`${name}[${k}]`, v));
  }
  return [[name, typeof value === 'string' ? value : JSON.stringify(value)]];
}
const queryString = (value: unknown) =>
  typeof value === 'object' && value !== null
    ? new URLSearchParams(Object.entries(value).flatMap(([k, v]) => queryPairs(k, v))).toString()
    : '';

/** A body as multipart form data: a field per value (arrays as `name[]`), a file now and then. */
function multipartOf(value: unknown, withFile: boolean): [string, string] {
  const boundary = 'GeneratedBoundary7MA4YWxk';
  const part = (name: string, v: unknown) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${
      v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)
    }\r\n`;
  const fields =
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => part(`${k}[]`, x)) : [part(k, v)]))
      : [part('value', value)];
  const file = withFile
    ? `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n`
    : '';
  return [`multipart/form-data; boundary=${boundary}`, `${fields.join('')}${file}--${boundary}--\r\n`];
}

const QUERY_KEYS = ['sort', 'page', 'per_page', 'search', 'since', 'limit', 'snapshot', 'from', 'to', 'meal_type'];
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
/** Hand-made bad query strings: wrong types, prototype keys as names and values, nested brackets. */
const badQuery = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue).map(([k, v]) => `${k}=${v}`),
      fc
        .tuple(fc.constantFrom(...FILTER_NAMES, '__proto__', 'constructor', 'to_string'), queryValue)
        .map(([k, v]) => `filter[${k}]=${v}`),
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
  [
    'multipart/form-data; boundary=XX',
    '--XX\r\nContent-Disposition: form-data; name="__proto__[]"\r\n\r\nA\r\n--XX--\r\n',
  ],
  ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nA\r\n--XX--\r\n'],
);

describe('generated bad input', () => {
  it('answers every bad request with a 4xx and the documented error body, never a 5xx', {
    timeout: 300_000,
  }, async () => {
    const routes = s.app.apiRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    const withSchemas = routes.filter((r) => r.schema?.body || r.schema?.querystring || r.schema?.params);
    expect(withSchemas.length).toBeGreaterThan(20);
    let requests = 0;
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    const send = async (
      method: string,
      url: string,
      opts: { payload?: InjectOptions['payload']; headers?: Record<string, string> },
    ) => {
      requests++;
      const res = await s.call({ method: method as 'POST', url, token: admin, ...opts }).catch((error: Error) => {
        failures.push(`threw ${error.message} on ${method} ${url}`);
        return null;
      });
      if (!res) return;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) {
        failures.push(`${res.statusCode} ${method} ${url} ${JSON.stringify(opts.payload ?? '').slice(0, 200)}`);
      } else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
        const body = res.json();
        if (typeof body.message !== 'string' || typeof body.code !== 'string') {
          failures.push(`${res.statusCode} ${method} ${url}: not the error body: ${res.body.slice(0, 120)}`);
        }
      }
    };
    const hasBody = (method: string) => ['POST', 'PATCH', 'PUT'].includes(method);
    for (const route of routes) {
      // Logging out would end the administrator's session for the rest of the walk.
      if (/\/logout/.test(route.url)) continue;
      const paramSchema = jsonSchemaOf(route.schema?.params);
      const querySchema = jsonSchemaOf(route.schema?.querystring);
      const bodySchema = route.url.endsWith('/sync/push') ? null : jsonSchemaOf(route.schema?.body);
      const param = paramSchema
        ? fc.oneof(
            badParam,
            arbitraryOf(paramSchema, HINTS).map((p) => Object.values(p as Json)[0] as string),
          )
        : fc.constant(scholarId);
      const withId = (id: string) => route.url.replace(/:\w+/g, encodeURIComponent(id).replaceAll('%25', '%'));
      const query = querySchema ? spoiled(querySchema, badQueryValue).map(queryString) : badQuery;
      const body = route.url.endsWith('/sync/push')
        ? fc.tuple(syncPush, fc.nat(), badValue).map(([push, at, bad]) => spoil(push, at, bad, null))
        : bodySchema
          ? spoiled(bodySchema)
          : fc.constant({});
      const whole = bodySchema ? fromSchema(bodySchema) : route.url.endsWith('/sync/push') ? syncPush : body;
      await fc.assert(
        fc.asyncProperty(
          fc.record({ query, badQuery, param, body, whole, multipart: brokenMultipart, file: fc.boolean() }),
          async (c) => {
            const payload = (p: unknown) => (hasBody(route.method) ? { payload: p as InjectOptions['payload'] } : {});
            await send(route.method, `${withId(scholarId)}?${c.query}`, payload({}));
            await send(route.method, `${withId(c.param)}?${c.badQuery}`, payload(c.body));
            if (!hasBody(route.method)) return;
            // A body the schema takes as it is, then with one field spoiled, in JSON and as multipart form data.
            await send(route.method, withId(scholarId), payload(c.whole));
            await send(route.method, withId(c.param), payload(c.body));
            const [contentType, form] = multipartOf(c.body, c.file);
            await send(route.method, withId(scholarId), { payload: form, headers: { 'content-type': contentType } });
            const [brokenType, broken] = c.multipart;
            await send(route.method, withId(scholarId), { payload: broken, headers: { 'content-type': brokenType } });
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // The walk goes on as the administrator: no route may have ended the session (then all after it would be 401).
      const check = await s.call({ method: 'GET', url: '/api/v2/auth/check', token: admin });
      expect(check.statusCode, `the session after ${route.method} ${route.url}`).toBe(200);
    }
    const byStatus = Object.entries(statuses)
      .sort()
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    console.log(
      `generated bad input: ${requests} requests over ${routes.length} routes, ${failures.length} 5xx (${byStatus})`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBeGreaterThan(2000);
  });
});
