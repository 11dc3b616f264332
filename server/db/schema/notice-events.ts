/**
 * The notices' outbox on the path of the event that causes them (DESIGN section 12): one row per event a family may be
 * told of (a sign-out, an early departure or late arrival, an agreement to sign, a screening's "stay home"), written
 * in the event's own transaction, so it exists exactly when the event does. The notice worker turns each row into the
 * notices of the scholar's guardians (`notices`, one per person, in each one's language) and deletes it, in one
 * transaction (server/lib/notices/enqueue.ts `expandNoticeEvents`).
 *
 * Why a row per event rather than the guardians' notices at once: reading the guardians and writing a row per person
 * inside a station's sync push made the push a fifth slower at a dismissal rush (bench/notify.mjs); one small insert
 * keyed by the event is all the push pays now.
 */
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { demographics } from './people';

export const noticeEvents = pgTable(
  'notice_events',
  {
    /** `<kind>:<record's id>[:<suffix>]`: one row per event, so an event written twice in a transaction is one. */
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The record the event is about: undoing it (a sign-out tapped in error) deletes the row with its notices. */
    source_id: uuid('source_id').notNull(),
    /** What the notice tells (server/lib/notices/enqueue.ts `NoticeFacts`), rendered per guardian by the worker. */
    facts: jsonb('facts').$type<{ kind: string }>().notNull(),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // No index beyond the key: the table holds only the events of the last moments (the worker empties it at once), so
  // an undo's delete by `source_id` reads a few rows, and each insert on the push's path maintains one index.
);
