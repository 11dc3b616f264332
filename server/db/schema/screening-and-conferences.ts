/**
 * Health screening at the entrance and conference sign-in sheets (decision 006). Exported from server/db/schema.ts,
 * which code imports.
 */
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics, users } from './people';
import { timesheets } from './timesheets';

/**
 * COVID screening answers: a scholar's answer of a school day, with the outcome the server worked
 * out; a correction is a later answer the same day. Deleted after the school's retention days (the screening job).
 */
export const covidScreenings = pgTable(
  'covid_screenings',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['screening', 'remote'] }).notNull(),
    symptoms: jsonb('symptoms').$type<string[]>().notNull().default([]),
    recent_contact: boolean('recent_contact'),
    household_symptoms: boolean('household_symptoms'),
    outcome: text('outcome', { enum: ['remote', 'cleared', 'stay_home', 'no_negative_test'] }).notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true, mode: 'string' }).notNull(),
    school_day: date('school_day', { mode: 'string' }).notNull(),
    answered_by: uuid('answered_by'),
    device_id: text('device_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('covid_screenings_day_idx').on(t.school_day, t.scholar_id),
    index('covid_screenings_answered_idx').on(t.answered_at),
  ],
);

/** Negative tests staff record at the entrance; deleted with the answers after the retention days. */
export const covidNegativeTests = pgTable(
  'covid_negative_tests',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    tested_on: date('tested_on', { mode: 'string' }).notNull(),
    recorded_by: uuid('recorded_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('covid_negative_tests_scholar_idx').on(t.scholar_id, t.tested_on)],
);

/**
 * Scholar Led Conferences: a conference day's sign-in sheet for the scholars of its grades (none:
 * every grade), the teacher who holds it, and the teacher's conference timesheet record made from its sign-ins.
 */
export const conferences = pgTable(
  'conferences',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The sheet's title and welcome in Spanish; the portal shows the English ones while these are empty. */
    title_es: text('title_es'),
    body_es: text('body_es'),
    held_on: date('held_on', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    minutes_per_scholar: integer('minutes_per_scholar').notNull().default(20),
    teacher_id: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    timesheet_id: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('conferences_held_on_idx').on(t.held_on)],
);

/** Who signed in on a conference's sheet: the scholar or a parent, once each for a scholar. */
export const conferenceSignIns = pgTable(
  'conference_sign_ins',
  {
    id: uuid('id').primaryKey(),
    conference_id: uuid('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    signed_by: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signer_type: text('signer_type', { enum: ['student', 'parent'] }).notNull(),
    signer_name: text('signer_name').notNull(),
    signed_at: timestamp('signed_at', { withTimezone: true, mode: 'string' }).notNull(),
    device_id: text('device_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conference_sign_ins_once').on(t.conference_id, t.scholar_id, t.signed_by)],
);
