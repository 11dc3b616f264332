/**
 * The stations: check-ins (arrivals, check-in/out, sign-outs), authorized pick-ups, messenger schedules. Exported
 * from server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics, users } from './people';

export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['arrival', 'departure', 'sign_out', 'sign_in'] }).notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The school day in the school's time zone: what "today" means for the rules and the lists. */
    school_day: date('school_day', { mode: 'string' }).notNull(),
    reason: text('reason'),
    method: text('method', { enum: ['kiosk', 'scan', 'manual'] })
      .notNull()
      .default('kiosk'),
    pick_up_id: uuid('pick_up_id'),
    pick_up_name: text('pick_up_name'),
    /** Why a scholar was signed out to someone not on the pick-up list (F5); such a sign-out is flagged. */
    override_reason: text('override_reason'),
    flagged: boolean('flagged').notNull().default(false),
    /** An arrival after the school's start time plus the late threshold (decided on the server). */
    late: boolean('late').notNull().default(false),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    /**
     * A record undone (the pick-up line's Undo, "tapped in error"): kept for the audit trail, left out of every list,
     * pull, count and status unless asked for.
     */
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voided_by: uuid('voided_by'),
    void_reason: text('void_reason'),
    ...timestamps,
  },
  (t) => [
    index('check_ins_day_idx').on(t.school_day, t.scholar_id),
    // A day's records newest first (the records screens, today's list at a station) read in order, not sorted (X1).
    index('check_ins_day_time_idx').on(t.school_day, t.occurred_at),
    index('check_ins_scholar_idx').on(t.scholar_id, t.occurred_at),
    // One arrival per scholar and school day (F4): the backstop behind the check in the route.
    // A voided arrival does not hold the day: the scholar can be recorded again.
    uniqueIndex('check_ins_one_arrival_per_day')
      .on(t.scholar_id, t.school_day)
      .where(sql`${t.kind} = 'arrival' and ${t.voided_at} is null`),
    index('check_ins_pick_up_idx').on(t.pick_up_id),
  ],
);

/**
 * The adults who may pick a scholar up (F5), or, with status not_authorized, who must not (a custody order), each
 * with a photo for the pick-up line. Siblings' rows for the same adult share one photo.
 */
export const authorizedPickUps = pgTable(
  'authorized_pick_ups',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    full_name: text('full_name').notNull(),
    relationship: text('relationship'),
    phone: text('phone'),
    photo_id: uuid('photo_id'),
    status: text('status', { enum: ['authorized', 'not_authorized'] })
      .notNull()
      .default('authorized'),
    notes: text('notes'),
    /** First and last school day the authorization holds (inclusive); null: open-ended. */
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    /**
     * The guardian this row mirrors (a guardianship with may_pick_up): the guardianship routes keep its name, phone,
     * relationship and active flag; null for an adult the office typed in.
     */
    guardian_id: uuid('guardian_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('authorized_pick_ups_guardian_idx').on(t.guardian_id, t.scholar_id),
    index('authorized_pick_ups_scholar_idx').on(t.scholar_id, t.full_name),
    index('authorized_pick_ups_name_idx').on(t.full_name),
  ],
);

/** Scholars on duty as office messengers, by weekday and time, with their post (F4). */
export const messengerSchedules = pgTable(
  'messenger_schedules',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 Monday … 5 Friday. */
    weekday: integer('weekday').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    post: text('post').notNull(),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('messenger_schedules_day_idx').on(t.weekday, t.start_time)],
);
