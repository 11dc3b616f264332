/**
 * The Google Classroom and Calendar sync: settings, where each sync left off, runs (decision 012). Exported from
 * server/db/schema.ts, which code imports.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * The Google sync's settings: one row. The service account's JSON key is kept encrypted with
 * the server's secret (AES-256-GCM, server/lib/google/encryption.ts) and never answered; its client_email is.
 */
export const googleSyncSettings = pgTable('google_sync_settings', {
  id: integer('id').primaryKey().default(1),
  /** The service account's JSON key, encrypted (iv.tag.ciphertext, base64url). */
  key_encrypted: text('key_encrypted'),
  client_email: text('client_email'),
  /** The administrator the service account acts as (domain-wide delegation). */
  subject: text('subject'),
  /** The school's calendar first, then the others the school lists. */
  calendar_ids: jsonb('calendar_ids').$type<string[]>().notNull().default([]),
  classroom_enabled: boolean('classroom_enabled').notNull().default(false),
  calendar_enabled: boolean('calendar_enabled').notNull().default(false),
  ...timestamps,
});

/** Where each sync left off: a calendar's nextSyncToken, or a course's last seen course work and submission times. */
export const googleSyncState = pgTable('google_sync_state', {
  /** `calendar:<calendar id>`, `coursework:<course id>`, `submissions:<course id>`. */
  key: text('key').primaryKey(),
  sync_token: text('sync_token'),
  updated_since: timestamp('updated_since', { withTimezone: true, mode: 'string' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** One run of a sync: when, what it did (counts), what went wrong. */
export const googleSyncRuns = pgTable(
  'google_sync_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['classroom', 'calendar'] }).notNull(),
    mode: text('mode', { enum: ['incremental', 'full'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'scheduled'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    started_by: uuid('started_by'),
  },
  (t) => [index('google_sync_runs_started_idx').on(t.kind, t.started_at)],
);
