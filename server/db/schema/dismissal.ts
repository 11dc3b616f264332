/**
 * Dismissal changes (routes/dismissal_changes): a guardian's request that a child go home another way than their
 * default plan (demographics.dismissal_plan) on a day, a range of days, or one weekday of a range ("Thursdays with
 * grandmother until 19 June"). One row per child: a request naming siblings is several rows sharing `request_id`,
 * the id the guardian's phone gave it. Withdrawn and declined rows are kept (the audit trail, the office's view).
 *
 * This file is re-exported by ../schema.ts and so does not import it (that would be an import cycle): the references
 * to demographics, authorized_pick_ups and users are plain uuid columns here, and their foreign keys are written by
 * hand in the migration that made the table.
 */
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const dismissalChanges = pgTable(
  'dismissal_changes',
  {
    id: uuid('id').primaryKey(),
    request_id: uuid('request_id').notNull(),
    /** demographics.id (foreign key, on delete cascade). */
    scholar_id: uuid('scholar_id').notNull(),
    plan: text('plan', { enum: ['pick_up', 'bus', 'walker', 'program'] }).notNull(),
    /** The bus route or the program's name, for those plans. */
    detail: text('detail'),
    /** authorized_pick_ups.id of the adult who picks the child up (foreign key, on delete set null). */
    pick_up_id: uuid('pick_up_id'),
    /** The adult's name when the change was asked, kept if the pick-up row goes. */
    pick_up_name: text('pick_up_name'),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    /** 0 Sunday … 6 Saturday: the change is for that weekday of the range only; null: every day of it. */
    weekday: integer('weekday'),
    note: text('note'),
    status: text('status', { enum: ['pending', 'confirmed', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** users.id of the guardian who asked (foreign key, on delete set null). */
    requested_by: uuid('requested_by'),
    /** users.id of who confirmed or declined (foreign key, on delete set null); null with `auto_confirmed`. */
    decided_by: uuid('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    /** Confirmed on arrival by the school's setting, not by a person. */
    auto_confirmed: boolean('auto_confirmed').notNull().default(false),
    /** The office's words to the family when it declines. */
    decision_note: text('decision_note'),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true, mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('dismissal_changes_days_idx').on(t.ends_on, t.starts_on),
    index('dismissal_changes_scholar_idx').on(t.scholar_id, t.starts_on),
    uniqueIndex('dismissal_changes_request_scholar_unique').on(t.request_id, t.scholar_id),
  ],
);
