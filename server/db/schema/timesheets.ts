/**
 * Timesheets: default weeks, days off, special hours, the hours worked and pay-period submissions. Exported from
 * server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './people';

/** One day's expected hours in a default week; null for a day off. */
export interface StoredDayHours {
  start: string;
  end: string;
  break_minutes: number;
}

/**
 * A staff member's default week: per weekday, Monday first, a start, an end and unpaid break minutes, or
 * off; in effect from `effective_from` until the person's next version, so a change keeps the history.
 */
export const timesheetSchedules = pgTable(
  'timesheet_schedules',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    days: jsonb('days').$type<(StoredDayHours | null)[]>().notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('timesheet_schedules_user_from').on(t.user_id, t.effective_from)],
);

/** A staff member's days off: whole days in a range, or part of one date (start and end times), with a type. */
export const staffDaysOff = pgTable(
  'staff_days_off',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['vacation', 'sick', 'personal', 'unpaid', 'other'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    start_time: text('start_time'),
    end_time: text('end_time'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('staff_days_off_user_idx').on(t.user_id, t.starts_on)],
);

/**
 * Special hours for a date or a range, for everyone or the people of `user_ids`: they replace the day's hours (a
 * shortened day) or add to them (a conference night).
 */
export const specialHours = pgTable(
  'special_hours',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['replace', 'add'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    break_minutes: integer('break_minutes').notNull().default(0),
    everyone: boolean('everyone').notNull().default(false),
    user_ids: uuid('user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('special_hours_range_idx').on(t.starts_on, t.ends_on)],
);

/**
 * Time worked: a record with a start and an end (null while clocked in), counted on the school day it
 * started (`work_date`, the date of `started_at` in the school's time zone), an unpaid break and a category.
 * `version` goes up with every change, so an offline clock-out is applied only to the version it was made from.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    work_date: date('work_date', { mode: 'string' }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
    break_minutes: integer('break_minutes').notNull().default(0),
    category: text('category', { enum: ['regular', 'conference', 'extra_duty', 'training', 'leave'] })
      .notNull()
      .default('regular'),
    leave_type: text('leave_type', { enum: ['vacation', 'sick', 'personal', 'unpaid', 'other'] }),
    note: text('note'),
    method: text('method', { enum: ['clock', 'badge', 'manual'] })
      .notNull()
      .default('manual'),
    version: integer('version').notNull().default(1),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    ...timestamps,
  },
  (t) => [
    index('timesheets_user_start_idx').on(t.user_id, t.started_at),
    index('timesheets_work_date_idx').on(t.work_date),
  ],
);

/**
 * A person's pay period once it left 'open': submitted by the person, returned with a note or
 * approved by the timekeeper (approval locks its records), reopened with a reason. No row: open.
 */
export const timesheetPeriods = pgTable(
  'timesheet_periods',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['open', 'submitted', 'returned', 'approved'] }).notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true, mode: 'string' }),
    submitted_by: uuid('submitted_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    decided_by: uuid('decided_by'),
    note: text('note'),
    reopen_reason: text('reopen_reason'),
    ...timestamps,
  },
  (t) => [uniqueIndex('timesheet_periods_user_start').on(t.user_id, t.period_start)],
);
