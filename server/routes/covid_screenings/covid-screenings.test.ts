/**
 * COVID Screening's API: off until the school turns it on; an answer scoped to the caller's
 * scholars, its outcome worked out on the server (stay home, cleared, the notice when no negative test is on file,
 * remote); the entrance's day list and negative tests for staff; the same answer pushed twice through the outbox is
 * one record; answers past the school's retention days are deleted.
 */
import { and, eq, lt, max, ne } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CovidScreeningRecord,
  type PortalScholarsResponse,
  type PortalScreeningResponse,
  type ScreeningDayResponse,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import { covidNegativeTests, covidScreenings, demographics, schoolNonWorkDays, schoolSettings } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';
import { deleteExpiredScreenings, scheduleRetention } from './index';

let s: TestServer;
let scholar: string;
let parent: string;
let office: string;
let teacher: string;
let cafeteria: string;
let me: string;
let sibling: string;
let stranger: string;
let today: string;
/** The school day an answer given now is for (today during the school day, else the next school day). */
let answersFor: string;
let demoDay: ScreeningDayResponse;
let demoSwitch: unknown;

const now = () => new Date().toISOString();
const clear = { kind: 'screening', symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false };
const answer = (scholarId: string, fields: Record<string, unknown> = clear) => ({
  id: uuidv7(),
  scholar_id: scholarId,
  answered_at: now(),
  ...fields,
});
const post = (token: string, payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: '/api/v2/scholar/covid_screening', token, payload });
const setEnabled = (enabled: boolean, retention_days?: number) =>
  s.call({
    method: 'POST',
    url: '/api/v2/covid_screenings/settings',
    token: office,
    payload: { enabled, ...(retention_days ? { retention_days } : {}) },
  });
const push = (token: string, items: Record<string, unknown>[]) =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: 'family-phone', items } });
const pushItem = (data: Record<string, unknown>) => ({
  id: uuidv7(),
  resource: 'covid_screenings',
  action: 'create',
  data,
  recorded_at: now(),
});

