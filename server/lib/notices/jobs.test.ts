/**
 * The notices made by the clock, end to end on the server: two instances on one database (as behind a load balancer;
 * on PostgreSQL two connection pools) run the jobs at chosen instants with `app.noticeJobs.run(now)`, and the worker,
 * driven with `drain(now)`, pushes to the local push service stand-in or mails to the local SMTP server. Covers the
 * not-checked-in notice (the school's time, school days only, once per scholar and day whichever instance runs and
 * after a restart, a check-in undone counts as none), the work summary mail (weekly on the school's day and time,
 * daily by choice, text and HTML, the guardian's language, no grades) and a scholar's own reminders (off by default,
 * the evening before and once overdue, once per item).
 */
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type NoticePayload, type NotificationPreferences, type SchoolSettings, uuidv7 } from '../../../src/contract';
import {
  absenceReports,
  checkIns,
  courses,
  courseWork,
  courseWorkSubmissions,
  noticePreferences,
  noticeRuns,
  notices,
  pushSubscriptions,
  schoolNonWorkDays,
  users,
} from '../../db/schema';
import { startTestServerPair, type TestServer } from '../../test/helpers';
import { type PushServiceStandIn, startPushService } from '../../test/push-service';
import { startMailServer, type TestMailServer } from '../../test/smtp';
import { notCheckedInGuardians } from './jobs';

const TZ = 'America/Los_Angeles';
let a: TestServer;
let b: TestServer;
let push: PushServiceStandIn;
let mail: TestMailServer;
let admin: string;
let parent: string;
let scholar: string;
let parentId: string;
let scholarUserId: string;
/** The demo parent's children: the first is scholar@demo.school's. */
let child: { id: string; name: string };
let sibling: { id: string; name: string };

// March 2026, before daylight saving time starts (the 8th): Los Angeles is UTC-8. The 2nd is a Monday.
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-08:00`);

const db = () => a.database.db;
const rowsFor = (userId: string, kind: string) =>
  db()
    .select()
    .from(notices)
    .where(and(eq(notices.user_id, userId), eq(notices.kind, kind)));
/** Keeps only one person's notices, so a drain sends only what a test looks at. */
const keepOnly = (userId: string) => db().delete(notices).where(ne(notices.user_id, userId));

async function patchSettings(payload: Record<string, unknown>): Promise<SchoolSettings> {
  const res = await a.call({ method: 'PATCH', url: '/api/v2/school_settings', token: admin, payload });
  if (res.statusCode !== 200) throw new Error(`settings answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: SchoolSettings }>().data;
}

async function subscribe(token: string) {
  const sub = push.subscribe();
  const res = await a.call({ method: 'POST', url: '/api/v2/push_subscriptions', token, payload: sub.json });
  if (res.statusCode !== 201) throw new Error(`subscribe answered ${res.statusCode}: ${res.body}`);
  return sub;
}

/** One class with work for the demo family, due around the first week of March 2026. */
let work: { fractions: string; bookReport: string; lab: string; essay: string; siblingQuiz: string };

