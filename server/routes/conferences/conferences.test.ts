/**
 * Scholar Led Conferences' API: staff make the conference days; a family signs in on the
 * day only, for their own scholar of the conference's grades, once per signer (a second sign-in answers the first);
 * a sign-in pushed twice through the outbox is one record; staff see who signed in and the span it gives; the span becomes the teacher's conference
 * timesheet record once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFERENCE_DEFAULT_BODY,
  type ConferenceRecord,
  type ConferenceSignInsResponse,
  type PortalConferencesResponse,
  type PortalScholarsResponse,
  shiftDate,
  type TimesheetRecord,
  uuidv7,
} from '../../../src/contract';
import { conferenceSignIns, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let scholar: string;
let parent: string;
let office: string;
let timekeeper: string;
let teacher: string;
let teacherId: string;
let me: string;
let myGrade: string;
let sibling: string;
let today: string;
let conference: ConferenceRecord;

const now = () => new Date().toISOString();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  s.call({ method, url: `/api/v2/${url}`, token, ...(payload ? { payload } : {}) });
const signIn = (fields: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  conference_id: conference.id,
  scholar_id: me,
  signed_at: now(),
  ...fields,
});

beforeAll(async () => {
  s = await startTestServer();
  [scholar, parent, office, timekeeper, teacher] = await Promise.all([
    s.login('scholar@demo.school'),
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('timekeeper@demo.school'),
    s.login('teacher@demo.school'),
  ]);
  const mine = (await call('GET', 'scholar/scholars', scholar)).json<PortalScholarsResponse>();
  me = mine.data[0]?.id as string;
  myGrade = mine.data[0]?.grade as string;
  today = mine.today;
  const family = (await call('GET', 'scholar/scholars', parent)).json<PortalScholarsResponse>();
  sibling = family.data.find((c) => c.id !== me)?.id as string;
  const [t] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'teacher@demo.school'));
  teacherId = t?.id as string;
});
afterAll(() => s.close());

describe('the demo school', () => {
  it("has a conference day on the seed's day, for every grade with the demo teacher, and last week's with its sign-ins", async () => {
    const days = (await call('GET', 'conferences?per_page=100', office)).json<{ data: ConferenceRecord[] }>().data;
    const fall = days.find((c) => c.title === 'Fall Scholar Led Conferences') as ConferenceRecord;
    const first = days.find((c) => c.title === 'Scholar Led Conferences: first round') as ConferenceRecord;
    expect(fall).toMatchObject({ teacher_id: teacherId, grades: [], sign_in_count: 0, body: CONFERENCE_DEFAULT_BODY });
    // The seed's day is today unless the run crossed the school's midnight since the seed.
    expect([today, shiftDate(today, -1)]).toContain(fall.held_on);
    expect(first).toMatchObject({ teacher_id: teacherId, held_on: shiftDate(fall.held_on, -7), sign_in_count: 12 });
    const signIns = (await call('GET', `conferences/${first.id}/sign_ins`, office)).json<ConferenceSignInsResponse>();
    expect(signIns.data).toHaveLength(12);
    expect(signIns.span?.minutes).toBeGreaterThan(0);
  });
});

describe('conference days (staff)', () => {
  it('the office makes one for a grade with its teacher; Staff only read; fields are checked', async () => {
    const body = {
      title: 'Test Scholar Led Conference',
      body: 'Welcome, families.\n\nPlease sign in.',
      held_on: today,
      start_time: '00:00',
      end_time: '23:59',
      minutes_per_scholar: 15,
      teacher_id: teacherId,
      grades: [myGrade],
    };
    expect((await call('POST', 'conferences', teacher, body)).statusCode).toBe(403);
    const bad = await call('POST', 'conferences', office, { ...body, end_time: '00:00', teacher_id: me });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('end_time');
    const notStaff = await call('POST', 'conferences', office, { ...body, teacher_id: me });
    expect(notStaff.json().errors.teacher_id).toBeDefined();
    const made = await call('POST', 'conferences', office, body);
    expect(made.statusCode).toBe(201);
    conference = made.json().data;
    expect(conference).toMatchObject({ teacher_name: expect.any(String), sign_in_count: 0, timesheet_id: null });
    expect((await call('GET', `conferences/${conference.id}`, teacher)).statusCode).toBe(200);
  });
});

describe("the conference's welcome in Spanish", () => {
  it('is kept with the English one, cleared when emptied, and reaches the family', async () => {
    const body = {
      title: 'Bilingual Scholar Led Conference',
      body: 'Welcome.',
      title_es: '  Conferencia bilingüe ',
      body_es: 'Bienvenidos.\n\nPor favor, regístrense.',
      held_on: today,
      start_time: '00:00',
      end_time: '23:59',
      teacher_id: teacherId,
      grades: [myGrade],
    };
    const tooLong = await call('POST', 'conferences', office, { ...body, title_es: 'x'.repeat(151) });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['title_es']);
    const made = await call('POST', 'conferences', office, body);
    expect(made.statusCode).toBe(201);
    const record = made.json<{ data: ConferenceRecord }>().data;
    expect(record).toMatchObject({
      title_es: 'Conferencia bilingüe',
      body_es: 'Bienvenidos.\n\nPor favor, regístrense.',
    });
    const sheet = (await call('GET', `scholar/conferences/${me}`, parent)).json<PortalConferencesResponse>();
    expect(sheet.data.find((c) => c.id === record.id)).toMatchObject({
      title: 'Bilingual Scholar Led Conference',
      title_es: 'Conferencia bilingüe',
      body_es: 'Bienvenidos.\n\nPor favor, regístrense.',
    });
    // A change of the English leaves the Spanish alone; an empty Spanish is no Spanish.
    const patched = await call('POST', `conferences/${record.id}`, office, { _method: 'PATCH', body: 'Welcome!' });
    expect(patched.json<{ data: ConferenceRecord }>().data).toMatchObject({ body: 'Welcome!', body_es: body.body_es });
    const cleared = await call('POST', `conferences/${record.id}`, office, {
      _method: 'PATCH',
      title_es: '',
      body_es: ' ',
    });
    expect(cleared.json<{ data: ConferenceRecord }>().data).toMatchObject({ title_es: null, body_es: null });
    expect((await call('DELETE', `conferences/${record.id}`, office)).statusCode).toBeLessThan(300);
  });

  it("the demo school's conferences carry none", async () => {
    const days = (await call('GET', 'conferences?per_page=100', office)).json<{ data: ConferenceRecord[] }>().data;
    expect(days.find((c) => c.title === 'Fall Scholar Led Conferences')).toMatchObject({ title_es: null });
  });
});

describe('the sign-in sheet (portal)', () => {
  it("shows the family today's conference of their scholar's grade", async () => {
    const sheet = (await call('GET', `scholar/conferences/${me}`, scholar)).json<PortalConferencesResponse>();
    const mine = sheet.data.find((c) => c.id === conference.id);
    expect(mine).toMatchObject({ is_today: true, sign_ins: [], body: 'Welcome, families.\n\nPlease sign in.' });
    expect((await call('GET', `scholar/conferences/${me}`, office)).statusCode).toBe(403);
  });

  it('the scholar and a parent each sign in once; not for another scholar, not on another day', async () => {
    const first = await call('POST', 'scholar/conferences/sign_ins', scholar, signIn());
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ signer_type: 'student', scholar_id: me });
    // A second sign-in the same day (another tap, another phone) is the first answered again: no error, no new row.
    const twice = await call('POST', 'scholar/conferences/sign_ins', scholar, signIn());
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toEqual(first.json().data);
    const mine = await s.database.db
      .select()
      .from(conferenceSignIns)
      .where(eq(conferenceSignIns.signed_by, await signerId('scholar@demo.school')));
    expect(mine.map((r) => r.id)).toEqual([first.json().data.id]);
    const byParent = await call('POST', 'scholar/conferences/sign_ins', parent, signIn());
    expect(byParent.json().data.signer_type).toBe('parent');
    expect(
      (await call('POST', 'scholar/conferences/sign_ins', scholar, signIn({ scholar_id: sibling }))).statusCode,
    ).toBe(404);
    const otherDay = await call(
      'POST',
      'scholar/conferences/sign_ins',
      parent,
      signIn({ signed_at: `${shiftDate(today, -2)}T18:00:00Z` }),
    );
    expect(otherDay.statusCode).toBe(422);
    expect(otherDay.json().errors.signed_at).toBeDefined();
  });

  it("on the scholar's phone the parent of the parent login signs, found from the scholar's session", async () => {
    await s.database.db.delete(conferenceSignIns).where(eq(conferenceSignIns.conference_id, conference.id));
    const phone = await s.login('scholar@demo.school');
    // Without a parent signed in on this phone the phone's word alone is refused.
    const alone = await call('POST', 'scholar/conferences/sign_ins', phone, signIn({ by_parent_login: true }));
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors.by_parent_login).toBeDefined();
    const login = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login-parent',
      token: phone,
      payload: { email: 'parent@demo.school', password: 'demo' },
    });
    expect(login.statusCode).toBe(200);
    const byParent = await call('POST', 'scholar/conferences/sign_ins', phone, signIn({ by_parent_login: true }));
    expect(byParent.statusCode).toBe(201);
    expect(byParent.json().data).toMatchObject({
      signer_type: 'parent',
      signed_by: await signerId('parent@demo.school'),
      scholar_id: me,
    });
    // The scholar's own sign-in on the same phone is still the scholar's.
    const own = await call('POST', 'scholar/conferences/sign_ins', phone, signIn());
    expect(own.json().data).toMatchObject({ signer_type: 'student', signed_by: await signerId('scholar@demo.school') });
    const sheet = (await call('GET', `scholar/conferences/${me}`, phone)).json<PortalConferencesResponse>();
    const types = sheet.data.find((c) => c.id === conference.id)?.sign_ins.map((x) => x.signer_type);
    expect(types?.sort()).toEqual(['parent', 'student']);
  });

  it('through the outbox: the same batch delivered twice is one record', async () => {
    await s.database.db
      .delete(conferenceSignIns)
      .where(eq(conferenceSignIns.signed_by, await signerId('parent@demo.school')));
    const item = {
      id: uuidv7(),
      resource: 'conference_sign_ins',
      action: 'create',
      data: signIn(),
      recorded_at: now(),
    };
    const push = () =>
      call('POST', 'sync/push', parent, { device_id: 'family-phone', items: [item] } as unknown as Record<
        string,
        unknown
      >);
    expect((await push()).json().results[0].status).toBe('applied');
    expect((await push()).json().results[0].status).toBe('duplicate');
    const rows = await s.database.db.select().from(conferenceSignIns).where(eq(conferenceSignIns.id, item.data.id));
    expect(rows).toHaveLength(1);
    // The same signer's second sign-in from another phone's outbox, beside a refused one in the same batch: answered
    // as a duplicate with the first sign-in (the phone counts it sent, nothing for "needs attention"), the other
    // refused on its own.
    const again = { ...item, id: uuidv7(), data: signIn() };
    const wrongDay = { ...item, id: uuidv7(), data: signIn({ signed_at: `${shiftDate(today, -2)}T18:00:00Z` }) };
    const second = await call('POST', 'sync/push', parent, {
      device_id: 'second-phone',
      items: [again, wrongDay],
    } as unknown as Record<string, unknown>);
    const [dup, refused] = second.json().results;
    expect(dup).toMatchObject({ id: again.id, status: 'duplicate', record: { id: item.data.id } });
    expect(refused).toMatchObject({ id: wrongDay.id, status: 'rejected' });
    // That second phone did not get the answer and sends the same entry again: the same answer, not a conflict.
    const resent = await call('POST', 'sync/push', parent, {
      device_id: 'second-phone',
      items: [again],
    } as unknown as Record<string, unknown>);
    expect(resent.json().results[0]).toMatchObject({ id: again.id, status: 'duplicate', record: { id: item.data.id } });
    const parentRows = await s.database.db
      .select()
      .from(conferenceSignIns)
      .where(eq(conferenceSignIns.signed_by, await signerId('parent@demo.school')));
    expect(parentRows.map((r) => r.id)).toEqual([item.data.id]);
    const staff = await call('POST', 'sync/push', office, {
      device_id: 'desk',
      items: [{ ...item, id: uuidv7(), data: signIn() }],
    } as unknown as Record<string, unknown>);
    expect(staff.json().results[0].status).toBe('rejected');
  });
});

async function signerId(email: string): Promise<string> {
  const [u] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u?.id as string;
}

describe("who signed in, and the teacher's conference time", () => {
  it('staff see the sign-ins and their span', async () => {
    const res = (await call('GET', `conferences/${conference.id}/sign_ins`, teacher)).json<ConferenceSignInsResponse>();
    expect(res.data.map((d) => d.signer_type).sort()).toEqual(['parent', 'student']);
    const first = Date.parse(res.data[0]?.signed_at as string);
    const last = Date.parse(res.data.at(-1)?.signed_at as string);
    expect(Date.parse(res.span?.started_at as string)).toBe(first);
    expect(Date.parse(res.span?.ended_at as string)).toBe(last + 15 * 60_000);
  });

  it("records the span as the teacher's conference timesheet once; only who may write others' timesheets (a timekeeper)", async () => {
    expect((await call('POST', `conferences/${conference.id}/timesheet`, office)).statusCode).toBe(403);
    expect((await call('POST', `conferences/${conference.id}/timesheet`, teacher)).statusCode).toBe(403);
    const done = await call('POST', `conferences/${conference.id}/timesheet`, timekeeper);
    expect(done.statusCode).toBe(200);
    const timesheetId = done.json().data.timesheet_id as string;
    const record = (await call('GET', `timesheets/${timesheetId}`, timekeeper)).json<{ data: TimesheetRecord }>().data;
    expect(record).toMatchObject({ user_id: teacherId, category: 'conference' });
    expect(Date.parse(record.started_at)).toBe(Date.parse(done.json().span.started_at));
    expect((await call('POST', `conferences/${conference.id}/timesheet`, timekeeper)).statusCode).toBe(409);
  });
});
