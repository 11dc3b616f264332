/**
 * The offline sync on PGlite and PostgreSQL: a push answers each entry on its own (applied, duplicate, conflict,
 * rejected) and never fails as a whole because of one; a pull answers a snapshot in pages, then what changed.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, type SyncPullResponse, uuidv7 } from '../../../src/contract';
import { shiftDate } from '../../../src/contract/calendar-dates';
import { buildApp } from '../../app';
import { createSession } from '../../auth/sessions';
import {
  authorizedPickUps,
  checkIns,
  demographics,
  messengerSchedules,
  nslpRecords,
  roles,
  schoolSettings,
  syncReceipts,
  timesheets,
  users,
} from '../../db/schema';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer, testConfig } from '../../test/helpers';
import { OWN_TIMESHEET_DAYS, XID_CURSOR_BASE } from './index';

let s: TestServer;
let office: string;
let scholars: string[];
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
  scholars = (await s.database.db.select({ id: demographics.id }).from(demographics).limit(30)).map((r) => r.id);
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
const pull = (query: string, token = office) => s.call({ method: 'GET', url: `/api/v2/sync/pull?${query}`, token });
/** Every record a snapshot for the front office must carry, as `resource:id`, read from the database itself. */
async function everythingKept(): Promise<Set<string>> {
  const today = schoolDay(new Date(), 'America/Los_Angeles');
  const db = s.database.db;
  const ids = (resource: string, rows: { id: string }[]) => rows.map((r) => `${resource}:${r.id}`);
  return new Set([
    ...ids('demographics', await db.select({ id: demographics.id }).from(demographics)),
    ...ids(
      'authorized_pick_ups',
      await db.select({ id: authorizedPickUps.id }).from(authorizedPickUps).where(eq(authorizedPickUps.active, true)),
    ),
    ...ids('messenger_schedules', await db.select({ id: messengerSchedules.id }).from(messengerSchedules)),
    ...ids('school_settings', await db.select({ id: schoolSettings.id }).from(schoolSettings)),
    ...ids('check_ins', await db.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.school_day, today))),
    // The caller's own timesheet records of the last 40 days (their phone's Add Record reads them offline).
    ...ids(
      'timesheets',
      await db
        .select({ id: timesheets.id })
        .from(timesheets)
        .innerJoin(users, eq(users.id, timesheets.user_id))
        .where(
          and(eq(users.email, 'office@demo.school'), gte(timesheets.work_date, shiftDate(today, -OWN_TIMESHEET_DAYS))),
        ),
    ),
    ...ids(
      'nslp_records',
      await db
        .select({ id: nslpRecords.id })
        .from(nslpRecords)
        .where(and(eq(nslpRecords.served_on, today), eq(nslpRecords.voided, false))),
    ),
  ]);
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
    // The same record id for another scholar: the stored record, not a second row.
    const elsewhere = { ...item, id: uuidv7(), data: { ...item.data, scholar_id: scholars[3] } };
    const moved = (await push([elsewhere])).json().results[0];
    expect(moved).toMatchObject({ status: 'conflict', record: { id: item.id, scholar_id: scholars[2] } });
    expect(moved.message).toBe('A different record with this id exists.');
    expect(await count([item.id])).toBe(1);
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

  it("a failure that is not the entry's (a transient one) fails the whole push: nothing applied, the replay applies it all", async () => {
    // A serialization failure is the database's state, not the entry's: the device must retry, not give up on it.
    await s.database.db.execute(sql`
      create function crash_on_reason() returns trigger as $$
      begin
        if new.reason = 'crash' then raise exception 'simulated crash' using errcode = '40001'; end if;
        return new;
      end $$ language plpgsql`);
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
    expect(await count(items.map((i) => i.id))).toBe(0);
    await s.database.db.execute(sql`drop trigger crash_check_ins on check_ins`);
    const replay = await push(items);
    expect(replay.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await count(items.map((i) => i.id))).toBe(3);
  });

  it('rejects an entry the database refuses (a rule the contract cannot know) in plain words; the rest is applied', async () => {
    await s.database.db.execute(
      sql`alter table check_ins add constraint test_no_forbidden_reason check (reason is distinct from 'forbidden')`,
    );
    try {
      const items = [
        arrival(scholars[16] ?? ''),
        arrival(scholars[17] ?? '', { reason: 'forbidden' }),
        arrival(scholars[18] ?? ''),
      ];
      const res = await push(items);
      expect(res.statusCode).toBe(200);
      const results = res.json().results;
      expect(results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
      expect(results[1].message).toBe('A value breaks a rule of the records, so the server cannot store it.');
      expect(await count(items.map((i) => i.id))).toBe(2);
      // Its retry answers the same, never a 500 that would keep the device retrying forever.
      const again = await push(items);
      expect(again.json().results.map((r: { status: string }) => r.status)).toEqual([
        'duplicate',
        'rejected',
        'duplicate',
      ]);
      // The REST create of the same content is the caller's input too: 422, not 500.
      const rest = await s.call({
        method: 'POST',
        url: '/api/v2/check_ins',
        token: office,
        payload: { ...items[1]?.data, id: uuidv7() },
      });
      expect(rest.statusCode).toBe(422);
      expect(rest.json().message).toBe('A value breaks a rule of the records, so the server cannot store it.');
    } finally {
      await s.database.db.execute(sql`alter table check_ins drop constraint test_no_forbidden_reason`);
    }
  });

  it('rejects text or dates the database cannot store without internals, and applies the entries around them', async () => {
    const bad = [
      arrival(scholars[19] ?? '', { kind: 'sign_in', reason: 'Dentist\u0000' }),
      arrival(scholars[19] ?? '', { kind: 'sign_in', reason: 'Dentist \ud800' }),
      arrival(scholars[19] ?? '', { kind: 'sign_in', occurred_at: '0000-06-01T12:00:00.000Z' }),
    ];
    const good = [
      arrival(scholars[19] ?? '', { kind: 'sign_in' }),
      arrival(scholars[19] ?? '', { kind: 'sign_in', reason: 'Back from the dentist' }),
    ];
    const items = [good[0], ...bad, good[1]] as SyncItem[];
    const res = await push(items);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { status: string; message: string }[];
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected', 'applied']);
    // Refused by the database in its own words turned plain, or (once the contract knows these) by the contract.
    const text = ['Some text has characters the server cannot store.', 'The entry is not valid.'];
    const date = ['A date or time is outside what the server can store.', 'The entry is not valid.'];
    expect(text).toContain(results[1]?.message);
    expect(text).toContain(results[2]?.message);
    expect(date).toContain(results[3]?.message);
    expect(await count(items.map((i) => i.id))).toBe(2);
  });

  it('answers conflict when an outbox id comes back with different content, duplicate when with the same', async () => {
    const item = arrival(scholars[20] ?? '');
    expect((await push([item])).json().results[0].status).toBe('applied');
    const changed = { ...item, data: { ...item.data, reason: 'Doctor' } };
    const res = (await push([changed])).json().results[0];
    expect(res).toMatchObject({ status: 'conflict', record: { id: item.id, reason: 'Transportation' } });
    expect(res.message).toBe(
      'This entry was sent before with different content. The server kept what it received first.',
    );
    expect((await push([item])).json().results[0]).toMatchObject({ status: 'duplicate', record: { id: item.id } });
    // The same outbox id twice in one batch: the later one is the first's replay.
    const twice = arrival(scholars[21] ?? '');
    const both = (await push([twice, { ...twice, data: { ...twice.data, reason: 'Doctor' } }])).json().results;
    expect(both.map((r: { status: string }) => r.status)).toEqual(['applied', 'conflict']);
    const stored = await s.database.db
      .select()
      .from(checkIns)
      .where(sql`${checkIns.id} in ${[item.id, twice.id]}`);
    expect(stored.map((r) => r.reason)).toEqual(['Transportation', 'Transportation']);
  });

  it('applies the same entry pushed by many requests at once exactly once, never answering 5xx', async () => {
    const item = arrival(scholars[22] ?? '');
    const answers = await Promise.all(Array.from({ length: 160 }, () => push([item])));
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.statusCode)).toEqual([]);
    const statuses = answers.map((a) => a.json().results[0].status);
    expect(statuses.filter((st) => st === 'applied')).toHaveLength(1);
    expect(statuses.filter((st) => st !== 'applied').every((st) => st === 'duplicate')).toBe(true);
    expect(await count([item.id])).toBe(1);
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
    // A cursor counts transactions from XID_CURSOR_BASE; a smaller one is a change's seq number, which the server
    // handed out before it pulled by transaction: a device that kept one starts again from a snapshot.
    expect(body.cursor).toBeGreaterThan(XID_CURSOR_BASE);
    for (const old of [0, 5, delta.cursor - XID_CURSOR_BASE]) {
      const legacy = await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${old}`, token: office });
      expect(legacy.json()).toMatchObject({ reset: true, cursor: delta.cursor });
    }
    // A cursor this database has not reached yet: one from another database.
    const foreign = await s.call({
      method: 'GET',
      url: `/api/v2/sync/pull?since=${delta.cursor + 1_000_000}`,
      token: office,
    });
    expect(foreign.json().reset).toBe(true);
  });

  it('pages a snapshot by its limit: every record exactly once, in ceil(n/limit) pages, what changed meanwhile after', async () => {
    const first = await pull('limit=500');
    expect(first.statusCode).toBe(200);
    const pages: SyncPullResponse[] = [first.json()];
    const total = pages[0]?.snapshot_total ?? 0;
    expect(total).toBeGreaterThan(1500);
    // Made while the device pages: a new arrival, a scholar already handed out changed, one adult deactivated.
    const arrived = arrival(scholars[23] ?? '');
    let changedMidway = false;
    for (let next = pages[0]?.snapshot_next; next; next = pages.at(-1)?.snapshot_next) {
      if (!changedMidway) {
        expect((await push([arrived])).json().results[0].status).toBe('applied');
        await s.database.db
          .update(demographics)
          .set({ homeroom: 'Room 9' })
          .where(eq(demographics.id, pages[0]?.changes[0]?.id ?? ''));
        changedMidway = true;
      }
      const page = await pull(`snapshot=${next}&limit=500`);
      expect(page.statusCode).toBe(200);
      pages.push(page.json());
      if (pages.length > 100) throw new Error('the snapshot never ends');
    }
    // The new arrival sorts after every record handed out before it (check-ins come late, and its id is the newest),
    // so this snapshot carries it too, and the total the later pages count includes it.
    const final = pages.at(-1)?.snapshot_total ?? 0;
    expect(final).toBe(total + 1);
    expect(pages).toHaveLength(Math.ceil(final / 500));
    expect(pages.map((p) => p.reset)).toEqual(pages.map((_, i) => i === 0));
    expect(new Set(pages.map((p) => p.cursor)).size).toBe(1);
    expect(pages.map((p) => p.more)).toEqual(pages.map((_, i) => i < pages.length - 1));
    expect(pages.at(-1)?.snapshot_next).toBeUndefined();
    expect(pages.map((p) => p.changes.length)).toEqual(pages.map((_, i) => Math.min(500, final - 500 * i)));
    const keys = pages.flatMap((p) => p.changes.map((c) => `${c.resource}:${c.id}`));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(await everythingKept());

    const delta = (await pull(`since=${pages[0]?.cursor}&limit=5000`)).json() as SyncPullResponse;
    expect(delta.reset).toBe(false);
    expect(delta.changes).toContainEqual(
      expect.objectContaining({ resource: 'check_ins', id: arrived.id, op: 'upsert' }),
    );
    expect(delta.changes).toContainEqual(
      expect.objectContaining({
        resource: 'demographics',
        id: pages[0]?.changes[0]?.id,
        record: expect.objectContaining({ homeroom: 'Room 9' }),
      }),
    );
  });

  it('answers a snapshot page again from its token alone (after a restart too); refuses a token it did not give', async () => {
    const first = (await pull('limit=300')).json() as SyncPullResponse;
    const token = first.snapshot_next as string;
    const page = (await pull(`snapshot=${token}&limit=300`)).json() as SyncPullResponse;
    // Its pages put together are the snapshot in one answer, record for record and in the same order.
    const union = [...first.changes, ...page.changes];
    for (let next = page.snapshot_next; next; ) {
      const more = (await pull(`snapshot=${next}&limit=300`)).json() as SyncPullResponse;
      union.push(...more.changes);
      next = more.snapshot_next;
    }
    const whole = (await pull('limit=5000')).json() as SyncPullResponse;
    expect(whole).toMatchObject({ more: false, reset: true, snapshot_total: union.length });
    expect(union).toEqual(whole.changes);
    // Another instance of the server on the same database: nothing of the snapshot is kept in memory.
    const other = await buildApp({ config: testConfig(), database: s.database, serveApp: false });
    try {
      const again = await other.inject({
        method: 'GET',
        url: `/api/v2/sync/pull?snapshot=${token}&limit=300`,
        headers: { authorization: `Bearer ${office}` },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().changes.map((c: { id: string }) => c.id)).toEqual(page.changes.map((c) => c.id));
      expect(again.json()).toMatchObject({ reset: false, cursor: first.cursor });
    } finally {
      await other.close();
    }
    const bad = (value: string) => pull(`snapshot=${encodeURIComponent(value)}&limit=300`);
    const forged = (place: unknown) => Buffer.from(JSON.stringify(place)).toString('base64url');
    for (const value of [
      'not a token',
      'x'.repeat(201),
      'bm90IGpzb24',
      forged({ c: first.cursor, r: '__proto__', i: first.changes[0]?.id }),
      forged({ c: first.cursor, r: 'demographics', i: 'abc' }),
      forged({ c: -1, r: 'demographics', i: first.changes[0]?.id }),
    ]) {
      const res = await bad(value);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.snapshot).toBeDefined();
    }
    // A token from another database (a cursor this one never reached): a fresh snapshot from its first page.
    const foreign = await pull(`snapshot=${forged({ c: 999_999_999, r: 'demographics', i: first.changes[0]?.id })}`);
    expect(foreign.json()).toMatchObject({ reset: true, changes: expect.any(Array) });
    expect(foreign.json().changes[0]).toEqual(first.changes[0]);
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

  it('ends a page between transactions, never inside one, and hands out a larger transaction whole', async () => {
    const start = (await pull('limit=5000')).json().cursor as number;
    // Three pushes, three transactions of one change each, then one push of three changes.
    // Scholars no other test here has an arrival for (a second arrival the same day is refused).
    const singles = [arrival(scholars[24] ?? ''), arrival(scholars[25] ?? ''), arrival(scholars[26] ?? '')];
    const applied = async (items: SyncItem[]) =>
      expect((await push(items)).json().results.map((r: { status: string }) => r.status)).toEqual(
        items.map(() => 'applied'),
      );
    for (const item of singles) await applied([item]);
    const batch = [arrival(scholars[27] ?? ''), arrival(scholars[28] ?? ''), arrival(scholars[29] ?? '')];
    await applied(batch);
    const ids = (r: SyncPullResponse) => r.changes.map((c) => c.id);
    const page1 = (await pull(`since=${start}&limit=2`)).json() as SyncPullResponse;
    expect(page1).toMatchObject({ more: true, reset: false });
    expect(ids(page1)).toEqual(singles.slice(0, 2).map((i) => i.id));
    // limit 2 again: the third single alone (the batch's three do not fit beside it), then the batch whole.
    const page2 = (await pull(`since=${page1.cursor}&limit=2`)).json() as SyncPullResponse;
    expect(ids(page2)).toEqual([singles[2]?.id]);
    expect(page2.more).toBe(true);
    const page3 = (await pull(`since=${page2.cursor}&limit=2`)).json() as SyncPullResponse;
    expect(new Set(ids(page3))).toEqual(new Set(batch.map((i) => i.id)));
    const rest = (await pull(`since=${page3.cursor}&limit=2`)).json() as SyncPullResponse;
    expect(rest).toMatchObject({ changes: [], more: false, cursor: page3.cursor });
    expect(page1.cursor).toBeLessThan(page2.cursor);
    expect(page2.cursor).toBeLessThan(page3.cursor);
  });

  it('answers only what the caller may see', async () => {
    const timekeeper = await s.login('timekeeper@demo.school');
    const res = await s.call({ method: 'GET', url: '/api/v2/sync/pull', token: timekeeper });
    const changes = res.json().changes as { resource: string; record?: { user_id?: string } }[];
    expect([...new Set(changes.map((c) => c.resource))].sort()).toEqual(['school_settings', 'timesheets']);
    // Of the timesheets, only their own.
    const [me] = await s.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'timekeeper@demo.school'));
    const owners = new Set(changes.filter((c) => c.resource === 'timesheets').map((c) => c.record?.user_id));
    expect([...owners]).toEqual([me?.id]);
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

describe('sync push: timesheets (creates, and updates applied only to their base version)', () => {
  let staffToken: string;
  let staffId: string;
  const items = (token: string, list: SyncItem[]) =>
    s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: 'clock-phone', items: list } });
  const entry = (action: 'create' | 'update' | 'delete', data: Record<string, unknown>, resource = 'timesheets') =>
    ({ id: uuidv7(), resource, action, data, recorded_at: new Date().toISOString() }) as SyncItem;
  /** A clock-in sent through the outbox, applied: its stored record. */
  async function clockIn(startedAt: string, token = staffToken) {
    const id = uuidv7();
    const res = await items(token, [entry('create', { id, started_at: startedAt, method: 'clock' })]);
    expect(res.json().results[0]).toMatchObject({ status: 'applied', record: { id, version: 1, ended_at: null } });
    return res.json().results[0].record as { id: string; user_id: string; device_id: string };
  }

  beforeAll(async () => {
    const admin = await s.login('admin@demo.school');
    const [role] = await s.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Staff'));
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/users',
      token: admin,
      payload: { email: 'sync.clock@demo.school', fname: 'Sam', lname: 'Sync', role_ids: [role?.id] },
    });
    staffId = created.json().data.id;
    staffToken = await createSession(s.database.db, staffId, 'password', 1);
  });

  it('applies a clock-in, then its clock-out once; a replay answers duplicate, a stale version conflict', async () => {
    const record = await clockIn('2025-10-06T07:58:00-07:00');
    expect(record).toMatchObject({ user_id: staffId, device_id: 'clock-phone' });
    const out = entry('update', { id: record.id, base_version: 1, ended_at: '2025-10-06T15:58:00-07:00' });
    const applied = (await items(staffToken, [out])).json().results[0];
    expect(applied).toMatchObject({ status: 'applied', record: { id: record.id, version: 2, worked_minutes: 480 } });
    // The same entry again (its answer was lost): duplicate, and the record is not changed twice.
    const replay = (await items(staffToken, [out])).json().results[0];
    expect(replay).toMatchObject({ status: 'duplicate', record: { id: record.id, version: 2 } });
    // Another device's change based on version 1: the stored record wins and is answered.
    const stale = entry('update', { id: record.id, base_version: 1, ended_at: '2025-10-06T16:30:00-07:00' });
    const conflict = (await items(staffToken, [stale])).json().results[0];
    expect(conflict).toMatchObject({
      status: 'conflict',
      message: 'This record was changed since you opened it. Here is what is stored now.',
      record: { id: record.id, version: 2, ended_at: new Date('2025-10-06T15:58:00-07:00').toISOString() },
    });
    const [stored] = await s.database.db.select().from(timesheets).where(eq(timesheets.id, record.id));
    expect(stored?.version).toBe(2);
    // The clock-in sent again after its clock-out (its answer was lost too) is still the same clock-in.
    const [receipt] = await s.database.db.select().from(syncReceipts).where(eq(syncReceipts.record_id, record.id));
    const createdAgain = (
      await items(staffToken, [
        entry('create', { id: record.id, started_at: '2025-10-06T07:58:00-07:00', method: 'clock' }),
        {
          ...entry('create', { id: record.id, started_at: '2025-10-06T07:58:00-07:00', method: 'clock' }),
          id: receipt?.id ?? '',
        },
      ])
    ).json().results;
    expect(createdAgain.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(createdAgain[1].record).toMatchObject({ id: record.id, version: 2 });
  });

  it('applies a push in the order it was made (a clock-out, then the next clock-in), each entry answered on its own', async () => {
    const open = await clockIn('2025-10-07T08:00:00-07:00');
    const next = uuidv7();
    const res = await items(staffToken, [
      entry('update', { id: open.id, base_version: 1, ended_at: '2025-10-07T12:00:00-07:00' }),
      entry('create', { id: next, started_at: '2025-10-07T12:30:00-07:00', method: 'clock' }),
      entry('update', { id: next, base_version: 1, ended_at: '2025-10-07T16:00:00-07:00' }),
      entry('update', { id: open.id, base_version: 1, break_minutes: 10 }),
      entry('update', { id: open.id, ended_at: '2025-10-07T12:00:00-07:00' }),
      entry('delete', { id: open.id }),
      // Meal records take creates only (a check-in takes its void, an update of its own).
      entry('update', { id: uuidv7() }, 'nslp_records'),
    ]);
    const results = res.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'conflict',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(results[2].record).toMatchObject({ id: next, version: 2, worked_minutes: 210 });
    expect(results[4].errors.base_version).toBeDefined();
    expect(results[5].message).toBe('Only new records can be sent from a device.');
    expect(results[6].message).toBe('Only new records can be sent from a device.');
  });

  it("keeps to the caller's permission and scope: another person's record is not there to change", async () => {
    const mine = await clockIn('2025-10-08T08:00:00-07:00');
    const other = await s.login('cafeteria@demo.school');
    const foreign = (
      await items(other, [entry('update', { id: mine.id, base_version: 1, ended_at: '2025-10-08T12:00:00-07:00' })])
    ).json().results[0];
    expect(foreign).toMatchObject({ status: 'rejected', message: 'No such record.' });
    const scholar = await s.login('scholar@demo.school');
    const denied = (
      await items(scholar, [entry('update', { id: mine.id, base_version: 1, ended_at: '2025-10-08T12:00:00-07:00' })])
    ).json().results[0];
    expect(denied).toMatchObject({ status: 'rejected', message: 'You do not have permission to do that.' });
    // An overlapping clock-in is a conflict with the record in the way.
    const twice = (await items(staffToken, [entry('create', { started_at: '2025-10-08T09:00:00-07:00' })])).json()
      .results[0];
    expect(twice).toMatchObject({ status: 'conflict', record: { id: mine.id } });
    const out = entry('update', { id: mine.id, base_version: 1, ended_at: '2025-10-08T12:00:00-07:00' });
    expect((await items(staffToken, [out])).json().results[0].status).toBe('applied');
  });

  it('applies the same update pushed by many requests at once exactly once', async () => {
    const open = await clockIn('2025-10-09T08:00:00-07:00');
    const out = entry('update', { id: open.id, base_version: 1, ended_at: '2025-10-09T16:00:00-07:00' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => items(staffToken, [out])));
    expect(answers.map((a) => a.statusCode).filter((c) => c !== 200)).toEqual([]);
    const statuses = answers.map((a) => a.json().results[0].status).sort();
    expect(statuses).toEqual(['applied', ...Array.from({ length: 11 }, () => 'duplicate')]);
    const [stored] = await s.database.db.select().from(timesheets).where(eq(timesheets.id, open.id));
    expect(stored?.version).toBe(2);
  });
});
