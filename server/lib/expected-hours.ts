/**
 * Expected hours: how many hours the school expects of a staff member on each day of a range, and why.
 * The one answer every timesheet screen (T2) uses.
 *
 * A day starts from the person's default week in effect on it (the version with the latest `effective_from` on or
 * before the day). Then, in order:
 * 1. a school non-work day (holiday, break) expects nothing;
 * 2. special hours that replace the day's hours set them (a shortened day), even on a non-work day;
 * 3. special hours that add to the day add a span (a conference night);
 * 4. the person's day off takes away the whole day, or the hours off from the spans of a part day (the break stays
 *    only with a piece longer than five hours: a morning off leaves the afternoon without its lunch break).
 * Special hours for everyone apply only to people whose default week has that weekday as a work day (a part-timer
 * who is off on Tuesdays is not expected at a shortened Tuesday); special hours that name a person always apply.
 *
 * Spans are wall-clock times in the school's time zone and their minutes are the real time between start and end,
 * so a span across a daylight-saving change counts the hour the clocks skipped or repeated; dates are calendar days
 * and never drift with the change.
 */
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  clockMinutes,
  clockTime,
  datesBetween,
  type ExpectedDay,
  type ExpectedDetail,
  type ExpectedPerson,
  type ExpectedReason,
  isoWeekday,
  type NonWorkDayKind,
} from '../../src/contract';
import type { Tx } from '../db/client';
import {
  type StoredDayHours,
  schoolNonWorkDays,
  specialHours,
  staffDaysOff,
  timesheetSchedules,
  users,
} from '../db/schema';

type Db = Pick<Tx, 'select'>;

export interface ScheduleVersion {
  id: string;
  user_id: string;
  effective_from: string;
  days: (StoredDayHours | null)[];
}
export interface NonWorkDay {
  id: string;
  name: string;
  kind: NonWorkDayKind;
  starts_on: string;
  ends_on: string;
}
export interface DayOff {
  id: string;
  user_id: string;
  type: 'vacation' | 'sick' | 'personal' | 'unpaid' | 'other';
  starts_on: string;
  ends_on: string;
  start_time: string | null;
  end_time: string | null;
  note: string | null;
}
export interface Special {
  id: string;
  name: string;
  mode: 'replace' | 'add';
  starts_on: string;
  ends_on: string;
  start_time: string;
  end_time: string;
  break_minutes: number;
  everyone: boolean;
  user_ids: string[];
  created_at: string;
}

/** What the day-by-day computation needs of one person and of the school. */
export interface ExpectedInputs {
  /** The person's default weeks, oldest first. */
  schedules: ScheduleVersion[];
  nonWorkDays: NonWorkDay[];
  daysOff: DayOff[];
  /** Special hours that may concern the person (for everyone, or naming them). */
  specials: Special[];
  timeZone: string;
}

