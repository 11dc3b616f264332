/**
 * Notices: push keys and subscriptions, preferences, the notice outbox and its runs (decision 010). Exported from
 * server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics, users } from './people';

/**
 * The server's VAPID key pair (RFC 8292), one row: made at the first start that needs it and kept, so every instance
 * signs with the same key and the browsers' subscriptions, bound to its public key, outlive a restart.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: boolean('id').primaryKey().default(true),
    /** The uncompressed P-256 public key and the private key, base64url, as web-push makes them. */
    public_key: text('public_key').notNull(),
    private_key: text('private_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id}`)],
);

/**
 * A browser's Web Push subscription for an account on one device: its session (a sign-out of that session removes
 * it). The endpoint is one of the known push services' (checked when it is taken and again before each send).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token hash of the session that subscribed (the device); null once that session is gone. */
    session_token_hash: text('session_token_hash'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiration_time: timestamp('expiration_time', { withTimezone: true, mode: 'string' }),
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
    index('push_subscriptions_session_idx').on(t.session_token_hash),
  ],
);

/**
 * A person's choices for notices: each kind on or off per channel (a kind missing is the default, push on), and quiet
 * hours (HH:MM on the school's clock) that hold everything but sign-outs until they end.
 */
export const noticePreferences = pgTable('notice_preferences', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, { push: boolean; email: boolean }>>().notNull().default({}),
  quiet_start: text('quiet_start'),
  quiet_end: text('quiet_end'),
  /** How often a guardian gets the work summary mail. */
  work_summary_frequency: text('work_summary_frequency', { enum: ['weekly', 'daily'] })
    .notNull()
    .default('weekly'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * The notices outbox and delivery log: one row per event and person, made by the worker from the event's row of
 * `notice_events` (written in the same transaction as the event: a check-in, a signature, a screening answer), or
 * written at once by the clock's jobs. `key` is unique, so an event applied twice (a station's replay) makes one
 * notice. The worker claims due rows (`claimed_until`: a claim that expires, so a notice claimed by an
 * instance that stopped is sent by another), sends by push and email, and keeps the outcome for the log.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey(),
    /** `<kind>:<event's id>:<person's id>`: the event's notice for this person, at most once. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id').references(() => demographics.id, { onDelete: 'cascade' }),
    /** The record the notice is about (a check-in, an agreement, a screening): an undone check-in cancels it. */
    source_id: uuid('source_id'),
    /** The title, body, portal path and tag, in the person's language when the notice was made from its event. */
    /** A summary's mail carries its own text and HTML (`mail`), longer than the log's body. */
    message: jsonb('message')
      .$type<{ title: string; body: string; url: string; tag: string; mail?: { text: string; html: string } }>()
      .notNull(),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    channel: text('channel', { enum: ['push', 'email'] }),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** The subscriptions already done with (reached, or given up on), so a retry sends only to the others. */
    push_done: jsonb('push_done').$type<string[]>().notNull().default([]),
    devices_reached: integer('devices_reached').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    claimed_by: text('claimed_by'),
    claimed_until: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('notices_key_unique').on(t.key),
    // The worker's claim reads the due pending rows in order.
    index('notices_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('notices_created_idx').on(t.created_at),
    index('notices_source_idx').on(t.source_id),
  ],
);

/**
 * The clock's notice jobs that have run (server/lib/notices/jobs.ts): one row per job and period (a school day, a
 * week), written in the transaction that writes the job's notices, so a period's job runs once whatever the number
 * of instances and restarts; the notices' own keys hold each one once besides.
 */
export const noticeRuns = pgTable(
  'notice_runs',
  {
    job: text('job').notNull(),
    /** The school day (YYYY-MM-DD) the run is for; a weekly job's is the day of its week it runs on. */
    period: text('period').notNull(),
    written: integer('written').notNull().default(0),
    ran_at: timestamp('ran_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