beforeAll(async () => {
  [push, mail] = await Promise.all([startPushService(), startMailServer()]);
  [a, b] = await startTestServerPair({
    SCHOOL_TIMEZONE: TZ,
    PUSH_ENDPOINT_HOSTS: push.host,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'https://school.example.org',
  });
  [admin, parent, scholar] = await Promise.all([
    a.login('admin@demo.school'),
    a.login('parent@demo.school'),
    a.login('scholar@demo.school'),
  ]);
  const people = await db()
    .select()
    .from(users)
    .where(inArray(users.email, ['parent@demo.school', 'scholar@demo.school']));
  parentId = people.find((p) => p.email === 'parent@demo.school')?.id as string;
  scholarUserId = people.find((p) => p.email === 'scholar@demo.school')?.id as string;
  const family = await a.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: parent });
  const kids = family.json<{ data: { id: string; fname: string; nickname: string | null }[] }>().data;
  const mine = await a.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: scholar });
  const ownId = mine.json<{ data: { id: string }[] }>().data[0]?.id;
  const first = kids.find((k) => k.id === ownId);
  const second = kids.find((k) => k.id !== ownId);
  if (!first || !second) throw new Error('the demo parent needs two children, one of them scholar@demo.school');
  child = { id: first.id, name: first.nickname || first.fname };
  sibling = { id: second.id, name: second.nickname || second.fname };

  // The weeks the tests run in are school days (the demo calendar is another year's), but for one closure.
  await db()
    .delete(schoolNonWorkDays)
    .where(and(lte(schoolNonWorkDays.starts_on, '2026-03-20'), gte(schoolNonWorkDays.ends_on, '2026-03-01')));
  await db().insert(schoolNonWorkDays).values({
    id: uuidv7(),
    name: 'Staff development day',
    kind: 'other',
    starts_on: '2026-03-04',
    ends_on: '2026-03-04',
  });

  const courseId = uuidv7();
  await db().insert(courses).values({ id: courseId, name: 'Math 7' });
  const item = async (
    title: string,
    due: { due_at: string | null; due_date: string },
    scholarId: string,
    state: 'NEW' | 'CREATED' | 'TURNED_IN' | 'RETURNED',
  ) => {
    const workId = uuidv7();
    await db()
      .insert(courseWork)
      .values({ id: workId, course_id: courseId, title, ...due, max_points: 10 });
    const id = uuidv7();
    await db()
      .insert(courseWorkSubmissions)
      .values({ id, course_work_id: workId, scholar_id: scholarId, state, assigned_grade: 7 });
    return id;
  };
  work = {
    // Due Wednesday the 4th at 11:59 PM: due tomorrow on Tuesday evening, overdue from Thursday 00:00.
    fractions: await item(
      'Fractions worksheet',
      { due_at: '2026-03-05T07:59:00.000Z', due_date: '2026-03-04' },
      child.id,
      'NEW',
    ),
    // Due Tuesday the 10th, a date without a time.
    bookReport: await item('Book report', { due_at: null, due_date: '2026-03-10' }, child.id, 'CREATED'),
    // Turned in: in no list and never reminded.
    lab: await item('Lab notes', { due_at: null, due_date: '2026-03-04' }, child.id, 'TURNED_IN'),
    // Beyond the next 7 days.
    essay: await item('Long essay', { due_at: null, due_date: '2026-03-20' }, child.id, 'NEW'),
    siblingQuiz: await item('Decimals quiz', { due_at: null, due_date: '2026-03-03' }, sibling.id, 'NEW'),
  };
});
afterAll(async () => {
  await b.close();
  await a.close();
  await Promise.all([push.close(), mail.close()]);
});
beforeEach(async () => {
  // Each test starts with no notice, no job run, no device and the default choices, in English.
  await db().delete(notices);
  await db().delete(noticeRuns);
  await db().delete(pushSubscriptions);
  await db().delete(noticePreferences);
  await db()
    .update(users)
    .set({ language: 'en' })
    .where(inArray(users.id, [parentId, scholarUserId]));
  mail.mails.length = 0;
});

