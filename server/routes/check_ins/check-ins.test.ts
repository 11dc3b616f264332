/** The school day's rules for check-ins (F4): one arrival a day, a reason when late or leaving early. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let admin: string;
let scholars: string[];
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  office = await s.login('office@demo.school');
  admin = await s.login('admin@demo.school');
  scholars = (
    await s.database.db.select({ id: demographics.id }).from(demographics).where(eq(demographics.grade, '4'))
  ).map((r) => r.id);
});
afterAll(() => s.close());

// 2026-03-02 is a Monday; Los Angeles is UTC-8 then.
const at = (hhmm: string) => `2026-03-02T${hhmm}:00-08:00`;
const create = (payload: Record<string, unknown>) =>
  s.call({
    method: 'POST',
    url: '/api/v2/check_ins',
    token: office,
    payload: { id: uuidv7(), method: 'kiosk', ...payload },
  });

describe('check-ins', () => {
  it('records an on-time arrival without a reason, on the school day of the school time zone', async () => {
    const res = await create({ kind: 'arrival', scholar_id: scholars[0], occurred_at: at('07:55') });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ school_day: '2026-03-02', late: false, recorded_by: expect.any(String) });
  });

  it('requires a reason after the start time and marks the arrival late', async () => {
    const none = await create({ kind: 'arrival', scholar_id: scholars[1], occurred_at: at('08:05') });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reason).toEqual(['A late arrival needs a reason.']);
    const ok = await create({
      kind: 'arrival',
      scholar_id: scholars[1],
      occurred_at: at('08:05'),
      reason: 'Other: bus broke down',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.late).toBe(true);
  });

  it('refuses a second arrival the same day with 409 and the first one', async () => {
    const first = await create({ kind: 'arrival', scholar_id: scholars[2], occurred_at: at('07:40') });
    const second = await create({ kind: 'arrival', scholar_id: scholars[2], occurred_at: at('07:45') });
    expect(second.statusCode).toBe(409);
    expect(second.json().record.id).toBe(first.json().data.id);
    const nextDay = await create({
      kind: 'arrival',
      scholar_id: scholars[2],
      occurred_at: '2026-03-03T07:45:00-08:00',
    });
    expect(nextDay.statusCode).toBe(201);
  });

  it('an early departure needs a reason', async () => {
    const res = await create({ kind: 'departure', scholar_id: scholars[3], occurred_at: at('11:00') });
    expect(res.json().errors.reason).toEqual(['An early departure needs a reason.']);
    expect(
      (await create({ kind: 'departure', scholar_id: scholars[3], occurred_at: at('11:00'), reason: 'Illness' }))
        .statusCode,
    ).toBe(201);
  });

  it('follows the start time and threshold an administrator sets', async () => {
    const denied = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: office,
      payload: { start_time: '09:00' },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { start_time: '9am', late_reasons: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['late_reasons', 'start_time']);
    const set = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { _method: 'PATCH', start_time: '08:30', late_after_minutes: 10 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ start_time: '08:30', late_after_minutes: 10 });
    const onTime = await create({ kind: 'arrival', scholar_id: scholars[4], occurred_at: at('08:40') });
    expect(onTime.json().data.late).toBe(false);
    const settings = await s.call({ method: 'GET', url: '/api/v2/school_settings', token: office });
    expect(settings.json().data.late_reasons).toContain('Transportation');
    // The day's end: 15:30 unless set; a time like the others.
    expect(settings.json().data.end_time).toBe('15:30');
    const badEnd = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { end_time: '25:00' },
    });
    expect(Object.keys(badEnd.json().errors)).toEqual(['end_time']);
    const ends = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { end_time: '15:00' },
    });
    expect(ends.json().data).toMatchObject({ start_time: '08:30', end_time: '15:00' });
  });

  it("lets the school turn on student numbers and homerooms at the children's kiosk (off at first)", async () => {
    const before = await s.call({ method: 'GET', url: '/api/v2/school_settings', token: office });
    expect(before.json().data).toMatchObject({ kiosk_show_student_number: false, kiosk_show_homeroom: false });
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { kiosk_show_homeroom: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['kiosk_show_homeroom']);
    const set = await s.call({
      method: 'POST',
      url: '/api/v2/school_settings',
      token: admin,
      payload: { _method: 'PATCH', kiosk_show_homeroom: true, kiosk_show_student_number: 'false' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ kiosk_show_student_number: false, kiosk_show_homeroom: true });
  });
});

describe('messenger schedules', () => {
  it('the front office creates and edits a messenger duty; the end comes after the start', async () => {
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/messenger_schedules',
      token: office,
      payload: { scholar_id: scholars[5], weekday: 1, start_time: '10:00', end_time: '09:00', post: 'Front desk' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.end_time).toEqual(['The end is after the start.']);
    const made = await s.call({
      method: 'POST',
      url: '/api/v2/messenger_schedules',
      token: office,
      payload: { scholar_id: scholars[5], weekday: 1, start_time: '09:00', end_time: '10:00', post: 'Front desk' },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id;
    const moved = await s.call({
      method: 'POST',
      url: `/api/v2/messenger_schedules/${id}`,
      token: office,
      payload: { post: 'Library' },
    });
    expect(moved.json().data.post).toBe('Library');
    const teacher = await s.login('teacher@demo.school');
    const list = await s.call({ method: 'GET', url: '/api/v2/messenger_schedules?filter[weekday]=1', token: teacher });
    expect(list.json().data.map((m: { id: string }) => m.id)).toContain(id);
    const edit = await s.call({
      method: 'POST',
      url: `/api/v2/messenger_schedules/${id}`,
      token: teacher,
      payload: { post: 'X' },
    });
    expect(edit.statusCode).toBe(403);
  });
});
