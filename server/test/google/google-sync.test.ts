/**
 * The Google Classroom and Calendar syncs against the local stand-in of Google's APIs: the
 * token exchange (signature, subject, scopes), paging, incremental runs by update time and by sync token, the full
 * resync on 410, backoff on quota errors, deleted work removed by the full reconcile, due times in the school's zone,
 * and the administrators' routes (the key never answered, kept encrypted).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GoogleSyncRun,
  GoogleSyncSettings,
  GoogleSyncStatus,
  PortalCalendarResponse,
} from '../../../src/contract';
import { uuidv7 } from '../../../src/contract/ids';
import {
  calendarEvents,
  courseEnrollments,
  courses,
  courseWork,
  courseWorkSubmissions,
  demographics,
  googleSyncRuns,
  googleSyncSettings,
  users,
} from '../../db/schema';
import { accessTokenSource, CLASSROOM_SCOPES, parseServiceAccountKey } from '../../lib/google/auth';
import { decryptSecret } from '../../lib/google/encryption';
import type { GoogleApiError } from '../../lib/google/http';
import { eventKey } from '../../lib/sync-google/calendar-sync';
import { type GoogleSyncDeps, runGoogleSync } from '../../lib/sync-google/runner';
import { dueMode, scheduleTick } from '../../lib/sync-google/scheduler';
import { startTestServer, type TestServer } from '../helpers';
import { makeServiceAccount, SUBJECT, standInFor, type TestServiceAccount } from './fixtures';
import type { GoogleStandIn } from './stand-in';

const SECRET = 'test-secret-for-the-google-sync-key-0123456789';
const TZ = 'America/Los_Angeles';
const COURSE = 'course-math-101';
const CAL = 'school@demo.school';

let s: TestServer;
let google: GoogleStandIn;
let account: TestServiceAccount;
let admin: string;
let teacher: string;
let scholarId: string;
let scholarEmail: string;
const sleeps: number[] = [];

const deps = (over: Partial<GoogleSyncDeps> = {}): GoogleSyncDeps => ({
  db: s.app.db,
  timeZone: TZ,
  env: google.env,
  secret: SECRET,
  http: { sleep: async (ms) => void sleeps.push(ms), random: () => 1 },
  ...over,
});
const run = async (kind: 'classroom' | 'calendar', mode: 'incremental' | 'full' = 'incremental') => {
  const [r] = await runGoogleSync(deps(), { kinds: [kind], mode, trigger: 'manual' });
  if (!r) throw new Error('no run started');
  return r;
};
const api = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  s.call({ method, url: `/api/v2/google_sync/${url}`, token, ...(payload ? { payload } : {}) });

/** The course's work rows by Classroom id. */
const workRows = async () => {
  const [course] = await s.app.db.select().from(courses).where(eq(courses.google_course_id, COURSE));
  if (!course) return new Map<string, typeof courseWork.$inferSelect>();
  const rows = await s.app.db.select().from(courseWork).where(eq(courseWork.course_id, course.id));
  return new Map(rows.map((r) => [r.google_course_work_id as string, r]));
};

