/**
 * Meals: eligibility history, meals served (NSLP records) and the days meals are served. Exported from
 * server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics } from './people';

/**
 * Every meal eligibility determination of a scholar and the day it takes effect (F6), so a meal is counted in the
 * category in effect on the day it was served. A trigger (migration 0005) adds a row whenever demographics'
 * meal_eligibility or meal_eligibility_effective changes, so the current value there is always the latest row here.
 */
export const mealEligibilityHistory = pgTable(
  'meal_eligibility_history',
  {
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    eligibility: text('eligibility', { enum: ['free', 'reduced', 'paid'] }).notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scholar_id, t.effective_from] })],
);

/** Meals served for the National School Lunch Program and its siblings (F6). Voided, never deleted. */
export const nslpRecords = pgTable(
  'nslp_records',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The school day in the school's time zone, derived from served_at on the server. */
    served_on: date('served_on', { mode: 'string' }).notNull(),
    meal_type: text('meal_type', { enum: ['breakfast', 'lunch', 'snack', 'supper'] }).notNull(),
    served_at: timestamp('served_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The category in effect on served_on, from meal_eligibility_history (set by the server). */
    eligibility: text('eligibility', { enum: ['free', 'reduced', 'paid'] }).notNull(),
    added_as_missing: boolean('added_as_missing').notNull().default(false),
    missing_reason: text('missing_reason'),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    voided: boolean('voided').notNull().default(false),
    void_reason: text('void_reason'),
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voided_by: uuid('voided_by'),
    ...timestamps,
  },
  (t) => [
    index('nslp_records_day_idx').on(t.served_on, t.meal_type),
    index('nslp_records_scholar_idx').on(t.scholar_id, t.served_on),
    // One meal of each type per scholar and day (F6): the backstop behind the check in the route.
    uniqueIndex('nslp_records_one_meal_per_day').on(t.scholar_id, t.served_on, t.meal_type).where(sql`not ${t.voided}`),
  ],
);

/**
 * A meal service on days the school calendar has closed (summer meals, a special service): the meals of those days
 * count in the claim. Services may overlap; a day is in the claim when any covers it.
 */
export const mealServiceDays = pgTable(
  'meal_service_days',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    created_by: uuid('created_by'),
    ...timestamps,
  },
  (t) => [index('meal_service_days_range_idx').on(t.starts_on, t.ends_on)],
);
