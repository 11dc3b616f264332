/**
 * Timesheet schedules through the API: expected hours day by day with each day's reason (a holiday week, a
 * half day off, special hours over a default, a default that changes mid-month, the weeks of a daylight-saving change
 * in the school's time zone), the overlaps refused, copying a week, the staff list, the pay period rule and who may
 * see whose hours. Dates lie in 2031-2032, clear of the demo school's calendar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpectedDay, ExpectedPerson } from '../../../src/contract';
import type { TestServer } from '../../test/helpers';
import { createdBy, FULL, newStaff, startTimekeepingServer, WEEKDAYS } from '../../test/timekeeping';

let s: TestServer;
let admin: string;
let keeper: string;
let teacher: string;
let teacherId: string;

async function post(url: string, payload: Record<string, unknown>, token = keeper) {
  return s.call({ method: 'POST', url: `/api/v2/${url}`, token, payload });
}
const created = (url: string, payload: Record<string, unknown>, token = keeper) => createdBy(s, token, url, payload);
/** A new staff member (made by the administrator). */
const newTester = (fname: string) => newStaff(s, admin, fname, { tag: 't1', family: 'Tester' });
/** A new staff member's id. */
const staff = async (fname: string): Promise<string> => (await newTester(fname)).id;
async function expected(userId: string, from: string, to: string, token = keeper): Promise<ExpectedPerson> {
  const res = await s.call({
    method: 'GET',
    url: `/api/v2/timesheet_schedules/expected?user_id=${userId}&from=${from}&to=${to}`,
    token,
  });
  if (res.statusCode !== 200) throw new Error(`expected answered ${res.statusCode}: ${res.body}`);
  const person = res.json().data[0];
  return person;
}
const day = (p: ExpectedPerson, date: string) => p.days.find((d) => d.date === date) as ExpectedDay;

beforeAll(async () => {
  ({ s, admin, keeper, teacher, teacherId } = await startTimekeepingServer());
});
afterAll(() => s.close());