beforeAll(async () => {
  account = makeServiceAccount();
  google = await standInFor(account, { maxPageSize: 2, startTime: Date.parse('2026-03-01T12:00:00Z') });
  Object.assign(process.env, google.env, { GOOGLE_SYNC_SECRET: SECRET });
  s = await startTestServer();
  [admin, teacher] = await Promise.all([s.login('admin@demo.school'), s.login('teacher@demo.school')]);
  const [me] = await s.app.db
    .select({ id: demographics.id, email: users.email })
    .from(demographics)
    .innerJoin(users, eq(users.id, demographics.user_id))
    .where(eq(users.email, 'scholar@demo.school'));
  if (!me) throw new Error('demo scholar missing');
  scholarId = me.id;
  scholarEmail = me.email;

  // Classroom: one course, the demo scholar and a student the school has no account for, two topics, five pieces of
  // work (more than two pages), submissions in several states.
  const c = google.classroom;
  c.courses.push(
    {
      id: COURSE,
      name: 'Math 101',
      room: 'B12',
      ownerId: 'teacher-1',
      courseState: 'ACTIVE',
      creationTime: '2026-01-05T16:00:00Z',
      updateTime: '2026-01-05T16:00:00Z',
      alternateLink: `https://classroom.google.com/c/${COURSE}`,
    },
    {
      id: 'course-archived',
      name: 'Old course',
      ownerId: 'teacher-1',
      courseState: 'ARCHIVED',
      creationTime: '2025-01-05T16:00:00Z',
      updateTime: '2025-06-05T16:00:00Z',
      alternateLink: 'https://classroom.google.com/c/course-archived',
    },
  );
  const student = (userId: string, email: string) => ({
    courseId: COURSE,
    userId,
    profile: { id: userId, name: { givenName: 'A', familyName: 'B', fullName: 'A B' }, emailAddress: email },
  });
  c.students.set(COURSE, [
    student('u-scholar', scholarEmail.toUpperCase()),
    student('u-unknown', 'nobody@demo.school'),
  ]);
  // Its owner is listed after a co-teacher: the course's teacher is the owner.
  const teacherOf = (userId: string, fullName: string) => ({
    courseId: COURSE,
    userId,
    profile: { id: userId, name: { givenName: '', familyName: '', fullName } },
  });
  c.teachers.set(COURSE, [
    teacherOf('teacher-2', 'Sam Co-Teacher'),
    teacherOf('teacher-3', 'Lee Aide'),
    teacherOf('teacher-1', 'Ana Rivera'),
  ]);
  c.topics.set(COURSE, [
    { courseId: COURSE, topicId: 't-auto', name: 'AutoWork', updateTime: '2026-01-05T16:00:00Z' },
    { courseId: COURSE, topicId: 't-unit', name: 'Unit 1', updateTime: '2026-01-05T16:00:00Z' },
  ]);
  const base = {
    courseId: COURSE,
    workType: 'ASSIGNMENT',
    assigneeMode: 'ALL_STUDENTS',
    creatorUserId: 'teacher-1',
  } as const;
  // Due 06:30 UTC on March 10th is 11:30 pm on March 9th in Los Angeles.
  google.putCourseWork({
    ...base,
    id: 'w1',
    title: 'Fractions',
    dueDate: { year: 2026, month: 3, day: 10 },
    dueTime: { hours: 6, minutes: 30 },
    maxPoints: 10,
    topicId: 't-unit',
  });
  google.putCourseWork({
    ...base,
    id: 'w2',
    title: 'AutoPrep 1',
    dueDate: { year: 2026, month: 3, day: 2 },
    topicId: 't-auto',
  });
  google.putCourseWork({ ...base, id: 'w3', title: 'Reading log', description: 'Every day' });
  google.putCourseWork({
    ...base,
    id: 'w4',
    title: 'Quiz',
    workType: 'MULTIPLE_CHOICE_QUESTION',
    dueDate: { year: 2026, month: 3, day: 12 },
    dueTime: { hours: 20 },
  });
  google.putCourseWork({
    ...base,
    id: 'w5',
    title: 'Essay',
    dueDate: { year: 2026, month: 3, day: 20 },
    dueTime: { hours: 7, minutes: 59 },
  });
  const sub = (id: string, workId: string, userId: string, state: 'NEW' | 'CREATED' | 'TURNED_IN' | 'RETURNED') =>
    google.putSubmission({
      courseId: COURSE,
      courseWorkId: workId,
      id,
      userId,
      state,
      submissionHistory: [
        { stateHistory: { state: 'CREATED', stateTimestamp: '2026-03-01T10:00:00Z', actorUserId: userId } },
        ...(state === 'TURNED_IN' || state === 'RETURNED'
          ? [{ stateHistory: { state: 'TURNED_IN', stateTimestamp: '2026-03-05T18:00:00Z', actorUserId: userId } }]
          : []),
        ...(state === 'RETURNED'
          ? [{ stateHistory: { state: 'RETURNED', stateTimestamp: '2026-03-06T18:00:00Z', actorUserId: 'teacher-1' } }]
          : []),
      ],
      ...(state === 'RETURNED' ? { assignedGrade: 9, draftGrade: 9 } : {}),
    });
  sub('s1', 'w1', 'u-scholar', 'RETURNED');
  sub('s2', 'w2', 'u-scholar', 'CREATED');
  sub('s3', 'w3', 'u-scholar', 'TURNED_IN');
  sub('s4', 'w4', 'u-scholar', 'NEW');
  sub('s5', 'w5', 'u-scholar', 'NEW');
  sub('s6', 'w1', 'u-unknown', 'NEW');

  // Calendar: five events (three pages), one all-day, one cancelled before the first sync.
  google.putEvent(CAL, {
    id: 'e1',
    summary: 'Picture Day',
    start: { date: '2026-03-09' },
    end: { date: '2026-03-10' },
  });
  google.putEvent(CAL, {
    id: 'e2',
    summary: 'Open House',
    colorId: '11',
    start: { dateTime: '2026-03-11T18:00:00-07:00' },
    end: { dateTime: '2026-03-11T20:00:00-07:00' },
  });
  google.putEvent(CAL, {
    id: 'e3',
    summary: 'Board meeting',
    start: { dateTime: '2026-03-12T17:00:00Z' },
    end: { dateTime: '2026-03-12T18:00:00Z' },
  });
  google.putEvent(CAL, {
    id: 'e4',
    summary: 'Spring Break',
    start: { date: '2026-03-30' },
    end: { date: '2026-04-04' },
  });
  google.putEvent(CAL, {
    id: 'e5',
    summary: 'Cancelled assembly',
    start: { dateTime: '2026-03-13T17:00:00Z' },
    end: { dateTime: '2026-03-13T18:00:00Z' },
  });
  google.cancelEvent(CAL, 'e5');
  google.putEvent('sports@demo.school', {
    id: 'e1',
    summary: 'Game',
    start: { dateTime: '2026-03-14T17:00:00Z' },
    end: { dateTime: '2026-03-14T19:00:00Z' },
  });
});
afterAll(async () => {
  await s?.close();
  await google?.close();
});