beforeAll(async () => {
  s = await startTestServer();
  [scholar, parent, office, teacher, cafeteria] = await Promise.all([
    s.login('scholar@demo.school'),
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
  const family = (
    await s.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: parent })
  ).json<PortalScholarsResponse>();
  const mine = (
    await s.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: scholar })
  ).json<PortalScholarsResponse>();
  me = mine.data[0]?.id as string;
  sibling = family.data.find((c) => c.id !== me)?.id as string;
  today = mine.today;
  answersFor = (
    await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${me}`, token: scholar })
  ).json<PortalScreeningResponse>().school_day;
  const [other] = await s.database.db
    .select({ id: demographics.id })
    .from(demographics)
    .where(and(ne(demographics.id, me), ne(demographics.id, sibling)))
    .limit(1);
  stranger = other?.id as string;
  // The demo seed's day of screenings (the newest day it wrote; today unless the run crossed the school's midnight),
  // read as the entrance shows it before this test starts from none.
  const [newest] = await s.database.db.select({ day: max(covidScreenings.school_day) }).from(covidScreenings);
  demoDay = (
    await s.call({
      method: 'GET',
      url: `/api/v2/covid_screenings?date=${newest?.day}&per_page=200`,
      token: office,
    })
  ).json<ScreeningDayResponse>();
  demoSwitch = (await s.call({ method: 'GET', url: '/api/v2/covid_screenings/settings', token: office })).json();
  // The demo seed's day of screenings is not this test's: start from none.
  await s.database.db.delete(covidScreenings);
  await s.database.db.delete(covidNegativeTests);
});
afterAll(() => s.close());

describe('the demo school', () => {
  it('screens, with a day of answers: cleared, stay home, remote, no negative test on file, a negative test recorded', () => {
    expect(demoSwitch).toEqual({ data: { enabled: true, retention_days: 14 } });
    expect(demoDay.meta.total).toBe(42);
    expect(demoDay.data).toHaveLength(42);
    for (const outcome of ['cleared', 'stay_home', 'remote', 'no_negative_test'] as const) {
      expect(demoDay.meta.counts[outcome] ?? 0).toBeGreaterThan(0);
    }
    const counted = Object.values(demoDay.meta.counts).reduce((a, b) => a + b, 0);
    expect(counted).toBe(42);
    // Told to stay home the day before: one cleared by the negative test recorded, one waiting for theirs.
    const tested = demoDay.data.filter((r) => r.negative_test_on !== null);
    expect(tested).toHaveLength(1);
    expect(tested[0]?.screening.outcome).toBe('cleared');
    // The family the visitor signs in as has answered nothing yet.
    expect(demoDay.data.map((r) => r.scholar_id)).not.toContain(me);
    expect(demoDay.data.map((r) => r.scholar_id)).not.toContain(sibling);
  });
});

describe('the school switch', () => {
  it('is off by default: the portal says so and an answer is refused', async () => {
    // A new school's settings row starts with it off (the demo school turns it on for its day of screenings).
    expect(schoolSettings.covid_screening_enabled.default).toBe(false);
    expect(schoolSettings.covid_screening_retention_days.default).toBe(14);
    await setEnabled(false);
    const state = (
      await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${me}`, token: scholar })
    ).json<PortalScreeningResponse>();
    expect(state.enabled).toBe(false);
    const portal = (
      await s.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: scholar })
    ).json<PortalScholarsResponse>();
    expect(portal.settings.covid_screening).toBe(false);
    const res = await post(scholar, answer(me));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.kind).toBeDefined();
  });

  it('the office turns it on and sets the days kept; Staff may not', async () => {
    const refused = await s.call({
      method: 'POST',
      url: '/api/v2/covid_screenings/settings',
      token: teacher,
      payload: { enabled: true },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/covid_screenings/settings',
      token: office,
      payload: { retention_days: 0 },
    });
    expect(bad.statusCode).toBe(422);
    const ok = await setEnabled(true, 14);
    expect(ok.json().data).toEqual({ enabled: true, retention_days: 14 });
    const portal = (
      await s.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: scholar })
    ).json<PortalScholarsResponse>();
    expect(portal.settings.covid_screening).toBe(true);
  });
});

