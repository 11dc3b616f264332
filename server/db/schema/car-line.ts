/**
 * The car line (docs/car-line.md): families' car tags, each arrival at the curb (a guardian's "I'm here" or a tag
 * read by staff) and the day's dismissal queue, one entry per child. The queue is what stations pull; a sign-out of
 * the child that day takes the entry off (a trigger in the migration, so every way a sign-out arrives does it).
 */
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { demographics, users } from './people';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

/** A family's car tag: one number, unique in the school, held by one guardian or several (car_tag_holders). */
export const carTags = pgTable(
  'car_tags',
  {
    id: uuid('id').primaryKey(),
    number: integer('number').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('car_tags_number_unique').on(t.number)],
);

/** Who holds a tag: a guardian holds at most one; the tag's children are all the children of its holders. */
export const carTagHolders = pgTable(
  'car_tag_holders',
  {
    guardian_id: uuid('guardian_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag_id: uuid('tag_id')
      .notNull()
      .references(() => carTags.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('car_tag_holders_tag_idx').on(t.tag_id)],
);

/** One arrival at the curb: a guardian's "I'm here" from the portal, or a tag typed or scanned by staff. */
export const carLineCalls = pgTable(
  'car_line_calls',
  {
    id: uuid('id').primaryKey(),
    school_day: date('school_day', { mode: 'string' }).notNull(),
    source: text('source', { enum: ['portal', 'curb'] }).notNull(),
    tag_number: integer('tag_number'),
    guardian_id: uuid('guardian_id').references(() => users.id, { onDelete: 'set null' }),
    recorded_by: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    device_id: text('device_id'),
    /** The children this arrival called (those already on the day's queue included). */
    scholar_ids: jsonb('scholar_ids').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('car_line_calls_day_idx').on(t.school_day)],
);

/** The day's dismissal queue: one entry per child and day, called in arrival order, released by the sign-out. */
export const carLineQueue = pgTable(
  'car_line_queue',
  {
    id: uuid('id').primaryKey(),
    school_day: date('school_day', { mode: 'string' }).notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The arrival that first called the child (a later one the same day changes nothing). */
    call_id: uuid('call_id')
      .notNull()
      .references(() => carLineCalls.id, { onDelete: 'cascade' }),
    tag_number: integer('tag_number'),
    called_at: timestamp('called_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Set when the child is signed out that day (the check-in that did it); null: still to walk out. */
    released_at: timestamp('released_at', { withTimezone: true, mode: 'string' }),
    released_by_check_in: uuid('released_by_check_in'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('car_line_queue_day_scholar_unique').on(t.school_day, t.scholar_id),
    index('car_line_queue_day_idx').on(t.school_day, t.called_at),
  ],
);
