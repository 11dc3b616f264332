import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, uuidv7 } from '../../../src/contract';
import { checkIns, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let scholars: string[];
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
  scholars = (await s.database.db.select({ id: demographics.id }).from(demographics).limit(20)).map((r) => r.id);
});
afterAll(() => s.close());

function arrival(scholar: string, extra: Record<string, unknown> = {}): SyncItem {
  const id = uuidv7();
  return {
    id,
    resource: 'check_ins',
    action: 'create',
    data: {
      id,
      kind: 'arrival',
      scholar_id: scholar,
      occurred_at: new Date().toISOString(),
      method: 'kiosk',
      // A reason, so the entry is valid whether or not the test runs after the school's start time.
      reason: 'Transportation',
      ...extra,
    },
    recorded_at: new Date().toISOString(),
  };
}
const push = (items: SyncItem[], token = office) =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: 'device-a', items } });
const count = async (ids: string[]) =>
  Number(
    (await s.database.db.select({ n: sql<number>`count(*)` }).from(checkIns).where(sql`${checkIns.id} in ${ids}`))[0]
      ?.n,
  );

describe('sync push', () => {
  it('applies each item once; the same batch again answers duplicate', async () => {
    const items = [arrival(scholars[0] ?? ''), arrival(scholars[1] ?? '')];
    const first = await push(items);
    expect(first.statusCode).toBe(200);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    expect(first.json().results[0].record).toMatchObject({
      scholar_id: scholars[0],
      device_id: 'device-a',
      method: 'kiosk',
    });
    const again = await push(items);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(await count(items.map((i) => i.id))).toBe(2);
  });

  it('answers conflict for a different record under a used id, with the stored record', async () => {
    const item = arrival(scholars[2] ?? '');
    await push([item]);
    const other = { ...item, id: uuidv7(), data: { ...item.data, kind: 'departure' } };
    const res = await push([other]);
    expect(res.json().results[0]).toMatchObject({ status: 'conflict', record: { id: item.id, kind: 'arrival' } });
  });

  it('rejects what is invalid or not allowed without holding back the rest', async () => {
    const good = arrival(scholars[3] ?? '');
    const items: SyncItem[] = [
      { ...arrival(scholars[4] ?? ''), resource: 'nslp_records' },
      arrival(scholars[5] ?? '', { kind: 'teleport' }),
      arrival(uuidv7()),
      good,
    ];
    const res = await push(items);
    const results = res.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'applied']);
    expect(results[1].errors.kind).toBeDefined();
    expect(results[2].errors.scholar_id).toEqual(['No such record.']);
    const timekeeper = await s.login('timekeeper@demo.school');
    const denied = await push([arrival(scholars[6] ?? '')], timekeeper);
    expect(denied.json().results[0]).toMatchObject({
      status: 'rejected',
      message: 'You do not have permission to do that.',
    });
  });

  it('a crash mid-batch leaves each item wholly applied or not; the replay completes it exactly once', async () => {
    await s.database.db.execute(sql`
      create function crash_on_reason() returns trigger as $$
      begin if new.reason = 'crash' then raise exception 'simulated crash'; end if; return new; end $$ language plpgsql`);
    await s.database.db.execute(
      sql`create trigger crash_check_ins before insert on check_ins for each row execute function crash_on_reason()`,
    );
    const items = [
      arrival(scholars[7] ?? ''),
      arrival(scholars[8] ?? '', { reason: 'crash' }),
      arrival(scholars[9] ?? ''),
    ];
    const crashed = await push(items);
    expect(crashed.statusCode).toBe(500);
    expect(crashed.json().message).toBe('Server Error. Please try again in a few minutes.');
    expect(await count(items.map((i) => i.id))).toBe(1);
    await s.database.db.execute(sql`drop trigger crash_check_ins on check_ins`);
    const replay = await push(items);
    expect(replay.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'applied', 'applied']);
    expect(await count(items.map((i) => i.id))).toBe(3);
  });

  it('rejects a malformed entry on its own, never the batch around it', async () => {
    const good = arrival(scholars[14] ?? '');
    const res = await push([{ ...arrival(scholars[15] ?? ''), recorded_by: 'not-a-uuid' } as SyncItem, good]);
    expect(res.statusCode).toBe(200);
    const [bad, ok] = res.json().results;
    expect(bad).toMatchObject({ status: 'rejected', errors: { recorded_by: expect.any(Array) } });
    expect(ok.status).toBe('applied');
  });

  it('refuses an empty or oversized batch with 422', async () => {
    expect((await push([])).statusCode).toBe(422);
    const many = Array.from({ length: 501 }, () => arrival(scholars[0] ?? ''));
    expect((await push(many)).statusCode).toBe(422);
  });
});

