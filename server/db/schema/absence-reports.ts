/** Absence reports from parents. Exported from server/db/schema.ts, which code imports. */
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics, users } from './people';
import { authorizedPickUps } from './stations';

/**
 * A guardian's report that a child will be absent, late or leaving early (routes/absence_reports). One row per child:
 * a report naming siblings is several rows sharing `report_id`, the id the guardian's phone gave it. Withdrawn rows
 * are kept (the audit trail and the office's view of what was said); the stations pull today's and later ones.
 */
export const absenceReports = pgTable(
  'absence_reports',
  {
    id: uuid('id').primaryKey(),
    report_id: uuid('report_id').notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['absent', 'late', 'early'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    /** HH:MM school time: the expected arrival (late) or the departure (early). */
    at_time: text('at_time'),
    pick_up_id: uuid('pick_up_id').references(() => authorizedPickUps.id, { onDelete: 'set null' }),
    /** The adult's name when the report was made, kept if the pick-up row goes. */
    pick_up_name: text('pick_up_name'),
    reason: text('reason', { enum: ['ill', 'appointment', 'family', 'other'] }).notNull(),
    note: text('note'),
    reported_by: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    /** Made or last changed after the school day it is about had started (the school's start time). */
    late: boolean('late').notNull().default(false),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true, mode: 'string' }),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true, mode: 'string' }),
    acknowledged_by: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('absence_reports_days_idx').on(t.ends_on, t.starts_on),
    index('absence_reports_scholar_idx').on(t.scholar_id, t.starts_on),
    uniqueIndex('absence_reports_report_scholar_unique').on(t.report_id, t.scholar_id),
  ],
);
