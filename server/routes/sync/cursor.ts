/**
 * The pull's cursors (decision 002): the change log read by transaction up to the snapshot's xmin, the page of whole
 * transactions handed out, and the stateless token of a snapshot's next page.
 */
import { and, asc, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UUID_PATTERN } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { changes } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { PULLABLE } from './pullable';

/**
 * Where the change log's cursors start. A cursor is `XID_CURSOR_BASE × epoch` plus a transaction id: every change
 * written by a transaction with a lower id has been handed out. The epoch is the database's (server/lib/sync-epoch.ts,
 * 1 until a restore gives it another), so a cursor from before a restore or from another database is not read as a
 * place in this log. A smaller cursor is one of the log's `seq` numbers, which an earlier version of this server
 * handed out (the devices keep their cursor): it is answered with a fresh snapshot, as any cursor of another epoch.
 * Transaction ids stay far below 2^40 (a trillion transactions), and seq numbers never reach it.
 */
export const XID_CURSOR_BASE = 2 ** 40;

/** A row of the change log. */
export type ChangeRow = typeof changes.$inferSelect;

/** The current snapshot's oldest transaction still running (`xmin`) and its first not yet started (`xmax`). */
const snapshotXmin = sql<string>`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;

const snapshotXmax = sql<string>`(pg_snapshot_xmax(pg_current_snapshot())::text)::bigint`;

/**
 * The change log as a device pulls it, in one statement (one snapshot, one round trip): the snapshot's `xmin` and
 * `xmax`, and when `since` (a transaction id) is given, the first `limit + 1` changes written by the transactions from
 * `since` up to, not including, `xmin`, in the order of their transaction and then their `seq`.
 *
 * Why by transaction and not by `seq` alone: every transaction below `xmin` has ended, so what it wrote is final and
 * nothing can be added below it later. `seq` numbers are taken while a transaction runs and become visible when it
 * commits, in another order: a transaction still running may hold a lower `seq` than a change already committed, and a
 * cursor past that change would skip it for good.
 */
export async function readHead(
  tx: Tx,
  since: number | undefined,
  limit: number,
): Promise<{ xmin: number; xmax: number; rows: ChangeRow[] }> {
  const head = tx
    .select({ xmin: snapshotXmin.as('xmin'), xmax: snapshotXmax.as('xmax') })
    .from(sql`(select 1) as one`)
    .as('head');
  if (since === undefined) {
    const [only] = await tx.select().from(head);
    return { xmin: Number(only?.xmin ?? 0), xmax: Number(only?.xmax ?? 0), rows: [] };
  }
  const page = tx
    .select()
    .from(changes)
    .where(and(gte(changes.xid, since), sql`${changes.xid} < ${snapshotXmin}`))
    .orderBy(asc(changes.xid), asc(changes.seq))
    .limit(limit + 1)
    .as('page');
  // The head's one row, with each change beside it (none: the head alone, its change fields null).
  const joined = await tx
    .select({
      xmin: head.xmin,
      xmax: head.xmax,
      change: {
        seq: page.seq,
        resource: page.resource,
        record_id: page.record_id,
        op: page.op,
        xid: page.xid,
        changed_at: page.changed_at,
      },
    })
    .from(head)
    .leftJoin(page, sql`true`)
    .orderBy(asc(page.xid), asc(page.seq));
  const first = joined[0];
  return {
    xmin: Number(first?.xmin ?? 0),
    xmax: Number(first?.xmax ?? 0),
    rows: joined.flatMap((r) => (r.change ? [{ ...r.change, xid: Number(r.change.xid) }] : [])),
  };
}

/**
 * Of the changes read (`rows`, at most `limit + 1`, in order), the page to hand out: whole transactions only, so the
 * next cursor is a transaction id. `upTo` is the transaction id the page ends before: the snapshot's `xmin` when every
 * change was read, else the first transaction left out. When one transaction alone has more than `limit` changes (an
 * import), `whole` names it: the page is all of it, read by the caller.
 */
export function pageOfChanges(rows: ChangeRow[], limit: number, xmin: number) {
  if (rows.length <= limit) return { taken: rows, upTo: xmin, more: false, whole: undefined };
  const cut = (rows[limit] as ChangeRow).xid;
  const taken = rows.filter((r) => r.xid < cut);
  if (taken.length > 0) return { taken, upTo: cut, more: true, whole: undefined };
  return { taken, upTo: cut + 1, more: cut + 1 < xmin, whole: cut };
}

/** Where a snapshot page starts: the snapshot's cursor and the last record handed out before it. */
export interface SnapshotPlace {
  cursor: number;
  resource: string;
  after: string;
}

const SnapshotPlaceSchema = z.strictObject({
  c: z.number().int().min(0),
  r: z.enum(Object.keys(PULLABLE) as [string, ...string[]]),
  // Any id the uuid columns hold (seeded ones need not be RFC 9562 versions), so no page ends on an unusable token.
  i: z.string().regex(UUID_PATTERN),
});

/** The token of the next snapshot page: stateless (base64url JSON), so any instance, any time, can answer it. */
export const snapshotToken = (p: SnapshotPlace) =>
  Buffer.from(JSON.stringify({ c: p.cursor, r: p.resource, i: p.after })).toString('base64url');

/** The place a token names, or 422 for one this server did not give. */
export function snapshotPlace(token: string): SnapshotPlace {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = SnapshotPlaceSchema.safeParse(value);
  if (!parsed.success) throw invalid('snapshot', 'Not a snapshot token this server gave.');
  return { cursor: parsed.data.c, resource: parsed.data.r, after: parsed.data.i };
}
