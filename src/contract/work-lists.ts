/**
 * The scholar's work lists, as pure functions shared by the server (which filters with them) and the
 * phone (which groups with them, and reclassifies its cached copy offline as time passes). Zod-free and free of DOM
 * and Node: only `Intl` for the school's time zone.
 *
 * Dates here are the school's calendar days (YYYY-MM-DD in SCHOOL_TIMEZONE), never UTC's: Google Classroom gives due
 * dates and times in UTC, and a due time of 07:59 UTC on the 5th is 11:59 PM on the 4th in California.
 *
 * How a piece of work is due (see `classroomDue`, which the Google sync uses to fill the columns):
 * - due_at (an instant) and due_date (the school's date of that instant): a due date and time;
 * - due_date only (due_at null): a due date without a time, due by the end of that school day (past due from the next
 *   day's midnight in the school's zone);
 * - neither: no due date; never past due.
 *
 * The lists (the rules of the issue, made exact):
 * - current: not turned in (NEW, CREATED or RECLAIMED_BY_STUDENT) and not past due: due later today, on a later day, or
 *   with no due date. Work due earlier today whose time has passed is overdue, not current, so no item is in both.
 * - overdue: not turned in and past due (reclaimed work counts: the scholar took it back).
 * - missing-autowork: overdue work whose topic is the school's AutoWork topic (school setting, 'AutoWork' by default;
 *   compared trimmed and without regard to case). It is in the overdue list too.
 * - completed: TURNED_IN or RETURNED (RETURNED includes work a teacher returned without a turn-in).
 * - submissions: TURNED_IN or RETURNED with a turn-in time (what the scholar actually turned in), newest first,
 *   grouped by the day it was turned in, with the grade once returned.
 *
 * Grouping (`groupWork`): Today, Tomorrow, then Monday to Friday of the school week by name, then Later (or Earlier),
 * and work with no due date last. The school week is Monday to Friday of today's week; on a Saturday or Sunday the
 * upcoming list (current) looks at the coming Monday to Friday, the other lists at the week just past.
 */

