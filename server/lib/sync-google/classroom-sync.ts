/**
 * Google Classroom → courses, course_enrollments, course_work, course_work_submissions, read-only.
 * Column mapping: src/contract/scholar-work.ts. A Classroom student is the scholar whose account has the student's
 * e-mail (users.email → demographics.user_id); students without one are counted, not stored. A course's teacher is
 * the name of its owner among its teachers (else its first teacher). A scholar no longer on a course's roster loses
 * the enrolment and their submissions for its work on every run; so do the scholars of a course no longer active.
 *
 * Incremental by update time: course work is listed newest change first (`orderBy=updateTime desc`) and the listing
 * stops at the first piece not changed since the course's last run; submissions (which Classroom cannot filter by
 * time) are all listed and only those changed since the last run are written. A full reconcile (nightly) writes
 * everything and removes what Classroom no longer has: deleted or unpublished work (with its submissions), the
 * submissions of students no longer assigned, and the work of courses no longer active.
 */
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { classroomDue, uuidv7, WORK_TYPES } from '../../../src/contract';
import {
  courseEnrollments,
  courses,
  courseWork,
  courseWorkSubmissions,
  demographics,
  googleSyncState,
  users,
} from '../../db/schema';
import { googleGet, joinUrl } from '../google/http';
import { bump, type Counts, type SyncContext } from './context';

interface GCourse {
  id: string;
  name: string;
  ownerId?: string;
  section?: string;
  room?: string;
  courseState?: string;
}
interface GStudent {
  userId: string;
  profile?: { emailAddress?: string };
}
interface GTeacher {
  userId: string;
  profile?: { name?: { fullName?: string } };
}
interface GTopic {
  topicId: string;
  name: string;
}
interface GCourseWork {
  id: string;
  title?: string;
  description?: string;
  state?: string;
  alternateLink?: string;
  updateTime?: string;
  dueDate?: { year?: number; month?: number; day?: number };
  dueTime?: { hours?: number; minutes?: number; seconds?: number };
  maxPoints?: number;
  workType?: string;
  topicId?: string;
}
interface GSubmission {
  id: string;
  courseWorkId: string;
  userId: string;
  updateTime?: string;
  state?: string;
  late?: boolean;
  draftGrade?: number;
  assignedGrade?: number;
  alternateLink?: string;
  submissionHistory?: { stateHistory?: { state?: string; stateTimestamp?: string } }[];
}

const SUBMISSION_STATES = ['NEW', 'CREATED', 'TURNED_IN', 'RETURNED', 'RECLAIMED_BY_STUDENT'] as const;
type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** Every page of a Classroom list. */
async function listAll<T>(
  ctx: SyncContext,
  path: string,
  field: string,
  params: Record<string, string | number | undefined> = {},
  until?: (item: T) => boolean,
): Promise<T[]> {
  const url = joinUrl(ctx.classroomUrl, `v1/${path}`);
  const items: T[] = [];
  let pageToken: string | undefined;
  for (;;) {
    const page = await googleGet<Record<string, unknown> & { nextPageToken?: string }>(
      url,
      { pageSize: 100, ...params, pageToken },
      ctx.token,
      ctx.http,
    );
    for (const item of (page[field] as T[] | undefined) ?? []) {
      if (until?.(item)) return items;
      items.push(item);
    }
    if (!page.nextPageToken) return items;
    pageToken = page.nextPageToken;
  }
}

async function readMark(ctx: SyncContext, key: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ since: googleSyncState.updated_since })
    .from(googleSyncState)
    .where(eq(googleSyncState.key, key));
  return row?.since ? new Date(row.since).toISOString() : null;
}

async function writeMark(ctx: SyncContext, key: string, since: string | null) {
  if (!since) return;
  const now = new Date().toISOString();
  await ctx.db
    .insert(googleSyncState)
    .values({ key, updated_since: since, updated_at: now })
    .onConflictDoUpdate({ target: googleSyncState.key, set: { updated_since: since, updated_at: now } });
}

