/**
 * The timesheet summary: for each person and each day of a range, the minutes worked against the minutes
 * expected (the timesheet schedules' expected hours), by category, the day's first clock-in and last clock-out, whether a record is still
 * open, the compliance flags of non-exempt staff, and the state of each pay period touching the range. Daily
 * Combined, the Grid and Cumulative read it.
 *
 * - Worked minutes are the paid minutes (length less unpaid break) of finished records of every category but leave.
 *   Leave is paid time off, not work: it shows under `by_category.leave` (paid minutes by category, leave included)
 *   and is not in `worked_minutes`, just as a day off takes its hours out of the expected ones. An open record counts
 *   nothing until it is finished (whoever shows it may count it to now).
 * - A record counts on its work date, the school day it started on, however late it ends.
 * - The flags need whole workweeks (Monday to Sunday): records are read from the Monday of `from`'s week to the Sunday
 *   of `to`'s week, and only flags on dates of the range are answered.
 * - Expected so far: the expected minutes up to `now` (the answer's `as_of`), so a total compares worked hours with
 *   what has happened. A past day (in the school's zone) counts all its minutes, a future day none; today counts its
 *   expected spans up to now, or up to the last clock-out once the day's work records are all finished.
 * - Eight queries whatever the number of people or days (the people, the five queries of the expected hours, the records, the pay period rows),
 *   one after another in the caller's transaction; the caller reads the school's settings (one more).
 */
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import {
  complianceFlags,
  datesBetween,
  type ExpectedDay,
  type FlagCode,
  localDate,
  mondayOf,
  type PayPeriodSettings,
  payPeriodsBetween,
  type SummaryDay,
  type SummaryPerson,
  type SummaryResponse,
  shiftDate,
  type TimesheetCategory,
  type TimesheetFlagSettings,
  workedMinutes,
} from '../../src/contract';
import type { Tx } from '../db/client';
import { timesheetPeriods, timesheets, users } from '../db/schema';
import {
  BY_SURNAME,
  expectedHours,
  MEAL_BREAK_AFTER_MINUTES,
  paidMinutes,
  staffAskedFor,
  zonedInstant,
} from './expected-hours';
import { iso } from './resource';

type Db = Pick<Tx, 'select'>;

export interface SummaryRequest {
  from: string;
  to: string;
  /** These people (staff only; inactive ones too); absent: every active staff member. */
  userIds?: readonly string[];
  timeZone: string;
  /** The school's pay period rule and flag settings (DEFAULT_FLAG_SETTINGS merged with its own). */
  settings: PayPeriodSettings & { timesheet_flags: TimesheetFlagSettings };
  /** Answer each person's days (false: only the totals, flags and periods). */
  withDays: boolean;
  /** The instant of the answer: expected minutes so far count up to it (the route passes the current time). */
  now: Date;
}

interface SummaryRecord {
  user_id: string;
  work_date: string;
  started_at: string;
  ended_at: string | null;
  break_minutes: number;
  category: TimesheetCategory;
}

/** A person's name as lists give it: "Last, First" with the preferred first name. */
export const listName = (u: { fname: string; lname: string; nickname: string | null }) =>
  `${u.lname}, ${u.nickname || u.fname}`;

const addTo = (totals: Partial<Record<TimesheetCategory, number>>, category: TimesheetCategory, minutes: number) => {
  totals[category] = (totals[category] ?? 0) + minutes;
};

/**
 * The expected minutes of one of today's spans up to an instant. Up to five hours of it count as they pass; past five
 * hours its break is taken out, but never below the five hours (the break is due only after five hours of work:
 * MEAL_BREAK_AFTER_MINUTES, California Labor Code 512), and never above the whole span's minutes.
 */
function spanSoFar(date: string, span: ExpectedDay['blocks'][number], until: number, timeZone: string): number {
  const start = zonedInstant(date, span.start, timeZone);
  const end = zonedInstant(date, span.end, timeZone);
  const whole = paidMinutes(date, span, timeZone);
  if (until >= end) return whole;
  if (until <= start) return 0;
  const elapsed = Math.round((until - start) / 60_000);
  if (elapsed <= MEAL_BREAK_AFTER_MINUTES) return Math.min(whole, elapsed);
  return Math.min(whole, Math.max(MEAL_BREAK_AFTER_MINUTES, elapsed - span.break_minutes));
}

/**
 * A day's expected minutes up to the answer's instant: all of a past day's, none of a future day's; today's spans up to
 * now, or up to the last clock-out when the day's work records are all finished (whichever is sooner).
 */
function expectedSoFar(
  day: ExpectedDay | undefined,
  lastOut: string | null,
  finished: boolean,
  now: Date,
  today: string,
  timeZone: string,
): number {
  if (!day) return 0;
  if (day.date < today) return day.minutes;
  if (day.date > today) return 0;
  const until = finished && lastOut ? Math.min(now.getTime(), Date.parse(lastOut)) : now.getTime();
  return day.blocks.reduce((sum, span) => sum + spanSoFar(day.date, span, until, timeZone), 0);
}

