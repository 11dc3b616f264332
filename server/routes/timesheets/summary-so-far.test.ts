/**
 * The timesheet summary's expected hours so far, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: on a
 * Tuesday evening a past day counts all its expected minutes, today counts up to now or to the last clock-out, and
 * the days still to come count only as ahead; a span cut part-way keeps its break out only past five hours; across
 * the night the clocks go back (2026-11-01, America/Los_Angeles) the real minutes count. The summary is read with a
 * set "now"; the route answers the current instant as `as_of`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SummaryPerson, type SummaryResponse, shiftDate, uuidv7 } from '../../../src/contract';
import { timesheets } from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { timesheetSummary } from '../../lib/timesheet-summary';
import type { TestServer } from '../../test/helpers';
import { createdBy, FULL, newStaff, SCHOOL_TZ, startTimekeepingServer, WEEKDAYS } from '../../test/timekeeping';
import { readTimekeepingSettings } from '../timesheet_schedules/settings';

let s: TestServer;
let admin: string;
let keeper: string;

async function staff(fname: string, days: unknown[] = WEEKDAYS, effectiveFrom = '2031-08-01'): Promise<string> {
  const { id } = await newStaff(s, admin, fname, { tag: 't2.sofar', family: 'SoFar' });
  await createdBy(s, keeper, 'timesheet_schedules', { user_id: id, effective_from: effectiveFrom, days });
  return id;
}

/** The instant of a wall-clock time of a date in the school's zone. */
const at = (date: string, time: string) => new Date(zonedInstant(date, time, SCHOOL_TZ));
async function record(userId: string, date: string, start: string, end: string | null, breakMinutes = 0) {
  await s.database.db.insert(timesheets).values({
    id: uuidv7(),
    user_id: userId,
    work_date: date,
    started_at: at(date, start).toISOString(),
    ended_at: end === null ? null : at(date, end).toISOString(),
    break_minutes: breakMinutes,
    category: 'regular',
    method: 'manual',
  });
}

/** One person's summary of a range as of `now`. */
async function asOf(userId: string, from: string, to: string, now: Date): Promise<SummaryPerson> {
  const answer = await s.database.db.transaction(async (tx) =>
    timesheetSummary(tx, {
      from,
      to,
      userIds: [userId],
      timeZone: SCHOOL_TZ,
      settings: await readTimekeepingSettings(tx),
      withDays: true,
      now,
    }),
  );
  expect(answer.as_of).toBe(now.toISOString());
  return answer.people[0] as SummaryPerson;
}
const soFarByDate = (p: SummaryPerson) => Object.fromEntries(p.days.map((d) => [d.date, d.expected_so_far_minutes]));

beforeAll(async () => {
  ({ s, admin, keeper } = await startTimekeepingServer());
});
afterAll(() => s.close());

// Monday 2031-10-13 to Sunday 2031-10-19; the evening of Tuesday the 14th.
const MONDAY = '2031-10-13';
const TUESDAY = '2031-10-14';
const SUNDAY = '2031-10-19';

