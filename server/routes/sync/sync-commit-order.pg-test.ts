/**
 * The pull when transactions commit in another order than they took their change numbers, which takes two
 * connections writing at once: PostgreSQL only (PGlite has one connection, so its transactions never overlap). The
 * `server-pg` project runs the files named `*.pg-test.ts` (vitest.config.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncPullResponse } from '../../../src/contract';
import { changes, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
});
afterAll(() => s.close());

const pull = async (query: string) =>
  (await s.call({ method: 'GET', url: `/api/v2/sync/pull?${query}`, token: office })).json() as SyncPullResponse;

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const shut = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, shut };
}

it('hands out a change committed after a pull handed out a later-numbered one (nothing is skipped)', async () => {
  const [a, b] = (await s.database.db.select({ id: demographics.id }).from(demographics).limit(2)).map((r) => r.id);
  if (!a || !b) throw new Error('the seed has no scholars');
  const start = (await pull('limit=5000')).cursor;
  const db = s.database.db;
  const firstHasId = gate();
  const secondWrote = gate();
  const secondMayCommit = gate();
  // The first transaction takes its id first (the older one), then writes after the second has: its change gets the
  // higher seq, and it commits while the second, holding the lower seq, is still open.
  const first = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_current_xact_id()`);
    firstHasId.open();
    await secondWrote.shut;
    await tx.update(demographics).set({ homeroom: 'Room 1' }).where(eq(demographics.id, a));
  });
  await firstHasId.shut;
  const second = db.transaction(async (tx) => {
    await tx.update(demographics).set({ homeroom: 'Room 2' }).where(eq(demographics.id, b));
    secondWrote.open();
    await secondMayCommit.shut;
  });
  // A device pulls while the second is still open: it gets the first's change and a cursor past it.
  let early: SyncPullResponse | undefined;
  try {
    await first;
    early = await pull(`since=${start}`);
    expect(early.changes.map((c) => c.id)).toEqual([a]);
  } finally {
    secondMayCommit.open();
    await second;
  }
  // The scene as the test meant it: the second's change has the lower seq and the younger transaction.
  const rows = await db
    .select({ id: changes.record_id, seq: changes.seq, xid: changes.xid })
    .from(changes)
    .where(inArray(changes.record_id, [a, b]))
    .orderBy(changes.seq);
  const seqOf = (id: string) => rows.findLast((r) => r.id === id);
  expect(Number(seqOf(b)?.seq)).toBeLessThan(Number(seqOf(a)?.seq));
  expect(Number(seqOf(b)?.xid)).toBeGreaterThan(Number(seqOf(a)?.xid));

  // Its next pull, once the second has committed, brings the second's change.
  const later = await pull(`since=${early?.cursor}`);
  expect(later.changes).toContainEqual(
    expect.objectContaining({ id: b, op: 'upsert', record: expect.objectContaining({ homeroom: 'Room 2' }) }),
  );
});