describe('not checked in by a time', () => {
  it('is off by default; at the set time on a school day, once per scholar and day whichever instance runs', async () => {
    const day = '2026-03-03';
    // Off until the school sets a time: nothing at 9:00.
    expect((await a.app.noticeJobs.run(at(day, '09:00'))).not_checked_in).toBe(0);
    expect(await rowsFor(parentId, 'not_checked_in')).toEqual([]);

    const settings = await patchSettings({ not_checked_in_by: '08:30' });
    expect(settings.not_checked_in_by).toBe('08:30');
    // The child arrived; the sibling's arrival was undone (tapped in error), which counts as none.
    await db()
      .insert(checkIns)
      .values([
        {
          id: uuidv7(),
          kind: 'arrival',
          scholar_id: child.id,
          occurred_at: at(day, '08:05').toISOString(),
          school_day: day,
        },
        {
          id: uuidv7(),
          kind: 'arrival',
          scholar_id: sibling.id,
          occurred_at: at(day, '08:10').toISOString(),
          school_day: day,
          voided_at: at(day, '08:11').toISOString(),
        },
      ]);
    await db().update(users).set({ language: 'es' }).where(eq(users.id, parentId));

    expect((await a.app.noticeJobs.run(at(day, '08:29'))).not_checked_in).toBe(0);
    const chosen = await notCheckedInGuardians(db(), day);
    const expected = chosen.length;
    expect(chosen.some((g) => g.scholar_id === child.id)).toBe(false);
    // Another family's guardian, who reads English.
    const otherGuardian = chosen.find((g) => g.user_id !== parentId);
    if (!otherGuardian) throw new Error('the demo school needs another family');
    await db().update(users).set({ language: 'en' }).where(eq(users.id, otherGuardian.user_id));
    // Both instances at 8:30 at once, then one again later (as after a restart): the notices once.
    const [ra, rb] = await Promise.all([
      a.app.noticeJobs.run(at(day, '08:30')),
      b.app.noticeJobs.run(at(day, '08:30')),
    ]);
    expect(ra.not_checked_in + rb.not_checked_in).toBe(expected);
    expect((await b.app.noticeJobs.run(at(day, '10:00'))).not_checked_in).toBe(0);
    const all = await db().select().from(notices).where(eq(notices.kind, 'not_checked_in'));
    expect(all).toHaveLength(expected);
    expect(new Set(all.map((n) => `${n.scholar_id} ${n.user_id}`)).size).toBe(expected);
    const [run] = await db()
      .select()
      .from(noticeRuns)
      .where(and(eq(noticeRuns.job, 'not_checked_in'), eq(noticeRuns.period, day)));
    expect(run?.written).toBe(expected);

    // The parent: the sibling only, in Spanish; another guardian in English.
    const mine = await rowsFor(parentId, 'not_checked_in');
    expect(mine.map((n) => n.scholar_id)).toEqual([sibling.id]);
    expect(mine[0]?.message.body).toBe(
      `${sibling.name} no registró su llegada antes de las 8:30 a. m. hoy. Si ${sibling.name} está ausente, avise a la oficina, por favor.`,
    );
    const other = all.find((n) => n.user_id === otherGuardian.user_id && n.scholar_id === otherGuardian.scholar_id);
    const name = otherGuardian.nickname || otherGuardian.fname;
    expect(other?.message.title).toBe(`${name} was not checked in`);
    expect(other?.message.body).toBe(
      `${name} was not checked in by 8:30 AM today. If ${name} is absent, please let the office know.`,
    );

    // The worker pushes it to the parent's device.
    const device = await subscribe(parent);
    await keepOnly(parentId);
    const drained = await a.app.notices.drain(at(day, '08:31'));
    expect(drained.sent).toBe(1);
    const pushed = push.delivered().filter((r) => r.subscriptionId === device.id);
    expect(pushed).toHaveLength(1);
    const payload = pushed[0]?.payload as NoticePayload;
    expect(payload.kind).toBe('not_checked_in');
    expect(payload.title).toBe(`${sibling.name} no ha registrado su llegada`);
    expect(payload.url).toBe(`/scholar/arrivals?scholar=${sibling.id}`);
    expect(payload.occurred_at).toBe(at(day, '08:30').toISOString());
  });

  it('never for a scholar whose family reported the absence or a late arrival, unless they withdrew it', async () => {
    const day = '2026-03-10';
    const before = await notCheckedInGuardians(db(), day);
    expect(before.some((g) => g.scholar_id === child.id)).toBe(true);
    expect(before.some((g) => g.scholar_id === sibling.id)).toBe(true);
    const report = (scholarId: string, extra: Partial<typeof absenceReports.$inferInsert>) => ({
      id: uuidv7(),
      report_id: uuidv7(),
      scholar_id: scholarId,
      kind: 'absent' as const,
      starts_on: '2026-03-09',
      ends_on: '2026-03-11',
      reason: 'ill' as const,
      ...extra,
    });
    await db()
      .insert(absenceReports)
      .values([
        // Ill from Monday to Wednesday: not told on Tuesday.
        report(child.id, {}),
        // Said late, then withdrawn: told as any other.
        report(sibling.id, {
          kind: 'late',
          starts_on: day,
          ends_on: day,
          withdrawn_at: at(day, '07:00').toISOString(),
        }),
      ]);
    const after = await notCheckedInGuardians(db(), day);
    expect(after.some((g) => g.scholar_id === child.id)).toBe(false);
    expect(after.some((g) => g.scholar_id === sibling.id)).toBe(true);
    expect(after).toHaveLength(before.filter((g) => g.scholar_id !== child.id).length);
    await db()
      .delete(absenceReports)
      .where(inArray(absenceReports.scholar_id, [child.id, sibling.id]));
  });

  it('not on a day off, a weekend, after the school day, or when the school turns it off', async () => {
    await patchSettings({ not_checked_in_by: '08:30' });
    // The 4th is a closure of the calendar; the 7th a Saturday; the 5th after dismissal (15:30).
    expect((await a.app.noticeJobs.run(at('2026-03-04', '09:00'))).not_checked_in).toBe(0);
    expect((await a.app.noticeJobs.run(at('2026-03-07', '09:00'))).not_checked_in).toBe(0);
    expect((await a.app.noticeJobs.run(at('2026-03-05', '15:30'))).not_checked_in).toBe(0);
    // A kind the school does not send is never written.
    const every = (await patchSettings({})).notice_kinds ?? [];
    await patchSettings({ notice_kinds: every.filter((k) => k !== 'not_checked_in') });
    expect((await a.app.noticeJobs.run(at('2026-03-05', '09:00'))).not_checked_in).toBe(0);
    await patchSettings({ notice_kinds: every, not_checked_in_by: null });
    expect((await a.app.noticeJobs.run(at('2026-03-05', '09:05'))).not_checked_in).toBe(0);
    expect(await db().select().from(notices).where(eq(notices.kind, 'not_checked_in'))).toEqual([]);
    // Refused: a time that is not HH:MM.
    const res = await a.call({
      method: 'PATCH',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { not_checked_in_by: '8:30am' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('the work summary mail', () => {
  it('weekly on Friday at 16:00 by default: missing and upcoming work per child, text and HTML, no grades', async () => {
    const settings = await patchSettings({});
    expect(settings.work_summary_weekday).toBe(5);
    expect(settings.work_summary_time).toBe('16:00');
    const prefs = await a.call({ method: 'GET', url: '/api/v2/notification_preferences', token: parent });
    const mine = prefs.json<{ data: NotificationPreferences }>().data;
    expect(mine.work_summary_frequency).toBe('weekly');
    expect(mine.kinds.work_summary).toEqual({ push: false, email: true });

    expect((await a.app.noticeJobs.run(at('2026-03-06', '15:59'))).work_summary_weekly).toBe(0);
    const [ra, rb] = await Promise.all([
      a.app.noticeJobs.run(at('2026-03-06', '16:00')),
      b.app.noticeJobs.run(at('2026-03-06', '16:00')),
    ]);
    expect(ra.work_summary_weekly + rb.work_summary_weekly).toBeGreaterThan(0);
    // Later that week (another instance, a restart): nothing more.
    expect((await b.app.noticeJobs.run(at('2026-03-08', '10:00'))).work_summary_weekly).toBe(0);
    const rows = await rowsFor(parentId, 'work_summary');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message.body).toContain(`${child.name}: 1 missing, 1 due in the next 7 days.`);
    expect(rows[0]?.message.body).toContain(`${sibling.name}: 1 missing, 0 due in the next 7 days.`);

    // Even with a device subscribed, it goes by email only.
    const device = await subscribe(parent);
    await keepOnly(parentId);
    expect((await a.app.notices.drain(at('2026-03-06', '16:01'))).sent).toBe(1);
    expect(push.delivered().filter((r) => r.subscriptionId === device.id)).toHaveLength(0);
    const [sent] = await mail.waitForMails(1);
    expect(JSON.stringify(sent?.to)).toContain('parent@demo.school');
    expect(sent?.subject).toBe('Work summary for the week of Friday, March 6');
    const text = sent?.text ?? '';
    expect(text).toContain('Missing work (1)\n- Fractions worksheet (Math 7), due Wednesday, March 4 at 11:59 PM');
    expect(text).toContain('Due in the next 7 days (1)\n- Book report (Math 7), due Tuesday, March 10');
    expect(text).toContain('- Decimals quiz (Math 7), due Tuesday, March 3');
    expect(text).toContain('https://school.example.org/scholar/work/overdue?children=all');
    for (const absent of ['Lab notes', 'Long essay', '7 / 10', 'grade']) expect(text).not.toContain(absent);
    const html = String(sent?.html ?? '');
    expect(html).toContain('<li>Fractions worksheet (Math 7), due Wednesday, March 4 at 11:59 PM</li>');
    expect(html).toContain('<a href="https://school.example.org/scholar/work/overdue?children=all">');
    expect(html).not.toContain('Lab notes');
    const [logged] = await rowsFor(parentId, 'work_summary');
    expect(logged?.channel).toBe('email');
    expect(logged?.status).toBe('sent');
  });

  it('daily when the guardian chooses it, on school days, in their language', async () => {
    const res = await a.call({
      method: 'PUT',
      url: '/api/v2/notification_preferences',
      token: parent,
      payload: { work_summary_frequency: 'daily' },
    });
    expect(res.json<{ data: NotificationPreferences }>().data.work_summary_frequency).toBe('daily');
    expect(
      (
        await a.call({
          method: 'PUT',
          url: '/api/v2/notification_preferences',
          token: parent,
          payload: { work_summary_frequency: 'hourly' },
        })
      ).statusCode,
    ).toBe(422);
    await db().update(users).set({ language: 'es' }).where(eq(users.id, parentId));
    // Not on Wednesday the 4th (a day off); on Thursday the 5th at 16:00, once.
    await a.app.noticeJobs.run(at('2026-03-04', '16:30'));
    expect(await rowsFor(parentId, 'work_summary')).toEqual([]);
    await Promise.all([
      a.app.noticeJobs.run(at('2026-03-05', '16:00')),
      b.app.noticeJobs.run(at('2026-03-05', '16:00')),
    ]);
    await b.app.noticeJobs.run(at('2026-03-05', '20:00'));
    const rows = await rowsFor(parentId, 'work_summary');
    expect(rows.map((r) => r.key)).toEqual([`work_summary:daily:2026-03-05:${parentId}`]);
    await keepOnly(parentId);
    await a.app.notices.drain(at('2026-03-05', '16:01'));
    const [sent] = await mail.waitForMails(1);
    expect(sent?.subject).toBe('Resumen de tareas del jueves, 5 de marzo');
    expect(sent?.text).toContain('Tareas que faltan (1)\n- Decimals quiz (Math 7), para el martes, 3 de marzo');
    // On Thursday the worksheet (due Wednesday night) is missing, the book report coming.
    expect(sent?.text).toContain('- Fractions worksheet (Math 7), para el miércoles, 4 de marzo a las 11:59 p. m.');
    expect(String(sent?.html)).toContain('<html lang="es">');
    // A guardian who chose daily gets no weekly one.
    await a.app.noticeJobs.run(at('2026-03-13', '16:00'));
    expect((await rowsFor(parentId, 'work_summary')).map((r) => r.key).sort()).toEqual([
      `work_summary:daily:2026-03-05:${parentId}`,
      `work_summary:daily:2026-03-13:${parentId}`,
    ]);
  });
});

describe("a scholar's own work reminders", () => {
  it('off by default; once turned on, a push the evening before and one once overdue, once per item', async () => {
    const before = await a.call({ method: 'GET', url: '/api/v2/notification_preferences', token: scholar });
    const kinds = before.json<{ data: NotificationPreferences }>().data.kinds;
    expect(kinds.work_due_tomorrow).toEqual({ push: false, email: false });
    expect(kinds.work_overdue).toEqual({ push: false, email: false });
    // Off: nothing on Tuesday evening nor Thursday.
    await a.app.noticeJobs.run(at('2026-03-03', '18:00'));
    await a.app.noticeJobs.run(at('2026-03-05', '00:05'));
    expect(await rowsFor(scholarUserId, 'work_due_tomorrow')).toEqual([]);
    expect(await rowsFor(scholarUserId, 'work_overdue')).toEqual([]);

    // Tuesday evening's run is done for that day; it is forgotten here so the same evening can be run again.
    await db().delete(noticeRuns).where(eq(noticeRuns.period, '2026-03-03'));
    const on = await a.call({
      method: 'PUT',
      url: '/api/v2/notification_preferences',
      token: scholar,
      payload: {
        kinds: { work_due_tomorrow: { push: true, email: false }, work_overdue: { push: true, email: false } },
      },
    });
    expect(on.statusCode).toBe(200);
    const device = await subscribe(scholar);

    expect((await a.app.noticeJobs.run(at('2026-03-03', '17:59'))).work_due_tomorrow).toBe(0);
    const [ra, rb] = await Promise.all([
      a.app.noticeJobs.run(at('2026-03-03', '18:00')),
      b.app.noticeJobs.run(at('2026-03-03', '18:00')),
    ]);
    // The worksheet only: the lab notes due the same day are turned in.
    expect(ra.work_due_tomorrow + rb.work_due_tomorrow).toBe(1);
    expect((await b.app.noticeJobs.run(at('2026-03-03', '21:00'))).work_due_tomorrow).toBe(0);
    await keepOnly(scholarUserId);
    await a.app.notices.drain(at('2026-03-03', '18:01'));
    const first = push.delivered().filter((r) => r.subscriptionId === device.id);
    expect(first.map((r) => (r.payload as NoticePayload).body)).toEqual([
      'Fractions worksheet (Math 7) is due Wednesday, March 4 at 11:59 PM.',
    ]);
    expect((first[0]?.payload as NoticePayload | undefined)?.title).toBe('Due tomorrow: Fractions worksheet');

    // Not overdue a minute before its time; overdue after it, once whatever the number of scans and instances.
    expect((await a.app.noticeJobs.run(at('2026-03-04', '23:58'))).work_overdue).toBe(0);
    const scans = await Promise.all([
      a.app.noticeJobs.run(at('2026-03-05', '00:01')),
      b.app.noticeJobs.run(at('2026-03-05', '00:01')),
    ]);
    await a.app.noticeJobs.run(at('2026-03-05', '07:00'));
    const overdue = await rowsFor(scholarUserId, 'work_overdue');
    // The worksheet, and the sibling's quiz is not this scholar's.
    expect(overdue.map((n) => n.source_id)).toEqual([work.fractions]);
    expect(scans[0].work_overdue + scans[1].work_overdue).toBe(1);
    // Quiet hours hold it until the morning; then it goes.
    await a.call({
      method: 'PUT',
      url: '/api/v2/notification_preferences',
      token: scholar,
      payload: { quiet_hours: { start: '21:00', end: '07:00' } },
    });
    await keepOnly(scholarUserId);
    expect((await a.app.notices.drain(at('2026-03-05', '00:02'))).held).toBe(1);
    expect((await a.app.notices.drain(at('2026-03-05', '07:00'))).sent).toBe(1);
    const last = push
      .delivered()
      .filter((r) => r.subscriptionId === device.id)
      .at(-1)?.payload as NoticePayload;
    expect(last.kind).toBe('work_overdue');
    expect(last.body).toBe(
      'Fractions worksheet (Math 7) was due Wednesday, March 4 at 11:59 PM and is not turned in yet.',
    );
    expect(last.url).toBe('/scholar/work/overdue');

    // The book report (due Tuesday the 10th, without a time) is overdue from midnight; the worksheet is not told again.
    expect((await a.app.noticeJobs.run(at('2026-03-12', '09:00'))).work_overdue).toBe(1);
    expect((await rowsFor(scholarUserId, 'work_overdue')).map((n) => n.source_id).sort()).toEqual(
      [work.fractions, work.bookReport].sort(),
    );
    // An item first seen more than two days past due is never told: the essay due the 20th, scanned on the 25th.
    expect((await a.app.noticeJobs.run(at('2026-03-25', '09:00'))).work_overdue).toBe(0);
  });
});
