/**
 * The demo school's timesheet schedules: a default week for every staff member from the first staff
 * day of the school year (a few part-time, one whose week changed a month ago), the year's holidays and breaks of a
 * California school, a few days off and one conference night with special hours. Dates follow `today`.
 */
import { type DayHours, type DayOffType, isoWeekday, mondayOf, shiftDate, uuidv7 } from '../../../src/contract';
import type { DayOff, NonWorkDay, ScheduleVersion, Special } from '../../lib/expected-hours';
import type { Random } from './names';

export interface DemoStaff {
  id: string;
  email: string;
  role: string;
  /** One of the demo accounts (admin@, office@, …), not a generated staff member. */
  demo: boolean;
}

type Week = (DayHours | null)[];
const day = (start: string, end: string, break_minutes = 30): DayHours => ({ start, end, break_minutes });
const weekdays = (hours: DayHours): Week => [hours, hours, hours, hours, hours, null, null];

/** The usual week of each role. */
const WEEK_OF_ROLE: Record<string, Week> = {
  Administrator: weekdays(day('07:30', '16:30', 60)),
  'Front Office': weekdays(day('07:30', '16:00')),
  Cafeteria: weekdays(day('06:30', '14:00')),
  'Food Service Manager': weekdays(day('07:00', '15:30')),
  Staff: weekdays(day('07:45', '15:45')),
  Timekeeper: weekdays(day('08:00', '16:30')),
};
/** Part-time weeks: mornings on Monday, Wednesday and Friday; or Tuesday and Thursday. */
const PART_TIME: readonly Week[] = [
  [day('08:00', '12:00', 0), null, day('08:00', '12:00', 0), null, day('08:00', '12:00', 0), null, null],
  [null, day('08:00', '15:00'), null, day('08:00', '15:00'), null, null, null],
];

