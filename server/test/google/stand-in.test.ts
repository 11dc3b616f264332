/**
 * The stand-in answers as Google does: the token endpoint's refusals, the APIs' error bodies (401,
 * 403 for a scope not granted, 404, 410 fullSyncRequired, 429 RESOURCE_EXHAUSTED and rateLimitExceeded), and paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenSource, CALENDAR_SCOPES, CLASSROOM_SCOPES, parseServiceAccountKey } from '../../lib/google/auth';
import { makeServiceAccount, SUBJECT, standInFor } from './fixtures';
import type { GoogleStandIn } from './stand-in';

let google: GoogleStandIn;
let classroomToken: string;
let calendarToken: string;

const get = async (url: string, token?: string) => {
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  const account = makeServiceAccount();
  google = await standInFor(account, { maxPageSize: 2 });
  const parsed = parseServiceAccountKey(account.keyJson);
  if ('error' in parsed) throw new Error(parsed.error);
  classroomToken = await accessTokenSource(parsed.key, SUBJECT, CLASSROOM_SCOPES, google.env.GOOGLE_OAUTH_TOKEN_URL)();
  calendarToken = await accessTokenSource(parsed.key, SUBJECT, CALENDAR_SCOPES, google.env.GOOGLE_OAUTH_TOKEN_URL)();
  for (const id of ['a', 'b', 'c'])
    google.classroom.courses.push({
      id,
      name: `Course ${id}`,
      ownerId: 't',
      courseState: id === 'c' ? 'ARCHIVED' : 'ACTIVE',
      creationTime: '2026-01-01T00:00:00Z',
      updateTime: '2026-01-01T00:00:00Z',
      alternateLink: `https://classroom.google.com/c/${id}`,
    });
  google.putEvent('cal', { id: 'e1', summary: 'One', start: { date: '2026-03-01' }, end: { date: '2026-03-02' } });
});
afterAll(() => google.close());

describe('Google stand-in', () => {
  it('refuses an assertion that is not a JWT bearer grant', async () => {
    const res = await fetch(google.env.GOOGLE_OAUTH_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it("answers Google's error bodies: 401 without a token, 403 for a scope not granted, 404", async () => {
    const courses = `${google.env.GOOGLE_CLASSROOM_URL}/v1/courses`;
    expect(await get(courses)).toMatchObject({
      status: 401,
      body: { error: { code: 401, status: 'UNAUTHENTICATED' } },
    });
    expect(await get(courses, calendarToken)).toMatchObject({
      status: 403,
      body: { error: { code: 403, status: 'PERMISSION_DENIED' } },
    });
    expect(await get(`${google.env.GOOGLE_CLASSROOM_URL}/v1/courses/zzz/students`, classroomToken)).toMatchObject({
      status: 404,
      body: { error: { status: 'NOT_FOUND' } },
    });
    expect(await get(`${google.env.GOOGLE_CALENDAR_URL}/calendars/nope/events`, calendarToken)).toMatchObject({
      status: 404,
      body: { error: { code: 404, errors: [{ reason: 'notFound' }] } },
    });
  });

  it('pages with nextPageToken and filters by course state', async () => {
    const courses = `${google.env.GOOGLE_CLASSROOM_URL}/v1/courses`;
    const first = await get(courses, classroomToken);
    expect((first.body.courses as unknown[]).length).toBe(2);
    const second = await get(`${courses}?pageToken=${first.body.nextPageToken}`, classroomToken);
    expect((second.body.courses as unknown[]).length).toBe(1);
    expect(second.body.nextPageToken).toBeUndefined();
    const active = await get(`${courses}?courseStates=ACTIVE`, classroomToken);
    expect((active.body.courses as { id: string }[]).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('answers 410 fullSyncRequired for an expired sync token, and quota errors as 429', async () => {
    const events = `${google.env.GOOGLE_CALENDAR_URL}/calendars/cal/events`;
    const full = await get(events, calendarToken);
    expect(full.body).toMatchObject({ kind: 'calendar#events', items: [{ id: 'e1', status: 'confirmed' }] });
    const token = full.body.nextSyncToken as string;
    expect(token).toBeTruthy();
    expect((await get(`${events}?syncToken=${token}`, calendarToken)).body.items).toEqual([]);
    google.expireSyncTokens();
    expect(await get(`${events}?syncToken=${token}`, calendarToken)).toMatchObject({
      status: 410,
      body: { error: { code: 410, errors: [{ domain: 'global', reason: 'fullSyncRequired' }] } },
    });
    google.failNext(2);
    expect(await get(events, calendarToken)).toMatchObject({
      status: 429,
      body: { error: { code: 429, errors: [{ reason: 'rateLimitExceeded' }] } },
    });
    expect(await get(`${google.env.GOOGLE_CLASSROOM_URL}/v1/courses`, classroomToken)).toMatchObject({
      status: 429,
      body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } },
    });
    expect((await get(events, calendarToken)).status).toBe(200);
  });
});