describe('settings and routes', () => {
  it('keeps the key encrypted, answers only whether one is set and its client_email', async () => {
    const res = await api('PUT', 'settings', admin, {
      key: account.keyJson,
      subject: SUBJECT,
      calendar_ids: [CAL, 'sports@demo.school'],
      classroom_enabled: true,
      calendar_enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('PRIVATE KEY');
    const data = res.json<{ data: GoogleSyncSettings }>().data;
    expect(data).toMatchObject({ has_key: true, client_email: account.clientEmail, subject: SUBJECT });
    expect(data.calendar_ids).toEqual([CAL, 'sports@demo.school']);
    const [row] = await s.app.db.select().from(googleSyncSettings);
    expect(row?.key_encrypted).not.toContain('PRIVATE');
    expect(decryptSecret(row?.key_encrypted as string, SECRET)).toBe(account.keyJson);
    expect(() => decryptSecret(row?.key_encrypted as string, `${SECRET}x`)).toThrow();
    const read = await api('GET', 'settings', admin);
    expect(read.body).not.toContain('private_key');
    expect(read.json<{ data: GoogleSyncSettings }>().data.has_key).toBe(true);
  });

  it('says which field is wrong', async () => {
    const notKey = await api('PUT', 'settings', admin, { key: '{"type":"authorized_user"}' });
    expect(notKey.statusCode).toBe(422);
    expect(notKey.json<{ errors: Record<string, string[]> }>().errors.key).toBeDefined();
    const badPem = JSON.stringify({
      type: 'service_account',
      client_email: 'a@b.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
    });
    const unreadable = await api('PUT', 'settings', admin, { key: badPem });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json<{ errors: Record<string, string[]> }>().errors.key?.[0]).toMatch(/RSA/);
    const subject = await api('PUT', 'settings', admin, { subject: 'not an email' });
    expect(subject.json<{ errors: Record<string, string[]> }>().errors.subject).toBeDefined();
    const calendars = await api('PUT', 'settings', admin, { calendar_ids: [CAL, CAL] });
    expect(calendars.statusCode).toBe(422);
    // Nothing was changed by the refused calls.
    const read = (await api('GET', 'settings', admin)).json<{ data: GoogleSyncSettings }>().data;
    expect(read).toMatchObject({ has_key: true, subject: SUBJECT });
  });

  it('is for administrators only', async () => {
    expect((await api('GET', 'status', teacher)).statusCode).toBe(403);
    expect((await api('PUT', 'settings', teacher, { subject: SUBJECT })).statusCode).toBe(403);
    expect((await api('POST', 'runs', teacher, {})).statusCode).toBe(403);
    expect((await s.call({ method: 'GET', url: '/api/v2/google_sync/status' })).statusCode).toBe(401);
  });
});

describe('token exchange', () => {
  const key = () => {
    const parsed = parseServiceAccountKey(account.keyJson);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.key;
  };
  it('exchanges a signed assertion for the delegated subject and scopes', async () => {
    const token = await accessTokenSource(key(), SUBJECT, CLASSROOM_SCOPES, google.env.GOOGLE_OAUTH_TOKEN_URL)();
    expect(token).toMatch(/^ya29\./);
  });
  it('is refused for another subject, a scope not granted, or a key the stand-in does not know', async () => {
    const refused = (p: Promise<string>) =>
      p.then(
        () => null,
        (e: GoogleApiError) => e,
      );
    const subject = await refused(
      accessTokenSource(key(), 'someone@demo.school', CLASSROOM_SCOPES, google.env.GOOGLE_OAUTH_TOKEN_URL)(),
    );
    expect(subject).toMatchObject({ httpStatus: 400, reason: 'invalid_grant' });
    const scope = await refused(
      accessTokenSource(
        key(),
        SUBJECT,
        ['https://www.googleapis.com/auth/classroom.courses'],
        google.env.GOOGLE_OAUTH_TOKEN_URL,
      )(),
    );
    expect(scope).toMatchObject({ httpStatus: 400, reason: 'unauthorized_client' });
    const other = makeServiceAccount(account.clientEmail);
    const forged = parseServiceAccountKey(other.keyJson);
    if ('error' in forged) throw new Error(forged.error);
    const signature = await refused(
      accessTokenSource(forged.key, SUBJECT, CLASSROOM_SCOPES, google.env.GOOGLE_OAUTH_TOKEN_URL)(),
    );
    expect(signature?.message).toMatch(/Signature/);
  });
});

describe('Classroom sync', () => {
  it('pages through courses, rosters, work and submissions; due times become the school zone', async () => {
    const r = await run('classroom', 'full');
    expect(r.errors).toEqual([]);
    expect(r.status).toBe('succeeded');
    expect(r.counts).toMatchObject({
      courses: 1,
      enrollments: 1,
      students_unmatched: 1,
      course_work: 5,
      submissions: 5,
      submissions_skipped: 1,
    });
    // The work listing was paged (two at a time).
    expect(
      google.requests.filter((q) => q.path.endsWith('/courseWork') && q.query.pageToken).length,
    ).toBeGreaterThanOrEqual(2);
    const [course] = await s.app.db.select().from(courses).where(eq(courses.google_course_id, COURSE));
    expect(course).toMatchObject({ name: 'Math 101', room: 'B12', teacher: 'Ana Rivera' });
    // The teachers were paged too (three, two at a time).
    expect(google.requests.filter((q) => q.path.endsWith('/teachers') && q.query.pageToken)).toHaveLength(1);
    expect(await s.app.db.select().from(courses).where(eq(courses.google_course_id, 'course-archived'))).toEqual([]);
    const enrolled = await s.app.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.course_id, course?.id as string));
    expect(enrolled.map((e) => e.scholar_id)).toEqual([scholarId]);
    const work = await workRows();
    expect(work.get('w1')).toMatchObject({ due_date: '2026-03-09', topic: 'Unit 1', max_points: 10 });
    expect(new Date(work.get('w1')?.due_at as string).toISOString()).toBe('2026-03-10T06:30:00.000Z');
    expect(work.get('w2')).toMatchObject({ due_date: '2026-03-02', due_at: null, topic: 'AutoWork' });
    expect(work.get('w3')).toMatchObject({ due_date: null, due_at: null, description: 'Every day' });
    expect(work.get('w4')).toMatchObject({ due_date: '2026-03-12', work_type: 'MULTIPLE_CHOICE_QUESTION' });
    // 07:59 UTC on March 20th is still March 20th... at 00:59 in Los Angeles.
    expect(work.get('w5')?.due_date).toBe('2026-03-20');
    const subs = await s.app.db
      .select()
      .from(courseWorkSubmissions)
      .where(eq(courseWorkSubmissions.scholar_id, scholarId));
    const byWork = new Map(subs.map((x) => [x.google_submission_id, x]));
    expect(byWork.get('s1')).toMatchObject({ state: 'RETURNED', assigned_grade: 9 });
    expect(new Date(byWork.get('s1')?.turned_in_at as string).toISOString()).toBe('2026-03-05T18:00:00.000Z');
    expect(new Date(byWork.get('s1')?.returned_at as string).toISOString()).toBe('2026-03-06T18:00:00.000Z');
    expect(byWork.get('s2')).toMatchObject({ state: 'CREATED', turned_in_at: null });
  });

  it('runs incrementally: only work and submissions changed since the last run', async () => {
    google.putCourseWork({
      courseId: COURSE,
      id: 'w3',
      title: 'Reading log (week 2)',
      workType: 'ASSIGNMENT',
      assigneeMode: 'ALL_STUDENTS',
      creatorUserId: 'teacher-1',
    });
    const s4 = google.classroom.submissions.get(COURSE)?.find((x) => x.id === 's4');
    google.putSubmission({ ...(s4 as NonNullable<typeof s4>), state: 'TURNED_IN', late: true });
    const before = google.requests.length;
    const r = await run('classroom');
    expect(r.errors).toEqual([]);
    expect(r.counts).toMatchObject({ course_work: 1, submissions: 1 });
    // The work listing stopped on its first page (newest change first).
    const workCalls = google.requests.slice(before).filter((q) => q.path.endsWith('/courseWork'));
    expect(workCalls).toHaveLength(1);
    expect(workCalls[0]?.query.orderBy).toBe('updateTime desc');
    expect((await workRows()).get('w3')?.title).toBe('Reading log (week 2)');
    const [sub] = await s.app.db
      .select()
      .from(courseWorkSubmissions)
      .where(eq(courseWorkSubmissions.google_submission_id, 's4'));
    expect(sub).toMatchObject({ state: 'TURNED_IN', late: true });
  });

  it('removes deleted work (and its submissions) in the full reconcile', async () => {
    google.deleteCourseWork(COURSE, 'w2');
    const incremental = await run('classroom');
    expect(incremental.counts.course_work_removed).toBe(0);
    const w2 = (await workRows()).get('w2');
    expect(w2).toBeDefined();
    const full = await run('classroom', 'full');
    expect(full.errors).toEqual([]);
    expect(full.counts.course_work_removed).toBe(1);
    expect((await workRows()).has('w2')).toBe(false);
    expect(
      await s.app.db
        .select()
        .from(courseWorkSubmissions)
        .where(eq(courseWorkSubmissions.course_work_id, w2?.id as string)),
    ).toEqual([]);
    expect((await workRows()).size).toBe(4);
  });

  it('waits and retries on quota errors (429 RESOURCE_EXHAUSTED), with growing waits', async () => {
    sleeps.length = 0;
    google.failNext(3);
    const r = await run('classroom');
    expect(r.errors).toEqual([]);
    expect(r.status).toBe('succeeded');
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(google.requests.filter((q) => q.status === 429)).toHaveLength(3);
  });

  it('records a failed run when the quota does not recover', async () => {
    sleeps.length = 0;
    google.failNext(100);
    const r = await run('classroom');
    google.failNext(0);
    expect(r.status).toBe('failed');
    expect(r.errors.join(' ')).toMatch(/Quota exceeded/);
    expect(sleeps).toHaveLength(5);
  });

  it("takes a scholar off the course's lists when Classroom's roster drops them or the course is archived", async () => {
    const [course] = await s.app.db.select().from(courses).where(eq(courses.google_course_id, COURSE));
    const courseId = course?.id as string;
    const enrolments = () => s.app.db.select().from(courseEnrollments).where(eq(courseEnrollments.course_id, courseId));
    const mySubmissions = async () =>
      (
        await s.app.db
          .select({ id: courseWorkSubmissions.id })
          .from(courseWorkSubmissions)
          .innerJoin(courseWork, eq(courseWork.id, courseWorkSubmissions.course_work_id))
          .where(and(eq(courseWorkSubmissions.scholar_id, scholarId), eq(courseWork.course_id, courseId)))
      ).length;
    expect(await enrolments()).toHaveLength(1);
    expect(await mySubmissions()).toBe(4);

    // Removed from the roster: the next run (not only the nightly one) drops the enrolment and the submissions.
    const roster = google.classroom.students.get(COURSE) ?? [];
    google.classroom.students.set(
      COURSE,
      roster.filter((x) => x.userId !== 'u-scholar'),
    );
    const dropped = await run('classroom');
    expect(dropped.errors).toEqual([]);
    expect(dropped.counts).toMatchObject({ enrollments_removed: 1, submissions_removed: 4 });
    expect(await enrolments()).toEqual([]);
    expect(await mySubmissions()).toBe(0);

    // Back on the roster: the full reconcile brings their work back.
    google.classroom.students.set(COURSE, roster);
    expect((await run('classroom', 'full')).errors).toEqual([]);
    expect(await enrolments()).toHaveLength(1);
    expect(await mySubmissions()).toBe(4);

    // The course archived: nobody is enrolled in it any more.
    const listed = google.classroom.courses.find((x) => x.id === COURSE);
    if (!listed) throw new Error('course missing');
    listed.courseState = 'ARCHIVED';
    const archived = await run('classroom');
    expect(archived.counts).toMatchObject({ courses: 0, enrollments_removed: 1 });
    expect(await enrolments()).toEqual([]);
    listed.courseState = 'ACTIVE';
    expect((await run('classroom', 'full')).errors).toEqual([]);
    expect(await enrolments()).toHaveLength(1);
    expect((await workRows()).size).toBe(4);
  });
});

