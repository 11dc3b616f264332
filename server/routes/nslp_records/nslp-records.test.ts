/**
 * Meals for the National School Lunch Program (F6): one meal of each type per scholar and day, the eligibility in
 * effect on the day served, voids that are kept and audited, the daily counts with the 7 CFR 210.8 edit check, and
 * the outbox's push and pull.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, uuidv7 } from '../../../src/contract';
import {
  auditEvents,
  demographics,
  mealEligibilityHistory,
  nslpRecords,
  rolePermissions,
  roles,
  schoolNonWorkDays,
} from '../../db/schema';
import { schoolDay } from '../../lib/school-day';
import { toErrorResponse } from '../../plugins/errors';
import { addDays, localInstant, mondayWeeksAgo } from '../../test/dates';
import { startTestServer, type TestServer } from '../../test/helpers';
import { histories, inEffect } from './eligibility';

let s: TestServer;
let cafeteria: string;
let admin: string;
let teacher: string;
let scholars: { id: string; meal_eligibility: string; grade: string; homeroom: string | null }[];
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  cafeteria = await s.login('cafeteria@demo.school');
  admin = await s.login('admin@demo.school');
  teacher = await s.login('teacher@demo.school');
  scholars = await s.database.db
    .select({
      id: demographics.id,
      meal_eligibility: demographics.meal_eligibility,
      grade: demographics.grade,
      homeroom: demographics.homeroom,
    })
    .from(demographics)
    .where(eq(demographics.grade, '7'))
    .orderBy(demographics.student_number);
});
afterAll(() => s.close());

const scholar = (i: number) => scholars[i]?.id as string;
// A Monday before the seeded demo meals (the three weeks before today), and the next day. 23:30 in Los Angeles is
// already the next day in UTC.
const MONDAY = mondayWeeksAgo(6);
const TUESDAY = addDays(MONDAY, 1);
const at = (day: string, hhmm: string) => localInstant(day, hhmm, 'America/Los_Angeles');
const meal = (payload: Record<string, unknown>, token = cafeteria) =>
  s.call({
    method: 'POST',
    url: '/api/v2/nslp_records',
    token,
    payload: { id: uuidv7(), meal_type: 'lunch', served_at: at(MONDAY, '12:00'), ...payload },
  });
/** A change of a scholar's record, as an administrator makes it. */
const patchScholar = (id: string, payload: Record<string, unknown>, token = admin) =>
  s.call({ method: 'POST', url: `/api/v2/demographics/${id}`, token, payload: { _method: 'PATCH', ...payload } });
const voidMeal = (id: string, payload: Record<string, unknown>, token = cafeteria) =>
  s.call({ method: 'POST', url: `/api/v2/nslp_records/${id}`, token, payload: { _method: 'PATCH', ...payload } });

