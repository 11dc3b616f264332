/**
 * The notices made by the clock, not by an event (docs/notices.md), written into the same outbox as the others
 * (the `notices` table; the worker sends them with its retries, per person, in their language):
 * - `not_checked_in`: on a school day at the school's `not_checked_in_by`, each guardian of an active scholar with no
 *   check-in that day;
 * - `work_summary`: each guardian's mail of their children's missing and upcoming work, weekly (the school's weekday
 *   and time) or, when they chose it, every school day at that time;
 * - `work_due_tomorrow`: at WORK_DUE_TOMORROW_AT, a scholar who turned it on, for each item due tomorrow;
 * - `work_overdue`: a scholar who turned it on, for each item whose due moment has just passed.
 *
 * Once only, whatever the number of instances and restarts: a job for a period (a school day) first inserts its row
 * in `notice_runs` (job and period are its primary key) in the transaction that writes its notices, so a second
 * instance, or this one after a restart, finds the period done; and every notice has a unique key (kind, scholar or
 * item, day, person) inserted with ON CONFLICT DO NOTHING besides. `work_overdue` has no period: each scan writes the
 * notices of items that became overdue within OVERDUE_LOOKBACK_MS, their keys keeping each item's once.
 *
 * `now` is the caller's (the scheduler's clock, or a test's), as the worker's.
 */
import { and, eq, gte, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import {
  clockMinutes,
  deadlineOf,
  inWorkList,
  mondayOf,
  type NoticeKind,
  type SubmissionState,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import {
  absenceReports,
  checkIns,
  courses,
  courseWork,
  courseWorkSubmissions,
  demographics,
  guardianships,
  noticePreferences,
  noticeRuns,
  type notices,
  schoolSettings,
  users,
} from '../../db/schema';
import { closedReason, closuresBetween } from '../school-calendar';
import { minutesOfDay, schoolDay } from '../school-day';
import { instantAt, wallClock } from './clock';
import { insertNotices, screenOf } from './enqueue';
import { textsFor } from './texts';
import { type ChildSummary, renderWorkSummary, type SummaryItem } from './work-summary';

/** When a scholar's "due tomorrow" reminders go, on the school's clock: the evening before, after school. */
export const WORK_DUE_TOMORROW_AT = '18:00';
/**
 * How long after its due moment an item still gets its "overdue" reminder: a scan missed while no instance ran is
 * made up, and a scholar who turns reminders on is not told of every old item. Far shorter than the delivery log's
 * 30 days, after which an item's notice (and its key) is removed.
 */
export const OVERDUE_LOOKBACK_MS = 2 * 86_400_000;
/** How far ahead the summary's upcoming work looks (days), as Classroom's guardian summaries. */
export const UPCOMING_DAYS = 7;

export interface JobDeps {
  db: Db;
  school: { readonly name: string; readonly timeZone: string };
  /** The portal's address, for the summary's link (PUBLIC_URL). */
  publicUrl: string | null;
}

export type JobName =
  | 'not_checked_in'
  | 'work_summary_weekly'
  | 'work_summary_daily'
  | 'work_due_tomorrow'
  | 'work_overdue';

/** The notices each job wrote in a run (0 for a job not due, or already done for its period). */
export type JobsResult = Record<JobName, number>;

type OpenState = Extract<SubmissionState, 'NEW' | 'CREATED' | 'RECLAIMED_BY_STUDENT'>;
const OPEN: OpenState[] = ['NEW', 'CREATED', 'RECLAIMED_BY_STUDENT'];

type NoticeRow = typeof notices.$inferInsert;

/**
 * Runs `write` once for a job and period: the run's row is inserted first (a concurrent instance waits on its key and
 * then finds it taken), in the transaction that writes the notices. Answers how many were written, 0 when done before.
 */
async function once(db: Db, job: JobName, period: string, write: (tx: Tx) => Promise<number>): Promise<number> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .insert(noticeRuns)
      .values({ job, period })
      .onConflictDoNothing()
      .returning({ job: noticeRuns.job });
    if (!mine) return 0;
    const written = await write(tx);
    await tx
      .update(noticeRuns)
      .set({ written })
      .where(and(eq(noticeRuns.job, job), eq(noticeRuns.period, period)));
    return written;
  });
}