// ---- Wall clock to instants -----------------------------------------------------------------------------------------

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  const get = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);
  const parts = f.formatToParts(new Date(instant));
  const local = Date.UTC(
    get(parts, 'year'),
    get(parts, 'month') - 1,
    get(parts, 'day'),
    get(parts, 'hour'),
    get(parts, 'minute'),
    get(parts, 'second'),
  );
  return Math.round((local - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant (ms) a wall-clock time of a date shows in the zone; a time the clocks skipped maps past the gap. */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const first = zoneOffsetMinutes(asUtc, timeZone);
  const guess = asUtc - first * 60_000;
  const second = zoneOffsetMinutes(guess, timeZone);
  return second === first ? guess : asUtc - second * 60_000;
}

/** Real minutes from `start` to `end` of a date in the zone, less the break, never below 0. */
export function paidMinutes(date: string, span: StoredDayHours, timeZone: string): number {
  const elapsed = (zonedInstant(date, span.end, timeZone) - zonedInstant(date, span.start, timeZone)) / 60_000;
  return Math.max(0, Math.round(elapsed) - span.break_minutes);
}

// ---- One day --------------------------------------------------------------------------------------------------------

const covers = (row: { starts_on: string; ends_on: string }, date: string) =>
  row.starts_on <= date && date <= row.ends_on;

/** Minutes of work after which a meal break is due (California Labor Code 512). */
export const MEAL_BREAK_AFTER_MINUTES = 300;

/**
 * The spans left of `spans` once the hours from `from` to `to` are taken out. A span's break stays with its longest
 * piece when that piece is longer than five hours; a half day off leaves half a day without the lunch break.
 */
function withoutHours(spans: StoredDayHours[], from: string, to: string): StoredDayHours[] {
  const out: StoredDayHours[] = [];
  for (const span of spans) {
    const pieces: StoredDayHours[] = [];
    const [s, e, os, oe] = [clockMinutes(span.start), clockMinutes(span.end), clockMinutes(from), clockMinutes(to)];
    if (oe <= s || os >= e) {
      out.push(span);
      continue;
    }
    if (os > s) pieces.push({ start: span.start, end: clockTime(os), break_minutes: 0 });
    if (oe < e) pieces.push({ start: clockTime(oe), end: span.end, break_minutes: 0 });
    const longest = pieces.reduce<StoredDayHours | null>(
      (best, p) =>
        !best || clockMinutes(p.end) - clockMinutes(p.start) > clockMinutes(best.end) - clockMinutes(best.start)
          ? p
          : best,
      null,
    );
    // A meal break is due only after five hours of work (California Labor Code 512): a shorter piece keeps none.
    if (longest && clockMinutes(longest.end) - clockMinutes(longest.start) > MEAL_BREAK_AFTER_MINUTES) {
      longest.break_minutes = span.break_minutes;
    }
    out.push(...pieces);
  }
  return out;
}

/** The default week in effect on a date: the latest version from on or before it. */
function versionOn(schedules: readonly ScheduleVersion[], date: string): ScheduleVersion | null {
  let found: ScheduleVersion | null = null;
  for (const v of schedules) if (v.effective_from <= date) found = v;
  return found;
}

const total = (date: string, spans: StoredDayHours[], timeZone: string) =>
  spans.reduce((sum, span) => sum + paidMinutes(date, span, timeZone), 0);

/** A person's expected hours on one date, with the reason and everything that shaped the day. */
export function expectedDay(userId: string, date: string, inputs: ExpectedInputs): ExpectedDay {
  const { timeZone } = inputs;
  const details: ExpectedDetail[] = [];
  const version = versionOn(inputs.schedules, date);
  const weekday = version?.days[isoWeekday(date) - 1] ?? null;
  let reason: ExpectedReason;
  let spans: StoredDayHours[] = [];
  if (!version) {
    reason = 'no_schedule';
    details.push({ kind: 'no_schedule' });
  } else if (!weekday) {
    reason = 'weekly_off';
    details.push({ kind: 'weekly_off', schedule_id: version.id, effective_from: version.effective_from });
  } else {
    reason = 'default';
    spans = [{ ...weekday }];
    details.push({ kind: 'default', schedule_id: version.id, effective_from: version.effective_from });
  }
  const worksThisWeekday = weekday !== null;

  const closed = inputs.nonWorkDays.find((d) => covers(d, date));
  if (closed) {
    details.push({ kind: 'holiday', id: closed.id, name: closed.name, non_work_kind: closed.kind });
    if (spans.length) reason = 'holiday';
    spans = [];
  }

  const specials = inputs.specials
    .filter((s) => covers(s, date) && (s.user_ids.includes(userId) || (s.everyone && worksThisWeekday)))
    .sort((a, b) => (a.mode === b.mode ? a.created_at.localeCompare(b.created_at) : a.mode === 'replace' ? -1 : 1));
  for (const s of specials) {
    const span = { start: s.start_time, end: s.end_time, break_minutes: s.break_minutes };
    spans = s.mode === 'replace' ? [span] : [...spans, span];
    reason = 'special';
    details.push({
      kind: 'special',
      id: s.id,
      name: s.name,
      mode: s.mode,
      start: s.start_time,
      end: s.end_time,
      break_minutes: s.break_minutes,
    });
  }

  const off = inputs.daysOff.find((d) => d.user_id === userId && covers(d, date));
  if (off) {
    const before = total(date, spans, timeZone);
    spans = off.start_time && off.end_time ? withoutHours(spans, off.start_time, off.end_time) : [];
    const minutesOff = before - total(date, spans, timeZone);
    if (minutesOff > 0) reason = 'day_off';
    details.push({
      kind: 'day_off',
      id: off.id,
      type: off.type,
      start_time: off.start_time,
      end_time: off.end_time,
      minutes_off: minutesOff,
      note: off.note,
    });
  }

  spans.sort((a, b) => a.start.localeCompare(b.start));
  return { date, minutes: total(date, spans, timeZone), blocks: spans, reason, details };
}

/** A person's expected hours for every date from `from` to `to`. */
export function expectedDays(userId: string, from: string, to: string, inputs: ExpectedInputs): ExpectedDay[] {
  return datesBetween(from, to).map((date) => expectedDay(userId, date, inputs));
}

// ---- From the database ----------------------------------------------------------------------------------------------

export interface ExpectedRequest {
  from: string;
  to: string;
  /** These people; absent: every active staff member. */
  userIds?: readonly string[];
  timeZone: string;
}

/** The people a request asks about: these ids (an id that is not a staff member is left out), or every active one. */
export const staffAskedFor = (userIds?: readonly string[]) =>
  userIds
    ? and(eq(users.type, 'staff'), inArray(users.id, [...userIds]))
    : and(eq(users.type, 'staff'), eq(users.active, true));
/** Surname order, the order the expected hours and the timesheet summary answer people in. */
export const BY_SURNAME = [asc(users.lname), asc(users.fname), asc(users.id)];

/**
 * Expected hours of people for a range, day by day with each day's reason, in five queries whatever the number of
 * people or days. People are answered in surname order; an id that is not a staff member is left out.
 */
export async function expectedHours(db: Db, req: ExpectedRequest): Promise<ExpectedPerson[]> {
  const people = await db
    .select({ id: users.id, exempt: users.exempt })
    .from(users)
    .where(staffAskedFor(req.userIds))
    .orderBy(...BY_SURNAME);
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const overlaps = (t: { starts_on: AnyPgColumn; ends_on: AnyPgColumn }) =>
    and(lte(t.starts_on, req.to), gte(t.ends_on, req.from));
  // One query after another: a transaction's queries share one connection.
  const schedules = await db
    .select()
    .from(timesheetSchedules)
    .where(and(inArray(timesheetSchedules.user_id, ids), lte(timesheetSchedules.effective_from, req.to)))
    .orderBy(asc(timesheetSchedules.effective_from));
  const nonWorkDays = await db
    .select()
    .from(schoolNonWorkDays)
    .where(overlaps(schoolNonWorkDays))
    .orderBy(asc(schoolNonWorkDays.starts_on));
  const daysOff = await db
    .select()
    .from(staffDaysOff)
    .where(and(inArray(staffDaysOff.user_id, ids), overlaps(staffDaysOff)))
    .orderBy(asc(staffDaysOff.starts_on));
  const specials = await db
    .select()
    .from(specialHours)
    .where(
      and(
        overlaps(specialHours),
        or(
          eq(specialHours.everyone, true),
          sql`${specialHours.user_ids} && ARRAY[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`,
        ),
      ),
    );
  const byUser = <T extends { user_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row]);
    return map;
  };
  const schedulesOf = byUser(schedules);
  const daysOffOf = byUser(daysOff);
  return people.map((person) => {
    const days = expectedDays(person.id, req.from, req.to, {
      schedules: schedulesOf.get(person.id) ?? [],
      nonWorkDays,
      daysOff: daysOffOf.get(person.id) ?? [],
      specials: specials.filter((s) => s.everyone || s.user_ids.includes(person.id)),
      timeZone: req.timeZone,
    });
    return {
      user_id: person.id,
      exempt: person.exempt,
      total_minutes: days.reduce((sum, d) => sum + d.minutes, 0),
      days,
    };
  });
}
