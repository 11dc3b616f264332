/** `GET v2/sync/pull` answered: a page of a full snapshot, or the delta of the change log since a cursor. */
import { and, asc, count, eq, gt, inArray, not, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SyncChange, SyncPullResponse } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { changes } from '../../db/schema';
import { type ChangeRow, pageOfChanges, type SnapshotPlace, snapshotToken } from './cursor';
import { PULLABLE, type Pullable, shown } from './pullable';

/**
 * One page of a full snapshot of what the caller may see: at most `limit` records after `place` (from the start when
 * none), resource after resource in PULLABLE's order and by id within each, one query per resource read; one record
 * more is read to know whether another page follows. A new snapshot's cursor is the `xmin` of the pull's first
 * statement: every transaction below it had ended, so the pages carry what it wrote; what a later one wrote comes
 * again in the changes after the cursor (an upsert of a record's state then, which the device already has, is
 * harmless).
 */
export async function snapshotPage(
  tx: Tx,
  visible: [string, Pullable][],
  today: string,
  limit: number,
  place: SnapshotPlace | null,
  xmin: number,
  request: FastifyRequest,
  base: number,
): Promise<SyncPullResponse> {
  const cursor = place?.cursor ?? base + xmin;
  const order = Object.keys(PULLABLE);
  const from = place ? order.indexOf(place.resource) : 0;
  const taken: SyncChange[] = [];
  let total = 0;
  for (const [resource, p] of visible) {
    const [counted] = await tx.select({ n: count() }).from(p.table).where(p.kept?.(today, request));
    total += Number(counted?.n ?? 0);
    const at = order.indexOf(resource);
    if (at < from || taken.length > limit) continue;
    const after = place && at === from ? place.after : undefined;
    const rows = await tx
      .select()
      .from(p.table)
      .where(and(p.kept?.(today, request), after ? gt(p.id, after) : undefined))
      .orderBy(asc(p.id))
      .limit(limit + 1 - taken.length);
    for (const { id, record } of await shown(p, rows, request, tx)) taken.push({ resource, id, op: 'upsert', record });
  }
  const more = taken.length > limit;
  const page = taken.slice(0, limit);
  const last = page.at(-1);
  return {
    changes: page,
    cursor,
    more,
    reset: !place,
    server_time: new Date().toISOString(),
    snapshot_total: total,
    ...(more && last ? { snapshot_next: snapshotToken({ cursor, resource: last.resource, after: last.id }) } : {}),
  };
}

/** Record ids (uuids, from the change log) as one PostgreSQL array parameter: its text, cast. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** What changed in the page of the change log read, newest state of each record, removals as deletes. */
export async function delta(
  tx: Tx,
  visible: [string, Pullable][],
  today: string,
  read: { rows: ChangeRow[]; limit: number; xmin: number },
  request: FastifyRequest,
  base: number,
): Promise<SyncPullResponse> {
  const { taken, upTo, more, whole } = pageOfChanges(read.rows, read.limit, read.xmin);
  if (whole !== undefined)
    taken.push(...(await tx.select().from(changes).where(eq(changes.xid, whole)).orderBy(asc(changes.seq))));
  const latest = new Map<string, { resource: string; id: string; op: 'upsert' | 'delete' }>();
  for (const c of taken)
    latest.set(`${c.resource}:${c.record_id}`, { resource: c.resource, id: c.record_id, op: c.op });
  const out: SyncChange[] = [];
  for (const [resource, p] of visible) {
    const wanted = [...latest.values()].filter((c) => c.resource === resource);
    const upserts = wanted.filter((c) => c.op === 'upsert').map((c) => c.id);
    // The changed rows by their ids, given as one array (a busy morning's pull names hundreds of check-ins: one
    // parameter each cost more to send and bind than to read). Not by a subquery on the change log's window: without
    // statistics (PGlite has none) PostgreSQL joined each of today's check-ins to every change of the window, a cost
    // that grew with both (19 ms a pull, up to 65, in the load bench's first seconds, where the ids take 2-4 ms).
    const rows = upserts.length
      ? await tx
          .select()
          .from(p.table)
          .where(and((p.changed ?? p.kept)?.(today, request), sql`${p.id} = any(${uuidArray(upserts)})`))
      : [];
    const wantedUpserts = new Set(upserts);
    const found = new Map(
      (await shown(p, rows, request, tx)).flatMap((r) => (wantedUpserts.has(r.id) ? [[r.id, r.record] as const] : [])),
    );
    const foreign = new Set(
      p.audience && upserts.length > found.size
        ? (
            await tx
              .select({ id: p.id })
              .from(p.table)
              .where(and(inArray(p.id, upserts), not(p.audience(request))))
          ).map((r) => r.id as string)
        : [],
    );
    for (const c of wanted) {
      if (foreign.has(c.id)) continue;
      const record = found.get(c.id);
      out.push(
        record === undefined ? { resource, id: c.id, op: 'delete' } : { resource, id: c.id, op: 'upsert', record },
      );
    }
  }
  return { changes: out, cursor: base + upTo, more, reset: false, server_time: new Date().toISOString() };
}