const later = (a: string | null, b: string | undefined) => (b && (!a || b > a) ? b : a);
const newer = (time: string | undefined, mark: string | null) =>
  !mark || !time || new Date(time).getTime() > new Date(mark).getTime();

/** The last time the submission's history reached the state. */
function lastState(sub: GSubmission, state: string): string | null {
  let found: string | null = null;
  for (const h of sub.submissionHistory ?? [])
    if (h.stateHistory?.state === state && h.stateHistory.stateTimestamp)
      found = later(found, h.stateHistory.stateTimestamp);
  return found ? new Date(found).toISOString() : null;
}

/** Scholars by their account's e-mail (lower case). */
async function scholarsByEmail(ctx: SyncContext, emails: string[]): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await ctx.db
    .select({ email: users.email, scholar: demographics.id })
    .from(demographics)
    .innerJoin(users, eq(users.id, demographics.user_id))
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.scholar]));
}

/** The course's teacher as the lists and the schedule name them: its owner, else its first teacher. */
async function teacherOf(ctx: SyncContext, course: GCourse): Promise<string | null> {
  const teachers = await listAll<GTeacher>(ctx, `courses/${encodeURIComponent(course.id)}/teachers`, 'teachers');
  const owner = teachers.find((t) => t.userId === course.ownerId);
  const name = (t: GTeacher | undefined) => t?.profile?.name?.fullName?.trim() || null;
  return name(owner) ?? teachers.map(name).find((n) => n) ?? null;
}

/** Removes the submissions of these scholars for the work of these courses. */
async function removeSubmissions(ctx: SyncContext, scholarIds: string[], courseIds: string[], counts: Counts) {
  if (!scholarIds.length || !courseIds.length) return;
  const work = ctx.db.select({ id: courseWork.id }).from(courseWork).where(inArray(courseWork.course_id, courseIds));
  const gone = await ctx.db
    .delete(courseWorkSubmissions)
    .where(
      and(inArray(courseWorkSubmissions.scholar_id, scholarIds), inArray(courseWorkSubmissions.course_work_id, work)),
    )
    .returning({ id: courseWorkSubmissions.id });
  bump(counts, 'submissions_removed', gone.length);
}

