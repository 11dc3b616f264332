/**
 * The Scholar Portal's content: announcements, group meetings, resources, courses, course work and submissions.
 * Exported from server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics } from './people';

/** The school's announcements on the Scholar Portal's home, for some grades or all (empty). */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The same in Spanish, for families who read it; the portal shows the English one while these are empty. */
    title_es: text('title_es'),
    body_es: text('body_es'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('announcements_days_idx').on(t.starts_on, t.ends_on)],
);

/** Group meetings (This Week): when, where or on which Meet, who leads, for which grades (empty: all). */
export const groupMeetings = pgTable(
  'group_meetings',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    place: text('place'),
    meet_url: text('meet_url'),
    leader: text('leader'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('group_meetings_starts_idx').on(t.starts_at)],
);

/**
 * A class (the Schedule): its weekly sessions, the grades that take it, and the scholars enrolled one by one
 * (course_enrollments, which the Google Classroom import fills).
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    teacher: text('teacher'),
    room: text('room'),
    meet_url: text('meet_url'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    sessions: jsonb('sessions')
      .$type<{ weekday: number; start_time: string; end_time: string }[]>()
      .notNull()
      .default([]),
    google_course_id: text('google_course_id'),
    /** The class's OneRoster `sourcedId` when a roster import brought or matched it. */
    sourced_id: text('sourced_id'),
    /** False once a later roster package no longer has the class: nobody is enrolled in it, its work stays. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('courses_google_id_unique').on(t.google_course_id),
    uniqueIndex('courses_sourced_id_unique').on(t.sourced_id),
    index('courses_name_idx').on(t.name),
  ],
);

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The enrolment's OneRoster `sourcedId` when a roster import made it; null for Classroom's. */
    sourced_id: text('sourced_id'),
  },
  (t) => [
    primaryKey({ columns: [t.course_id, t.scholar_id] }),
    index('course_enrollments_scholar_idx').on(t.scholar_id),
  ],
);

/** Scholar Resources and Library links, grouped by subject, for some grades or all (empty). */
export const portalResources = pgTable(
  'portal_resources',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['resources', 'library'] }).notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('portal_resources_kind_idx').on(t.kind, t.subject, t.position)],
);

/**
 * A piece of Google Classroom course work, filled by the Classroom sync and the demo seed. How each
 * column maps from Classroom's API, and how a due date without a time is stored, is in src/contract/scholar-work.ts.
 */
export const courseWork = pgTable(
  'course_work',
  {
    id: uuid('id').primaryKey(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    google_course_work_id: text('google_course_work_id'),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    /** The instant it is due, when Classroom gives a due time. */
    due_at: timestamp('due_at', { withTimezone: true, mode: 'string' }),
    /** The school's date it is due; alone, due by the end of that school day. */
    due_date: date('due_date', { mode: 'string' }),
    topic_id: text('topic_id'),
    topic: text('topic'),
    max_points: doublePrecision('max_points'),
    work_type: text('work_type', {
      enum: ['ASSIGNMENT', 'SHORT_ANSWER_QUESTION', 'MULTIPLE_CHOICE_QUESTION', 'COURSE_WORK_TYPE_UNSPECIFIED'],
    })
      .notNull()
      .default('ASSIGNMENT'),
    google_updated_at: timestamp('google_updated_at', { withTimezone: true, mode: 'string' }),
    /** Deleted in Classroom: kept for the sync's bookkeeping, never listed. */
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_work_google_id_unique').on(t.course_id, t.google_course_work_id),
    index('course_work_due_idx').on(t.due_date),
    check('course_work_due_at_has_date', sql`${t.due_at} is null or ${t.due_date} is not null`),
  ],
);

/** A scholar's submission for a piece of course work: one per work and scholar. */
export const courseWorkSubmissions = pgTable(
  'course_work_submissions',
  {
    id: uuid('id').primaryKey(),
    course_work_id: uuid('course_work_id')
      .notNull()
      .references(() => courseWork.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    google_submission_id: text('google_submission_id'),
    state: text('state', { enum: ['NEW', 'CREATED', 'TURNED_IN', 'RETURNED', 'RECLAIMED_BY_STUDENT'] })
      .notNull()
      .default('NEW'),
    late: boolean('late').notNull().default(false),
    assigned_grade: doublePrecision('assigned_grade'),
    draft_grade: doublePrecision('draft_grade'),
    link: text('link'),
    turned_in_at: timestamp('turned_in_at', { withTimezone: true, mode: 'string' }),
    returned_at: timestamp('returned_at', { withTimezone: true, mode: 'string' }),
    google_updated_at: timestamp('google_updated_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_work_submissions_scholar_unique').on(t.course_work_id, t.scholar_id),
    uniqueIndex('course_work_submissions_google_id_unique').on(t.course_work_id, t.google_submission_id),
    index('course_work_submissions_scholar_idx').on(t.scholar_id, t.state),
  ],
);
