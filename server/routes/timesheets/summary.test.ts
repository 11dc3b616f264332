/**
 * The timesheet summary through the API, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: worked
 * against expected minutes day by day, a record across midnight (and across the night the clocks fall back) counted
 * on the day it started, leave and open records, the compliance flags as the endpoint answers them (whole workweeks,
 * exempt staff, the school's settings), pay period states, totals without days, who may see whose hours, the longest
 * range, and a fixed number of queries whatever the number of people. Records are inserted directly: the summary
 * reads what is stored, however it got there. Dates lie in 2031, clear of the demo school's records.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FLAG_SETTINGS,
  MAX_SUMMARY_DAYS,
  type SummaryDay,
  type SummaryPerson,
  type SummaryResponse,
  shiftDate,
  type TimesheetCategory,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheetPeriods, timesheets, users } from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { timesheetSummary } from '../../lib/timesheet-summary';
import type { TestServer } from '../../test/helpers';
import { createdBy, newStaff, SCHOOL_TZ, startTimekeepingServer, WEEKDAYS } from '../../test/timekeeping';
import { readTimekeepingSettings } from '../timesheet_schedules/settings';

let s: TestServer;
let admin: string;
let keeper: string;
let teacher: string;
let teacherId: string;

const created = (url: string, payload: Record<string, unknown>, token = keeper) => createdBy(s, token, url, payload);
/** A new staff member with the full-time default week, non-exempt unless asked. */
async function staff(fname: string, exempt = false): Promise<string> {
  const { id } = await newStaff(s, admin, fname, { tag: 't2.summary', family: 'Summary' });
  await created('timesheet_schedules', { user_id: id, effective_from: '2031-08-01', days: WEEKDAYS });
  if (exempt) await s.database.db.update(users).set({ exempt: true }).where(eq(users.id, id));
  return id;
}

/** An instant of a wall-clock time of a date in the school's zone. */
const at = (date: string, time: string) => new Date(zonedInstant(date, time, SCHOOL_TZ)).toISOString();
/** Stores a record of a work date; an end before the start is on the next day; null: still clocked in. */
async function record(
  userId: string,
  date: string,
  start: string,
  end: string | null,
  opts: { break_minutes?: number; category?: TimesheetCategory } = {},
) {
  const category = opts.category ?? 'regular';
  await s.database.db.insert(timesheets).values({
    id: uuidv7(),
    user_id: userId,
    work_date: date,
    started_at: at(date, start),
    ended_at: end === null ? null : at(end < start ? shiftDate(date, 1) : date, end),
    break_minutes: opts.break_minutes ?? 0,
    category,
    leave_type: category === 'leave' ? 'sick' : null,
    method: 'manual',
  });
}
/** A regular day with lunch as two records. */
async function workDay(userId: string, date: string, end = '16:30') {
  await record(userId, date, '08:00', '12:00');
  await record(userId, date, '12:30', end);
}

async function summary(query: string, token = keeper) {
  return s.call({ method: 'GET', url: `/api/v2/timesheets/summary?${query}`, token });
}
async function summaryOf(userId: string, from: string, to: string, extra = ''): Promise<SummaryPerson> {
  const res = await summary(`user_id=${userId}&from=${from}&to=${to}${extra}`);
  if (res.statusCode !== 200) throw new Error(`summary answered ${res.statusCode}: ${res.body}`);
  const body = res.json<SummaryResponse>();
  expect(body.people).toHaveLength(1);
  return body.people[0] as SummaryPerson;
}
const dayOf = (p: SummaryPerson, date: string) => p.days.find((d) => d.date === date) as SummaryDay;
const flagList = (p: SummaryPerson) => p.flags.map((f) => `${f.date} ${f.code}`);