export const SUBMISSION_STATES = ['NEW', 'CREATED', 'TURNED_IN', 'RETURNED', 'RECLAIMED_BY_STUDENT'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** Classroom's course work types (`CourseWork.workType`). */
export const WORK_TYPES = [
  'ASSIGNMENT',
  'SHORT_ANSWER_QUESTION',
  'MULTIPLE_CHOICE_QUESTION',
  'COURSE_WORK_TYPE_UNSPECIFIED',
] as const;
export type WorkType = (typeof WORK_TYPES)[number];

/** The route parameter of /scholar/work/:type and the `type` of `GET v2/scholar/scholars/:id/work`. */
export const WORK_LIST_TYPES = ['current', 'overdue', 'missing-autowork', 'completed', 'submissions'] as const;
export type WorkListType = (typeof WORK_LIST_TYPES)[number];

/** The AutoWork topic's name when the school has not named another (school_settings.autowork_topic). */
export const DEFAULT_AUTOWORK_TOPIC = 'AutoWork';

/** States of work the scholar has not turned in. */
const OPEN_STATES: ReadonlySet<string> = new Set<SubmissionState>(['NEW', 'CREATED', 'RECLAIMED_BY_STUDENT']);
const DONE_STATES: ReadonlySet<string> = new Set<SubmissionState>(['TURNED_IN', 'RETURNED']);

/** What classification needs of a piece of work and the scholar's submission for it. */
export interface ClassifiableWork {
  state: SubmissionState;
  /** The instant it is due (ISO 8601), when it has a due time. */
  due_at: string | null;
  /** The school's date it is due; alone (due_at null), due by the end of that day. */
  due_date: string | null;
  topic: string | null;
  /** When the scholar last turned it in, if ever. */
  turned_in_at: string | null;
}

/** The moment and the time zone the lists are drawn for, and the school's AutoWork topic. */
export interface WorkListContext {
  now: Date | number;
  timeZone: string;
  autoworkTopic?: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Dates in the school's zone
// ---------------------------------------------------------------------------------------------------------------------

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

/** The school's date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date | number | string, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

/** Minutes the zone's wall clock is ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((local - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant (ms) midnight starts a date in the zone (on a day that starts with a DST jump, the first instant). */
export function startOfLocalDay(date: string, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  const first = offsetMinutes(asUtc, timeZone);
  const guess = asUtc - first * 60_000;
  const second = offsetMinutes(guess, timeZone);
  return second === first ? guess : asUtc - second * 60_000;
}

const shift = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** ISO weekday, 1 Monday … 7 Sunday. */
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

// ---------------------------------------------------------------------------------------------------------------------
// Due dates
// ---------------------------------------------------------------------------------------------------------------------

/**
 * The due columns for Classroom's `dueDate` {year, month, day} and `dueTime` {hours, minutes} (both UTC): with a time,
 * due_at is that instant and due_date the school's date of it; with a date alone, due_date is that date as given and
 * due_at null (due by the end of the school's day); with neither, both null.
 */
export function classroomDue(
  dueDate: { year?: number; month?: number; day?: number } | null | undefined,
  dueTime: { hours?: number; minutes?: number; seconds?: number } | null | undefined,
  timeZone: string,
): { due_at: string | null; due_date: string | null } {
  if (!dueDate?.year || !dueDate.month || !dueDate.day) return { due_at: null, due_date: null };
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${dueDate.year}-${pad(dueDate.month)}-${pad(dueDate.day)}`;
  if (!dueTime) return { due_at: null, due_date: date };
  const instant = Date.UTC(
    dueDate.year,
    dueDate.month - 1,
    dueDate.day,
    dueTime.hours ?? 0,
    dueTime.minutes ?? 0,
    dueTime.seconds ?? 0,
  );
  return { due_at: new Date(instant).toISOString(), due_date: localDate(instant, timeZone) };
}

/** The last moment (ms) the work is on time, or null without a due date. */
export function deadlineOf(work: Pick<ClassifiableWork, 'due_at' | 'due_date'>, timeZone: string): number | null {
  if (work.due_at) return Date.parse(work.due_at);
  if (work.due_date) return startOfLocalDay(shift(work.due_date, 1), timeZone) - 1;
  return null;
}

/** Whether the due moment has passed. */
export function isPastDue(
  work: Pick<ClassifiableWork, 'due_at' | 'due_date'>,
  now: Date | number,
  timeZone: string,
): boolean {
  const deadline = deadlineOf(work, timeZone);
  return deadline !== null && new Date(now).getTime() > deadline;
}

/** Whether a topic is the school's AutoWork topic. */
export function isAutoWork(topic: string | null | undefined, autoworkTopic = DEFAULT_AUTOWORK_TOPIC): boolean {
  const wanted = autoworkTopic.trim().toLowerCase();
  return wanted !== '' && (topic ?? '').trim().toLowerCase() === wanted;
}

// ---------------------------------------------------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------------------------------------------------

/** Whether a piece of work belongs in a list (the rules in this file's header). */
export function inWorkList(work: ClassifiableWork, type: WorkListType, ctx: WorkListContext): boolean {
  switch (type) {
    case 'current':
      return OPEN_STATES.has(work.state) && !isPastDue(work, ctx.now, ctx.timeZone);
    case 'overdue':
      return OPEN_STATES.has(work.state) && isPastDue(work, ctx.now, ctx.timeZone);
    case 'missing-autowork':
      return inWorkList(work, 'overdue', ctx) && isAutoWork(work.topic, ctx.autoworkTopic);
    case 'completed':
      return DONE_STATES.has(work.state);
    case 'submissions':
      return DONE_STATES.has(work.state) && work.turned_in_at !== null;
  }
}

/** Every list a piece of work is in. */
export function workListsOf(work: ClassifiableWork, ctx: WorkListContext): WorkListType[] {
  return WORK_LIST_TYPES.filter((type) => inWorkList(work, type, ctx));
}

/** Newest first in every list but current, which shows what is due soonest first. */
export const isDescending = (type: WorkListType): boolean => type !== 'current';

/** The school's date a piece of work is listed under: the day turned in (submissions) or due (the others). */
export function listDateOf(work: ClassifiableWork, type: WorkListType, timeZone: string): string | null {
  if (type === 'submissions') return work.turned_in_at ? localDate(work.turned_in_at, timeZone) : null;
  return work.due_date;
}

/** The instant a piece of work sorts by in a list (turn-in or deadline), null last. */
const sortInstant = (work: ClassifiableWork, type: WorkListType, timeZone: string): number | null =>
  type === 'submissions' ? (work.turned_in_at ? Date.parse(work.turned_in_at) : null) : deadlineOf(work, timeZone);

/** A list's items in its order: soonest due first (current), newest first (the others); no date last; then title. */
export function sortWork<T extends ClassifiableWork & { title: string }>(
  items: readonly T[],
  type: WorkListType,
  timeZone: string,
): T[] {
  const sign = isDescending(type) ? -1 : 1;
  return items.toSorted((a, b) => {
    const x = sortInstant(a, type, timeZone);
    const y = sortInstant(b, type, timeZone);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (x - y);
    }
    return a.title.localeCompare(b.title);
  });
}

/** Classifies and orders work for one list. */
export function selectWork<T extends ClassifiableWork & { title: string }>(
  items: readonly T[],
  type: WorkListType,
  ctx: WorkListContext,
): T[] {
  return sortWork(
    items.filter((w) => inWorkList(w, type, ctx)),
    type,
    ctx.timeZone,
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Grouping by day
// ---------------------------------------------------------------------------------------------------------------------

/**
 * A day group's kind: the screen's heading is Today, Tomorrow, the weekday's name of `date` (weekday), Later, Earlier
 * or No due date.
 */
export type WorkGroupKind = 'today' | 'tomorrow' | 'weekday' | 'later' | 'earlier' | 'no_date';

export interface WorkGroup<T> {
  /** Stable key: the date for today, tomorrow and weekday groups; the kind for the others. */
  key: string;
  kind: WorkGroupKind;
  /** The school date of today, tomorrow and weekday groups; null for the others. */
  date: string | null;
  items: T[];
}

/** The Monday of the school week a list shows around today (see the header: weekends look ahead for current). */
export function schoolWeekStart(today: string, type: WorkListType): string {
  const w = weekday(today);
  if (w >= 6 && !isDescending(type)) return shift(today, 8 - w);
  return shift(today, 1 - w);
}

/** The group a school date falls in for a list, on `today`. */
export function groupOf(
  date: string | null,
  type: WorkListType,
  today: string,
): Pick<WorkGroup<unknown>, 'key' | 'kind' | 'date'> {
  if (date === null) return { key: 'no_date', kind: 'no_date', date: null };
  if (date === today) return { key: date, kind: 'today', date };
  if (date === shift(today, 1)) return { key: date, kind: 'tomorrow', date };
  const monday = schoolWeekStart(today, type);
  if (date >= monday && date <= shift(monday, 4)) return { key: date, kind: 'weekday', date };
  return date > today ? { key: 'later', kind: 'later', date: null } : { key: 'earlier', kind: 'earlier', date: null };
}

/** Where a group sorts: by its date, Earlier before every date, Later after, no date after all. */
const groupRank = (g: Pick<WorkGroup<unknown>, 'kind' | 'date'>): string =>
  g.kind === 'earlier' ? '0000-00-00' : g.kind === 'later' ? '9999-99-99' : (g.date ?? '');

/**
 * Groups a list's items (already in the list: `selectWork`) by day for the screen, on `today` (the school's date):
 * ascending for current, descending for the others, and the no-due-date group always last.
 */
export function groupWork<T extends ClassifiableWork & { title: string }>(
  items: readonly T[],
  type: WorkListType,
  opts: { today: string; timeZone: string },
): WorkGroup<T>[] {
  const groups = new Map<string, WorkGroup<T>>();
  for (const item of sortWork(items, type, opts.timeZone)) {
    const g = groupOf(listDateOf(item, type, opts.timeZone), type, opts.today);
    let group = groups.get(g.key);
    if (!group) {
      group = { ...g, items: [] };
      groups.set(g.key, group);
    }
    group.items.push(item);
  }
  const sign = isDescending(type) ? -1 : 1;
  return [...groups.values()].sort((a, b) => {
    if (a.kind === 'no_date' || b.kind === 'no_date') return a.kind === 'no_date' ? 1 : -1;
    return sign * groupRank(a).localeCompare(groupRank(b));
  });
}
