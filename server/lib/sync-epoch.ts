/**
 * The change log's epoch (the sync_state row). A pull's cursor is `XID_CURSOR_BASE × epoch + transaction id`, so a
 * cursor handed out by this database before a restore, or by another database, is never read as a place in this
 * log: the device is answered with a fresh snapshot. A restore gives the database a new epoch and empties the log.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { changes, syncState } from '../db/schema';

/** The epochs a cursor can carry: `XID_CURSOR_BASE × 8192` stays below 2^53, JavaScript's largest exact integer. */
export const MAX_SYNC_EPOCH = 8191;

/** The database's current epoch (1 for a database that was never restored). */
export async function readSyncEpoch(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ epoch: syncState.epoch }).from(syncState).where(eq(syncState.id, true));
  return row?.epoch ?? 1;
}

/**
 * After a restore: a new epoch, drawn at random among the others (a second restore of the same backup draws again,
 * so the cursors a first one handed out are not taken for its own), and an empty change log.
 */
export async function resetChangeLog(db: Db | Tx): Promise<number> {
  const current = await readSyncEpoch(db);
  let next = randomInt(1, MAX_SYNC_EPOCH);
  if (next >= current) next += 1;
  await db.execute(sql`truncate ${changes}`);
  await db
    .insert(syncState)
    .values({ id: true, epoch: next, reset_at: sql`now()` })
    .onConflictDoUpdate({ target: syncState.id, set: { epoch: next, reset_at: sql`now()` } });
  return next;
}