async function setFlags(flags: typeof DEFAULT_FLAG_SETTINGS) {
  const current = (await s.call({ method: 'GET', url: '/api/v2/timesheet_schedules/settings', token: keeper })).json()
    .data;
  const res = await s.call({
    method: 'POST',
    url: '/api/v2/timesheet_schedules/settings',
    token: keeper,
    payload: {
      pay_period_rule: current.pay_period_rule,
      pay_period_anchor: current.pay_period_anchor,
      timesheet_flags: flags,
    },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  ({ s, admin, keeper, teacher, teacherId } = await startTimekeepingServer());
});
afterAll(() => s.close());

describe('timesheet summary', () => {
  it('answers worked against expected minutes each day, by category, with in, out and open records', async () => {
    const ana = await staff('Ana');
    // Monday 2031-10-06 to Sunday 2031-10-12.
    await workDay(ana, '2031-10-06'); // 8:00
    await record(ana, '2031-10-07', '07:30', '16:30', { break_minutes: 30 }); // 8:30
    await record(ana, '2031-10-07', '17:00', '20:00', { category: 'conference' }); // 3:00
    // Wednesday: nothing recorded, 8 hours expected.
    await record(ana, '2031-10-09', '07:55', null); // a missing clock-out
    await record(ana, '2031-10-10', '08:00', '16:30', { break_minutes: 30, category: 'leave' });
    await record(ana, '2031-10-12', '22:00', '01:00'); // Sunday night, past midnight
    const week = await summaryOf(ana, '2031-10-06', '2031-10-12');

    // Saturday has neither a record nor expected hours.
    expect(week.days.map((d) => [d.date, d.worked_minutes, d.expected_minutes, d.records, d.open])).toEqual([
      ['2031-10-06', 480, 480, 2, false],
      ['2031-10-07', 690, 480, 2, false],
      ['2031-10-08', 0, 480, 0, false],
      ['2031-10-09', 0, 480, 1, true],
      ['2031-10-10', 0, 480, 1, false],
      ['2031-10-12', 180, 0, 1, false],
    ]);
    expect(dayOf(week, '2031-10-06')).toMatchObject({
      by_category: { regular: 480 },
      first_in: at('2031-10-06', '08:00'),
      last_out: at('2031-10-06', '16:30'),
      flags: [],
    });
    expect(dayOf(week, '2031-10-07').by_category).toEqual({ regular: 510, conference: 180 });
    expect(dayOf(week, '2031-10-07').last_out).toBe(at('2031-10-07', '20:00'));
    // Still clocked in: no last clock-out, and nothing counted yet.
    expect(dayOf(week, '2031-10-09')).toMatchObject({ first_in: at('2031-10-09', '07:55'), last_out: null });
    // Leave is paid (by category) but not worked, and has no in or out.
    expect(dayOf(week, '2031-10-10')).toMatchObject({ by_category: { leave: 480 }, first_in: null, last_out: null });
    // The record across midnight counts on Sunday, the day it started.
    expect(dayOf(week, '2031-10-12').last_out).toBe(at('2031-10-13', '01:00'));
    expect(week).toMatchObject({
      worked_minutes: 480 + 690 + 180,
      expected_minutes: 5 * 480,
      by_category: { regular: 480 + 510 + 180, conference: 180, leave: 480 },
    });
    expect(flagList(week)).toEqual(['2031-10-07 daily_over_8']);
    const monday = await summaryOf(ana, '2031-10-13', '2031-10-13');
    expect(dayOf(monday, '2031-10-13')).toMatchObject({ worked_minutes: 0, records: 0 });
  });

  it('counts the real hours of a night when the clocks fall back, on the day it started', async () => {
    const ben = await staff('Ben');
    // Saturday 1 November 2031, 22:00 to 02:00: five hours, the clocks repeat 1 to 2 in the night.
    await record(ben, '2031-11-01', '22:00', '02:00');
    const weekend = await summaryOf(ben, '2031-11-01', '2031-11-02');
    expect(weekend.days.map((d) => [d.date, d.worked_minutes])).toEqual([['2031-11-01', 300]]);
  });

  it('flags non-exempt staff over whole workweeks, only on dates of the range; exempt staff get none', async () => {
    const cy = await staff('Cy');
    const dee = await staff('Dee', true);
    for (const person of [cy, dee]) {
      // Monday to Friday 2031-10-20 to 24, 8:30 a day: 34:00 after Thursday, 42:30 after Friday, which crosses 40
      // hours; Saturday a 6-hour stretch without a meal break.
      for (const date of ['2031-10-20', '2031-10-21', '2031-10-22', '2031-10-23', '2031-10-24']) {
        await workDay(person, date, '17:00');
      }
      await record(person, '2031-10-25', '08:00', '14:00');
    }
    const cyWeek = await summaryOf(cy, '2031-10-20', '2031-10-26');
    expect(flagList(cyWeek)).toEqual([
      '2031-10-20 daily_over_8',
      '2031-10-21 daily_over_8',
      '2031-10-22 daily_over_8',
      '2031-10-23 daily_over_8',
      '2031-10-24 weekly_over_40',
      '2031-10-24 daily_over_8',
      '2031-10-25 meal_break',
    ]);
    expect(dayOf(cyWeek, '2031-10-24').flags).toEqual(['weekly_over_40', 'daily_over_8']);
    // Friday and Saturday alone: the week's earlier days still count toward the 40 hours.
    const cyEnd = await summaryOf(cy, '2031-10-24', '2031-10-25');
    expect(flagList(cyEnd)).toEqual(['2031-10-24 weekly_over_40', '2031-10-24 daily_over_8', '2031-10-25 meal_break']);
    expect(cyEnd.worked_minutes).toBe(510 + 360);
    // Monday to Friday: Saturday's missed meal break is outside the range.
    expect(flagList(await summaryOf(cy, '2031-10-20', '2031-10-24')).at(-1)).toBe('2031-10-24 daily_over_8');

    const deeWeek = await summaryOf(dee, '2031-10-20', '2031-10-26');
    expect(deeWeek.exempt).toBe(true);
    expect(deeWeek.flags).toEqual([]);
    expect(deeWeek.days.every((d) => d.flags.length === 0)).toBe(true);
    expect(deeWeek.worked_minutes).toBe(cyWeek.worked_minutes);
  });

  it("shows only the flags the school's settings turn on", async () => {
    const eve = await staff('Eve');
    await workDay(eve, '2031-10-27', '17:00');
    await record(eve, '2031-10-28', '08:00', '14:00');
    try {
      await setFlags({ ...DEFAULT_FLAG_SETTINGS, daily_overtime: false });
      const res = await summary(`user_id=${eve}&from=2031-10-27&to=2031-10-28`);
      expect(res.json().flag_settings).toEqual({ ...DEFAULT_FLAG_SETTINGS, daily_overtime: false });
      expect(flagList(res.json().people[0])).toEqual(['2031-10-28 meal_break']);
      await setFlags({ weekly_overtime: true, daily_overtime: true, seventh_day: true, meal_break: false });
      expect(flagList(await summaryOf(eve, '2031-10-27', '2031-10-28'))).toEqual(['2031-10-27 daily_over_8']);
    } finally {
      await setFlags(DEFAULT_FLAG_SETTINGS);
    }
    expect(flagList(await summaryOf(eve, '2031-10-27', '2031-10-28'))).toEqual([
      '2031-10-27 daily_over_8',
      '2031-10-28 meal_break',
    ]);
  });

  it("answers each pay period touching the range with the person's state, open when it has none", async () => {
    const fay = await staff('Fay');
    const gus = await staff('Gus');
    await s.database.db.insert(timesheetPeriods).values([
      { id: uuidv7(), user_id: fay, period_start: '2031-09-01', period_end: '2031-09-15', state: 'approved' },
      {
        id: uuidv7(),
        user_id: fay,
        period_start: '2031-09-16',
        period_end: '2031-09-30',
        state: 'returned',
        note: 'Add Friday',
      },
      { id: uuidv7(), user_id: gus, period_start: '2031-09-16', period_end: '2031-09-30', state: 'submitted' },
    ]);
    const settings = (
      await s.call({ method: 'GET', url: '/api/v2/timesheet_schedules/settings', token: keeper })
    ).json().data;
    expect(settings.pay_period_rule).toBe('semi_monthly');
    const res = await summary(`from=2031-09-10&to=2031-10-01`);
    expect(res.statusCode).toBe(200);
    const periodsOf = (id: string) => res.json<SummaryResponse>().people.find((p) => p.user_id === id)?.periods;
    expect(periodsOf(fay)).toEqual([
      { start: '2031-09-01', end: '2031-09-15', state: 'approved', note: null },
      { start: '2031-09-16', end: '2031-09-30', state: 'returned', note: 'Add Friday' },
      { start: '2031-10-01', end: '2031-10-15', state: 'open', note: null },
    ]);
    expect(periodsOf(gus)?.map((p) => p.state)).toEqual(['open', 'submitted', 'open']);
  });

  it('days=false answers the totals, flags and periods without the days', async () => {
    const hal = await staff('Hal');
    await workDay(hal, '2031-09-08', '17:00');
    await workDay(hal, '2031-09-09');
    const full = await summaryOf(hal, '2031-09-01', '2031-09-30');
    const totals = await summaryOf(hal, '2031-09-01', '2031-09-30', '&days=false');
    expect(full.days.length).toBeGreaterThan(20);
    expect(totals.days).toEqual([]);
    expect(totals).toEqual({ ...full, days: [] });
    expect(totals).toMatchObject({ worked_minutes: 990, by_category: { regular: 990 }, expected_minutes: 22 * 480 });
    expect(flagList(totals)).toEqual(['2031-09-08 daily_over_8']);
  });

  it('a staff member sees their own; the timekeeper sees everyone active on staff or one person', async () => {
    const ivy = await staff('Ivy');
    await workDay(ivy, '2031-09-15');
    await workDay(teacherId, '2031-09-15');
    const own = await summary('from=2031-09-15&to=2031-09-15', teacher);
    expect(own.statusCode).toBe(200);
    expect(own.json().people.map((p: SummaryPerson) => [p.user_id, p.worked_minutes])).toEqual([[teacherId, 480]]);
    expect((await summary(`user_id=${teacherId}&from=2031-09-15&to=2031-09-15`, teacher)).statusCode).toBe(200);
    const other = await summary(`user_id=${ivy}&from=2031-09-15&to=2031-09-15`, teacher);
    expect(other.statusCode).toBe(403);

    const everyone = await summary('from=2031-09-15&to=2031-09-15');
    const active = await s.database.db.select({ id: users.id, type: users.type, active: users.active }).from(users);
    const staffIds = active.filter((u) => u.type === 'staff' && u.active).map((u) => u.id);
    const ids = everyone.json<SummaryResponse>().people.map((p) => p.user_id);
    expect(new Set(ids)).toEqual(new Set(staffIds));
    expect(ids).toContain(ivy);
    // An inactive staff member leaves the list, but can still be asked for by id.
    await s.database.db.update(users).set({ active: false }).where(eq(users.id, ivy));
    const after = (await summary('from=2031-09-15&to=2031-09-15')).json<SummaryResponse>();
    expect(after.people.map((p) => p.user_id)).not.toContain(ivy);
    expect((await summaryOf(ivy, '2031-09-15', '2031-09-15')).worked_minutes).toBe(480);
    // Someone who is not on staff is not a staff member.
    const [scholar] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.type, 'student'));
    expect((await summary(`user_id=${scholar?.id}&from=2031-09-15&to=2031-09-15`)).statusCode).toBe(404);
  });

  it(`refuses a range longer than ${MAX_SUMMARY_DAYS} days, or backwards, on "to"`, async () => {
    const last = shiftDate('2031-01-01', MAX_SUMMARY_DAYS - 1);
    const ok = await summary(`from=2031-01-01&to=${last}&days=false`);
    expect(ok.statusCode).toBe(200);
    const long = await summary(`from=2031-01-01&to=${shiftDate(last, 1)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ to: [`Ask for at most ${MAX_SUMMARY_DAYS} days at once.`] });
    const backwards = await summary('from=2031-01-02&to=2031-01-01');
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['to']);
  });

  it('runs the same number of queries for one person as for the whole staff, for a week or a year', async () => {
    const counted = (tx: Tx) => {
      let queries = 0;
      const db = new Proxy(tx, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (typeof value !== 'function') return value;
          if (prop === 'select' || prop === 'execute') {
            return (...args: unknown[]) => {
              queries++;
              return value.apply(target, args);
            };
          }
          return value.bind(target);
        },
      });
      return { db, queries: () => queries };
    };
    const run = (userIds: string[] | undefined, from: string, to: string) =>
      s.database.db.transaction(async (tx) => {
        const { db, queries } = counted(tx);
        const answer = await timesheetSummary(db, {
          from,
          to,
          userIds,
          timeZone: SCHOOL_TZ,
          settings: await readTimekeepingSettings(db),
          withDays: true,
          now: new Date(),
        });
        return { people: answer.people.length, queries: queries() };
      });
    const one = await run([teacherId], '2031-09-15', '2031-09-21');
    const all = await run(undefined, '2031-09-15', '2031-09-21');
    const year = await run(undefined, '2031-08-15', '2032-06-15');
    expect(one.people).toBe(1);
    expect(all.people).toBeGreaterThan(40);
    expect(year.people).toBe(all.people);
    // The settings, the people, the five queries of the expected hours for expected hours, the records, the pay period rows.
    expect([one.queries, all.queries, year.queries]).toEqual([9, 9, 9]);
  });
});