describe('Calendar sync', () => {
  const rows = async () => {
    const all = await s.app.db.select().from(calendarEvents);
    return new Map(all.filter((e) => e.google_event_id).map((e) => [e.google_event_id as string, e]));
  };

  it('lists every event on the first run (paged) and keeps the sync token', async () => {
    const r = await run('calendar');
    expect(r.errors).toEqual([]);
    expect(r.counts).toMatchObject({ calendars: 2, events_saved: 5, full_syncs: 2 });
    const events = await rows();
    const picture = events.get(eventKey(CAL, 'e1'));
    expect(picture).toMatchObject({ title: 'Picture Day', all_day: true });
    // An all-day event runs from midnight to midnight in the school's zone (PDT from March 8th).
    expect(new Date(picture?.starts_at as string).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(new Date(picture?.ends_at as string).toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(events.get(eventKey(CAL, 'e2'))).toMatchObject({ title: 'Open House', color: 'red', all_day: false });
    expect(new Date(events.get(eventKey(CAL, 'e2'))?.starts_at as string).toISOString()).toBe(
      '2026-03-12T01:00:00.000Z',
    );
    expect(events.has(eventKey(CAL, 'e5'))).toBe(false);
    // The same event id on two calendars is two rows.
    expect(events.get(eventKey('sports@demo.school', 'e1'))?.title).toBe('Game');
    expect(google.requests.some((q) => q.path.includes('/events') && q.query.pageToken)).toBe(true);
    // They are the portal's calendar events: the portal's calendar shows both calendars' events in the school's days.
    const scholar = await s.login('scholar@demo.school');
    const portal = await s.call({
      method: 'GET',
      url: '/api/v2/scholar/calendar?from=2026-03-09&to=2026-03-14',
      token: scholar,
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const shown = portal.json<PortalCalendarResponse>().data;
    expect(shown.find((e) => e.title === 'Picture Day')).toMatchObject({
      allDay: true,
      start: '2026-03-09T07:00:00.000Z',
    });
    expect(shown.map((e) => e.title)).toEqual(expect.arrayContaining(['Open House', 'Board meeting', 'Game']));
    expect(shown.map((e) => e.title)).not.toContain('Cancelled assembly');
  });

  it('asks only what changed since, with the sync token: changes saved, cancelled events removed', async () => {
    google.putEvent(CAL, { id: 'e2', summary: 'Open House (moved)' });
    google.cancelEvent(CAL, 'e3');
    google.putEvent(CAL, {
      id: 'e6',
      summary: 'Science Fair',
      start: { date: '2026-03-20' },
      end: { date: '2026-03-21' },
    });
    const before = google.requests.length;
    const r = await run('calendar');
    expect(r.errors).toEqual([]);
    expect(r.counts).toMatchObject({ events_saved: 2, events_removed: 1, full_syncs: 0 });
    expect(google.requests.slice(before).every((q) => !q.path.includes('/events') || q.query.syncToken)).toBe(true);
    const events = await rows();
    expect(events.get(eventKey(CAL, 'e2'))?.title).toBe('Open House (moved)');
    expect(events.has(eventKey(CAL, 'e3'))).toBe(false);
    expect(events.has(eventKey(CAL, 'e6'))).toBe(true);
  });

  it('starts over on 410 GONE: a full resync that also drops what is gone', async () => {
    google.expireSyncTokens();
    google.cancelEvent(CAL, 'e4');
    const r = await run('calendar');
    expect(r.errors).toEqual([]);
    expect(r.counts).toMatchObject({ resyncs_on_410: 2, full_syncs: 2 });
    expect(google.requests.filter((q) => q.status === 410)).toHaveLength(2);
    const events = await rows();
    expect(events.has(eventKey(CAL, 'e4'))).toBe(false);
    expect(events.has(eventKey(CAL, 'e1'))).toBe(true);
    // And the next run is incremental again.
    const next = await run('calendar');
    expect(next.counts).toMatchObject({ full_syncs: 0, resyncs_on_410: 0 });
  });

  it('drops the events of a calendar the school no longer lists', async () => {
    await api('PUT', 'settings', admin, { calendar_ids: [CAL] });
    const r = await run('calendar');
    expect(r.errors).toEqual([]);
    const events = await rows();
    expect(events.has(eventKey('sports@demo.school', 'e1'))).toBe(false);
    expect(events.has(eventKey(CAL, 'e1'))).toBe(true);
    // Events the school entered itself are not Google's and stay.
    const own = await s.app.db.select().from(calendarEvents);
    expect(own.some((e) => e.google_event_id === null)).toBe(true);
    await api('PUT', 'settings', admin, { calendar_ids: [CAL, 'sports@demo.school'] });
  });

  it('retries quota errors of the Calendar API (429 rateLimitExceeded)', async () => {
    sleeps.length = 0;
    google.failNext(2);
    const r = await run('calendar');
    expect(r.status).toBe('succeeded');
    expect(sleeps).toEqual([1000, 2000]);
  });
});

describe('run now and status', () => {
  it('starts the runs in the background and shows them in the status and history', async () => {
    const res = await api('POST', 'runs', admin, { kinds: ['calendar'], mode: 'full' });
    expect(res.statusCode, res.body).toBe(202);
    const [started] = res.json<{ data: GoogleSyncRun[] }>().data;
    expect(started).toMatchObject({ kind: 'calendar', mode: 'full', status: 'running', trigger: 'manual' });
    let status: GoogleSyncStatus | undefined;
    for (let i = 0; i < 100; i++) {
      status = (await api('GET', 'status', admin)).json<{ data: GoogleSyncStatus }>().data;
      if (status.last.calendar?.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status?.last.calendar).toMatchObject({ id: started?.id, status: 'succeeded' });
    expect(status?.last.classroom?.kind).toBe('classroom');
    expect(status?.scheduled).toBe(false);
    const history = await api('GET', 'runs?kind=calendar&per_page=2', admin);
    const body = history.json<{ data: GoogleSyncRun[]; meta: { total: number } }>();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]?.id).toBe(started?.id);
    expect(body.meta.total).toBeGreaterThan(2);
  });

  it('fails a run with the reason when the subject is not delegated', async () => {
    await api('PUT', 'settings', admin, { subject: 'office@demo.school' });
    const r = await run('classroom');
    expect(r.status).toBe('failed');
    expect(r.errors.join(' ')).toMatch(/invalid_grant/);
    await api('PUT', 'settings', admin, { subject: SUBJECT });
  });

  it('runs only the syncs the school has switched on', async () => {
    await api('PUT', 'settings', admin, { calendar_enabled: false });
    const off = await api('POST', 'runs', admin, { kinds: ['calendar'] });
    expect(off.statusCode).toBe(422);
    expect(off.json<{ errors: Record<string, string[]> }>().errors.kinds).toBeDefined();
    const both = await api('POST', 'runs', admin, {});
    expect(both.statusCode, both.body).toBe(202);
    const started = both.json<{ data: GoogleSyncRun[] }>().data;
    expect(started.map((r) => r.kind)).toEqual(['classroom']);
    let status: GoogleSyncStatus | undefined;
    for (let i = 0; i < 100; i++) {
      status = (await api('GET', 'status', admin)).json<{ data: GoogleSyncStatus }>().data;
      if (status.last.classroom?.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status?.last.classroom).toMatchObject({ id: started[0]?.id, status: 'succeeded' });
    await api('PUT', 'settings', admin, { calendar_enabled: true });
  });

  it('needs a key before running; removing the key stops the syncs', async () => {
    const removed = await api('PUT', 'settings', admin, { key: null });
    expect(removed.json<{ data: GoogleSyncSettings }>().data).toMatchObject({ has_key: false, client_email: null });
    const res = await api('POST', 'runs', admin, {});
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.key).toBeDefined();
  });
});

describe('the schedule', () => {
  const at = (iso: string) => new Date(iso);
  const record = async (mode: 'full' | 'incremental', started: string) => {
    await s.app.db.insert(googleSyncRuns).values({
      id: uuidv7(),
      kind: 'classroom',
      mode,
      trigger: 'scheduled',
      status: 'succeeded',
      started_at: started,
      finished_at: started,
    });
  };
  const opts = { intervalMinutes: 60, nightlyHour: 2 };

  it('runs a full reconcile once a night after the hour, and changes every interval', async () => {
    await s.app.db.delete(googleSyncRuns);
    // 03:00 in Los Angeles on March 10th (PDT).
    expect(await dueMode(deps(), 'classroom', opts, at('2026-03-10T10:00:00Z'))).toBe('full');
    await record('full', '2026-03-09T09:30:00Z');
    await record('incremental', '2026-03-10T07:50:00Z');
    // 01:00 local: before the night's hour, and the last run 10 minutes ago.
    expect(await dueMode(deps(), 'classroom', opts, at('2026-03-10T08:00:00Z'))).toBeNull();
    // 02:10 local: last night's reconcile was yesterday's.
    expect(await dueMode(deps(), 'classroom', opts, at('2026-03-10T09:10:00Z'))).toBe('full');
    await record('full', '2026-03-10T09:30:00Z');
    expect(await dueMode(deps(), 'classroom', opts, at('2026-03-10T10:00:00Z'))).toBeNull();
    expect(await dueMode(deps(), 'classroom', opts, at('2026-03-10T10:31:00Z'))).toBe('incremental');
  });

  it("the server's minute tick runs the switched-on syncs that are due, as scheduled runs, and none twice", async () => {
    const log = { info: () => {}, error: () => {} };
    // The night's hour three hours from now in the school's zone, so that the ticks below (up to 61 minutes on) are
    // all before it whatever the time of day: a kind's first run is a full one, then changes every interval.
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', hourCycle: 'h23' }).format());
    const tickOpts = { intervalMinutes: 60, nightlyHour: (hour + 3) % 24, log };
    await s.app.db.delete(googleSyncRuns);
    // No key (the test before removed it): nothing runs.
    expect(await scheduleTick(s.app.db, () => deps(), tickOpts)).toEqual([]);
    await api('PUT', 'settings', admin, { key: account.keyJson, calendar_enabled: false });
    const first = await scheduleTick(s.app.db, () => deps(), tickOpts);
    expect(first.map((r) => [r.kind, r.mode, r.trigger, r.status])).toEqual([
      ['classroom', 'full', 'scheduled', 'succeeded'],
    ]);
    // A minute later: tonight's reconcile is done and the last run is not an interval old.
    expect(await scheduleTick(s.app.db, () => deps(), tickOpts, new Date(Date.now() + 60_000))).toEqual([]);
    // An interval later, only what changed.
    const later = await scheduleTick(s.app.db, () => deps(), tickOpts, new Date(Date.now() + 61 * 60_000));
    expect(later.map((r) => [r.kind, r.mode])).toEqual([['classroom', 'incremental']]);
    // The calendar switched on: its own first run is a full one.
    await api('PUT', 'settings', admin, { calendar_enabled: true });
    const calendar = await scheduleTick(s.app.db, () => deps(), tickOpts);
    expect(calendar.map((r) => [r.kind, r.mode, r.status])).toEqual([['calendar', 'full', 'succeeded']]);
  });
});