describe('nslp records', () => {
  it('records a meal on the school day of the school time zone, with who recorded it', async () => {
    const res = await meal({ scholar_id: scholar(0), served_at: at(MONDAY, '23:30') });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      scholar_id: scholar(0),
      served_on: MONDAY,
      meal_type: 'lunch',
      voided: false,
      added_as_missing: false,
      recorded_by: expect.any(String),
    });
  });

  it('answers the stored record again for the same id and content, never a second row', async () => {
    const payload = {
      id: uuidv7(),
      scholar_id: scholar(1),
      meal_type: 'breakfast',
      served_at: at(MONDAY, '08:00'),
    };
    const first = await meal(payload);
    const again = await meal(payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(payload.id);
    const rows = await s.database.db.select().from(nslpRecords).where(eq(nslpRecords.id, payload.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a second lunch the same day with 409 and the first one; another meal type is fine', async () => {
    const first = await meal({ scholar_id: scholar(2) });
    const second = await meal({ scholar_id: scholar(2), served_at: at(MONDAY, '12:20') });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'This scholar already had lunch that day.',
      record: { id: first.json().data.id, meal_type: 'lunch' },
    });
    const breakfast = await meal({
      scholar_id: scholar(2),
      meal_type: 'breakfast',
      served_at: at(MONDAY, '07:45'),
    });
    expect(breakfast.statusCode).toBe(201);
    const nextDay = await meal({ scholar_id: scholar(2), served_at: at(TUESDAY, '12:00') });
    expect(nextDay.statusCode).toBe(201);
  });

  it('answers 409, never 500, when two tablets write the same meal at the same instant and the index decides', async () => {
    const first = await meal({ scholar_id: scholar(20) });
    expect(first.statusCode).toBe(201);
    // The route's own check runs before the insert; a write that slipped past it meets the unique index.
    const row = (await s.database.db.select().from(nslpRecords).where(eq(nslpRecords.id, first.json().data.id)))[0];
    const error = await s.database.db
      .insert(nslpRecords)
      .values({ ...(row as typeof nslpRecords.$inferInsert), id: uuidv7() })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).not.toBeNull();
    expect(toErrorResponse(error)).toMatchObject({ status: 409, body: { code: 'conflict' } });
  });

  it('voids with a reason, keeps the record and audits it; then the meal can be recorded again', async () => {
    const first = await meal({ scholar_id: scholar(3) });
    const id = first.json().data.id;
    const noReason = await voidMeal(id, { voided: true });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.void_reason).toBeDefined();
    const unvoid = await voidMeal(id, { voided: false, void_reason: 'x' });
    expect(unvoid.statusCode).toBe(422);
    const denied = await voidMeal(id, { voided: true, void_reason: 'Wrong badge' }, teacher);
    expect(denied.statusCode).toBe(403);
    const voided = await voidMeal(id, { voided: true, void_reason: 'Wrong badge' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data).toMatchObject({
      voided: true,
      void_reason: 'Wrong badge',
      voided_at: expect.any(String),
      voided_by: expect.any(String),
    });
    expect((await voidMeal(id, { voided: true, void_reason: 'Again' })).statusCode).toBe(409);
    const kept = await s.call({ method: 'GET', url: `/api/v2/nslp_records/${id}`, token: cafeteria });
    expect(kept.json().data.voided).toBe(true);
    const deleted = await s.call({ method: 'DELETE', url: `/api/v2/nslp_records/${id}`, token: admin });
    expect([404, 405]).toContain(deleted.statusCode);
    const [audit] = await s.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.resource, 'nslp_records'), eq(auditEvents.record_id, id), eq(auditEvents.action, 'update')),
      );
    expect(audit?.changes).toMatchObject({ voided: true, void_reason: 'Wrong badge' });
    expect(audit?.user_id).toBeTruthy();
    const again = await meal({ scholar_id: scholar(3), served_at: at(MONDAY, '12:30') });
    expect(again.statusCode).toBe(201);
  });

  it('lists with filters, leaves voided records out unless asked, and sorts', async () => {
    const list = (query: string) =>
      s.call({ method: 'GET', url: `/api/v2/nslp_records?${query}`, token: cafeteria }).then((r) => r.json());
    const day = await list(`filter[from]=${MONDAY}&filter[to]=${MONDAY}&filter[scholar_id]=${scholar(3)}`);
    expect(day.data).toHaveLength(1);
    expect(day.data[0].voided).toBe(false);
    const withVoided = await list(
      `filter[served_on]=${MONDAY}&filter[scholar_id]=${scholar(3)}&filter[include_voided]=true`,
    );
    expect(withVoided.data).toHaveLength(2);
    const grade = await list(
      `filter[from]=${MONDAY}&filter[to]=${TUESDAY}&filter[grade]=7&filter[meal_type]=lunch&sort=served_at`,
    );
    expect(grade.meta.total).toBeGreaterThanOrEqual(4);
    const times = grade.data.map((r: { served_at: string }) => r.served_at);
    expect(times).toEqual(times.toSorted());
    const otherGrade = await list(`filter[from]=${MONDAY}&filter[to]=${TUESDAY}&filter[grade]=3`);
    expect(otherGrade.meta.total).toBe(0);
    const homeroom = scholars[0]?.homeroom as string;
    const room = await list(`filter[from]=${MONDAY}&filter[homeroom]=${encodeURIComponent(homeroom)}`);
    expect(
      room.data.every(
        (r: { scholar_id: string }) => scholars.find((x) => x.id === r.scholar_id)?.homeroom === homeroom,
      ),
    ).toBe(true);
    const bad = await s.call({ method: 'GET', url: '/api/v2/nslp_records?filter[from]=March', token: cafeteria });
    expect(bad.statusCode).toBe(422);
  });

  it('needs a reason for a meal added as missing', async () => {
    const none = await meal({ scholar_id: scholar(4), added_as_missing: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.missing_reason).toEqual(['A meal added as missing needs a reason.']);
    const ok = await meal({ scholar_id: scholar(4), added_as_missing: true, missing_reason: 'On the paper roster' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ added_as_missing: true, missing_reason: 'On the paper roster' });
  });

  it('counts a meal in the category in effect on the day served, whatever the client says', async () => {
    const id = scholar(5);
    const CHANGE = mondayWeeksAgo(14);
    // The test's own history: the demo's determination of the school year's first day (15 August) would otherwise
    // fall between the two below on some days of the year, and be the one in effect three days before CHANGE.
    await s.database.db.delete(mealEligibilityHistory).where(eq(mealEligibilityHistory.scholar_id, id));
    const set = (payload: Record<string, unknown>) => patchScholar(id, payload);
    expect((await set({ meal_eligibility: 'paid', meal_eligibility_effective: addDays(CHANGE, -84) })).statusCode).toBe(
      200,
    );
    expect((await set({ meal_eligibility: 'free', meal_eligibility_effective: CHANGE })).statusCode).toBe(200);
    const before = await meal(
      { scholar_id: id, served_at: at(addDays(CHANGE, -3), '12:00'), eligibility: 'free' },
      admin,
    );
    const after = await meal({ scholar_id: id, served_at: at(CHANGE, '12:00') }, admin);
    expect(before.json().data.eligibility).toBe('paid');
    expect(after.json().data.eligibility).toBe('free');
    // The cafeteria's tablet never gets a scholar's eligibility (DESIGN section 7).
    const shown = await s.call({
      method: 'GET',
      url: `/api/v2/nslp_records/${after.json().data.id}`,
      token: cafeteria,
    });
    expect(shown.json().data).not.toHaveProperty('eligibility');
    const roster = await s.call({ method: 'GET', url: `/api/v2/demographics/${id}`, token: cafeteria });
    expect(roster.json().data).not.toHaveProperty('meal_eligibility');
    const [row] = await s.database.db.select().from(demographics).where(eq(demographics.id, id));
    expect(row).toMatchObject({ meal_eligibility: 'free', meal_eligibility_effective: CHANGE });
  });

  it('refuses a determination backdated before a later one of another category, and takes a corrected date', async () => {
    const id = scholar(7);
    await s.database.db.delete(mealEligibilityHistory).where(eq(mealEligibilityHistory.scholar_id, id));
    const LATER = mondayWeeksAgo(20);
    const set = (payload: Record<string, unknown>) => patchScholar(id, payload);
    expect((await set({ meal_eligibility: 'reduced', meal_eligibility_effective: LATER })).statusCode).toBe(200);
    const refused = await set({ meal_eligibility: 'paid', meal_eligibility_effective: addDays(LATER, -7) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.meal_eligibility_effective).toEqual([
      `A determination of reduced takes effect on ${LATER}; a new one takes effect on or after that day.`,
    ]);
    const [unchanged] = await s.database.db.select().from(demographics).where(eq(demographics.id, id));
    expect(unchanged).toMatchObject({ meal_eligibility: 'reduced', meal_eligibility_effective: LATER });
    // The same category from an earlier day: the date of the determination on file, corrected.
    const corrected = await set({ meal_eligibility: 'reduced', meal_eligibility_effective: addDays(LATER, -7) });
    expect(corrected.statusCode).toBe(200);
    const history = (await histories(s.database.db as never, '2100-01-01', [id])).get(id);
    expect(inEffect(history, addDays(LATER, -7))).toBe('reduced');
    expect(inEffect(history, addDays(LATER, -8))).toBe('paid');
  });

  it('a change of eligibility without a date takes effect today and keeps the earlier determination', async () => {
    const id = scholar(6);
    const before = scholars[6]?.meal_eligibility as string;
    const next = before === 'free' ? 'reduced' : 'free';
    const res = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${id}`,
      token: admin,
      payload: { _method: 'PATCH', meal_eligibility: next },
    });
    expect(res.json().data.meal_eligibility).toBe(next);
    const today = res.json().data.meal_eligibility_effective as string;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const history = (await histories(s.database.db as never, '2100-01-01', [id])).get(id);
    expect(inEffect(history, today)).toBe(next);
    const dayBefore = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(inEffect(history, dayBefore)).toBe(before);
  });
});

describe('who keeps eligibility', () => {
  it('the food service manager records a determination and sees the claim by category; the line sees neither', async () => {
    const foodService = await s.login('foodservice@demo.school');
    const id = scholar(8);
    const day = mondayWeeksAgo(1);
    const recorded = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${id}/meal_eligibility`,
      token: foodService,
      payload: { meal_eligibility: 'reduced', meal_eligibility_effective: day },
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({ meal_eligibility: 'reduced', meal_eligibility_effective: day });
    // The rest of the scholar's record is not theirs to change.
    const renamed = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${id}`,
      token: foodService,
      payload: { _method: 'PATCH', nickname: 'Zee' },
    });
    expect(renamed.statusCode).toBe(403);
    const counts = (token: string) =>
      s.call({ method: 'GET', url: `/api/v2/nslp_records/daily_counts?from=${day}&to=${day}`, token });
    expect((await counts(foodService)).json().meta.by_category).toBe(true);
    expect((await counts(cafeteria)).json().meta.by_category).toBe(false);
    const asLine = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${id}/meal_eligibility`,
      token: cafeteria,
      payload: { meal_eligibility: 'free' },
    });
    expect(asLine.statusCode).toBe(403);
  });

  it('keeping the scholar records is not enough to change eligibility', async () => {
    const [office] = await s.database.db.select().from(roles).where(eq(roles.name, 'Front Office'));
    await s.database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.role_id, office?.id as string),
          eq(rolePermissions.permission, 'meal_eligibility-update'),
        ),
      );
    const clerk = await s.login('office@demo.school');
    const id = scholar(9);
    const patch = (payload: Record<string, unknown>) => patchScholar(id, payload, clerk);
    const refused = await patch({ meal_eligibility: 'free' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only those who keep meal eligibility may change it.');
    expect((await patch({ alerts: 'Allergic to peanuts' })).statusCode).toBe(200);
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: clerk,
      payload: { student_number: 'T-900', fname: 'Nia', lname: 'Test', grade: '3', meal_eligibility: 'free' },
    });
    expect(created.statusCode).toBe(403);
  });
});