describe('sync pull', () => {
  it('answers a snapshot, then only what changed since its cursor', async () => {
    const snap = await s.call({ method: 'GET', url: '/api/v2/sync/pull', token: office });
    expect(snap.statusCode).toBe(200);
    const body = snap.json();
    expect(body.reset).toBe(true);
    const scholarsIn = body.changes.filter((c: { resource: string }) => c.resource === 'demographics');
    expect(scholarsIn.length).toBeGreaterThan(550);
    expect(body.changes.some((c: { resource: string }) => c.resource === 'check_ins')).toBe(true);

    const item = arrival(scholars[10] ?? '');
    await push([item]);
    const next = await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${body.cursor}`, token: office });
    const delta = next.json();
    expect(delta.reset).toBe(false);
    expect(delta.changes).toEqual([
      { resource: 'check_ins', id: item.id, op: 'upsert', record: expect.objectContaining({ id: item.id }) },
    ]);
    expect(delta.cursor).toBeGreaterThan(body.cursor);
    const none = await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${delta.cursor}`, token: office });
    expect(none.json()).toMatchObject({ changes: [], reset: false, cursor: delta.cursor, more: false });
    const fromStart = await s.call({ method: 'GET', url: '/api/v2/sync/pull?since=0', token: office });
    expect(fromStart.json().reset).toBe(false);
    const foreign = await s.call({ method: 'GET', url: '/api/v2/sync/pull?since=999999999', token: office });
    expect(foreign.json().reset).toBe(true);
  });

  it('hands out removals and pages with more', async () => {
    const start = (await s.call({ method: 'GET', url: '/api/v2/sync/pull', token: office })).json().cursor;
    const items = [arrival(scholars[11] ?? ''), arrival(scholars[12] ?? ''), arrival(scholars[13] ?? '')];
    await push(items);
    await s.database.db.delete(checkIns).where(sql`${checkIns.id} = ${items[0]?.id}`);
    const page1 = (
      await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${start}&limit=2`, token: office })
    ).json();
    expect(page1.more).toBe(true);
    const page2 = (
      await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${page1.cursor}&limit=2`, token: office })
    ).json();
    expect(page2.more).toBe(false);
    const all = [...page1.changes, ...page2.changes];
    expect(all.filter((c: { id: string }) => c.id === items[0]?.id).at(-1)).toEqual({
      resource: 'check_ins',
      id: items[0]?.id,
      op: 'delete',
    });
  });

  it('answers only what the caller may see', async () => {
    const timekeeper = await s.login('timekeeper@demo.school');
    const res = await s.call({ method: 'GET', url: '/api/v2/sync/pull', token: timekeeper });
    const resources = new Set(res.json().changes.map((c: { resource: string }) => c.resource));
    expect([...resources]).toEqual(['school_settings']);
  });

  it('hands out photo blobs in batches to callers allowed to see their owners', async () => {
    const rows = await s.database.db.select({ photo: demographics.photo_id }).from(demographics).limit(3);
    const ids = rows.map((r) => r.photo).filter((p): p is string => Boolean(p));
    const res = await s.call({ method: 'POST', url: '/api/v2/sync/photos', token: office, payload: { ids } });
    expect(res.statusCode).toBe(200);
    const { photos } = res.json();
    expect(photos.map((p: { id: string }) => p.id).sort()).toEqual([...ids].sort());
    expect(Buffer.from(photos[0].data, 'base64').toString()).toContain('<svg');
    const timekeeper = await s.login('timekeeper@demo.school');
    const none = await s.call({ method: 'POST', url: '/api/v2/sync/photos', token: timekeeper, payload: { ids } });
    expect(none.json().photos).toEqual([]);
  });
});