/**
 * The guardians to tell that a scholar was not checked in on `day`: every active guardian of every active scholar
 * (enrolled by then) with no check-in of that day that stands (an undone one does not count). One query, the one
 * place that chooses the scholars.
 */
export async function notCheckedInGuardians(tx: Pick<Tx, 'select'>, day: string) {
  const checkedIn = tx
    .select({ one: sql`1` })
    .from(checkIns)
    .where(and(eq(checkIns.scholar_id, demographics.id), eq(checkIns.school_day, day), isNull(checkIns.voided_at)));
  // The family said so already: a reported absence or late arrival covering the day, not withdrawn.
  const reported = tx
    .select({ one: sql`1` })
    .from(absenceReports)
    .where(
      and(
        eq(absenceReports.scholar_id, demographics.id),
        inArray(absenceReports.kind, ['absent', 'late']),
        lte(absenceReports.starts_on, day),
        gte(absenceReports.ends_on, day),
        isNull(absenceReports.withdrawn_at),
      ),
    );
  return tx
    .select({
      scholar_id: demographics.id,
      fname: demographics.fname,
      nickname: demographics.nickname,
      user_id: users.id,
      language: users.language,
    })
    .from(demographics)
    .innerJoin(guardianships, eq(guardianships.scholar_id, demographics.id))
    .innerJoin(users, eq(users.id, guardianships.parent_id))
    .where(
      and(
        eq(demographics.active, true),
        eq(users.active, true),
        or(isNull(demographics.enrolled_on), lte(demographics.enrolled_on, day)),
        notExists(checkedIn),
        notExists(reported),
      ),
    );
}

/** A scholar's open work (not turned in) with a due date, read for the lists. */
interface OpenWork {
  submission_id: string;
  scholar_id: string;
  state: SubmissionState;
  title: string;
  course: string;
  due_at: string | null;
  due_date: string | null;
  topic: string | null;
  turned_in_at: string | null;
}

/** The open work of some scholars due on or before `until` (and on or after `from`, when given), not deleted. */
async function openWorkOf(
  db: Pick<Tx, 'select'>,
  scholarIds: string[],
  range: { from?: string; until: string },
): Promise<OpenWork[]> {
  if (!scholarIds.length) return [];
  const where: SQL[] = [
    inArray(courseWorkSubmissions.scholar_id, scholarIds),
    inArray(courseWorkSubmissions.state, OPEN),
    isNull(courseWork.deleted_at),
    lte(courseWork.due_date, range.until),
  ];
  if (range.from) where.push(gte(courseWork.due_date, range.from));
  const rows = await db
    .select({
      submission_id: courseWorkSubmissions.id,
      scholar_id: courseWorkSubmissions.scholar_id,
      state: courseWorkSubmissions.state,
      title: courseWork.title,
      course: courses.name,
      due_at: courseWork.due_at,
      due_date: courseWork.due_date,
      topic: courseWork.topic,
      turned_in_at: courseWorkSubmissions.turned_in_at,
    })
    .from(courseWorkSubmissions)
    .innerJoin(courseWork, eq(courseWork.id, courseWorkSubmissions.course_work_id))
    .innerJoin(courses, eq(courses.id, courseWork.course_id))
    .where(and(...where));
  // The database's timestamps as ISO 8601, as the lists' rules read them.
  return rows.map((r) => ({ ...r, due_at: r.due_at ? new Date(r.due_at).toISOString() : null }));
}

/** "Tuesday, May 6 at 11:59 PM" (or the day alone) in a language. */
function dueText(language: string, work: Pick<OpenWork, 'due_at' | 'due_date'>, timeZone: string): string {
  const t = textsFor(language);
  const day = t.day(work.due_date as string);
  if (!work.due_at) return t.dueAt({ day, time: null });
  const { hour, minute } = wallClock(work.due_at, timeZone);
  return t.dueAt({ day, time: t.time(hour, minute) });
}