describe('daily counts and the edit check', () => {
  // A Tuesday and Wednesday of a week of their own, before the seeded demo meals and the tests above.
  const DAY = addDays(mondayWeeksAgo(9), 1);
  const QUIET = addDays(DAY, 1);
  let free: string[];
  beforeAll(async () => {
    const active = await s.database.db
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.active, true));
    const history = await histories(s.database.db as never, DAY);
    free = active.map((r) => r.id).filter((id) => inEffect(history.get(id), DAY) === 'free');
    // Every free-meal scholar at lunch on DAY: above eligible x 0.95. Two lunches on QUIET.
    const items = free.map((id) => pushItem(id, { served_at: at(DAY, '12:00') }));
    for (let i = 0; i < items.length; i += 400) {
      const res = await push(items.slice(i, i + 400));
      expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    }
    await push([
      pushItem(free[0] as string, { served_at: at(QUIET, '12:00') }),
      pushItem(free[1] as string, { served_at: at(QUIET, '12:05'), meal_type: 'breakfast' }),
    ]);
  });

  const counts = (query: string, token = admin) =>
    s.call({ method: 'GET', url: `/api/v2/nslp_records/daily_counts?${query}`, token });

  it('counts by category per day and meal type, and flags a day above eligible x attendance factor', async () => {
    const res = await counts(`from=${DAY}&to=${QUIET}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ from: DAY, to: QUIET, attendance_factor: 0.95, by_category: true });
    expect(body.data.map((d: { served_on: string; meal_type: string }) => `${d.served_on} ${d.meal_type}`)).toEqual([
      `${DAY} lunch`,
      `${QUIET} breakfast`,
      `${QUIET} lunch`,
    ]);
    const [flagged, , quiet] = body.data;
    expect(flagged.free).toEqual({
      count: free.length,
      eligible: free.length,
      limit: Math.floor(free.length * 0.95 + 1e-9),
      flagged: true,
    });
    expect(flagged).toMatchObject({ total: free.length, flagged: true, paid: { count: 0, flagged: false } });
    expect(flagged.paid.eligible + flagged.reduced.eligible + flagged.free.eligible).toBeGreaterThan(500);
    expect(quiet).toMatchObject({ total: 1, flagged: false, free: { count: 1, flagged: false } });
    const lunchOnly = await counts(`from=${DAY}&to=${QUIET}&meal_type=lunch`);
    expect(lunchOnly.json().data).toHaveLength(2);
  });

  it('answers totals per day and service, without categories or the edit check, to a caller who may not see eligibility', async () => {
    const res = await counts(`from=${DAY}&to=${QUIET}`, cafeteria);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ from: DAY, to: QUIET, attendance_factor: 0.95, by_category: false });
    const full = (await counts(`from=${DAY}&to=${QUIET}`)).json();
    expect(body.data).toEqual(
      full.data.map(
        (d: { served_on: string; meal_type: string; closed: unknown; in_claim: boolean; total: number }) => ({
          served_on: d.served_on,
          meal_type: d.meal_type,
          closed: d.closed,
          in_claim: d.in_claim,
          total: d.total,
        }),
      ),
    );
    // Whether the school was open is no one's secret; the categories are.
    for (const day of body.data) {
      expect(Object.keys(day).sort()).toEqual(['closed', 'in_claim', 'meal_type', 'served_on', 'total']);
    }
  });

  it('leaves voided meals out of the counts', async () => {
    const [one] = await s.database.db
      .select()
      .from(nslpRecords)
      .where(and(eq(nslpRecords.served_on, DAY), eq(nslpRecords.scholar_id, free[0] as string)));
    await voidMeal(one?.id as string, { voided: true, void_reason: 'Duplicate scan' });
    const res = await counts(`from=${DAY}&to=${DAY}`);
    expect(res.json().data[0].free.count).toBe(free.length - 1);
  });

  it('follows the attendance factor an administrator sets', async () => {
    const set = (attendance_factor: unknown, token = admin) =>
      s.call({
        method: 'POST',
        url: '/api/v2/school_settings',
        token,
        payload: { _method: 'PATCH', attendance_factor },
      });
    expect((await set(0.5, cafeteria)).statusCode).toBe(403);
    expect((await set(1.5)).statusCode).toBe(422);
    expect((await set(1)).json().data.attendance_factor).toBe(1);
    const res = await counts(`from=${DAY}&to=${DAY}`);
    expect(res.json().meta.attendance_factor).toBe(1);
    expect(res.json().data[0].free.flagged).toBe(false);
    await set(0.95);
  });

  it('refuses a range it cannot use, and callers without the permission', async () => {
    expect((await counts(`from=${QUIET}&to=${DAY}`)).statusCode).toBe(422);
    expect((await counts(`from=${addDays(DAY, -400)}&to=${DAY}`)).statusCode).toBe(422);
    expect((await counts(`to=${DAY}`)).statusCode).toBe(422);
    expect((await counts(`from=${DAY}&to=${DAY}`, teacher)).statusCode).toBe(403);
  });
});

function pushItem(scholarId: string, extra: Record<string, unknown> = {}): SyncItem {
  const id = uuidv7();
  return {
    id,
    resource: 'nslp_records',
    action: 'create',
    data: { id, scholar_id: scholarId, meal_type: 'lunch', served_at: new Date().toISOString(), ...extra },
    recorded_at: new Date().toISOString(),
  };
}
const push = (items: SyncItem[], token = cafeteria, device = 'tablet-b') =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: device, items } });

describe('closed days in the claim', () => {
  // A week of the test's own, clear of the demo's closures: Tuesday a school day, Wednesday closed, Saturday.
  const MON = mondayWeeksAgo(11);
  const TUE = addDays(MON, 1);
  const WED = addDays(MON, 2);
  const SAT = addDays(MON, 5);
  let foodService: string;
  beforeAll(async () => {
    foodService = await s.login('foodservice@demo.school');
    const db = s.database.db;
    await db
      .delete(schoolNonWorkDays)
      .where(and(lte(schoolNonWorkDays.starts_on, addDays(MON, 6)), gte(schoolNonWorkDays.ends_on, MON)));
    await db.insert(schoolNonWorkDays).values({
      id: uuidv7(),
      name: 'Staff Development Day',
      kind: 'other',
      starts_on: WED,
      ends_on: WED,
    });
    for (const [i, day] of [TUE, WED, SAT].entries()) {
      expect((await meal({ scholar_id: scholar(20 + i), served_at: at(day, '12:00') }, admin)).statusCode).toBe(201);
    }
  });
  const counts = async (token: string) => {
    const res = await s.call({ method: 'GET', url: `/api/v2/nslp_records/daily_counts?from=${MON}&to=${SAT}`, token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { served_on: string; closed: unknown; in_claim: boolean; total: number }[];
    return new Map(data.map((d) => [d.served_on, d]));
  };

  it('flags a meal on a closed day with the closure or the weekend, and leaves it out of the claim', async () => {
    for (const token of [foodService, cafeteria]) {
      const days = await counts(token);
      expect(days.get(TUE)).toMatchObject({ closed: null, in_claim: true, total: 1 });
      expect(days.get(WED)).toMatchObject({
        closed: { reason: 'closure', name: 'Staff Development Day', service: null },
        in_claim: false,
      });
      expect(days.get(SAT)).toMatchObject({
        closed: { reason: 'weekend', name: null, service: null },
        in_claim: false,
      });
    }
  });

  it('counts a closed day in the claim once a meal service covers it, kept by the food service manager', async () => {
    const service = { id: uuidv7(), name: 'Community lunch', starts_on: WED, ends_on: SAT };
    const refused = await s.call({
      method: 'POST',
      url: '/api/v2/meal_service_days',
      token: cafeteria,
      payload: service,
    });
    expect(refused.statusCode).toBe(403);
    const backwards = await s.call({
      method: 'POST',
      url: '/api/v2/meal_service_days',
      token: foodService,
      payload: { ...service, starts_on: SAT, ends_on: WED },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.ends_on).toEqual(['The last day is on or after the first.']);
    const made = await s.call({
      method: 'POST',
      url: '/api/v2/meal_service_days',
      token: foodService,
      payload: service,
    });
    expect(made.statusCode).toBe(201);
    const days = await counts(foodService);
    expect(days.get(WED)).toMatchObject({
      closed: { reason: 'closure', name: 'Staff Development Day', service: 'Community lunch' },
      in_claim: true,
    });
    expect(days.get(SAT)).toMatchObject({ closed: { reason: 'weekend', service: 'Community lunch' }, in_claim: true });
    const removed = await s.call({
      method: 'DELETE',
      url: `/api/v2/meal_service_days/${service.id}`,
      token: foodService,
    });
    expect(removed.statusCode).toBe(200);
    expect((await counts(foodService)).get(WED)).toMatchObject({ in_claim: false });
  });
});

describe('sync', () => {
  it('answers applied, duplicate, conflict and rejected in one batch', async () => {
    const first = pushItem(scholar(10));
    await push([first]);
    const items = [
      pushItem(scholar(11)),
      first,
      pushItem(scholar(10), { served_at: new Date(Date.now() - 60_000).toISOString() }),
      pushItem(scholar(12), { meal_type: 'brunch' }),
      pushItem(scholar(13), { added_as_missing: true }),
      pushItem(uuidv7()),
      { ...pushItem(scholar(14)), action: 'delete' } as SyncItem,
    ];
    const res = await push(items);
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'duplicate',
      'conflict',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(results[0].record).toMatchObject({ scholar_id: scholar(11), device_id: 'tablet-b' });
    expect(results[0].record).not.toHaveProperty('eligibility');
    expect(results[2]).toMatchObject({ message: 'This scholar already had lunch that day.', record: { id: first.id } });
    expect(results[3].errors.meal_type).toBeDefined();
    expect(results[4].errors.missing_reason).toBeDefined();
    expect(results[5].errors.scholar_id).toEqual(['No such record.']);
    const denied = await push([pushItem(scholar(15))], teacher);
    expect(denied.json().results[0]).toMatchObject({
      status: 'rejected',
      message: 'You do not have permission to do that.',
    });
    const stored = await s.database.db
      .select({ n: sql<number>`count(*)` })
      .from(nslpRecords)
      .where(
        and(
          eq(nslpRecords.scholar_id, scholar(10)),
          eq(nslpRecords.served_on, schoolDay(new Date(), 'America/Los_Angeles')),
          eq(nslpRecords.meal_type, 'lunch'),
          eq(nslpRecords.voided, false),
        ),
      );
    expect(Number(stored[0]?.n)).toBe(1);
  });

  it("pulls another tablet's meals and voids of today, without eligibility, to callers who may see meals", async () => {
    const pull = (token: string, since?: number) =>
      s
        .call({ method: 'GET', url: `/api/v2/sync/pull${since === undefined ? '' : `?since=${since}`}`, token })
        .then((r) => r.json());
    const start = await pull(cafeteria);
    const roster = start.changes.filter((c: { resource: string }) => c.resource === 'demographics');
    expect(roster.length).toBeGreaterThan(500);
    expect(roster.every((c: { record: object }) => !('meal_eligibility' in c.record))).toBe(true);
    const adminRoster = (await pull(admin)).changes.find((c: { resource: string }) => c.resource === 'demographics');
    expect(adminRoster.record.meal_eligibility).toBeDefined();

    const item = pushItem(scholar(16));
    expect((await push([item], cafeteria, 'tablet-c')).json().results[0].status).toBe('applied');
    const delta = await pull(cafeteria, start.cursor);
    const change = delta.changes.find((c: { id: string }) => c.id === item.id);
    expect(change).toMatchObject({
      resource: 'nslp_records',
      op: 'upsert',
      record: { scholar_id: scholar(16), voided: false },
    });
    expect(change.record).not.toHaveProperty('eligibility');

    await voidMeal(item.id, { voided: true, void_reason: 'Wrong scholar' });
    const after = await pull(cafeteria, delta.cursor);
    expect(after.changes.find((c: { id: string }) => c.id === item.id)?.record).toMatchObject({ voided: true });
    const fresh = await pull(cafeteria);
    expect(fresh.changes.some((c: { id: string }) => c.id === item.id)).toBe(false);
    expect(fresh.changes.some((c: { resource: string }) => c.resource === 'nslp_records')).toBe(true);

    const staff = await pull(teacher);
    expect(staff.changes.some((c: { resource: string }) => c.resource === 'nslp_records')).toBe(false);
  });
});
