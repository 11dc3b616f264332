/**
 * Roster imports (OneRoster packages and plain CSV files) and the column mappings they last used. Exported from
 * server/db/schema.ts, which code imports.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { users } from './people';

/**
 * A roster import (server/lib/roster-import): an uploaded package, its preview (counts and refused rows) and, once
 * applied, its progress and outcome. The package's bytes are kept only until it is applied (or a day, for a preview
 * nobody applied), since they hold the families' personal data; the counts and errors stay as the import's history.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey(),
    /** `oneroster` (a bulk zip), or a plain CSV of one kind of record. */
    kind: text('kind', { enum: ['oneroster', 'csv_scholars', 'csv_guardians', 'csv_staff'] }).notNull(),
    format: text('format').notNull(),
    file_name: text('file_name'),
    status: text('status', { enum: ['previewed', 'applying', 'applied', 'failed'] }).notNull(),
    package: bytea('package'),
    /** The package's SHA-256: a retried upload with the same id and the same bytes is the same preview. */
    package_sha256: text('package_sha256').notNull(),
    /** What the administrator chose: the role of each OneRoster staff role, a CSV's column mapping. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
    errors: jsonb('errors')
      .$type<{ file: string; line: number | null; column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    /** What the preview found matched by hand-entered student number or email (shown, then adopted by the apply). */
    matched: jsonb('matched')
      .$type<{ kind: string; name: string; by: string; value: string }[]>()
      .notNull()
      .default([]),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total').notNull().default(0),
    failure: text('failure'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    applied_by: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    applied_at: timestamp('applied_at', { withTimezone: true, mode: 'string' }),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('roster_imports_created_idx').on(t.created_at)],
);

/** The column mapping a plain CSV import last used, by kind of record: offered again for the next file. */
export const rosterColumnMaps = pgTable('roster_column_maps', {
  kind: text('kind').primaryKey(),
  columns: jsonb('columns').$type<Record<string, string>>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
