/**
 * Two instances on one database (as behind a load balancer) sending the notices outbox at the same time: each notice
 * is pushed exactly once, whichever instance claims it. Runs on PGlite and on PostgreSQL (the server-pg project),
 * where the two claims are two connection pools racing for the rows (`FOR UPDATE SKIP LOCKED`). Both instances also
 * agree on one VAPID key pair, made by whichever asked first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NoticePayload, uuidv7 } from '../../../src/contract';
import { notices, users } from '../../db/schema';
import { startTestServerPair, type TestServer } from '../../test/helpers';
import { type PushServiceStandIn, startPushService } from '../../test/push-service';

let a: TestServer;
let b: TestServer;
let push: PushServiceStandIn;

beforeAll(async () => {
  push = await startPushService();
  [a, b] = await startTestServerPair({ PUSH_ENDPOINT_HOSTS: push.host });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await push.close();
});

describe('two instances', () => {
  it('share one VAPID key pair and never send one notice twice', async () => {
    const [keyA, keyB] = await Promise.all([a.app.notices.vapid(), b.app.notices.vapid()]);
    expect(keyB.publicKey).toBe(keyA.publicKey);

    const parent = await a.login('parent@demo.school');
    const office = await b.login('office@demo.school');
    const sub = push.subscribe();
    expect(
      (await a.call({ method: 'POST', url: '/api/v2/push_subscriptions', token: parent, payload: sub.json }))
        .statusCode,
    ).toBe(201);
    const family = await a.call({ method: 'GET', url: '/api/v2/scholar/scholars', token: parent });
    const scholarIds = family.json<{ data: { id: string }[] }>().data.map((c) => c.id);
    const [p] = await a.database.db.select().from(users).where(eq(users.email, 'parent@demo.school'));

    let sent = 0;
    const ROUNDS = 4;
    const PER_ROUND = 15;
    for (let round = 0; round < ROUNDS; round++) {
      const items = Array.from({ length: PER_ROUND }, (_, i) => {
        const id = uuidv7();
        const data = {
          id,
          kind: 'sign_out',
          scholar_id: scholarIds[i % scholarIds.length],
          occurred_at: new Date(Date.now() - (round * PER_ROUND + i) * 1000).toISOString(),
          method: 'scan',
          pick_up_name: 'Kiara Mitchell',
          override_reason: 'Aunt, the mother called the office',
        };
        return { id, resource: 'check_ins', action: 'create', recorded_at: data.occurred_at, data };
      });
      const res = await b.call({
        method: 'POST',
        url: '/api/v2/sync/push',
        token: office,
        payload: { device_id: 'curb', items },
      });
      expect(res.statusCode).toBe(200);
      // Both instances drain at once, twice over: what they answer sent adds up to each notice once.
      const results = await Promise.all([
        a.app.notices.drain(),
        b.app.notices.drain(),
        a.app.notices.drain(),
        b.app.notices.drain(),
      ]);
      sent += results.reduce((n, r) => n + r.sent, 0);
    }
    expect(sent).toBe(ROUNDS * PER_ROUND);
    const written = await a.database.db
      .select()
      .from(notices)
      .where(eq(notices.user_id, p?.id as string));
    expect(written).toHaveLength(ROUNDS * PER_ROUND);
    expect(written.every((n) => n.status === 'sent')).toBe(true);
    const ids = push.delivered().map((r) => (r.payload as NoticePayload).notice_id);
    expect(ids).toHaveLength(ROUNDS * PER_ROUND);
    expect(new Set(ids).size).toBe(ROUNDS * PER_ROUND);
  });
});