/** One day of one person from its records (all of that work date) and its expected minutes. */
function summarizeDay(
  date: string,
  records: readonly SummaryRecord[],
  expected: ExpectedDay | undefined,
  flags: FlagCode[],
  clock: { now: Date; today: string; timeZone: string },
): SummaryDay {
  const byCategory: SummaryDay['by_category'] = {};
  let worked = 0;
  for (const r of records) {
    const paid = workedMinutes(r);
    if (paid === null) continue;
    addTo(byCategory, r.category, paid);
    if (r.category !== 'leave') worked += paid;
  }
  // In and out are of the day's work; a leave record's times are only how long it is.
  const work = records.filter((r) => r.category !== 'leave');
  const firstIn = work.reduce<string | null>(
    (min, r) => (min === null || r.started_at < min ? r.started_at : min),
    null,
  );
  const stillIn = work.some((r) => r.ended_at === null);
  const lastOut = stillIn
    ? null
    : work.reduce<string | null>(
        (max, r) => (r.ended_at && (max === null || r.ended_at > max) ? r.ended_at : max),
        null,
      );
  return {
    date,
    worked_minutes: worked,
    expected_minutes: expected?.minutes ?? 0,
    expected_so_far_minutes: expectedSoFar(
      expected,
      lastOut,
      work.length > 0 && !stillIn,
      clock.now,
      clock.today,
      clock.timeZone,
    ),
    by_category: byCategory,
    first_in: firstIn,
    last_out: lastOut,
    records: records.length,
    open: records.some((r) => r.ended_at === null),
    flags,
  };
}

/** The summary of a range for the people asked about, in surname order. */
export async function timesheetSummary(db: Db, req: SummaryRequest): Promise<SummaryResponse> {
  const { from, to, settings } = req;
  const answer = (people: SummaryPerson[]): SummaryResponse => ({
    from,
    to,
    time_zone: req.timeZone,
    as_of: req.now.toISOString(),
    flag_settings: settings.timesheet_flags,
    people,
  });
  const people = await db
    .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname, exempt: users.exempt })
    .from(users)
    .where(staffAskedFor(req.userIds))
    .orderBy(...BY_SURNAME);
  if (!people.length) return answer([]);
  const ids = people.map((p) => p.id);

  const expected = new Map(
    (await expectedHours(db, { from, to, userIds: ids, timeZone: req.timeZone })).map((p) => [p.user_id, p]),
  );
  // Whole workweeks around the range, for the weekly and seventh-day flags.
  const weekFrom = mondayOf(from);
  const weekTo = shiftDate(mondayOf(to), 6);
  const rows = await db
    .select({
      user_id: timesheets.user_id,
      work_date: timesheets.work_date,
      started_at: timesheets.started_at,
      ended_at: timesheets.ended_at,
      break_minutes: timesheets.break_minutes,
      category: timesheets.category,
    })
    .from(timesheets)
    .where(
      and(inArray(timesheets.user_id, ids), gte(timesheets.work_date, weekFrom), lte(timesheets.work_date, weekTo)),
    )
    .orderBy(asc(timesheets.started_at));
  const periodRows = await db
    .select()
    .from(timesheetPeriods)
    .where(
      and(
        inArray(timesheetPeriods.user_id, ids),
        lte(timesheetPeriods.period_start, to),
        gte(timesheetPeriods.period_end, from),
      ),
    );

  const recordsOf = new Map<string, SummaryRecord[]>();
  for (const row of rows) {
    const record: SummaryRecord = {
      ...row,
      started_at: iso(row.started_at),
      ended_at: row.ended_at === null ? null : iso(row.ended_at),
    };
    const list = recordsOf.get(row.user_id);
    if (list) list.push(record);
    else recordsOf.set(row.user_id, [record]);
  }
  const periodRowOf = new Map(periodRows.map((p) => [`${p.user_id} ${p.period_start}`, p]));
  const periods = payPeriodsBetween(from, to, settings);
  const dates = datesBetween(from, to);
  const clock = { now: req.now, today: localDate(req.now, req.timeZone), timeZone: req.timeZone };

  return answer(
    people.map((person): SummaryPerson => {
      const all = recordsOf.get(person.id) ?? [];
      const flags = person.exempt
        ? []
        : complianceFlags(all, settings.timesheet_flags).filter((f) => from <= f.date && f.date <= to);
      const byDate = new Map<string, SummaryRecord[]>();
      for (const r of all) {
        const list = byDate.get(r.work_date);
        if (list) list.push(r);
        else byDate.set(r.work_date, [r]);
      }
      const expectedOf = new Map((expected.get(person.id)?.days ?? []).map((d) => [d.date, d]));
      const byCategory: SummaryPerson['by_category'] = {};
      const days: SummaryDay[] = [];
      let worked = 0;
      let expectedTotal = 0;
      let soFar = 0;
      for (const date of dates) {
        const records = byDate.get(date) ?? [];
        const expectedDay = expectedOf.get(date);
        if (!records.length && (expectedDay?.minutes ?? 0) <= 0) continue;
        const codes = flags.filter((f) => f.date === date).map((f) => f.code);
        const day = summarizeDay(date, records, expectedDay, codes, clock);
        worked += day.worked_minutes;
        expectedTotal += day.expected_minutes;
        soFar += day.expected_so_far_minutes;
        for (const [category, paid] of Object.entries(day.by_category) as [TimesheetCategory, number][]) {
          addTo(byCategory, category, paid);
        }
        if (req.withDays) days.push(day);
      }
      return {
        user_id: person.id,
        user_name: listName(person),
        exempt: person.exempt,
        worked_minutes: worked,
        expected_minutes: expectedTotal,
        expected_so_far_minutes: soFar,
        expected_ahead_minutes: expectedTotal - soFar,
        by_category: byCategory,
        days,
        flags,
        periods: periods.map((p) => {
          const row = periodRowOf.get(`${person.id} ${p.start}`);
          return { start: p.start, end: p.end, state: row?.state ?? 'open', note: row?.note ?? null };
        }),
      };
    }),
  );
}