/** The scholars' accounts that turned a kind on (push or email) in their notice settings. */
async function scholarsWhoChose(db: Pick<Tx, 'select'>, kind: NoticeKind) {
  const on = (channel: 'push' | 'email') =>
    sql`coalesce((${noticePreferences.kinds} -> ${kind}::text ->> ${channel}::text)::boolean, false)`;
  return db
    .select({ scholar_id: demographics.id, user_id: users.id, language: users.language })
    .from(demographics)
    .innerJoin(users, eq(users.id, demographics.user_id))
    .innerJoin(noticePreferences, eq(noticePreferences.user_id, users.id))
    .where(
      and(
        eq(demographics.active, true),
        eq(users.active, true),
        eq(users.type, 'student'),
        or(sql`${on('push')}`, sql`${on('email')}`),
      ),
    );
}

/** The scholar reminders' rows for some work items (one per item and account). */
function reminderRows(
  now: Date,
  kind: 'work_due_tomorrow' | 'work_overdue',
  items: OpenWork[],
  accounts: { scholar_id: string; user_id: string; language: string }[],
  timeZone: string,
  occurredAt: (work: OpenWork) => string,
): NoticeRow[] {
  const rows: NoticeRow[] = [];
  for (const work of items) {
    for (const account of accounts) {
      if (account.scholar_id !== work.scholar_id) continue;
      const t = textsFor(account.language);
      const p = { title: work.title, course: work.course, due: dueText(account.language, work, timeZone) };
      const message = kind === 'work_due_tomorrow' ? t.workDueTomorrow(p) : t.workOverdue(p);
      rows.push({
        id: uuidv7(),
        key: `${kind}:${work.submission_id}:${account.user_id}`,
        kind,
        user_id: account.user_id,
        scholar_id: work.scholar_id,
        source_id: work.submission_id,
        message: {
          ...message,
          url: kind === 'work_due_tomorrow' ? '/scholar/work/current' : '/scholar/work/overdue',
          tag: `${kind}-${work.submission_id}`,
        },
        occurred_at: occurredAt(work),
        next_attempt_at: now.toISOString(),
      });
    }
  }
  return rows;
}

interface JobSettings {
  offered: Set<string>;
  not_checked_in_by: string | null;
  work_summary_weekday: number;
  work_summary_time: string;
  end_time: string;
  year_starts_on: string | null;
  year_ends_on: string | null;
}

/** The not-checked-in notices of `day`. */
async function writeNotCheckedIn(tx: Tx, deps: JobDeps, day: string, by: string, now: Date): Promise<number> {
  const guardians = await notCheckedInGuardians(tx, day);
  const occurredAt = instantAt(day, by, deps.school.timeZone).toISOString();
  const [hour = 0, minute = 0] = by.split(':').map(Number);
  const rows: NoticeRow[] = guardians.map((g) => {
    const t = textsFor(g.language);
    const message = t.notCheckedIn({ child: g.nickname || g.fname, time: t.time(hour, minute) });
    return {
      id: uuidv7(),
      key: `not_checked_in:${g.scholar_id}:${day}:${g.user_id}`,
      kind: 'not_checked_in',
      user_id: g.user_id,
      scholar_id: g.scholar_id,
      message: { ...message, ...screenOf('not_checked_in', g.scholar_id) },
      occurred_at: occurredAt,
      next_attempt_at: now.toISOString(),
    };
  });
  return insertNotices(tx, null, rows);
}

