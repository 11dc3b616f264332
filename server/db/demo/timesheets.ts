/**
 * The demo school's timesheets: three weeks of records for every staff member, ending yesterday.
 * Each person clocks in and out around the day T1 expects of them (their default week, the conference night's
 * special hours), a few minutes early or late and never longer than expected, with lunch as two records or as a
 * 30-minute break; their days off are leave records of the day off's type; nobody works on the school's non-work days.
 * Then a few things a timekeeper should see: one person over 8 hours on a day, one who took lunch too late (no meal
 * break by the fifth hour), one over 40 hours in a week (a Saturday of extra duty), and one missing clock-out. The
 * previous pay period is approved for everyone with records in it, and the one after it submitted by some.
 * Nobody is clocked in today: the demo teacher clocks in on screen. Deterministic for a given `today`.
 */
import {
  clockMinutes,
  clockTime,
  DEFAULT_PAY_PERIODS,
  datesBetween,
  isoWeekday,
  mondayOf,
  type PayPeriod,
  payPeriodOf,
  shiftDate,
  type TimesheetCategory,
  uuidv7,
} from '../../../src/contract';
import { type ExpectedInputs, expectedDay, zonedInstant } from '../../lib/expected-hours';
import type { timesheetPeriods, timesheets } from '../schema';
import { createRandom } from './names';
import type { DemoSchedules, DemoStaff } from './timesheet-schedules';

type RecordRow = Required<Omit<typeof timesheets.$inferInsert, 'version' | 'created_at' | 'updated_at'>>;
type PeriodRow = Required<Omit<typeof timesheetPeriods.$inferInsert, 'created_at' | 'updated_at'>>;

export interface DemoTimesheets {
  records: RecordRow[];
  periods: PeriodRow[];
  /** What the demo shows, for the seed's test: the pay periods and the people of each planted case. */
  approved: PayPeriod;
  submitted: PayPeriod;
  cases: { overEight?: string; mealBreak?: string; overForty?: string; missingClockOut?: string };
}

/** Days of records before today. */
const DAYS = 21;
/** A separate PRNG, so the records never change what the rest of the seed draws. */
const SEED = 'demo-timesheets-v1';

/** One planned record, in minutes of its work date's wall clock. */
interface Planned {
  user_id: string;
  work_date: string;
  start: number;
  end: number | null;
  break_minutes: number;
  category: TimesheetCategory;
  leave_type: RecordRow['leave_type'];
  method: 'clock' | 'badge' | 'manual';
}