describe('answers and outcomes', () => {
  it('a scholar answers for themselves, a parent for each child; nobody for another scholar', async () => {
    expect((await post(scholar, answer(me))).statusCode).toBe(201);
    expect((await post(scholar, answer(sibling))).statusCode).toBe(404);
    expect((await post(parent, answer(sibling))).statusCode).toBe(201);
    expect((await post(parent, answer(stranger))).statusCode).toBe(404);
    expect(
      (await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${stranger}`, token: parent })).statusCode,
    ).toBe(404);
    expect((await post(office, answer(me))).statusCode).toBe(403);
  });

  it('any symptom, a contact or a sick household member: stay home; nothing: cleared; remote: acknowledged', async () => {
    const outcome = async (fields: Record<string, unknown>) =>
      (await post(scholar, answer(me, fields))).json<{ data: CovidScreeningRecord }>().data.outcome;
    expect(await outcome(clear)).toBe('cleared');
    expect(await outcome({ ...clear, symptoms: ['fever', 'cough'] })).toBe('stay_home');
    expect(await outcome({ ...clear, recent_contact: true })).toBe('stay_home');
    expect(await outcome({ ...clear, household_symptoms: true })).toBe('stay_home');
    expect(await outcome({ kind: 'remote' })).toBe('remote');
    const bad = await post(scholar, answer(me, { ...clear, symptoms: ['no_symptoms', 'chills'] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.symptoms).toBeDefined();
  });

  it('the latest answer of the day counts (a correction), newest first in the portal', async () => {
    const state = (
      await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${me}`, token: scholar })
    ).json<PortalScreeningResponse>();
    expect(state.answers[0]?.outcome).toBe('remote');
    expect(state.answers.length).toBeGreaterThan(3);
    expect(state.answers.every((a) => a.school_day === answersFor)).toBe(true);
  });

  it('answered after the school day or on a closed day: for the next school day, past a break', async () => {
    // A week of the past with a break of its own (Monday 10 to Friday 14 March 2025), the school ending at 15:30.
    await s.database.db
      .insert(schoolNonWorkDays)
      .values({ id: uuidv7(), name: 'Spring break', kind: 'break', starts_on: '2025-03-10', ends_on: '2025-03-14' });
    const dayOf = async (answeredAt: string) =>
      (await post(scholar, answer(me, { ...clear, answered_at: answeredAt }))).json<{ data: CovidScreeningRecord }>()
        .data.school_day;
    // Tuesday 4 March at 10:00 and at 15:29 in Los Angeles: that day; at 15:30 and at 19:00: Wednesday.
    expect(await dayOf('2025-03-04T18:00:00Z')).toBe('2025-03-04');
    expect(await dayOf('2025-03-04T23:29:00Z')).toBe('2025-03-04');
    expect(await dayOf('2025-03-04T23:30:00Z')).toBe('2025-03-05');
    expect(await dayOf('2025-03-05T03:00:00Z')).toBe('2025-03-05');
    // Friday 7 March at 19:00, and Saturday morning: after the weekend and the break, Monday 17 March.
    expect(await dayOf('2025-03-08T03:00:00Z')).toBe('2025-03-17');
    expect(await dayOf('2025-03-08T18:00:00Z')).toBe('2025-03-17');
    // The portal says which day an answer given now is for: today, or a later school day.
    const state = (
      await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${me}`, token: scholar })
    ).json<PortalScreeningResponse>();
    expect(state.school_day >= state.today).toBe(true);
    await s.database.db.delete(covidScreenings).where(lt(covidScreenings.school_day, shiftDate(today, -30)));
  });

  it('told to stay home on an earlier day: no negative test on file until staff record one', async () => {
    const yesterday = shiftDate(today, -1);
    await s.database.db.insert(covidScreenings).values({
      id: uuidv7(),
      scholar_id: sibling,
      kind: 'screening',
      symptoms: ['fever'],
      recent_contact: false,
      household_symptoms: false,
      outcome: 'stay_home',
      answered_at: `${yesterday}T15:00:00Z`,
      school_day: yesterday,
    });
    const first = (await post(parent, answer(sibling))).json<{ data: CovidScreeningRecord }>().data;
    expect(first.outcome).toBe('no_negative_test');
    const waiting = (
      await s.call({ method: 'GET', url: `/api/v2/scholar/covid_screening/${sibling}`, token: parent })
    ).json<PortalScreeningResponse>();
    expect(waiting.awaiting_test).toBe(true);
    const future = await s.call({
      method: 'POST',
      url: '/api/v2/covid_screenings/negative_tests',
      token: teacher,
      payload: { scholar_id: sibling, tested_on: shiftDate(today, 2) },
    });
    expect(future.statusCode).toBe(422);
    const test = await s.call({
      method: 'POST',
      url: '/api/v2/covid_screenings/negative_tests',
      token: teacher,
      payload: { scholar_id: sibling, tested_on: today },
    });
    expect(test.statusCode).toBe(201);
    expect((await post(parent, answer(sibling))).json<{ data: CovidScreeningRecord }>().data.outcome).toBe('cleared');
  });
});

describe("the entrance's list", () => {
  it("shows each scholar's latest answer of the day with the test on file, filtered and counted", async () => {
    const list = (
      await s.call({ method: 'GET', url: `/api/v2/covid_screenings?date=${answersFor}`, token: teacher })
    ).json<ScreeningDayResponse>();
    expect(list.meta.date).toBe(answersFor);
    const byId = new Map(list.data.map((r) => [r.scholar_id, r]));
    expect(byId.get(me)?.screening.outcome).toBe('remote');
    expect(byId.get(sibling)?.screening.outcome).toBe('cleared');
    expect(byId.get(sibling)?.negative_test_on).toBe(today);
    expect(list.meta.counts).toMatchObject({ remote: 1, cleared: 1 });
    const home = (
      await s.call({
        method: 'GET',
        url: `/api/v2/covid_screenings?outcome=stay_home&date=${answersFor}`,
        token: teacher,
      })
    ).json<ScreeningDayResponse>();
    expect(home.data).toEqual([]);
    const bad = await s.call({ method: 'GET', url: '/api/v2/covid_screenings?date=2026-02-31', token: teacher });
    expect(bad.statusCode).toBe(422);
    expect((await s.call({ method: 'GET', url: '/api/v2/covid_screenings', token: cafeteria })).statusCode).toBe(403);
    expect((await s.call({ method: 'GET', url: '/api/v2/covid_screenings', token: scholar })).statusCode).toBe(403);
  });
});

describe('through the outbox', () => {
  it('the same batch delivered twice is one record; a stranger or a staff account is rejected', async () => {
    const items = [pushItem(answer(me, { ...clear, symptoms: ['cough'] })), pushItem(answer(stranger))];
    const first = await push(scholar, items);
    expect(first.statusCode).toBe(200);
    const [mine, theirs] = first.json().results;
    expect(mine).toMatchObject({ status: 'applied', record: { outcome: 'stay_home' } });
    expect(theirs.status).toBe('rejected');
    const again = await push(scholar, items);
    expect(again.json().results[0].status).toBe('duplicate');
    const rows = await s.database.db
      .select()
      .from(covidScreenings)
      .where(eq(covidScreenings.id, items[0]?.data.id as string));
    expect(rows).toHaveLength(1);
    const staff = await push(office, [pushItem(answer(me))]);
    expect(staff.json().results[0].status).toBe('rejected');
  });
});

describe('retention', () => {
  it("deletes answers and tests older than the school's days, keeps the rest", async () => {
    await setEnabled(true, 3);
    const old = shiftDate(today, -3);
    const kept = shiftDate(today, -2);
    const at = (day: string) => `${day}T16:00:00Z`;
    const row = (day: string) => ({
      id: uuidv7(),
      scholar_id: me,
      kind: 'screening' as const,
      symptoms: ['no_symptoms'],
      recent_contact: false,
      household_symptoms: false,
      outcome: 'cleared' as const,
      answered_at: at(day),
      school_day: day,
    });
    const gone = row(old);
    const stays = row(kept);
    await s.database.db.insert(covidScreenings).values([gone, stays]);
    await s.database.db.insert(covidNegativeTests).values({ id: uuidv7(), scholar_id: me, tested_on: old });
    const result = await deleteExpiredScreenings(s.database.db, new Date(), s.app.school.timeZone);
    expect(result.screenings).toBeGreaterThanOrEqual(1);
    expect(result.tests).toBe(1);
    const ids = (await s.database.db.select({ id: covidScreenings.id }).from(covidScreenings)).map((r) => r.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).toContain(stays.id);
    expect(await deleteExpiredScreenings(s.database.db, new Date(), s.app.school.timeZone)).toEqual({
      screenings: 0,
      tests: 0,
    });
    await setEnabled(false, 14);
  });

  it('runs soon after the server is ready (and daily after), not before, deleting what is past the days kept', async () => {
    await setEnabled(true, 2);
    const old = {
      id: uuidv7(),
      scholar_id: me,
      kind: 'remote' as const,
      outcome: 'remote' as const,
      answered_at: `${shiftDate(today, -5)}T16:00:00Z`,
      school_day: shiftDate(today, -5),
    };
    await s.database.db.insert(covidScreenings).values(old);
    const app = Fastify();
    app.decorate('db', s.database.db);
    app.decorate('school', s.app.school);
    scheduleRetention(app, { firstRunMs: 1000 });
    await app.ready();
    const gone = async () =>
      (await s.database.db.select().from(covidScreenings).where(eq(covidScreenings.id, old.id))).length === 0;
    // Not at the moment the server is ready: its first requests go first.
    expect(await gone()).toBe(false);
    for (let i = 0; i < 50 && !(await gone()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await gone()).toBe(true);
    await app.close();
    await setEnabled(false, 14);
  });
});