/** The work summaries of the guardians who chose `frequency`, for the period of `day`. */
async function writeWorkSummaries(
  tx: Tx,
  deps: JobDeps,
  frequency: 'weekly' | 'daily',
  day: string,
  occurredAt: Date,
): Promise<number> {
  const timeZone = deps.school.timeZone;
  const chosen = sql`coalesce(${noticePreferences.work_summary_frequency}, 'weekly')`;
  const guardians = await tx
    .select({
      user_id: users.id,
      language: users.language,
      scholar_id: demographics.id,
      fname: demographics.fname,
      nickname: demographics.nickname,
    })
    .from(guardianships)
    .innerJoin(users, eq(users.id, guardianships.parent_id))
    .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
    .leftJoin(noticePreferences, eq(noticePreferences.user_id, users.id))
    .where(and(eq(users.active, true), eq(demographics.active, true), sql`${chosen} = ${frequency}`))
    .orderBy(users.id, demographics.fname, demographics.id);
  if (!guardians.length) return 0;
  const work = await openWorkOf(tx, [...new Set(guardians.map((g) => g.scholar_id))], {
    until: shiftDate(day, UPCOMING_DAYS),
  });
  const ctx = { now: occurredAt, timeZone };
  const byScholar = new Map<string, OpenWork[]>();
  for (const w of work) byScholar.set(w.scholar_id, [...(byScholar.get(w.scholar_id) ?? []), w]);
  const byDeadline = (a: OpenWork, b: OpenWork) =>
    (deadlineOf(a, timeZone) ?? 0) - (deadlineOf(b, timeZone) ?? 0) || a.title.localeCompare(b.title);

  const people = new Map<string, { language: string; children: { id: string; name: string }[] }>();
  for (const g of guardians) {
    const person = people.get(g.user_id) ?? { language: g.language, children: [] };
    person.children.push({ id: g.scholar_id, name: g.nickname || g.fname });
    people.set(g.user_id, person);
  }
  const link = deps.publicUrl;
  const rows: NoticeRow[] = [];
  for (const [userId, person] of people) {
    const item = (w: OpenWork): SummaryItem => ({
      title: w.title,
      course: w.course,
      due: dueText(person.language, w, timeZone),
    });
    const children: ChildSummary[] = person.children.map((c) => {
      const own = byScholar.get(c.id) ?? [];
      return {
        name: c.name,
        // Missing: not turned in and past due, newest first as the portal's Overdue Work. Upcoming: due from now
        // to the end of the 7th day, soonest first.
        missing: own
          .filter((w) => inWorkList(w, 'overdue', ctx))
          .sort((a, b) => byDeadline(b, a))
          .map(item),
        upcoming: own
          .filter((w) => inWorkList(w, 'current', ctx))
          .sort(byDeadline)
          .map(item),
      };
    });
    // As Classroom's summaries: no mail when no child has anything missing or coming.
    if (children.every((c) => !c.missing.length && !c.upcoming.length)) continue;
    const url = person.children.length > 1 ? '/scholar/work/overdue?children=all' : '/scholar/work/overdue';
    const summary = renderWorkSummary({
      language: person.language,
      frequency,
      day: textsFor(person.language).day(day),
      school: deps.school.name,
      children,
      link: link ? `${link}${url}` : null,
    });
    rows.push({
      id: uuidv7(),
      key: `work_summary:${frequency}:${day}:${userId}`,
      kind: 'work_summary',
      user_id: userId,
      scholar_id: person.children.length === 1 ? (person.children[0]?.id ?? null) : null,
      message: {
        title: summary.subject,
        body: summary.body,
        url,
        tag: 'work_summary',
        mail: { text: summary.text, html: summary.html },
      },
      occurred_at: occurredAt.toISOString(),
      next_attempt_at: occurredAt.toISOString(),
    });
  }
  return insertNotices(tx, null, rows);
}

/** The "due tomorrow" reminders of `day`'s evening. */
async function writeDueTomorrow(tx: Tx, deps: JobDeps, day: string, occurredAt: Date): Promise<number> {
  const accounts = await scholarsWhoChose(tx, 'work_due_tomorrow');
  if (!accounts.length) return 0;
  const tomorrow = shiftDate(day, 1);
  const items = await openWorkOf(tx, [...new Set(accounts.map((a) => a.scholar_id))], {
    from: tomorrow,
    until: tomorrow,
  });
  const rows = reminderRows(occurredAt, 'work_due_tomorrow', items, accounts, deps.school.timeZone, () =>
    occurredAt.toISOString(),
  );
  return insertNotices(tx, null, rows);
}

/** The "overdue" reminders of the items whose due moment passed within OVERDUE_LOOKBACK_MS of `now`. */
async function writeOverdue(db: Db, deps: JobDeps, now: Date): Promise<number> {
  const accounts = await scholarsWhoChose(db, 'work_overdue');
  if (!accounts.length) return 0;
  const timeZone = deps.school.timeZone;
  const today = schoolDay(now, timeZone);
  const items = await openWorkOf(db, [...new Set(accounts.map((a) => a.scholar_id))], {
    from: shiftDate(today, -Math.ceil(OVERDUE_LOOKBACK_MS / 86_400_000) - 1),
    until: today,
  });
  const since = now.getTime() - OVERDUE_LOOKBACK_MS;
  const due = items.filter((w) => {
    const deadline = deadlineOf(w, timeZone);
    return deadline !== null && deadline < now.getTime() && deadline >= since;
  });
  if (!due.length) return 0;
  const rows = reminderRows(now, 'work_overdue', due, accounts, timeZone, (w) =>
    new Date(deadlineOf(w, timeZone) as number).toISOString(),
  );
  return db.transaction((tx) => insertNotices(tx, null, rows));
}