/** Plans the records and pay period states of the demo staff; `today` is the school's date. */
export function planTimesheets(
  staff: readonly DemoStaff[],
  schedules: DemoSchedules,
  today: string,
  timeZone: string,
): DemoTimesheets {
  const rnd = createRandom(SEED);
  const from = shiftDate(today, -DAYS);
  const to = shiftDate(today, -1);
  const keeper = staff.find((s) => s.email === 'timekeeper@demo.school')?.id ?? null;
  const partTime = new Set(schedules.schedules.filter((v) => v.note === 'Part-time').map((v) => v.user_id));
  const exempt = new Set(schedules.exempt);
  const closed = (date: string) => schedules.nonWorkDays.some((d) => d.starts_on <= date && date <= d.ends_on);
  const specials = schedules.specials.map((s) => ({ ...s, created_at: '' }));
  const inputsOf = (id: string): ExpectedInputs => ({
    schedules: schedules.schedules
      .filter((v) => v.user_id === id)
      .sort((a, b) => a.effective_from.localeCompare(b.effective_from)),
    nonWorkDays: schedules.nonWorkDays,
    daysOff: schedules.daysOff.filter((d) => d.user_id === id),
    specials: specials.filter((s) => s.everyone || s.user_ids.includes(id)),
    timeZone,
  });

  const planned: Planned[] = [];
  const work = (p: Omit<Planned, 'category' | 'leave_type' | 'method'> & { category?: TimesheetCategory }) =>
    planned.push({
      category: 'regular',
      leave_type: null,
      method: rnd.chance(0.15) ? 'badge' : 'clock',
      ...p,
    });

  for (const person of staff) {
    const inputs = inputsOf(person.id);
    for (const date of datesBetween(from, to)) {
      if (closed(date)) continue;
      const day = expectedDay(person.id, date, inputs);
      const off = day.details.find((d) => d.kind === 'day_off');
      if (off?.kind === 'day_off' && off.minutes_off > 0) {
        const version = day.details.find((d) => d.kind === 'default');
        const weekday =
          version?.kind === 'default'
            ? inputs.schedules.find((v) => v.id === version.schedule_id)?.days[isoWeekday(date) - 1]
            : null;
        const span =
          off.start_time && off.end_time
            ? { start: off.start_time, end: off.end_time, break_minutes: 0 }
            : (weekday ?? null);
        if (span) {
          planned.push({
            user_id: person.id,
            work_date: date,
            start: clockMinutes(span.start),
            end: clockMinutes(span.end),
            break_minutes: span.break_minutes,
            category: 'leave',
            leave_type: off.type,
            method: 'manual',
          });
        }
      }
      for (const block of day.blocks) {
        const conference = day.details.some(
          (d) => d.kind === 'special' && d.mode === 'add' && d.start === block.start && d.end === block.end,
        );
        const [start0, end0] = [clockMinutes(block.start), clockMinutes(block.end)];
        if (conference) {
          work({
            user_id: person.id,
            work_date: date,
            start: start0,
            end: end0,
            break_minutes: 0,
            category: 'conference',
          });
          continue;
        }
        // A few minutes early or late, and up to six minutes short of the expected hours: never over them. Beside
        // a part day off, on the minute (the leave record fills the rest of the day).
        const steady = off !== undefined;
        const shift = steady ? 0 : rnd.int(-4, 4);
        const short = steady ? 0 : rnd.int(0, 6);
        const [start, end] = [start0 + shift, end0 + shift - short];
        if (block.break_minutes >= 30 && rnd.chance(0.5)) {
          // Lunch as two records: out at the middle of the day's work, back after the break and a few minutes.
          const lunch = start + Math.round((end0 - start0 - block.break_minutes) / 10) * 5;
          const late = steady ? 0 : rnd.int(0, 4);
          work({ user_id: person.id, work_date: date, start, end: lunch, break_minutes: 0 });
          work({
            user_id: person.id,
            work_date: date,
            start: lunch + block.break_minutes + late,
            end: end + late,
            break_minutes: 0,
          });
        } else {
          work({ user_id: person.id, work_date: date, start, end, break_minutes: block.break_minutes });
        }
      }
    }
  }

  // ---- The cases a timekeeper should see ----------------------------------------------------------------------------
  const regular = (id: string) => planned.filter((r) => r.user_id === id && r.category === 'regular');
  const workedDates = (id: string) => [...new Set(regular(id).map((r) => r.work_date))].sort();
  /** A generated, full-time, non-exempt staff member of a role, not already given a case. */
  const used = new Set<string>();
  const personOf = (role: string) => {
    const found = staff.find(
      (s) => !s.demo && s.role === role && !partTime.has(s.id) && !exempt.has(s.id) && !used.has(s.id),
    );
    if (found && workedDates(found.id).length) {
      used.add(found.id);
      return found.id;
    }
    return undefined;
  };
  const cases: DemoTimesheets['cases'] = {};

  // Stayed late: 8:20 of work on their last day (a week of 7 hours a day, so not over 40 with it).
  const overEight = personOf('Cafeteria');
  if (overEight) {
    const date = workedDates(overEight).at(-1);
    const ofDay = regular(overEight).filter((r) => r.work_date === date);
    const worked = ofDay.reduce((sum, r) => sum + (r.end ?? r.start) - r.start - r.break_minutes, 0);
    const last = ofDay.at(-1);
    if (last?.end != null) last.end += 500 - worked;
    cases.overEight = overEight;
  }

  // Worked five hours and twenty minutes before lunch: no meal break by the end of the fifth hour.
  const mealBreak = personOf('Front Office');
  if (mealBreak) {
    const date = workedDates(mealBreak).at(-1) as string;
    const ofDay = regular(mealBreak).filter((r) => r.work_date === date);
    const start = Math.min(...ofDay.map((r) => r.start));
    const end = Math.max(...ofDay.map((r) => r.end ?? r.start));
    for (const r of ofDay) planned.splice(planned.indexOf(r), 1);
    work({ user_id: mealBreak, work_date: date, start, end: start + 320, break_minutes: 0 });
    work({ user_id: mealBreak, work_date: date, start: start + 360, end, break_minutes: 0 });
    cases.mealBreak = mealBreak;
  }

  // A full week and a Saturday morning of extra duty: over 40 hours, flagged on the Saturday.
  const overForty = personOf('Timekeeper');
  if (overForty) {
    const dates = new Set(workedDates(overForty));
    const week = datesBetween(mondayOf(from), to)
      .filter((d) => isoWeekday(d) === 1 && d >= from && shiftDate(d, 5) <= to && !closed(shiftDate(d, 5)))
      .filter((monday) => [0, 1, 2, 3, 4].every((i) => dates.has(shiftDate(monday, i))))
      .at(-1);
    if (week) {
      const saturday = shiftDate(week, 5);
      work({ user_id: overForty, work_date: saturday, start: 9 * 60, end: 11 * 60, break_minutes: 0 });
      const duty = planned.at(-1);
      if (duty) duty.category = 'extra_duty';
      cases.overForty = overForty;
    }
  }

  // The pay periods: the previous one approved, the one after it submitted by some (the current one once it has begun).
  const current = payPeriodOf(today, DEFAULT_PAY_PERIODS);
  const previous = payPeriodOf(shiftDate(current.start, -1), DEFAULT_PAY_PERIODS);
  const [approved, submitted] =
    today > current.start
      ? [previous, current]
      : [payPeriodOf(shiftDate(previous.start, -1), DEFAULT_PAY_PERIODS), previous];

  // Forgot to clock out after lunch, on a day after the approved period (the timekeeper has yet to fix it); the person
  // has no records after it.
  const missing = personOf('Front Office');
  if (missing) {
    const evenings = new Set(
      planned.filter((r) => r.user_id === missing && r.category !== 'regular').map((r) => r.work_date),
    );
    const later = workedDates(missing).filter((d) => d > approved.end && !evenings.has(d));
    const date = later.at(-2) ?? later.at(-1);
    if (date) {
      const open = regular(missing)
        .filter((r) => r.work_date === date)
        .at(-1);
      if (open) open.end = null;
      for (const r of planned.filter((p) => p.user_id === missing && p.work_date > date)) {
        planned.splice(planned.indexOf(r), 1);
      }
      cases.missingClockOut = missing;
    }
  }

  const instant = (date: string, minutes: number) =>
    new Date(zonedInstant(date, clockTime(minutes), timeZone)).toISOString();
  const records: RecordRow[] = planned
    .sort((a, b) => a.user_id.localeCompare(b.user_id) || a.work_date.localeCompare(b.work_date) || a.start - b.start)
    .map((r) => ({
      id: uuidv7(),
      user_id: r.user_id,
      work_date: r.work_date,
      started_at: instant(r.work_date, r.start),
      ended_at: r.end === null ? null : instant(r.work_date, r.end),
      break_minutes: r.break_minutes,
      category: r.category,
      leave_type: r.leave_type,
      note: r.category === 'extra_duty' ? 'Saturday event set-up' : null,
      method: r.method,
      recorded_by: r.method === 'manual' ? keeper : r.user_id,
      device_id: null,
    }));

  const withRecords = (period: PayPeriod) =>
    staff.filter((s) =>
      planned.some((r) => r.user_id === s.id && period.start <= r.work_date && r.work_date <= period.end),
    );
  const periodRow = (userId: string, period: PayPeriod): PeriodRow => ({
    id: uuidv7(),
    user_id: userId,
    period_start: period.start,
    period_end: period.end,
    state: 'open',
    submitted_at: null,
    submitted_by: null,
    decided_at: null,
    decided_by: null,
    note: null,
    reopen_reason: null,
  });
  const dayAfter = shiftDate(approved.end, 1);
  const periods: PeriodRow[] = withRecords(approved).map((s) => ({
    ...periodRow(s.id, approved),
    state: 'approved',
    submitted_at: instant(dayAfter, 8 * 60 + rnd.int(0, 59)),
    submitted_by: s.id,
    decided_at: instant(dayAfter, 15 * 60),
    decided_by: keeper,
  }));
  // Every third generated staff member has handed in the next period; never the demo accounts (the e2e test submits
  // and approves the demo teacher's) nor the person with a missing clock-out.
  const handedIn = withRecords(submitted).filter((s) => !s.demo && s.id !== cases.missingClockOut);
  for (const [i, s] of handedIn.entries()) {
    if (i % 3 !== 0) continue;
    periods.push({
      ...periodRow(s.id, submitted),
      state: 'submitted',
      submitted_at: instant(to, 16 * 60 + rnd.int(0, 59)),
      submitted_by: s.id,
    });
  }
  return { records, periods, approved, submitted, cases };
}
