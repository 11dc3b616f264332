/**
 * The audit trail and what the stations sync by: sync receipts, the change log and its epoch (decision 002).
 * Exported from server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: uuid('user_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    record_id: text('record_id'),
    changes: jsonb('changes'),
    device_id: text('device_id'),
    ip: text('ip'),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_record_idx').on(t.resource, t.record_id),
    index('audit_events_time_idx').on(t.occurred_at),
  ],
);

/** One row per outbox entry the server has applied: a replay of the same id answers 'duplicate' (exactly once). */
export const syncReceipts = pgTable(
  'sync_receipts',
  {
    id: uuid('id').primaryKey(),
    device_id: text('device_id').notNull(),
    user_id: uuid('user_id'),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    record_id: text('record_id'),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('sync_receipts_device_idx').on(t.device_id, t.received_at)],
);

/**
 * The change log the devices pull from (`GET v2/sync/pull?since=`), written by triggers on the synced tables so no
 * write path can forget it. A pull hands out the changes of transactions that have ended, by `xid` (then `seq`).
 */
export const changes = pgTable(
  'changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    resource: text('resource').notNull(),
    record_id: uuid('record_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // A pull reads the log by transaction (server/routes/sync): the changes of the transactions after a cursor, in order.
  // No index by resource (dropped in migration 0019): no statement reads the log by resource alone, every change paid
  // for it, and PGlite's planner, which has no statistics, used it to read every change of a resource to intersect
  // them with a pull's window, a cost that grew with the log.
  (t) => [index('changes_xid_idx').on(t.xid, t.seq)],
);

/**
 * The change log's epoch, one row: a pull's cursor carries it, so a cursor handed out before a restore (or by another
 * database) is never read as a place in this log. A restore sets a new one and empties the log; devices then take a
 * fresh snapshot instead of a delta that would miss what the restore took back.
 */
export const syncState = pgTable(
  'sync_state',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: integer('epoch').notNull().default(1),
    reset_at: timestamp('reset_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('sync_state_one_row', sql`${t.id}`),
    check('sync_state_epoch_range', sql`${t.epoch} between 1 and 8191`),
  ],
);
