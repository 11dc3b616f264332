/**
 * A scholar's work from Google Classroom: what `v2/scholar/scholars/:id/work` and `v2/scholar/work/overdue`
 * answer, and what the tables hold. The lists' rules and the grouping by day are in ./work-lists.ts (zod-free, shared
 * with the phone).
 *
 * The tables (server/db/schema.ts), which the Google Classroom sync and the demo seed both fill:
 * - courses (from P1): a Classroom course is a row with `google_course_id` (unique); its students are rows of
 *   course_enrollments (course_id, scholar_id).
 * - course_work: one row per piece of Classroom course work (only PUBLISHED work is stored).
 *   course_id → courses.id; google_course_work_id (Classroom's `CourseWork.id`), unique per course: upsert on
 *   (course_id, google_course_work_id). title, description, link (`alternateLink`, opens the work in Classroom),
 *   topic_id (`topicId`) and topic (the topic's name, from `courses.topics`: the school's AutoWork topic is matched by
 *   this name), max_points (`maxPoints`), work_type (`workType`), google_updated_at (`updateTime`, for incremental
 *   sync). Due: use `classroomDue(dueDate, dueTime, SCHOOL_TIMEZONE)` from ./work-lists: with a due time, due_at is
 *   the instant (Classroom's date and time are UTC) and due_date the school's date of it; with a due date alone,
 *   due_date is that date and due_at null (due by the end of that school day); with neither, both null. A check
 *   constraint refuses due_at without due_date. Deleted in Classroom (state DELETED, or absent from a full
 *   reconcile): set deleted_at (the lists never show it; a later upsert of the same work sets it back to null), or
 *   delete the row (its submissions go with it).
 * - course_work_submissions: the scholar's submission for a piece of work (Classroom makes one per assigned student;
 *   a scholar's lists are exactly their submissions). course_work_id → course_work.id, scholar_id → demographics.id
 *   (one per work and scholar: upsert on (course_work_id, scholar_id), or on (course_work_id, google_submission_id)).
 *   state (`state`: NEW, CREATED, TURNED_IN, RETURNED, RECLAIMED_BY_STUDENT), late (`late`), assigned_grade and
 *   draft_grade (`assignedGrade`, `draftGrade`; scholars and parents see only the assigned grade, once RETURNED),
 *   link (`alternateLink`), turned_in_at and returned_at (the last TURNED_IN and RETURNED of
 *   `submissionHistory[].stateHistory`), google_updated_at (`updateTime`).
 * - school_settings.autowork_topic: the topic name that marks AutoWork ('AutoWork' unless the school names another),
 *   read and changed at `v2/portal_content/work_settings`.
 */
import { z } from 'zod';
import { DateOnlySchema, IdSchema, ListMetaSchema, MethodOverrideSchema, requiredText, safeText } from './common';
import { SUBMISSION_STATES, WORK_LIST_TYPES, WORK_TYPES, type WorkListType } from './work-lists';

export * from './work-lists';

export const SubmissionStateSchema = z.enum(SUBMISSION_STATES);
export const WorkTypeSchema = z.enum(WORK_TYPES);
export const WorkListTypeSchema = z.enum(WORK_LIST_TYPES, {
  message: `Must be one of ${WORK_LIST_TYPES.join(', ')}.`,
});

/** One piece of work with the scholar's submission for it, as the lists show it. */
export const WorkItemSchema = z.object({
  /** The submission's id (one per work and scholar). */
  id: z.string(),
  scholar_id: z.string(),
  course_work_id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Opens the work in Classroom, where the scholar turns it in (the submission's link, else the work's). */
  link: z.string().nullable(),
  /** The instant it is due, when it has a due time (ISO 8601). */
  due_at: z.string().nullable(),
  /** The school's date it is due; without due_at, due by the end of that day. */
  due_date: DateOnlySchema.nullable(),
  topic: z.string().nullable(),
  /** The topic is the school's AutoWork topic. */
  is_autowork: z.boolean(),
  max_points: z.number().nullable(),
  work_type: WorkTypeSchema,
  state: SubmissionStateSchema,
  late: z.boolean(),
  /** The grade, once the work is RETURNED; never a teacher's draft. */
  assigned_grade: z.number().nullable(),
  turned_in_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  /** When Classroom last changed the work or the submission. */
  updated_at: z.string(),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

/** The query of the lists: the list, a search of titles and courses, and a page (the lists are short; 200 a page). */
export const WorkListQuerySchema = z.object({
  type: WorkListTypeSchema.default('current'),
  search: safeText().trim().max(100, 'Search text is limited to 100 characters.').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(200),
});
export type WorkListQuery = z.infer<typeof WorkListQuerySchema>;

/** What every work list answers besides its items: when and where it was drawn, to group and reclassify offline. */
const listContext = {
  meta: ListMetaSchema,
  /** The school's time zone and today's date in it. */
  time_zone: z.string(),
  today: DateOnlySchema,
  /** The server's clock when it drew the list (the "as of"). */
  as_of: z.string(),
  /** The school's AutoWork topic. */
  autowork_topic: z.string(),
};

/** `GET v2/scholar/scholars/:id/work?type=current|overdue|missing-autowork|completed|submissions`: one scholar's list. */
export const WorkListResponseSchema = z.object({
  type: WorkListTypeSchema,
  scholar_id: z.string(),
  data: z.array(WorkItemSchema),
  ...listContext,
});
export type WorkListResponse = z.infer<typeof WorkListResponseSchema>;

/** A scholar as the combined list names them. */
export const WorkScholarSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  grade: z.string(),
});
export type WorkScholar = z.infer<typeof WorkScholarSchema>;

/** The lists a parent can read for all their children at once: `GET v2/scholar/work/{type}`. */
export const COMBINED_WORK_TYPES = ['overdue', 'missing-autowork'] as const satisfies readonly WorkListType[];
export type CombinedWorkType = (typeof COMBINED_WORK_TYPES)[number];

/**
 * `GET v2/scholar/work/overdue` and `GET v2/scholar/work/missing-autowork`: that list for every scholar of the caller
 * (a parent's children, or a scholar themselves), soonest due last (newest first), each item with its scholar's id;
 * AutoWork is flagged (is_autowork). `scholars` lists every scholar of the caller, also those with nothing in it.
 */
export const CombinedOverdueResponseSchema = z.object({
  data: z.array(WorkItemSchema),
  scholars: z.array(WorkScholarSchema),
  ...listContext,
});
export type CombinedOverdueResponse = z.infer<typeof CombinedOverdueResponseSchema>;

export const WorkScholarParamsSchema = z.object({ id: IdSchema });

/** The query of the combined list: a search and a page, as the scholar's lists take them. */
export const CombinedOverdueQuerySchema = WorkListQuerySchema.omit({ type: true });
export type CombinedOverdueQuery = z.infer<typeof CombinedOverdueQuerySchema>;

/** The work lists' school settings (`v2/portal_content/work_settings`, read and changed by portal content staff). */
export const WorkSettingsSchema = z.object({
  /** The Classroom topic whose overdue work is the Missing AutoWork list ('AutoWork' unless the school names another). */
  autowork_topic: z.string(),
});
export type WorkSettings = z.infer<typeof WorkSettingsSchema>;

export const WorkSettingsUpdateSchema = MethodOverrideSchema.extend({ autowork_topic: requiredText(100) });
export type WorkSettingsUpdate = z.infer<typeof WorkSettingsUpdateSchema>;