async function syncCourse(ctx: SyncContext, course: GCourse, full: boolean, counts: Counts) {
  const now = new Date().toISOString();
  const teacher = await teacherOf(ctx, course);
  const [stored] = await ctx.db
    .insert(courses)
    .values({ id: uuidv7(), name: course.name, teacher, room: course.room ?? null, google_course_id: course.id })
    .onConflictDoUpdate({
      target: courses.google_course_id,
      set: { name: course.name, teacher, room: course.room ?? null, updated_at: now },
    })
    .returning({ id: courses.id });
  const courseId = (stored as { id: string }).id;
  bump(counts, 'courses');

  // The roster: every run (it is short), enrolments made to match.
  const students = await listAll<GStudent>(ctx, `courses/${encodeURIComponent(course.id)}/students`, 'students');
  const emails = students.map((s) => s.profile?.emailAddress?.toLowerCase()).filter((e): e is string => !!e);
  const byEmail = await scholarsByEmail(ctx, emails);
  const scholarByUser = new Map<string, string>();
  for (const s of students) {
    const scholar = byEmail.get(s.profile?.emailAddress?.toLowerCase() ?? '');
    if (scholar) scholarByUser.set(s.userId, scholar);
    else bump(counts, 'students_unmatched');
  }
  const enrolled = [...new Set(scholarByUser.values())];
  const dropped = await ctx.db
    .delete(courseEnrollments)
    .where(
      enrolled.length
        ? and(eq(courseEnrollments.course_id, courseId), notInArray(courseEnrollments.scholar_id, enrolled))
        : eq(courseEnrollments.course_id, courseId),
    )
    .returning({ scholar: courseEnrollments.scholar_id });
  bump(counts, 'enrollments_removed', dropped.length);
  // A scholar taken off the roster no longer has the course's work in their lists.
  await removeSubmissions(
    ctx,
    dropped.map((d) => d.scholar),
    [courseId],
    counts,
  );
  if (enrolled.length)
    await ctx.db
      .insert(courseEnrollments)
      .values(enrolled.map((scholar_id) => ({ course_id: courseId, scholar_id })))
      .onConflictDoNothing();
  bump(counts, 'enrollments', enrolled.length);

  const topics = await listAll<GTopic>(ctx, `courses/${encodeURIComponent(course.id)}/topics`, 'topic');
  const topicName = new Map(topics.map((t) => [t.topicId, t.name]));

  // Course work, newest change first; incremental runs stop at the last run's mark.
  const workKey = `coursework:${course.id}`;
  const workMark = full ? null : await readMark(ctx, workKey);
  const works = await listAll<GCourseWork>(
    ctx,
    `courses/${encodeURIComponent(course.id)}/courseWork`,
    'courseWork',
    { orderBy: 'updateTime desc', courseWorkStates: 'PUBLISHED' },
    (w) => !newer(w.updateTime, workMark),
  );
  let newWorkMark = workMark;
  for (const w of works) {
    newWorkMark = later(newWorkMark, w.updateTime);
    if (w.state && w.state !== 'PUBLISHED') {
      const gone = await ctx.db
        .delete(courseWork)
        .where(and(eq(courseWork.course_id, courseId), eq(courseWork.google_course_work_id, w.id)))
        .returning({ id: courseWork.id });
      bump(counts, 'course_work_removed', gone.length);
      continue;
    }
    const due = classroomDue(w.dueDate, w.dueTime, ctx.timeZone);
    const fields = {
      title: (w.title ?? '').trim() || '(Untitled)',
      description: w.description ?? null,
      link: w.alternateLink ?? null,
      due_at: due.due_at,
      due_date: due.due_date,
      topic_id: w.topicId ?? null,
      topic: w.topicId ? (topicName.get(w.topicId) ?? null) : null,
      max_points: w.maxPoints ?? null,
      work_type: (WORK_TYPES as readonly string[]).includes(w.workType ?? '')
        ? (w.workType as (typeof WORK_TYPES)[number])
        : 'COURSE_WORK_TYPE_UNSPECIFIED',
      google_updated_at: w.updateTime ? new Date(w.updateTime).toISOString() : null,
      deleted_at: null,
    };
    await ctx.db
      .insert(courseWork)
      .values({ id: uuidv7(), course_id: courseId, google_course_work_id: w.id, ...fields })
      .onConflictDoUpdate({
        target: [courseWork.course_id, courseWork.google_course_work_id],
        set: { ...fields, updated_at: now },
      });
    bump(counts, 'course_work');
  }
  if (full) {
    // What Classroom no longer lists (deleted, or back to draft) goes, with its submissions.
    const seen = works.map((w) => w.id);
    const gone = await ctx.db
      .delete(courseWork)
      .where(
        and(
          eq(courseWork.course_id, courseId),
          isNotNull(courseWork.google_course_work_id),
          ...(seen.length ? [notInArray(courseWork.google_course_work_id, seen)] : []),
        ),
      )
      .returning({ id: courseWork.id });
    bump(counts, 'course_work_removed', gone.length);
  }

  // Submissions of all the course's work; only those changed since the last run are written.
  const subKey = `submissions:${course.id}`;
  const subMark = full ? null : await readMark(ctx, subKey);
  const subs = await listAll<GSubmission>(
    ctx,
    `courses/${encodeURIComponent(course.id)}/courseWork/-/studentSubmissions`,
    'studentSubmissions',
  );
  const workRows = await ctx.db
    .select({ id: courseWork.id, google: courseWork.google_course_work_id })
    .from(courseWork)
    .where(eq(courseWork.course_id, courseId));
  const workByGoogle = new Map(workRows.map((r) => [r.google, r.id]));
  let newSubMark = subMark;
  const seenSubs: string[] = [];
  for (const s of subs) {
    newSubMark = later(newSubMark, s.updateTime);
    const workId = workByGoogle.get(s.courseWorkId);
    const scholar = scholarByUser.get(s.userId);
    if (!workId || !scholar) {
      bump(counts, 'submissions_skipped');
      continue;
    }
    seenSubs.push(s.id);
    if (!newer(s.updateTime, subMark)) continue;
    const state: SubmissionState = (SUBMISSION_STATES as readonly string[]).includes(s.state ?? '')
      ? (s.state as SubmissionState)
      : 'NEW';
    const fields = {
      google_submission_id: s.id,
      state,
      late: s.late ?? false,
      assigned_grade: s.assignedGrade ?? null,
      draft_grade: s.draftGrade ?? null,
      link: s.alternateLink ?? null,
      turned_in_at: lastState(s, 'TURNED_IN'),
      returned_at: lastState(s, 'RETURNED'),
      google_updated_at: s.updateTime ? new Date(s.updateTime).toISOString() : null,
    };
    await ctx.db
      .insert(courseWorkSubmissions)
      .values({ id: uuidv7(), course_work_id: workId, scholar_id: scholar, ...fields })
      .onConflictDoUpdate({
        target: [courseWorkSubmissions.course_work_id, courseWorkSubmissions.scholar_id],
        set: { ...fields, updated_at: now },
      });
    bump(counts, 'submissions');
  }
  if (full && workRows.length) {
    const gone = await ctx.db
      .delete(courseWorkSubmissions)
      .where(
        and(
          inArray(
            courseWorkSubmissions.course_work_id,
            workRows.map((r) => r.id),
          ),
          isNotNull(courseWorkSubmissions.google_submission_id),
          ...(seenSubs.length ? [notInArray(courseWorkSubmissions.google_submission_id, seenSubs)] : []),
        ),
      )
      .returning({ id: courseWorkSubmissions.id });
    bump(counts, 'submissions_removed', gone.length);
  }
  await writeMark(ctx, workKey, newWorkMark);
  await writeMark(ctx, subKey, newSubMark);
}

