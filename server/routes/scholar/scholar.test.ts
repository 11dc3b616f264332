/**
 * The Scholar Portal's API: every answer scoped to the signed-in scholar or the parent's own scholars (a
 * scholar outside the scope answers 404, staff 403), the demo family's content, the content staff manage and what it
 * changes in the portal, the portal's settings, and the parent's sign-in inside a scholar's session.
 */
import { and, desc, eq, gte, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isoWeekday,
  PARENT_MESSAGES,
  type PortalCalendarResponse,
  type PortalConferencesResponse,
  type PortalHomeResponse,
  type PortalScholar,
  type PortalScholarsResponse,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import { hashPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import { loadConfig } from '../../config';
import { auditEvents, demographics, guardianships, schoolNonWorkDays, users } from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let scholarToken: string;
let parentToken: string;
let office: string;
let teacher: string;
let me: PortalScholar;
let sibling: PortalScholar;
let stranger: string;
let today: string;
/** The test server's time zone (the default of the configuration). */
const TZ = loadConfig({}).SCHOOL_TIMEZONE;

const get = async (url: string, token: string) => s.call({ method: 'GET', url: `/api/v2/${url}`, token });
const json = async <T>(url: string, token: string): Promise<T> => {
  const res = await get(url, token);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
};
/** The next Monday on or after a date. */
const nextMonday = (date: string) => shiftDate(date, (8 - isoWeekday(date)) % 7);

beforeAll(async () => {
  s = await startTestServer();
  [scholarToken, parentToken, office, teacher] = await Promise.all([
    s.login('scholar@demo.school'),
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
  ]);
  const mine = await json<PortalScholarsResponse>('scholar/scholars', scholarToken);
  me = mine.data[0] as PortalScholar;
  today = mine.today;
  const family = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
  sibling = family.data.find((c) => c.id !== me.id) as PortalScholar;
  const [other] = await s.database.db
    .select({ id: demographics.id })
    .from(demographics)
    .where(and(ne(demographics.id, me.id), ne(demographics.id, sibling.id)))
    .limit(1);
  stranger = other?.id as string;
});
afterAll(() => s.close());

describe('whose portal', () => {
  it('a scholar reads only themselves; a parent each of their children', async () => {
    const mine = await json<PortalScholarsResponse>('scholar/scholars', scholarToken);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).not.toHaveProperty('badge_code');
    expect(mine.settings.resource_prefix).toBe('Demo School');
    expect(mine.settings.week_starts_on).toBe(0);
    const family = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
    expect(family.data.map((c) => c.id).sort()).toEqual([me.id, sibling.id].sort());
    expect(family.data.every((c) => c.relationship)).toBe(true);
  });

  it('every scholar route: the own scholar answers, a sibling or another scholar 404, staff 403', async () => {
    const paths = ['home', 'meetings', 'schedule', 'resources', 'arrivals', 'badge'];
    for (const path of paths) {
      expect((await get(`scholar/scholars/${me.id}/${path}`, scholarToken)).statusCode, path).toBe(200);
      expect((await get(`scholar/scholars/${sibling.id}/${path}`, scholarToken)).statusCode, path).toBe(404);
      expect((await get(`scholar/scholars/${stranger}/${path}`, scholarToken)).statusCode, path).toBe(404);
      expect((await get(`scholar/scholars/${sibling.id}/${path}`, parentToken)).statusCode, path).toBe(200);
      expect((await get(`scholar/scholars/${stranger}/${path}`, parentToken)).statusCode, path).toBe(404);
      expect((await get(`scholar/scholars/${me.id}/${path}`, office)).statusCode, path).toBe(403);
    }
    expect((await get('scholar/calendar', teacher)).statusCode).toBe(403);
    expect((await get('scholar/scholars', office)).statusCode).toBe(403);
  });

  it("another family's parent sees only their own children", async () => {
    const [other] = await s.database.db
      .select()
      .from(guardianships)
      .where(and(ne(guardianships.scholar_id, me.id), ne(guardianships.scholar_id, sibling.id)))
      .limit(1);
    const token = await createSession(s.database.db, other?.parent_id as string, 'password', 1);
    const theirs = await json<PortalScholarsResponse>('scholar/scholars', token);
    expect(theirs.data.map((c) => c.id)).toContain(other?.scholar_id);
    expect(theirs.data.map((c) => c.id)).not.toContain(me.id);
    expect((await get(`scholar/scholars/${me.id}/home`, token)).statusCode).toBe(404);
  });
});

describe('the demo family', () => {
  it("home on a Monday: the grade's classes, the day's meetings, announcements", async () => {
    const monday = nextMonday(shiftDate(today, 1));
    const home = await json<PortalHomeResponse>(`scholar/scholars/${me.id}/home?date=${monday}`, scholarToken);
    expect(home.date).toBe(monday);
    expect(home.classes.map((c) => c.name)).toContain(`Math ${me.grade}`);
    expect(home.classes.every((c) => c.weekday === 1)).toBe(true);
    expect(home.announcements.map((a) => a.title)).toContain('Bring your Chromebook charged');
    expect(home.arrival).toBeNull();
    const todayHome = await json<PortalHomeResponse>(`scholar/scholars/${me.id}/home`, scholarToken);
    expect(todayHome.announcements.map((a) => a.title)).toContain(`Grade ${me.grade} field trip`);
    expect(todayHome.announcements.map((a) => a.title)).not.toContain(`Grade ${sibling.grade} field trip`);
  });

  it('the schedule: grade classes Monday to Friday, and the elective only the demo scholar is enrolled in', async () => {
    const mine = await json<{ data: { name: string; weekday: number }[] }>(
      `scholar/scholars/${me.id}/schedule`,
      scholarToken,
    );
    expect(mine.data.filter((c) => c.name === `Science ${me.grade}`).map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(mine.data.filter((c) => c.name === 'Robotics Club').map((c) => c.weekday)).toEqual([2, 4]);
    const theirs = await json<{ data: { name: string }[] }>(`scholar/scholars/${sibling.id}/schedule`, parentToken);
    expect(theirs.data.some((c) => c.name === 'Robotics Club')).toBe(false);
    expect(theirs.data.some((c) => c.name.startsWith('Math'))).toBe(true);
  });

  it("this week's meetings: everyone's advisory and the scholar's own grade's", async () => {
    const monday = nextMonday(shiftDate(today, 1));
    const week = await json<{ from: string; to: string; data: { title: string }[] }>(
      `scholar/scholars/${me.id}/meetings?from=${monday}&to=${shiftDate(monday, 6)}`,
      scholarToken,
    );
    expect(week.from).toBe(monday);
    const titles = week.data.map((m) => m.title);
    if (titles.length) {
      expect(titles).toContain('Advisory');
      expect(titles.filter((t) => t.startsWith('Grade ')).every((t) => t.startsWith(`Grade ${me.grade} `))).toBe(true);
    }
    const bad = await get(
      `scholar/scholars/${me.id}/meetings?from=${monday}&to=${shiftDate(monday, 90)}`,
      scholarToken,
    );
    expect(bad.statusCode).toBe(422);
  });

  it('the calendar: the month around today with all-day and timed events; ranges over 62 days refused', async () => {
    const cal = await json<PortalCalendarResponse>(
      `scholar/calendar?from=${shiftDate(today, -3)}&to=${shiftDate(today, 20)}`,
      scholarToken,
    );
    // The seed's event fields, and only what the portal shows.
    expect(Object.keys(cal.data[0] ?? {}).sort()).toEqual(
      ['allDay', 'closure', 'color', 'description', 'end', 'id', 'start', 'title'].sort(),
    );
    expect(cal.data.find((e) => e.title === 'Picture Day')?.allDay).toBe(true);
    // The conference day is the conference page's record: the same date and hours, one entry.
    const page = await json<PortalConferencesResponse>(`scholar/conferences/${me.id}`, scholarToken);
    const fall = page.data.find((c) => c.title === 'Fall Scholar Led Conferences');
    expect(fall).toBeDefined();
    const onCalendar = cal.data.filter((e) => e.title === fall?.title);
    expect(onCalendar).toEqual([
      expect.objectContaining({
        id: fall?.id,
        allDay: false,
        start: new Date(zonedInstant(fall?.held_on as string, fall?.start_time as string, TZ)).toISOString(),
        end: new Date(zonedInstant(fall?.held_on as string, fall?.end_time as string, TZ)).toISOString(),
      }),
    ]);
    expect(cal.data.filter((e) => /Conferences/.test(e.title) && e.id !== fall?.id)).toEqual([]);
    expect((await get(`scholar/calendar?from=${today}&to=${shiftDate(today, 70)}`, parentToken)).statusCode).toBe(422);
  });

  it("the calendar shows the school calendar's closures, each once, from Edit Days Off", async () => {
    // A closure entered once, as a timekeeper does in Edit Days Off, clear of the demo's own.
    const first = shiftDate(today, 30);
    const last = shiftDate(first, 11);
    // The demo's own closures leave the whole span asked for below (to three days past the break): a holiday
    // there (Martin Luther King Jr. Day when the run is in early December) would be a second closure.
    const asked = shiftDate(last, 3);
    await s.database.db
      .delete(schoolNonWorkDays)
      .where(and(lte(schoolNonWorkDays.starts_on, asked), gte(schoolNonWorkDays.ends_on, first)));
    const id = uuidv7();
    await s.database.db
      .insert(schoolNonWorkDays)
      .values({ id, name: 'Long break', kind: 'break', starts_on: first, ends_on: last });
    const cal = await json<PortalCalendarResponse>(`scholar/calendar?from=${first}&to=${asked}`, scholarToken);
    const closures = cal.data.filter((e) => e.closure);
    expect(closures).toEqual([
      {
        id,
        title: 'Long break',
        description: null,
        start: new Date(zonedInstant(first, '00:00', TZ)).toISOString(),
        end: new Date(zonedInstant(shiftDate(last, 1), '00:00', TZ)).toISOString(),
        allDay: true,
        color: 'red',
        closure: true,
      },
    ]);
    // The calendar's own events carry no copy of it.
    expect(cal.data.filter((e) => e.title.includes('Long break'))).toHaveLength(1);
    expect(cal.data.every((e) => e.closure || !/no school/i.test(e.title))).toBe(true);
  });

  it('resources and library are apart, by subject; arrivals of the month say late with the reason', async () => {
    const res = await json<{ data: { kind: string; subject: string }[] }>(
      `scholar/scholars/${me.id}/resources`,
      scholarToken,
    );
    expect(res.data.length).toBeGreaterThan(3);
    expect(res.data.every((r) => r.kind === 'resources')).toBe(true);
    const lib = await json<{ data: { kind: string }[] }>(
      `scholar/scholars/${me.id}/resources?kind=library`,
      scholarToken,
    );
    expect(lib.data.every((r) => r.kind === 'library')).toBe(true);
    const arrivals = await json<{
      month: string;
      data: { late: boolean; reason: string | null; school_day: string }[];
    }>(`scholar/scholars/${me.id}/arrivals`, scholarToken);
    expect(arrivals.month).toBe(today.slice(0, 7));
    for (const a of arrivals.data) {
      expect(a.school_day < today).toBe(true);
      expect(a.late ? Boolean(a.reason) : a.reason === null).toBe(true);
    }
    expect((await get(`scholar/scholars/${me.id}/arrivals?month=2026-13`, scholarToken)).statusCode).toBe(422);
  });

  it("the badge is the scholar's QR text, the same the kiosk looks up", async () => {
    const badge = await json<{ code: string; name: string }>(`scholar/scholars/${me.id}/badge`, scholarToken);
    const [row] = await s.database.db.select().from(demographics).where(eq(demographics.id, me.id));
    expect(badge.code).toBe(row?.badge_code);
    const kiosk = await get(`demographics/by_badge/${encodeURIComponent(badge.code)}`, office);
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.json().data.id).toBe(me.id);
  });
});

describe('content managed by staff', () => {
  it('an announcement for one grade reaches that grade only; Staff may read but not write', async () => {
    const body = { title: 'Grade news', body: 'Only for one grade.', grades: [sibling.grade], starts_on: today };
    expect(
      (await s.call({ method: 'POST', url: '/api/v2/portal_content/announcements', token: teacher, payload: body }))
        .statusCode,
    ).toBe(403);
    expect((await get('portal_content/announcements', teacher)).statusCode).toBe(200);
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/announcements',
      token: office,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const titles = async (id: string) =>
      (await json<PortalHomeResponse>(`scholar/scholars/${id}/home`, parentToken)).announcements.map((a) => a.title);
    expect(await titles(sibling.id)).toContain('Grade news');
    if (sibling.grade !== me.grade) expect(await titles(me.id)).not.toContain('Grade news');
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/announcements',
      token: office,
      payload: { ...body, ends_on: shiftDate(today, -1) },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['ends_on']);
  });

  it('an announcement may carry its Spanish, which the family receives beside the English', async () => {
    const body = {
      title: 'Picture day',
      body: 'Wear your uniform.',
      title_es: 'Día de fotos',
      body_es: 'Vengan con uniforme.',
      grades: [],
      starts_on: today,
    };
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/announcements',
      token: office,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data as { id: string };
    expect(created.json().data).toMatchObject({ title_es: 'Día de fotos', body_es: 'Vengan con uniforme.' });
    const home = await json<PortalHomeResponse>(`scholar/scholars/${me.id}/home`, parentToken);
    expect(home.announcements.find((a) => a.id === id)).toMatchObject({
      title: 'Picture day',
      body: 'Wear your uniform.',
      title_es: 'Día de fotos',
      body_es: 'Vengan con uniforme.',
    });
    const cleared = await s.call({
      method: 'POST',
      url: `/api/v2/portal_content/announcements/${id}`,
      token: office,
      payload: { _method: 'PATCH', body_es: '' },
    });
    expect(cleared.json().data).toMatchObject({ title_es: 'Día de fotos', body_es: null });
    const unsafe = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/announcements',
      token: office,
      payload: { ...body, body_es: 'a\u0000b' },
    });
    expect(unsafe.statusCode).toBe(422);
    expect(Object.keys(unsafe.json().errors)).toEqual(['body_es']);
    await s.call({ method: 'DELETE', url: `/api/v2/portal_content/announcements/${id}`, token: office });
  });

  it('meetings and events refuse an end before the start, on create and on update', async () => {
    const start = `${shiftDate(today, 1)}T16:00:00-08:00`;
    const end = `${shiftDate(today, 1)}T17:00:00-08:00`;
    for (const url of ['group_meetings', 'calendar_events']) {
      const bad = await s.call({
        method: 'POST',
        url: `/api/v2/portal_content/${url}`,
        token: office,
        payload: { title: 'Backwards', starts_at: end, ends_at: start },
      });
      expect(bad.statusCode, url).toBe(422);
      const made = await s.call({
        method: 'POST',
        url: `/api/v2/portal_content/${url}`,
        token: office,
        payload: { title: 'Forwards', starts_at: start, ends_at: end },
      });
      expect(made.statusCode, url).toBe(201);
      const moved = await s.call({
        method: 'POST',
        url: `/api/v2/portal_content/${url}/${made.json().data.id}`,
        token: office,
        payload: { _method: 'PATCH', starts_at: `${shiftDate(today, 1)}T18:00:00-08:00` },
      });
      expect(moved.statusCode, url).toBe(422);
      expect(Object.keys(moved.json().errors), url).toEqual(['ends_at']);
    }
  });

  it('the lists filter meetings and events by school days, resources by kind, and refuse a bad date', async () => {
    const made = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/group_meetings',
      token: office,
      payload: { title: 'Filter check', starts_at: '2031-05-06T10:00:00-07:00', ends_at: '2031-05-06T11:00:00-07:00' },
    });
    expect(made.statusCode).toBe(201);
    const titles = async (from: string, to: string) =>
      (
        await json<{ data: { title: string }[] }>(
          `portal_content/group_meetings?filter[from]=${from}&filter[to]=${to}&per_page=500`,
          office,
        )
      ).data.map((m) => m.title);
    expect(await titles('2031-05-05', '2031-05-09')).toEqual(['Filter check']);
    expect(await titles('2031-05-07', '2031-05-09')).toEqual([]);
    expect(await titles('2031-05-01', '2031-05-05')).toEqual([]);
    const library = await json<{ data: { kind: string }[] }>('portal_content/resources?filter[kind]=library', teacher);
    expect(library.data.length).toBeGreaterThan(0);
    expect(library.data.every((r) => r.kind === 'library')).toBe(true);
    expect((await get('portal_content/calendar_events?filter[from]=2026-02-30', office)).statusCode).toBe(422);
    expect((await get('portal_content/resources?filter[kind]=books', office)).statusCode).toBe(422);
  });

  it("a class for the scholar's grade joins the schedule; deleted, it leaves", async () => {
    const made = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/courses',
      token: office,
      payload: {
        name: 'Art studio',
        grades: [me.grade],
        sessions: [{ weekday: 6, start_time: '09:00', end_time: '11:00' }],
      },
    });
    expect(made.statusCode).toBe(201);
    const names = async () =>
      (await json<{ data: { name: string }[] }>(`scholar/scholars/${me.id}/schedule`, scholarToken)).data.map(
        (c) => c.name,
      );
    expect(await names()).toContain('Art studio');
    const gone = await s.call({
      method: 'DELETE',
      url: `/api/v2/portal_content/courses/${made.json().data.id}`,
      token: office,
    });
    expect(gone.statusCode).toBe(200);
    expect(await names()).not.toContain('Art studio');
  });

  it("the portal's settings: the office switches entries off and the week's first day; Staff may not", async () => {
    const change = { week_starts_on: 1, portal_entries_off: ['library'], help_contact: 'help@demo.school' };
    expect(
      (await s.call({ method: 'POST', url: '/api/v2/portal_content/settings', token: teacher, payload: change }))
        .statusCode,
    ).toBe(403);
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/settings',
      token: office,
      payload: { week_starts_on: 9 },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await s.call({ method: 'POST', url: '/api/v2/portal_content/settings', token: office, payload: change });
    expect(ok.statusCode).toBe(200);
    const portal = await json<PortalScholarsResponse>('scholar/scholars', scholarToken);
    expect(portal.settings).toMatchObject(change);
    expect((await s.call({ method: 'GET', url: '/api/v2/config' })).json().help_contact).toBe('help@demo.school');
    await s.call({
      method: 'POST',
      url: '/api/v2/portal_content/settings',
      token: office,
      payload: { week_starts_on: 0, portal_entries_off: [], help_contact: null },
    });
  });

  it("the school's words per language: kept without the empty ones, read by families, audited; the topic stays", async () => {
    const post = (token: string, payload: Record<string, unknown>) =>
      s.call({ method: 'POST', url: '/api/v2/portal_content/settings', token, payload });
    const terms = { en: { autowork: ' Practice Work ' }, es: { autowork: 'Trabajo de práctica' } };
    expect((await post(teacher, { terms })).statusCode).toBe(403);
    const tooLong = await post(office, { terms: { es: { autowork: 'x'.repeat(61) } } });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['terms.es.autowork']);

    const before = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
    expect(before.settings.terms).toEqual({});
    const saved = await post(office, { terms });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.terms).toEqual({
      en: { autowork: 'Practice Work' },
      es: { autowork: 'Trabajo de práctica' },
    });
    const portal = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
    expect(portal.settings.terms).toEqual(saved.json().data.terms);
    // The Classroom topic that marks the work is another setting, left as it was.
    const work = await json<{ data: { autowork_topic: string } }>('portal_content/work_settings', office);
    expect(work.data.autowork_topic).toBe('AutoWork');

    // Another change without `terms` keeps them; an empty word goes back to the app's own.
    await post(office, { week_starts_on: 0 });
    const cleared = await post(office, { terms: { en: { autowork: '' }, es: { autowork: 'Trabajo de práctica' } } });
    expect(cleared.json().data.terms).toEqual({ es: { autowork: 'Trabajo de práctica' } });
    const [row] = await s.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource, 'school_settings'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(row?.changes).toMatchObject({ terms: { es: { autowork: 'Trabajo de práctica' } } });
    await post(office, { terms: {} });
  });

  it("the reasons' Spanish wording: set with the school's settings, read by stations and families", async () => {
    const admin = await s.login('admin@demo.school');
    const patch = (payload: Record<string, unknown>, token = admin) =>
      s.call({ method: 'POST', url: '/api/v2/school_settings', token, payload: { _method: 'PATCH', ...payload } });
    const wording = { Overslept: 'Me quedé dormido', Weather: '' };
    expect((await patch({ reasons_es: wording }, office)).statusCode).toBe(403);
    const bad = await patch({ reasons_es: { Overslept: 'x'.repeat(101) } });
    expect(bad.statusCode).toBe(422);
    const saved = await patch({ reasons_es: wording });
    expect(saved.statusCode).toBe(200);
    // An empty wording is none.
    expect(saved.json().data.reasons_es).toEqual({ Overslept: 'Me quedé dormido' });
    const station = (await get('school_settings', teacher)).json().data;
    expect(station.reasons_es).toEqual({ Overslept: 'Me quedé dormido' });
    const portal = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
    expect(portal.settings.reasons_es).toEqual({ Overslept: 'Me quedé dormido' });
    await patch({ reasons_es: {} });
  });
});

