/**
 * The change log's epoch: after `resetChangeLog` (what a restore does) the log is empty and a cursor handed out
 * before it, even one whose transaction id the database has passed, is answered with a fresh snapshot; the new
 * epoch's cursors then give deltas as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, type SyncPullResponse, uuidv7 } from '../../src/contract';
import { buildApp } from '../app';
import { demographics } from '../db/schema';
import { XID_CURSOR_BASE } from '../routes/sync';
import { startTestServer, type TestServer, testConfig } from '../test/helpers';
import { readSyncEpoch, resetChangeLog } from './sync-epoch';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

function arrival(scholar: string): SyncItem {
  const id = uuidv7();
  const now = new Date().toISOString();
  return {
    id,
    resource: 'check_ins',
    action: 'create',
    data: { id, kind: 'arrival', scholar_id: scholar, occurred_at: now, method: 'kiosk', reason: 'Transportation' },
    recorded_at: now,
  };
}

describe('the change log epoch', () => {
  it('sends every device back to a snapshot after a reset, then gives deltas in the new epoch', async () => {
    const [scholar, sibling] = await s.database.db.select({ id: demographics.id }).from(demographics).limit(2);
    const office = await s.login('office@demo.school');
    const call = (app: typeof s.app, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${office}` } });
    const first = (await call(s.app, 'GET', '/api/v2/sync/pull?limit=10')).json<SyncPullResponse>();
    expect(first.reset).toBe(true);
    expect(await readSyncEpoch(s.database.db)).toBe(1);
    const pushed = await call(s.app, 'POST', '/api/v2/sync/push', {
      device_id: 'epoch-test',
      items: [arrival(scholar?.id ?? '')],
    });
    expect(pushed.statusCode).toBe(200);
    const before = (await call(s.app, 'GET', `/api/v2/sync/pull?since=${first.cursor}`)).json<SyncPullResponse>();
    expect(before.reset).toBe(false);
    expect(before.changes.length).toBeGreaterThan(0);

    const epoch = await resetChangeLog(s.database.db);
    expect(epoch).not.toBe(1);
    expect(await readSyncEpoch(s.database.db)).toBe(epoch);
    const left = await s.database.db.execute(sql`select count(*)::int as n from changes`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    // The server reads the epoch at start, as after a restore.
    const restarted = await buildApp({ config: testConfig(), database: s.database, serveApp: false });
    try {
      for (const cursor of [first.cursor, before.cursor]) {
        const answer = (await call(restarted, 'GET', `/api/v2/sync/pull?since=${cursor}`)).json<SyncPullResponse>();
        expect(answer.reset, String(cursor)).toBe(true);
        expect(answer.cursor).toBeGreaterThanOrEqual(XID_CURSOR_BASE * epoch);
        expect(answer.cursor).toBeLessThan(XID_CURSOR_BASE * (epoch + 1));
      }
      const fresh = (await call(restarted, 'GET', '/api/v2/sync/pull?limit=10')).json<SyncPullResponse>();
      const item = arrival(sibling?.id ?? '');
      const sent = await call(restarted, 'POST', '/api/v2/sync/push', { device_id: 'epoch-test', items: [item] });
      expect(sent.json().results[0]).toMatchObject({ status: 'applied' });
      const delta = (await call(restarted, 'GET', `/api/v2/sync/pull?since=${fresh.cursor}`)).json<SyncPullResponse>();
      expect(delta.reset).toBe(false);
      expect(delta.changes.map((c) => c.id)).toContain(item.id);
    } finally {
      await restarted.close();
    }
  });
});