/**
 * Syncs every active course the subject can see. One course's failure does not stop the others; its message is in
 * `errors`. A full reconcile also removes the work of Classroom courses that are no longer active.
 */
export async function syncClassroom(
  ctx: SyncContext,
  opts: { full?: boolean } = {},
): Promise<{ counts: Counts; errors: string[] }> {
  const full = opts.full ?? false;
  const counts: Counts = {
    courses: 0,
    enrollments: 0,
    enrollments_removed: 0,
    students_unmatched: 0,
    course_work: 0,
    course_work_removed: 0,
    submissions: 0,
    submissions_removed: 0,
    submissions_skipped: 0,
  };
  const errors: string[] = [];
  const list = await listAll<GCourse>(ctx, 'courses', 'courses', { courseStates: 'ACTIVE' });
  for (const course of list) {
    try {
      await syncCourse(ctx, course, full, counts);
    } catch (err) {
      errors.push(`Course ${course.name} (${course.id}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // Courses Classroom no longer lists as active (archived, deleted): nobody is enrolled in them any more, on every
  // run; their work goes in the full reconcile.
  const active = list.map((c) => c.id);
  const inactive = ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        isNotNull(courses.google_course_id),
        ...(active.length ? [notInArray(courses.google_course_id, active)] : []),
      ),
    );
  const unenrolled = await ctx.db
    .delete(courseEnrollments)
    .where(inArray(courseEnrollments.course_id, inactive))
    .returning({ id: courseEnrollments.scholar_id });
  bump(counts, 'enrollments_removed', unenrolled.length);
  if (full && !errors.length) {
    const gone = await ctx.db
      .delete(courseWork)
      .where(inArray(courseWork.course_id, inactive))
      .returning({ id: courseWork.id });
    bump(counts, 'course_work_removed', gone.length);
  }
  return { counts, errors };
}
