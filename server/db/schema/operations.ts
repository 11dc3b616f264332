/**
 * Operations: backup runs and erasures of a scholar's records (decision 008). Exported from server/db/schema.ts,
 * which code imports.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * The backups written: each night's (one per school day, whichever instance claims it), one asked for on the settings
 * screen, or `npm run backup`. The settings screen shows the last one and warns when none is recent.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['nightly', 'manual', 'command'] }).notNull(),
    /** The night's date on the school's clock (nightly runs): an instance claims it by inserting the row. */
    night: date('night', { mode: 'string' }),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    error: text('error'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('backup_runs_night_unique').on(t.night).where(sql`${t.kind} = 'nightly'`),
    index('backup_runs_started_idx').on(t.started_at),
  ],
);

/**
 * Each erase of a scholar's personal data: who did it, when, on whose request, and how many rows of each kind went.
 * It names no one: the scholar's name, numbers and ids are what was erased.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey(),
    erased_by: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    requested_by: text('requested_by', { enum: ['guardian', 'school', 'retention'] }).notNull(),
    /** The request as the administrator recorded it (who asked, how), in their words. */
    request_note: text('request_note'),
    withdrawn_on: date('withdrawn_on', { mode: 'string' }),
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('erasures_time_idx').on(t.erased_at)],
);