describe('expected hours so far', () => {
  it('on a Tuesday evening counts Monday whole, Tuesday to the clock-out, and the rest of the week as ahead', async () => {
    const ana = await staff('Ana');
    await record(ana, MONDAY, '08:00', '12:00');
    await record(ana, MONDAY, '12:30', '16:30');
    // Tuesday: gone home at 15:00, an hour and a half early.
    await record(ana, TUESDAY, '08:00', '12:00');
    await record(ana, TUESDAY, '12:30', '15:00');
    const week = await asOf(ana, MONDAY, SUNDAY, at(TUESDAY, '18:00'));

    // 8:00 to 15:00 of the 8:00–16:30 day is seven hours, less the 30-minute lunch (past five hours): 6:30.
    expect(soFarByDate(week)).toEqual({
      '2031-10-13': 480,
      '2031-10-14': 390,
      '2031-10-15': 0,
      '2031-10-16': 0,
      '2031-10-17': 0,
    });
    expect(week.days.map((d) => d.expected_minutes)).toEqual([480, 480, 480, 480, 480]);
    expect(week.worked_minutes).toBe(480 + 390);
    expect(week.expected_minutes).toBe(2400);
    expect(week.expected_so_far_minutes).toBe(870);
    expect(week.expected_ahead_minutes).toBe(2400 - 870);
  });

  it('counts today up to now while clocked in or without records, the break only past five hours', async () => {
    const ben = await staff('Ben');
    const cara = await staff('Cara');
    await record(ben, TUESDAY, '08:00', null); // still clocked in
    const tuesday = async (who: string, time: string) =>
      (await asOf(who, TUESDAY, TUESDAY, at(TUESDAY, time))).expected_so_far_minutes;

    expect(await tuesday(ben, '18:00')).toBe(480);
    expect(await tuesday(ben, '10:00')).toBe(120);
    // Cara has no record today: the day's span counts to now all the same.
    expect(await tuesday(cara, '07:00')).toBe(0);
    expect(await tuesday(cara, '10:00')).toBe(120);
    // 5:10 in: the break is due, but the count never drops below the five hours.
    expect(await tuesday(cara, '13:10')).toBe(300);
    // 5:40 in: the 30-minute break is out.
    expect(await tuesday(cara, '13:40')).toBe(310);
    expect(await tuesday(cara, '16:30')).toBe(480);
  });

  it('counts to now when the clock-out is later than now, and to the clock-out of a day worked past its end', async () => {
    const dora = await staff('Dora');
    await record(dora, TUESDAY, '08:00', '17:30', 30);
    expect((await asOf(dora, TUESDAY, TUESDAY, at(TUESDAY, '10:00'))).expected_so_far_minutes).toBe(120);
    const evening = await asOf(dora, TUESDAY, TUESDAY, at(TUESDAY, '20:00'));
    expect(evening.expected_so_far_minutes).toBe(480);
    expect(evening.expected_ahead_minutes).toBe(0);
  });

  it('counts the real minutes of a span across the night the clocks go back', async () => {
    // A night watch on Sundays, 00:30 to 03:30 wall clock: on 2026-11-01 the clocks go from 2:00 back to 1:00, so
    // it is four real hours that night.
    const night = { start: '00:30', end: '03:30', break_minutes: 0 };
    const eve = await staff('Eve', [FULL, FULL, FULL, FULL, FULL, null, night], '2026-09-01');
    // 1:30 the second time (Pacific standard time, 09:30 UTC): two real hours since 00:30 daylight time.
    const week = await asOf(eve, '2026-10-26', '2026-11-01', new Date('2026-11-01T09:30:00Z'));
    expect(soFarByDate(week)['2026-11-01']).toBe(120);
    expect(week.days.find((d) => d.date === '2026-11-01')?.expected_minutes).toBe(240);
    expect(week.expected_so_far_minutes).toBe(5 * 480 + 120);
    expect(week.expected_ahead_minutes).toBe(120);
    // The next Monday: the Sunday is past and counts its four real hours.
    const after = await asOf(eve, '2026-11-01', '2026-11-01', new Date('2026-11-02T18:00:00Z'));
    expect(after.expected_so_far_minutes).toBe(240);
    expect(after.expected_ahead_minutes).toBe(0);
  });

  it('answers the current instant through the route: days still to come are all ahead', async () => {
    const finn = await staff('Finn');
    const before = Date.now();
    const res = await s.call({
      method: 'GET',
      url: `/api/v2/timesheets/summary?user_id=${finn}&from=${MONDAY}&to=${shiftDate(MONDAY, 4)}`,
      token: keeper,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<SummaryResponse>();
    const asOfMs = Date.parse(body.as_of);
    expect(asOfMs).toBeGreaterThanOrEqual(before - 1000);
    expect(asOfMs).toBeLessThanOrEqual(Date.now() + 1000);
    const [person] = body.people;
    expect(person?.expected_minutes).toBe(2400);
    expect(person?.expected_so_far_minutes).toBe(0);
    expect(person?.expected_ahead_minutes).toBe(2400);
    expect(person?.days.every((d) => d.expected_so_far_minutes === 0)).toBe(true);
  });
});