describe('expected hours', () => {
  it('a holiday week: school closed days expect nothing and say why', async () => {
    const ana = await staff('Ana');
    await created('timesheet_schedules', { user_id: ana, effective_from: '2031-08-01', days: WEEKDAYS });
    await created('timesheet_schedules/non_work_days', {
      name: 'Thanksgiving break',
      kind: 'break',
      starts_on: '2031-11-26',
      ends_on: '2031-11-28',
    });
    const week = await expected(ana, '2031-11-24', '2031-11-30');
    expect(week.days.map((d) => [d.date, d.reason, d.minutes])).toEqual([
      ['2031-11-24', 'default', 480],
      ['2031-11-25', 'default', 480],
      ['2031-11-26', 'holiday', 0],
      ['2031-11-27', 'holiday', 0],
      ['2031-11-28', 'holiday', 0],
      ['2031-11-29', 'weekly_off', 0],
      ['2031-11-30', 'weekly_off', 0],
    ]);
    expect(week.total_minutes).toBe(960);
    expect(day(week, '2031-11-27').details).toContainEqual(
      expect.objectContaining({ kind: 'holiday', name: 'Thanksgiving break', non_work_kind: 'break' }),
    );
    expect(day(week, '2031-11-24').blocks).toEqual([FULL]);
  });

  it('a half day off takes away its hours and the lunch break; special hours replace or add to the default', async () => {
    const ben = await staff('Ben');
    const part = await staff('Pat');
    await created('timesheet_schedules', { user_id: ben, effective_from: '2031-08-01', days: WEEKDAYS });
    // A part-timer who works Monday, Wednesday and Friday.
    await created('timesheet_schedules', {
      user_id: part,
      effective_from: '2031-08-01',
      days: [FULL, null, FULL, null, FULL, null, null],
    });
    await created('timesheet_schedules/days_off', {
      user_id: ben,
      type: 'vacation',
      starts_on: '2031-12-02',
      ends_on: '2031-12-02',
      start_time: '12:00',
      end_time: '16:30',
      note: 'Dentist',
    });
    await created('timesheet_schedules/special_hours', {
      name: 'Conference night',
      mode: 'add',
      starts_on: '2031-12-04',
      ends_on: '2031-12-04',
      start_time: '17:00',
      end_time: '20:00',
      user_ids: [ben],
    });
    await created('timesheet_schedules/special_hours', {
      name: 'Minimum day',
      mode: 'replace',
      starts_on: '2031-12-09',
      ends_on: '2031-12-09',
      start_time: '08:00',
      end_time: '12:30',
      everyone: true,
    });
    const week = await expected(ben, '2031-12-01', '2031-12-09');
    const tue = day(week, '2031-12-02');
    expect(tue).toMatchObject({
      reason: 'day_off',
      minutes: 240,
      blocks: [{ start: '08:00', end: '12:00', break_minutes: 0 }],
    });
    expect(tue.details).toContainEqual(
      expect.objectContaining({ kind: 'day_off', type: 'vacation', minutes_off: 240, note: 'Dentist' }),
    );
    const thu = day(week, '2031-12-04');
    expect(thu).toMatchObject({ reason: 'special', minutes: 660 });
    expect(thu.blocks).toEqual([FULL, { start: '17:00', end: '20:00', break_minutes: 0 }]);
    expect(day(week, '2031-12-09')).toMatchObject({ reason: 'special', minutes: 270 });
    // Everyone's minimum day falls on the part-timer's day off: it does not make them work.
    const partWeek = await expected(part, '2031-12-08', '2031-12-10');
    expect(partWeek.days.map((d) => [d.reason, d.minutes])).toEqual([
      ['default', 480],
      ['weekly_off', 0],
      ['default', 480],
    ]);
  });

  it('a default week that changes mid-month counts each day by the week in effect on it', async () => {
    const cy = await staff('Cy');
    await created('timesheet_schedules', { user_id: cy, effective_from: '2031-08-01', days: WEEKDAYS });
    const six = { start: '08:00', end: '14:00', break_minutes: 0 };
    const later = await created('timesheet_schedules', {
      user_id: cy,
      effective_from: '2032-01-15',
      days: [six, six, six, six, six, null, null],
    });
    expect(later.weekly_minutes).toBe(1800);
    const january = await expected(cy, '2032-01-01', '2032-01-31');
    expect(january.days).toHaveLength(31);
    // Ten weekdays from the 1st to the 14th at 8 hours, twelve from the 15th at 6 hours.
    expect(january.total_minutes).toBe(10 * 480 + 12 * 360);
    expect(day(january, '2032-01-14').details[0]).toMatchObject({ kind: 'default', effective_from: '2031-08-01' });
    expect(day(january, '2032-01-15').details[0]).toMatchObject({ kind: 'default', effective_from: '2032-01-15' });
    // The list filter `effective_on` answers the version in effect on a date.
    const res = await s.call({
      method: 'GET',
      url: `/api/v2/timesheet_schedules?filter[user_id]=${cy}&filter[effective_on]=2032-01-14`,
      token: keeper,
    });
    expect(res.json().data.map((r: { effective_from: string }) => r.effective_from)).toEqual(['2031-08-01']);
  });

  it('the weeks of a daylight-saving change keep their dates and count the real hours of a night span', async () => {
    const dee = await staff('Dee');
    const night = { start: '00:00', end: '08:00', break_minutes: 0 };
    await created('timesheet_schedules', {
      user_id: dee,
      effective_from: '2031-08-01',
      days: [FULL, FULL, FULL, FULL, FULL, null, night],
    });
    // Clocks fall back on Sunday 2 November 2031 and spring forward on Sunday 14 March 2032 (America/Los_Angeles).
    const fall = await expected(dee, '2031-10-27', '2031-11-02');
    expect(fall.days.map((d) => d.date)).toEqual([
      '2031-10-27',
      '2031-10-28',
      '2031-10-29',
      '2031-10-30',
      '2031-10-31',
      '2031-11-01',
      '2031-11-02',
    ]);
    expect(day(fall, '2031-11-02')).toMatchObject({ minutes: 540 });
    expect(fall.total_minutes).toBe(5 * 480 + 540);
    const spring = await expected(dee, '2032-03-08', '2032-03-14');
    expect(spring.days).toHaveLength(7);
    expect(day(spring, '2032-03-14')).toMatchObject({ minutes: 420 });
    expect(spring.total_minutes).toBe(5 * 480 + 420);
    // An ordinary Sunday night is eight hours.
    expect(day(await expected(dee, '2032-03-21', '2032-03-21'), '2032-03-21').minutes).toBe(480);
  });

  it('answers the whole staff without a person, and only their own hours to a staff member', async () => {
    const all = await s.call({
      method: 'GET',
      url: '/api/v2/timesheet_schedules/expected?from=2031-12-01&to=2031-12-07',
      token: keeper,
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.length).toBeGreaterThan(5);
    expect(all.json().meta).toEqual({ from: '2031-12-01', to: '2031-12-07', time_zone: 'America/Los_Angeles' });
    const own = await expected(teacherId, '2031-12-01', '2031-12-07', teacher);
    expect(own.user_id).toBe(teacherId);
    const other = await s.call({
      method: 'GET',
      url: `/api/v2/timesheet_schedules/expected?user_id=${await staff('Eve')}&from=2031-12-01&to=2031-12-07`,
      token: teacher,
    });
    expect(other.statusCode).toBe(403);
    const everyone = await s.call({
      method: 'GET',
      url: '/api/v2/timesheet_schedules/expected?from=2031-12-01&to=2031-12-07',
      token: teacher,
    });
    expect(everyone.statusCode).toBe(403);
    const tooLong = await s.call({
      method: 'GET',
      url: `/api/v2/timesheet_schedules/expected?user_id=${teacherId}&from=2031-01-01&to=2032-12-31`,
      token: keeper,
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.to).toBeDefined();
  });
});

describe('overlaps', () => {
  it('refuses a second default week from the same date, and days off or non-work days that overlap', async () => {
    const { id: fay, lname: fayLname } = await newTester('Fay');
    await created('timesheet_schedules', { user_id: fay, effective_from: '2031-08-01', days: WEEKDAYS });
    const again = await post('timesheet_schedules', { user_id: fay, effective_from: '2031-08-01', days: WEEKDAYS });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a default week from 2031-08-01/);

    await created('timesheet_schedules/days_off', {
      user_id: fay,
      type: 'sick',
      starts_on: '2031-09-08',
      ends_on: '2031-09-10',
    });
    const clash = await post('timesheet_schedules/days_off', {
      user_id: fay,
      type: 'personal',
      starts_on: '2031-09-10',
      ends_on: '2031-09-10',
      start_time: '13:00',
      end_time: '15:00',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      `Fay ${fayLname} already has a day off on 2031-09-08 to 2031-09-10 (sick): change that one, or choose other dates.`,
    );
    expect(clash.json().record.type).toBe('sick');
    // Two part days of one date whose hours do not meet are both fine.
    await created('timesheet_schedules/days_off', {
      user_id: fay,
      type: 'personal',
      starts_on: '2031-09-15',
      ends_on: '2031-09-15',
      start_time: '08:00',
      end_time: '10:00',
    });
    await created('timesheet_schedules/days_off', {
      user_id: fay,
      type: 'personal',
      starts_on: '2031-09-15',
      ends_on: '2031-09-15',
      start_time: '10:00',
      end_time: '11:00',
    });
    const partRange = await post('timesheet_schedules/days_off', {
      user_id: fay,
      type: 'personal',
      starts_on: '2031-09-16',
      ends_on: '2031-09-17',
      start_time: '08:00',
      end_time: '10:00',
    });
    expect(partRange.statusCode).toBe(422);
    expect(partRange.json().errors.ends_on).toBeDefined();

    await created('timesheet_schedules/non_work_days', {
      name: 'Winter break',
      kind: 'break',
      starts_on: '2031-12-22',
      ends_on: '2032-01-02',
    });
    const holiday = await post('timesheet_schedules/non_work_days', {
      name: "New Year's Day",
      kind: 'holiday',
      starts_on: '2032-01-01',
      ends_on: '2032-01-01',
    });
    expect(holiday.statusCode).toBe(409);
    expect(holiday.json().message).toMatch(/^Winter break \(2031-12-22 to 2032-01-02\) already covers/);
  });

  it('refuses special hours that replace the same day for the same people, or whose hours meet', async () => {
    const gus = await staff('Gus');
    const hal = await staff('Hal');
    await created('timesheet_schedules/special_hours', {
      name: 'Short day',
      mode: 'replace',
      starts_on: '2032-02-10',
      ends_on: '2032-02-10',
      start_time: '08:00',
      end_time: '12:00',
      user_ids: [gus],
    });
    const both = await post('timesheet_schedules/special_hours', {
      name: 'Training',
      mode: 'replace',
      starts_on: '2032-02-09',
      ends_on: '2032-02-11',
      start_time: '13:00',
      end_time: '15:00',
      user_ids: [hal, gus],
    });
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toMatch(/^Short day \(2032-02-10\) already sets the hours/);
    // An evening added the same day is fine; another meeting its hours is not.
    await created('timesheet_schedules/special_hours', {
      name: 'Open house',
      mode: 'add',
      starts_on: '2032-02-10',
      ends_on: '2032-02-10',
      start_time: '17:00',
      end_time: '19:00',
      user_ids: [gus],
    });
    const meets = await post('timesheet_schedules/special_hours', {
      name: 'Board meeting',
      mode: 'add',
      starts_on: '2032-02-10',
      ends_on: '2032-02-10',
      start_time: '18:30',
      end_time: '20:00',
      everyone: true,
    });
    expect(meets.statusCode).toBe(409);
    const nobody = await post('timesheet_schedules/special_hours', {
      name: 'Nobody',
      mode: 'add',
      starts_on: '2032-02-12',
      ends_on: '2032-02-12',
      start_time: '17:00',
      end_time: '19:00',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.user_ids).toEqual(['Choose the people, or everyone.']);
  });
});

describe('copy, staff and pay periods', () => {
  it('copies one week to several people from a date, replacing a week they had from that date', async () => {
    const ida = await staff('Ida');
    const jo = await staff('Jo');
    const kim = await staff('Kim');
    const source = await created('timesheet_schedules', {
      user_id: ida,
      effective_from: '2031-08-01',
      days: [FULL, FULL, FULL, null, null, null, null],
      note: 'Three days',
    });
    await created('timesheet_schedules', { user_id: kim, effective_from: '2031-09-01', days: WEEKDAYS });
    const res = await post('timesheet_schedules/copy', {
      schedule_id: source.id,
      user_ids: [jo, kim],
      effective_from: '2031-09-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { weekly_minutes: number }) => r.weekly_minutes)).toEqual([1440, 1440]);
    const kims = await s.call({
      method: 'GET',
      url: `/api/v2/timesheet_schedules?filter[user_id]=${kim}`,
      token: keeper,
    });
    expect(kims.json().meta.total).toBe(1);
    const student = await post('timesheet_schedules/copy', {
      schedule_id: source.id,
      user_ids: [
        (await s.call({ method: 'GET', url: '/api/v2/auth/check', token: await s.login('scholar@demo.school') })).json()
          .user.id,
      ],
      effective_from: '2031-09-01',
    });
    expect(student.statusCode).toBe(422);
    expect(student.json().errors.user_ids).toBeDefined();
  });

  it('finds staff by name with their week in effect today and sets who is exempt', async () => {
    const lu = await staff('Lucinda');
    const found = await s.call({
      method: 'GET',
      url: '/api/v2/timesheet_schedules/staff?search=lucinda',
      token: keeper,
    });
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: lu, fname: 'Lucinda', exempt: false, current_schedule: null }),
    ]);
    const set = await post(`timesheet_schedules/staff/${lu}`, { _method: 'PATCH', exempt: true });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.exempt).toBe(true);
    expect((await expected(lu, '2031-12-01', '2031-12-01')).exempt).toBe(true);
    const teacherTries = await post(`timesheet_schedules/staff/${lu}`, { exempt: false }, teacher);
    expect(teacherTries.statusCode).toBe(403);
    const scholar = await s.call({
      method: 'GET',
      url: '/api/v2/timesheet_schedules/staff?search=scholar',
      token: keeper,
    });
    expect(scholar.json().data).toEqual([]);
  });

  it('keeps the pay period rule: semi-monthly by default, bi-weekly only with its first day', async () => {
    const read = await s.call({ method: 'GET', url: '/api/v2/timesheet_schedules/settings', token: keeper });
    expect(read.json().data).toMatchObject({ pay_period_rule: 'semi_monthly', pay_period_anchor: null });
    const noAnchor = await post('timesheet_schedules/settings', { pay_period_rule: 'biweekly' });
    expect(noAnchor.statusCode).toBe(422);
    expect(noAnchor.json().errors.pay_period_anchor).toEqual(['Give the first day of a bi-weekly pay period.']);
    const biweekly = await post('timesheet_schedules/settings', {
      pay_period_rule: 'biweekly',
      pay_period_anchor: '2031-08-04',
    });
    expect(biweekly.json().data).toMatchObject({ pay_period_rule: 'biweekly', pay_period_anchor: '2031-08-04' });
    const school = await s.call({ method: 'GET', url: '/api/v2/school_settings', token: teacher });
    expect(school.json().data.pay_period_rule).toBe('biweekly');
    const back = await post('timesheet_schedules/settings', {
      pay_period_rule: 'semi_monthly',
      pay_period_anchor: '2031-08-04',
    });
    expect(back.json().data).toMatchObject({ pay_period_rule: 'semi_monthly', pay_period_anchor: null });
    expect((await post('timesheet_schedules/settings', { pay_period_rule: 'monthly' }, teacher)).statusCode).toBe(403);
  });
});