describe("a parent inside a scholar's session", () => {
  const parentLogin = (token?: string, email = 'parent@demo.school') =>
    s.call({ method: 'POST', url: '/api/v2/auth/login-parent', token, payload: { email, password: 'demo' } });
  const check = async (token: string) => (await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode;

  it('the guardian signs in for the scholar; logout-parent ends only the parent', async () => {
    const scholar = await s.login('scholar@demo.school');
    const res = await parentLogin(scholar);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.type).toBe('parent');
    expect(res.json().scholar_id).toBe(me.id);
    const parent = res.json().token as string;
    // The scholar's own token cannot end the scholar's session through logout-parent.
    const wrong = await s.call({ method: 'POST', url: '/api/v2/auth/logout-parent', token: scholar });
    expect(wrong.statusCode).toBe(409);
    expect(await check(scholar)).toBe(200);
    expect((await s.call({ method: 'POST', url: '/api/v2/auth/logout-parent', token: parent })).statusCode).toBe(200);
    expect(await check(parent)).toBe(401);
    expect(await check(scholar)).toBe(200);
  });

  it("someone who is not the scholar's guardian is refused; the co-session ends with the scholar's", async () => {
    const scholar = await s.login('scholar@demo.school');
    const staff = await parentLogin(scholar, 'office@demo.school');
    expect(staff.statusCode).toBe(401);
    const [other] = await s.database.db
      .select({ id: guardianships.parent_id })
      .from(guardianships)
      .where(ne(guardianships.scholar_id, me.id))
      .limit(1);
    // Another family's parent, with a password for this test: right credentials, wrong scholar.
    await s.database.db
      .update(users)
      .set({ password_hash: await hashPassword('demo') })
      .where(eq(users.id, other?.id as string));
    const [them] = await s.database.db
      .select()
      .from(users)
      .where(eq(users.id, other?.id as string));
    const stranger = await parentLogin(scholar, them?.email);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(PARENT_MESSAGES.notGuardian);
    const parent = (await parentLogin(scholar)).json().token as string;
    expect(await check(parent)).toBe(200);
    await s.call({ method: 'POST', url: '/api/v2/auth/logout', token: scholar });
    expect(await check(scholar)).toBe(401);
    expect(await check(parent)).toBe(401);
  });

  it('a parent signed in on their own (no scholar session) gets no scholar_id', async () => {
    const res = await parentLogin();
    expect(res.statusCode).toBe(200);
    expect(res.json().scholar_id).toBeUndefined();
  });
});