async function readJobSettings(db: Db): Promise<JobSettings | null> {
  const [row] = await db
    .select({
      notice_kinds: schoolSettings.notice_kinds,
      not_checked_in_by: schoolSettings.not_checked_in_by,
      work_summary_weekday: schoolSettings.work_summary_weekday,
      work_summary_time: schoolSettings.work_summary_time,
      end_time: schoolSettings.end_time,
      year_starts_on: schoolSettings.year_starts_on,
      year_ends_on: schoolSettings.year_ends_on,
    })
    .from(schoolSettings)
    .limit(1);
  if (!row) return null;
  return { ...row, offered: new Set(row.notice_kinds) };
}

/** Runs every job due at `now`; answers what each wrote. */
export async function runNoticeJobs(deps: JobDeps, now: Date = new Date()): Promise<JobsResult> {
  const result: JobsResult = {
    not_checked_in: 0,
    work_summary_weekly: 0,
    work_summary_daily: 0,
    work_due_tomorrow: 0,
    work_overdue: 0,
  };
  const settings = await readJobSettings(deps.db);
  if (!settings) return result;
  const { db } = deps;
  const timeZone = deps.school.timeZone;
  const today = schoolDay(now, timeZone);
  const minutes = minutesOfDay(now, timeZone);
  const inYear =
    (!settings.year_starts_on || settings.year_starts_on <= today) &&
    (!settings.year_ends_on || today <= settings.year_ends_on);
  const schoolOpen = inYear && !closedReason(today, await closuresBetween(db, today, today));
  const offered = (kind: NoticeKind) => settings.offered.has(kind);
  // The periods already done, read at once: a scan after a job's run costs this one query, not a transaction.
  const weekDay = shiftDate(mondayOf(today), settings.work_summary_weekday - 1);
  const done = new Set(
    (
      await db
        .select({ job: noticeRuns.job, period: noticeRuns.period })
        .from(noticeRuns)
        .where(inArray(noticeRuns.period, [...new Set([today, weekDay])]))
    ).map((r) => `${r.job} ${r.period}`),
  );
  const pending = (job: JobName, period: string) => !done.has(`${job} ${period}`);

  // Not checked in: a school day, from the set time until the school day ends (after dismissal it tells nothing).
  const by = settings.not_checked_in_by;
  if (
    offered('not_checked_in') &&
    pending('not_checked_in', today) &&
    by &&
    schoolOpen &&
    minutes >= clockMinutes(by) &&
    minutes < clockMinutes(settings.end_time)
  ) {
    result.not_checked_in = await once(db, 'not_checked_in', today, (tx) =>
      writeNotCheckedIn(tx, deps, today, by, now),
    );
  }

  if (offered('work_summary')) {
    const at = settings.work_summary_time;
    // Weekly: this week's chosen weekday (weeks from Monday), from its time to the week's end, so an instance that
    // was stopped at that moment sends it when it starts again that week.
    if (pending('work_summary_weekly', weekDay) && now.getTime() >= instantAt(weekDay, at, timeZone).getTime()) {
      result.work_summary_weekly = await once(db, 'work_summary_weekly', weekDay, (tx) =>
        writeWorkSummaries(tx, deps, 'weekly', weekDay, now),
      );
    }
    // Daily: every school day, from its time to midnight.
    if (pending('work_summary_daily', today) && schoolOpen && minutes >= clockMinutes(at)) {
      result.work_summary_daily = await once(db, 'work_summary_daily', today, (tx) =>
        writeWorkSummaries(tx, deps, 'daily', today, now),
      );
    }
  }

  if (
    offered('work_due_tomorrow') &&
    pending('work_due_tomorrow', today) &&
    minutes >= clockMinutes(WORK_DUE_TOMORROW_AT)
  ) {
    result.work_due_tomorrow = await once(db, 'work_due_tomorrow', today, (tx) =>
      writeDueTomorrow(tx, deps, today, now),
    );
  }
  if (offered('work_overdue')) result.work_overdue = await writeOverdue(db, deps, now);
  return result;
}