const ymd = (year: number, month: number, date: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
/** The `n`th (1-based) ISO weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = ymd(year, month, 1);
  return shiftDate(first, ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7);
}
/** The last ISO weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const next = ymd(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1);
  const last = shiftDate(next, -1);
  return shiftDate(last, -((isoWeekday(last) - weekday + 7) % 7));
}
/** A holiday on a weekend is kept on the Friday before (Saturday) or the Monday after (Sunday). */
function observed(date: string): string {
  const w = isoWeekday(date);
  return w === 6 ? shiftDate(date, -1) : w === 7 ? shiftDate(date, 1) : date;
}

type DemoNonWorkDay = NonWorkDay;

/** The holidays and breaks of the school year that starts in August of `schoolYear`, in date order. */
export function schoolCalendar(schoolYear: number): DemoNonWorkDay[] {
  const next = schoolYear + 1;
  const thanksgiving = nthWeekday(schoolYear, 11, 4, 4);
  const winterStart = mondayOf(ymd(schoolYear, 12, 22));
  const springStart = nthWeekday(next, 4, 1, 1);
  const rows: Omit<DemoNonWorkDay, 'id'>[] = (
    [
      { name: 'Labor Day', kind: 'holiday', starts_on: nthWeekday(schoolYear, 9, 1, 1) },
      { name: 'Veterans Day', kind: 'holiday', starts_on: observed(ymd(schoolYear, 11, 11)) },
      {
        name: 'Thanksgiving break',
        kind: 'break',
        starts_on: mondayOf(thanksgiving),
        ends_on: shiftDate(thanksgiving, 1),
      },
      { name: 'Winter break', kind: 'break', starts_on: winterStart, ends_on: shiftDate(winterStart, 11) },
      { name: 'Martin Luther King Jr. Day', kind: 'holiday', starts_on: nthWeekday(next, 1, 1, 3) },
      { name: "Presidents' Day", kind: 'holiday', starts_on: nthWeekday(next, 2, 1, 3) },
      { name: 'César Chávez Day', kind: 'holiday', starts_on: observed(ymd(next, 3, 31)) },
      { name: 'Spring break', kind: 'break', starts_on: springStart, ends_on: shiftDate(springStart, 4) },
      { name: 'Memorial Day', kind: 'holiday', starts_on: lastWeekday(next, 5, 1) },
    ] as (Omit<DemoNonWorkDay, 'id' | 'ends_on'> & { ends_on?: string })[]
  ).map((r) => ({ ...r, ends_on: r.ends_on ?? r.starts_on }));
  return rows
    .filter((r, i) => rows.every((o, j) => j >= i || o.ends_on < r.starts_on || r.ends_on < o.starts_on))
    .map((r) => ({ id: uuidv7(), ...r }));
}

export interface DemoSchedules {
  schedules: (ScheduleVersion & { note: string | null })[];
  nonWorkDays: DemoNonWorkDay[];
  daysOff: DayOff[];
  specials: (Omit<Special, 'created_at'> & { note: string | null })[];
  /** Staff paid a salary (no overtime flags): the administrator and half of the teachers. */
  exempt: string[];
}

/** Plans the timesheet schedules of the demo staff; `today` is the school's date. */
export function planTimesheetSchedules(
  rnd: Random,
  staff: readonly DemoStaff[],
  schoolYear: number,
  today: string,
): DemoSchedules {
  const firstDay = ymd(schoolYear, 8, 10);
  const nonWorkDays = schoolCalendar(schoolYear);
  const closed = (date: string) => nonWorkDays.some((d) => d.starts_on <= date && date <= d.ends_on);
  /** The first school day on or after a date (a weekday the school is open). */
  const open = (date: string): string => {
    let d = date;
    while (isoWeekday(d) > 5 || closed(d)) d = shiftDate(d, 1);
    return d;
  };
  /** The last school day on or before a date. */
  const openBefore = (date: string): string => {
    let d = date;
    while (isoWeekday(d) > 5 || closed(d)) d = shiftDate(d, -1);
    return d;
  };

  const generated = staff.filter((s) => !s.demo);
  const partTime = new Set(
    rnd
      .shuffle(generated.filter((s) => s.role === 'Staff' || s.role === 'Cafeteria'))
      .slice(0, 5)
      .map((s) => s.id),
  );
  const schedules: DemoSchedules['schedules'] = [];
  let partIndex = 0;
  for (const person of staff) {
    const part = partTime.has(person.id) ? PART_TIME[partIndex++ % PART_TIME.length] : undefined;
    schedules.push({
      id: uuidv7(),
      user_id: person.id,
      effective_from: firstDay,
      days: part ?? WEEK_OF_ROLE[person.role] ?? weekdays(day('08:00', '16:30')),
      note: part ? 'Part-time' : null,
    });
  }
  // One part-timer went full-time a month ago: their history shows both weeks.
  const promoted = staff.find((s) => partTime.has(s.id));
  const changedOn = mondayOf(shiftDate(today, -28));
  if (promoted && changedOn > firstDay) {
    schedules.push({
      id: uuidv7(),
      user_id: promoted.id,
      effective_from: changedOn,
      days: WEEK_OF_ROLE[promoted.role] ?? weekdays(day('08:00', '16:30')),
      note: 'Full-time from this week',
    });
  }

  const byEmail = (email: string) => staff.find((s) => s.email === email)?.id;
  const teacher = byEmail('teacher@demo.school');
  const office = byEmail('office@demo.school');
  const others = generated.filter((s) => !partTime.has(s.id));
  const daysOff: DemoSchedules['daysOff'] = [];
  const off = (
    userId: string | undefined,
    type: DayOffType,
    starts_on: string,
    ends_on: string,
    note: string | null,
    hours?: [string, string],
  ) => {
    if (!userId) return;
    daysOff.push({
      id: uuidv7(),
      user_id: userId,
      type,
      starts_on,
      ends_on,
      start_time: hours?.[0] ?? null,
      end_time: hours?.[1] ?? null,
      note,
    });
  };
  const lastWeek = openBefore(shiftDate(mondayOf(today), -5));
  off(teacher, 'sick', lastWeek, lastWeek, 'Flu');
  const nextWeek = open(shiftDate(mondayOf(today), 8));
  off(office, 'personal', nextWeek, nextWeek, 'Doctor appointment', ['13:00', '16:00']);
  const vacation = open(shiftDate(mondayOf(today), 21));
  off(others[0]?.id, 'vacation', vacation, shiftDate(vacation, 2), 'Family trip');
  const earlier = openBefore(shiftDate(mondayOf(today), -10));
  off(others[1]?.id, 'unpaid', earlier, earlier, null);
  off(others[2]?.id, 'sick', openBefore(shiftDate(today, -1)), openBefore(shiftDate(today, -1)), null);

  // The fall parent-teacher conference night: the Thursday of last week (or the school day before it), for teachers.
  const conference = openBefore(shiftDate(mondayOf(today), -4));
  const specials: DemoSchedules['specials'] = [
    {
      id: uuidv7(),
      name: 'Parent-teacher conference night',
      mode: 'add',
      starts_on: conference,
      ends_on: conference,
      start_time: '17:00',
      end_time: '20:00',
      break_minutes: 0,
      everyone: false,
      user_ids: staff.filter((s) => s.role === 'Staff').map((s) => s.id),
      note: 'Teachers meet families in their rooms.',
    },
  ];

  const teachers = staff.filter((s) => s.role === 'Staff' && s.id !== teacher);
  const exempt = [
    ...staff.filter((s) => s.role === 'Administrator').map((s) => s.id),
    ...teachers.filter((_, i) => i % 2 === 0).map((s) => s.id),
  ];
  return { schedules, nonWorkDays, daysOff, specials, exempt };
}
