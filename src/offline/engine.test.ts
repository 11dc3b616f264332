import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { uuidv7 } from '../contract';
import { createOfflineDb, getMeta, type OfflineDb, type OutboxEntry } from './db';
import {
  BACKGROUND_SYNC_TAG,
  base64ToBlob,
  createSyncEngine,
  isRetryable,
  type SyncApi,
  type SyncEngine,
  type SyncEngineDeps,
} from './engine';
import { enqueue } from './outbox';
import {
  checkInData,
  FakeChannelHub,
  FakeClock,
  FakeLockManager,
  FakeSyncServer,
  FakeTimers,
  freshDbName,
  nslpRecord,
  scholar,
  T0,
} from './test/fakes';

const USER = '0190f3a4-0000-7000-8000-000000000001';
let dbs: OfflineDb[] = [];
let engines: SyncEngine[] = [];

afterEach(async () => {
  for (const engine of engines) await engine.stop();
  for (const db of dbs) db.close();
  for (const db of dbs) await db.delete();
  engines = [];
  dbs = [];
});

function setup(overrides: Partial<SyncEngineDeps> = {}, name = freshDbName()) {
  const db = createOfflineDb(name);
  dbs.push(db);
  const server = new FakeSyncServer();
  const clock = new FakeClock();
  const timers = new FakeTimers(clock);
  const engine = createSyncEngine({
    db,
    api: server,
    locks: null,
    getUserId: () => USER,
    now: clock.now,
    random: () => 0.5,
    timers,
    ...overrides,
  });
  engines.push(engine);
  const write = (extra: Record<string, unknown> = {}) =>
    enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData(extra) },
      { recordedBy: USER, now: clock.current },
    );
  /** Starts the engine and waits for its first full round (push and pull). */
  const startAndSync = async () => {
    engine.start();
    await vi.waitFor(() => expect(engine.getSnapshot().isSender).toBe(true), { interval: 5 });
    await engine.idle();
  };
  return { db, server, clock, timers, engine, write, startAndSync };
}

const pushedIds = (server: FakeSyncServer) => server.pushes.flatMap((p) => p.items.map((i) => i.id));

describe('push order and batches', () => {
  it('sends every entry once, in id order, in batches of 200', async () => {
    const { db, server, write, startAndSync } = setup();
    const written: string[] = [];
    for (let i = 0; i < 450; i++) written.push((await write()).id);
    // Due times in the reverse order of the ids: the push still goes by id.
    await db.outbox.toCollection().modify((e) => {
      e.next_attempt_at = T0 - written.indexOf(e.id);
    });
    await startAndSync();
    expect(server.pushes.map((p) => p.items.length)).toEqual([200, 200, 50]);
    expect(pushedIds(server)).toEqual([...written].sort());
    expect(pushedIds(server)).toEqual(written);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.check_ins.count()).toBe(450);
    const deviceId = await getMeta(db, 'device_id');
    expect(server.pushes.every((p) => p.device_id === deviceId)).toBe(true);
    expect(server.pushes[0]?.items[0]).toMatchObject({ action: 'create', recorded_by: USER, resource: 'check_ins' });
  });

  it('a rejected or conflicting entry does not hold back the ones behind it', async () => {
    const { db, server, write, startAndSync } = setup({ batchSize: 2 });
    const [a, b, c, d] = [await write(), await write(), await write(), await write()];
    const conflicting = { id: uuidv7(), kind: 'arrival' };
    server.decide = (item) => {
      if (item.id === a.id) return { id: item.id, status: 'rejected', message: 'Bad kind.', errors: { kind: ['No.'] } };
      if (item.id === c.id) return { id: item.id, status: 'conflict', message: 'Already here.', record: conflicting };
      return null;
    };
    await startAndSync();
    expect(pushedIds(server)).toEqual([a.id, b.id, c.id, d.id]);
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.id, e.status])).toEqual([
      [a.id, 'attention'],
      [c.id, 'attention'],
    ]);
    expect(left[0]).toMatchObject({ last_error: 'Bad kind.', field_errors: { kind: ['No.'] }, server_record: null });
    expect(left[1]).toMatchObject({ last_error: 'Already here.', server_record: conflicting });
    expect((await db.check_ins.toArray()).map((r) => r.id).sort()).toEqual([b.id, d.id].sort());
  });

  it('shows progress while sending many', async () => {
    const { engine, write, startAndSync } = setup({ batchSize: 2 });
    for (let i = 0; i < 5; i++) await write();
    const seen: unknown[] = [];
    engine.subscribe(() => seen.push(engine.getSnapshot().progress));
    await startAndSync();
    const progress = seen.filter((p, i) => p !== seen[i - 1]);
    expect(progress.filter((p) => p !== null)).toEqual([
      { sent: 0, total: 5 },
      { sent: 2, total: 5 },
      { sent: 4, total: 5 },
      { sent: 5, total: 5 },
    ]);
    expect(progress.at(-1)).toBeNull();
    expect(engine.getSnapshot().sending).toBe(false);
  });
});

describe('applied and duplicate', () => {
  it('remove the entry and keep the server record in the local table', async () => {
    const { db, server, write, startAndSync } = setup();
    const fresh = await write();
    const replayed = await write();
    // The server already has the second one (its receipt): it answers duplicate with the stored record.
    await server.push({ device_id: 'd', items: [{ ...replayed, recorded_by: USER }] });
    // No pull gets through: the local records can only come from the push answers.
    server.pullFault = new ApiError('Server Error.', 503);
    await startAndSync();
    expect(server.pushes.at(-1)?.items.map((i) => i.id)).toEqual([fresh.id, replayed.id]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.check_ins.get(fresh.id)).toMatchObject({
      id: fresh.id,
      school_day: '2026-03-02',
      recorded_by: USER,
    });
    expect(await db.check_ins.get(replayed.id)).toMatchObject({ id: replayed.id, school_day: '2026-03-02' });
  });

  it('a replay after a lost answer ends with one record and an empty outbox', async () => {
    const { db, server, engine, write, startAndSync } = setup();
    const entry = await write();
    server.pushFaults.push('apply-then-lose');
    server.pullFault = new ApiError('Server Error.', 503);
    await startAndSync();
    // The server applied it, the device does not know: the entry waits, nothing local yet.
    expect(server.receipts.has(entry.id)).toBe(true);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', attempts: 1 });
    await engine.syncNow();
    expect(server.pushes).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.check_ins.where('id').equals(entry.id).count()).toBe(1);
    expect(await db.check_ins.count()).toBe(1);
    expect(server.table('check_ins').size).toBe(1);
  });
});

describe('retry policy', () => {
  it('a network error puts the batch back with a later next_attempt_at and retries when due', async () => {
    const { db, server, clock, timers, engine, write, startAndSync } = setup();
    const entry = await write();
    server.pushFaults.push(new ApiError('The server cannot be reached.', 0));
    await startAndSync();
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: T0 + 500,
      last_error: 'The server cannot be reached.',
    });
    expect(engine.getSnapshot().lastError).toBe('The server cannot be reached.');
    // A later write goes out at once; the failed entry waits for its backoff.
    const later = await write();
    await vi.waitFor(() => expect(server.pushes).toHaveLength(2));
    expect(server.pushes[1]?.items.map((i) => i.id)).toEqual([later.id]);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending' });
    // The timer wakes when the backoff ends (at least 1 s, never a busy loop).
    await vi.waitFor(() => expect(timers.pendingDelays()).toEqual([1000]));
    timers.advance(1000);
    await vi.waitFor(() => expect(server.pushes).toHaveLength(3));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(clock.current).toBe(T0 + 1000);
  });

  it('a 503 backs off longer with each failure', async () => {
    const { db, server, engine, write, startAndSync } = setup();
    const entry = await write();
    server.pushFaults.push(new ApiError('Server Error.', 503), new ApiError('Server Error.', 503));
    await startAndSync();
    expect(await db.outbox.get(entry.id)).toMatchObject({ attempts: 1, next_attempt_at: T0 + 500 });
    await engine.syncNow();
    expect(await db.outbox.get(entry.id)).toMatchObject({ attempts: 2, next_attempt_at: T0 + 1000 });
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries network, 408, 429 and 5xx; nothing else', () => {
    expect([0, 408, 429, 500, 502, 503, 504].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422].some(isRetryable)).toBe(false);
  });

  it('a 401 pauses with everything kept untouched until resume()', async () => {
    const { db, server, engine, write, startAndSync } = setup();
    const entry = await write();
    server.pushFaults.push(new ApiError('Unauthenticated.', 401));
    await startAndSync();
    expect(engine.getSnapshot().paused).toBe('unauthorized');
    expect(await db.outbox.get(entry.id)).toEqual({ ...entry, status: 'pending' });
    // Writes still land locally, but nothing is sent while paused, even when asked.
    const second = await engine.write('check_ins', checkInData());
    await engine.syncNow();
    expect(server.pushes).toHaveLength(1);
    expect(await db.outbox.count()).toBe(2);
    await engine.resume();
    expect(engine.getSnapshot().paused).toBeNull();
    expect(pushedIds(server).slice(1)).toEqual([entry.id, second.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 422 for the whole batch moves it to attention and goes on with the next batch', async () => {
    const { db, server, write, startAndSync } = setup({ batchSize: 2 });
    const [a, b, c] = [await write(), await write(), await write()];
    server.pushFaults.push(new ApiError('The given data was invalid.', 422, { items: ['Too many.'] }));
    await startAndSync();
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.id, e.status])).toEqual([
      [a.id, 'attention'],
      [b.id, 'attention'],
    ]);
    expect(left[0]).toMatchObject({
      last_error: 'The given data was invalid.',
      field_errors: { items: ['Too many.'] },
    });
    expect(await db.check_ins.get(c.id)).toBeDefined();
  });

  it('gives back what a crashed tab left in flight', async () => {
    const { db, server, write, startAndSync } = setup();
    const entry = await write();
    await db.outbox.update(entry.id, { status: 'sending' });
    await startAndSync();
    expect(pushedIds(server)).toEqual([entry.id]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('pull', () => {
  it('takes a full snapshot first, replacing what the device had', async () => {
    const { db, server, clock, engine, startAndSync } = setup();
    const kept = scholar({ lname: 'Hopper' });
    server.upsert('demographics', kept);
    server.upsert('demographics', scholar());
    const arrival = { ...checkInData(), id: uuidv7(), school_day: '2026-03-02' };
    server.upsert('check_ins', arrival);
    await db.demographics.put(scholar({ lname: 'Stale' }));
    clock.current = T0 + 42;
    await startAndSync();
    expect(server.pulls[0]).toEqual({ since: undefined, limit: 2000 });
    expect((await db.demographics.toArray()).map((s) => s.lname).sort()).toEqual(['Hopper', 'Lovelace']);
    expect(await db.check_ins.get(arrival.id)).toMatchObject({ id: arrival.id });
    expect(await getMeta(db, 'pull_cursor')).toBe(3);
    expect(await getMeta(db, 'snapshot_at')).toBe(T0 + 42);
    await vi.waitFor(() => expect(engine.getSnapshot().snapshotAt).toBe(T0 + 42));
    expect(engine.getSnapshot().lastSyncAt).toBe(T0 + 42);
  });

  it('then applies only what changed, deletes included, and keeps the cursor for the next start', async () => {
    const name = freshDbName();
    const first = setup({}, name);
    const gone = scholar({ lname: 'Gone' });
    const renamed = scholar({ lname: 'Before' });
    first.server.upsert('demographics', gone);
    first.server.upsert('demographics', renamed);
    await first.startAndSync();
    first.server.remove('demographics', gone.id);
    first.server.upsert('demographics', { ...renamed, lname: 'After' });
    await first.engine.syncNow();
    expect(first.server.pulls.map((p) => p.since)).toEqual([undefined, 2]);
    expect((await first.db.demographics.toArray()).map((s) => s.lname)).toEqual(['After']);
    expect(await getMeta(first.db, 'pull_cursor')).toBe(4);
    await first.engine.stop();

    // A new start (another page load) goes on from the stored cursor, not from a new snapshot.
    const second = setup({ api: first.server }, name);
    await second.startAndSync();
    expect(first.server.pulls.map((p) => p.since)).toEqual([undefined, 2, 4]);
  });

  it('keeps every pulled resource that has a local table and skips the others', async () => {
    const { db, server, startAndSync } = setup();
    const settings = {
      id: uuidv7(),
      start_time: '08:00',
      late_after_minutes: 10,
      late_reasons: ['Traffic'],
      departure_reasons: ['Doctor'],
      updated_at: new Date(T0).toISOString(),
    };
    server.upsert('school_settings', settings);
    const post = {
      id: uuidv7(),
      scholar_id: uuidv7(),
      weekday: 2,
      start_time: '09:00',
      end_time: '09:30',
      post: 'Office',
      notes: null,
      created_at: settings.updated_at,
      updated_at: settings.updated_at,
    };
    server.upsert('messenger_schedules', post);
    server.upsert('future_resource', { id: uuidv7(), anything: true });
    await startAndSync();
    expect(await db.school_settings.toArray()).toEqual([settings]);
    expect(await db.messenger_schedules.where('weekday').equals(2).toArray()).toEqual([post]);
    expect(await getMeta(db, 'pull_cursor')).toBe(3);
  });

  it("stores today's meals from other tablets, and their voids, in nslp_records", async () => {
    const { db, server, engine, startAndSync } = setup();
    const scholarId = uuidv7();
    const lunch = nslpRecord({ scholar_id: scholarId });
    const breakfast = nslpRecord({ scholar_id: scholarId, meal_type: 'breakfast' });
    server.upsert('nslp_records', lunch);
    server.upsert('nslp_records', breakfast);
    await startAndSync();
    const today = (type: string) =>
      db.nslp_records.where('[served_on+scholar_id+meal_type]').equals(['2026-03-02', scholarId, type]).toArray();
    expect(await today('lunch')).toEqual([lunch]);

    // Voided on the View Records screen: the delta carries the record marked voided, and the device keeps that.
    server.upsert('nslp_records', { ...lunch, voided: true, void_reason: 'Wrong scholar' });
    await engine.syncNow();
    expect(await today('lunch')).toEqual([{ ...lunch, voided: true, void_reason: 'Wrong scholar' }]);
    expect(await today('breakfast')).toEqual([breakfast]);
  });

  it("keeps the server's record of a meal this station sent", async () => {
    const { db, server, engine, startAndSync } = setup();
    const entry = await engine.write('nslp_records', {
      scholar_id: uuidv7(),
      meal_type: 'lunch',
      served_at: new Date(T0).toISOString(),
    });
    await startAndSync();
    expect(server.pushes[0]?.items[0]).toMatchObject({ resource: 'nslp_records', id: entry.id });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.nslp_records.get(String(entry.data.id))).toMatchObject({ meal_type: 'lunch' });
  });

  it('pages while the server says more', async () => {
    const { db, server, engine, startAndSync } = setup({ pullLimit: 2 });
    server.upsert('demographics', scholar());
    await startAndSync();
    for (let i = 0; i < 5; i++) server.upsert('demographics', scholar({ student_number: String(i) }));
    await engine.syncNow();
    expect(server.pulls.map((p) => p.since)).toEqual([undefined, 1, 3, 5]);
    expect(await db.demographics.count()).toBe(6);
    expect(await getMeta(db, 'pull_cursor')).toBe(6);
  });

  it('stops paging when the cursor does not move', async () => {
    const server = new FakeSyncServer();
    const pull = vi.fn(async () => ({ changes: [], cursor: 7, more: true, reset: false, server_time: '' }));
    const { db, startAndSync } = setup({ api: { push: server.push, photos: server.photos, pull } });
    await db.meta.put({ key: 'pull_cursor', value: 7 });
    await startAndSync();
    expect(pull).toHaveBeenCalledTimes(1);
  });

  it('pulls at most every 30 s unless asked', async () => {
    const { server, clock, engine, startAndSync } = setup();
    await startAndSync();
    await engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(server.pushes).toHaveLength(1));
    expect(server.pulls).toHaveLength(1);
    clock.current += 30_000;
    await engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(server.pulls).toHaveLength(2));
    await engine.syncNow();
    expect(server.pulls).toHaveLength(3);
  });

  it('fetches each missing photo once, in batches of 100, as Blobs', async () => {
    const { db, server, engine, startAndSync } = setup();
    const photoIds = Array.from({ length: 250 }, () => uuidv7());
    photoIds.forEach((id, i) => {
      server.upsert('demographics', scholar({ photo_id: id, student_number: String(i) }));
      // The last one belongs to someone this user may not see: the server leaves it out.
      if (i < 249) server.photoStore.set(id, { content_type: 'image/svg+xml', sha256: `h${i}`, data: btoa('<svg/>') });
    });
    await startAndSync();
    expect(server.photoRequests.map((r) => r.length)).toEqual([100, 100, 50]);
    expect(new Set(server.photoRequests.flat())).toEqual(new Set(photoIds));
    expect(await db.photos.count()).toBe(249);
    expect(await db.photos.get(photoIds[0] ?? '')).toMatchObject({ content_type: 'image/svg+xml', sha256: 'h0' });
    await engine.syncNow();
    expect(server.photoRequests).toHaveLength(3);
  });

  it('decodes photos into Blobs of their content type', async () => {
    const blob = base64ToBlob(btoa('<svg/>'), 'image/svg+xml');
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/svg+xml');
    expect(blob.size).toBe(6);
  });
});

describe('a snapshot in pages', () => {
  /** A server with `n` scholars; their ids in the order a snapshot hands them out. */
  function withScholars(server: FakeSyncServer, n: number): string[] {
    for (let i = 0; i < n; i++) server.upsert('demographics', scholar({ student_number: String(i) }));
    return [...server.table('demographics').keys()].sort();
  }
  const localIds = async (db: OfflineDb) => (await db.demographics.toCollection().primaryKeys()).map(String).sort();

  it('follows snapshot_next page after page, shows its progress, then pulls the changes since its cursor', async () => {
    const server = new FakeSyncServer();
    const ids = withScholars(server, 7);
    const removed = ids[5] ?? '';
    // Sorts before every other id: added behind the place the device has reached.
    const added = scholar({ id: '00000000-0000-7000-8000-000000000001', lname: 'Added' });
    const progress: unknown[] = [];
    const pull: SyncApi['pull'] = async (params) => {
      if (params.snapshot !== undefined) {
        // Each page is asked for once the status shows what the pages before it brought.
        await vi.waitFor(() => expect(engine.getSnapshot().snapshot?.received).toBe(server.pulls.length * 3));
        progress.push(engine.getSnapshot().snapshot);
      }
      if (server.pulls.length === 2) {
        // While the device pages, the office adds a scholar and removes one the device already has.
        server.upsert('demographics', added);
        server.remove('demographics', removed);
      }
      return server.pull(params);
    };
    const { db, engine, startAndSync } = setup({
      api: { pull, push: server.push, photos: server.photos },
      pullLimit: 3,
    });
    await db.demographics.put(scholar({ lname: 'Stale' }));
    await startAndSync();
    expect(server.pulls).toEqual([
      { limit: 3 },
      { snapshot: 'page1', limit: 3 },
      { snapshot: 'page2', limit: 3 },
      { since: 7, limit: 3 },
    ]);
    expect(progress).toEqual([
      { received: 3, total: 7 },
      { received: 6, total: 7 },
    ]);
    expect(await localIds(db)).toEqual([added.id, ...ids.filter((id) => id !== removed)]);
    expect(await getMeta(db, 'pull_cursor')).toBe(9);
    expect(await getMeta(db, 'snapshot_next')).toBeUndefined();
    await vi.waitFor(() => expect(engine.getSnapshot().snapshot).toBeNull());
  });

  it('saves the cursor only with the last page; until then the next page token', async () => {
    const server = new FakeSyncServer();
    withScholars(server, 5);
    const { db, startAndSync } = setup({
      api: {
        push: server.push,
        photos: server.photos,
        pull: async (params) => {
          // What the device has stored each time it asks for a page.
          seen.push([await getMeta(db, 'pull_cursor'), await getMeta(db, 'snapshot_next')]);
          return server.pull(params);
        },
      },
      pullLimit: 2,
    });
    const seen: unknown[][] = [];
    // A cursor from another database (the server's was restored): the server answers a snapshot from the start.
    await db.meta.put({ key: 'pull_cursor', value: 99 });
    await startAndSync();
    expect(seen).toEqual([
      [99, undefined],
      [undefined, 'page1'],
      [undefined, 'page2'],
      [5, undefined],
    ]);
    expect(await db.demographics.count()).toBe(5);
    expect(await getMeta(db, 'pull_cursor')).toBe(5);
  });

  it('starts over from the first page when the server does not take the stored token', async () => {
    const { db, server, startAndSync } = setup({ pullLimit: 2 });
    withScholars(server, 3);
    await db.demographics.put(scholar({ lname: 'Half' }));
    await db.meta.bulkPut([
      { key: 'snapshot_next', value: 'token-of-another-version' },
      { key: 'snapshot_received', value: 1 },
      { key: 'snapshot_total', value: 9 },
    ]);
    await startAndSync();
    expect(server.pulls).toEqual([
      { snapshot: 'token-of-another-version', limit: 2 },
      { limit: 2 },
      { snapshot: 'page1', limit: 2 },
      { since: 3, limit: 2 },
    ]);
    expect(await db.demographics.where('lname').equals('Half').count()).toBe(0);
    expect(await db.demographics.count()).toBe(3);
    expect(await getMeta(db, 'pull_cursor')).toBe(3);
    expect(await getMeta(db, 'snapshot_received')).toBeUndefined();
  });

  it('after a reload in the middle, goes on from the page it stopped at', async () => {
    const name = freshDbName();
    const server = new FakeSyncServer();
    const ids = withScholars(server, 5);
    const photoId = uuidv7();
    server.upsert('demographics', scholar({ id: `f${uuidv7().slice(1)}`, student_number: 'last', photo_id: photoId }));
    server.photoStore.set(photoId, { content_type: 'image/svg+xml', sha256: 'h', data: btoa('<svg/>') });
    // The connection drops while the third page is on its way; then the tab is closed.
    const cut: SyncApi['pull'] = async (params) => {
      if (server.pulls.length === 2) throw new ApiError('The server cannot be reached.', 0);
      return server.pull(params);
    };
    const interrupted = setup({ api: { push: server.push, photos: server.photos, pull: cut }, pullLimit: 2 }, name);
    await interrupted.startAndSync();
    // Half a roster, and the device knows it: the way to the next page, and no cursor.
    expect(await localIds(interrupted.db)).toEqual(ids.slice(0, 4));
    expect(await getMeta(interrupted.db, 'snapshot_next')).toBe('page2');
    expect(await getMeta(interrupted.db, 'snapshot_received')).toBe(4);
    expect(await getMeta(interrupted.db, 'pull_cursor')).toBeUndefined();
    expect(server.photoRequests).toEqual([]);
    await interrupted.engine.stop();
    interrupted.db.close();

    let shown: unknown = null;
    const reloaded = setup(
      {
        api: {
          push: server.push,
          photos: server.photos,
          pull: async (params) => {
            // After the reload, the bar shows where the download stands before the next page comes.
            if (params.snapshot !== undefined) {
              await vi.waitFor(() => expect(reloaded.engine.getSnapshot().snapshot).not.toBeNull());
              shown = reloaded.engine.getSnapshot().snapshot;
            }
            return server.pull(params);
          },
        },
        pullLimit: 2,
      },
      name,
    );
    await reloaded.startAndSync();
    expect(shown).toEqual({ received: 4, total: 6 });
    expect(server.pulls).toEqual([
      { limit: 2 },
      { snapshot: 'page1', limit: 2 },
      { snapshot: 'page2', limit: 2 },
      { since: 6, limit: 2 },
    ]);
    expect((await localIds(reloaded.db)).length).toBe(6);
    expect(await getMeta(reloaded.db, 'pull_cursor')).toBe(6);
    // The photos of the whole snapshot come once it is complete.
    expect(await reloaded.db.photos.get(photoId)).toMatchObject({ sha256: 'h' });
    await vi.waitFor(() => expect(reloaded.engine.getSnapshot().snapshot).toBeNull());
  });
});

describe('nothing unsent leaves the outbox except by discardEntry', () => {
  it('no code under src/ removes outbox rows or the database anywhere else', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const root = join(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !path.includes('/test/')) {
          files.push(path);
        }
      }
    };
    walk(root);
    const removal = new RegExp(
      [
        String.raw`outbox\s*\.\s*(?:delete|bulkDelete|clear)\s*\(`,
        String.raw`outbox\.(?:where|filter|toCollection)[^;]*\.delete\(`,
        'deleteDatabase',
        String.raw`(?:Dexie|Db|db)\.delete\(`,
      ].join('|'),
      'g',
    );
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(removal)) {
        const before = text.slice(0, match.index);
        const fn = [...before.matchAll(/(?:function|async function)\s+(\w+)/g)].at(-1)?.[1];
        found.push(`${relative(root, file)}:${fn}`);
      }
    }
    expect(found.sort()).toEqual(['offline/engine-push.ts:applyResults', 'offline/outbox.ts:discardEntry']);
  });

  it('through failures, pauses and replays, only entries the server confirmed are removed', async () => {
    const { db, server, engine, write, startAndSync } = setup({ batchSize: 3 });
    const deleted: string[] = [];
    db.outbox.hook('deleting', (key) => {
      deleted.push(String(key));
    });
    const entries: OutboxEntry[] = [];
    for (let i = 0; i < 10; i++) entries.push(await write());
    server.decide = (item) =>
      item.id === entries[4]?.id ? { id: item.id, status: 'rejected', message: 'No permission.' } : null;
    server.pushFaults.push(
      new ApiError('offline', 0),
      'apply-then-lose',
      new ApiError('Unauthenticated.', 401),
      new ApiError('Server Error.', 500),
    );
    await startAndSync();
    await engine.syncNow();
    await engine.syncNow();
    // Signing out and in again does not touch the outbox; resume() sends what waited.
    localStorage.removeItem('auth.token');
    await engine.resume();
    await engine.syncNow();
    await engine.syncNow();
    expect(new Set(deleted)).toEqual(new Set(entries.filter((_, i) => i !== 4).map((e) => e.id)));
    for (const id of deleted) expect(server.receipts.has(id)).toBe(true);
    expect((await db.outbox.toArray()).map((e) => [e.id, e.status])).toEqual([[entries[4]?.id, 'attention']]);
    expect(await db.check_ins.count()).toBe(9);
  });
});

describe('one sender per device', () => {
  it('only the lock holder sends; another tab takes over when it closes', async () => {
    const name = freshDbName();
    const locks = new FakeLockManager();
    const server = new FakeSyncServer();
    const calls = { a: 0, b: 0 };
    const tagged = (tab: 'a' | 'b') => ({
      push: (body: Parameters<FakeSyncServer['push']>[0]) => {
        calls[tab] += 1;
        return server.push(body);
      },
      pull: (params: Parameters<FakeSyncServer['pull']>[0]) => {
        calls[tab] += 1;
        return server.pull(params);
      },
      photos: server.photos,
    });
    const a = setup({ api: tagged('a'), locks }, name);
    const b = setup({ api: tagged('b'), locks }, name);
    a.engine.start();
    b.engine.start();
    await vi.waitFor(() => expect(a.engine.getSnapshot().isSender).toBe(true));
    expect(b.engine.getSnapshot().isSender).toBe(false);

    // A write in the tab that does not send is seen by the sender through the shared database.
    const entry = await b.engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(pushedIds(server)).toEqual([entry.id]));
    await b.engine.syncNow();
    expect(calls.b).toBe(0);
    await vi.waitFor(() => expect(b.engine.getSnapshot().waiting).toBe(0));

    await a.engine.stop();
    await vi.waitFor(() => expect(b.engine.getSnapshot().isSender).toBe(true));
    const next = await b.engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(pushedIds(server)).toContain(next.id));
    expect(calls.b).toBeGreaterThan(0);
    expect(pushedIds(server)).toEqual([entry.id, next.id]);
  });

  it('a sign-in and Sync now in a tab that does not send reach the sender', async () => {
    const name = freshDbName();
    const locks = new FakeLockManager();
    const hub = new FakeChannelHub();
    const sender = setup({ locks, openChannel: hub.open }, name);
    const other = setup({ locks, openChannel: hub.open, api: sender.server }, name);
    const entry = await sender.write();
    sender.server.pushFaults.push(new ApiError('Unauthenticated.', 401));
    await sender.startAndSync();
    other.engine.start();
    expect(sender.engine.getSnapshot().paused).toBe('unauthorized');
    expect(other.engine.getSnapshot().isSender).toBe(false);

    await other.engine.resume();
    await vi.waitFor(() => expect(pushedIds(sender.server)).toEqual([entry.id, entry.id]));
    expect(sender.engine.getSnapshot().paused).toBeNull();
    // The resumed round pulls after its push: count the pulls once that round is over, not in the middle of it (on a
    // busy machine the push was seen before the round's pull, which then counted as Sync now's).
    await sender.engine.idle();

    const pulls = sender.server.pulls.length;
    await other.engine.syncNow();
    await vi.waitFor(() => expect(sender.server.pulls.length).toBe(pulls + 1));
  });

  it('a write in a tab that does not send tells the sender at once, not only through the shared database', async () => {
    const name = freshDbName();
    const locks = new FakeLockManager();
    const hub = new FakeChannelHub();
    const sender = setup({ locks, openChannel: hub.open }, name);
    const other = setup({ locks, openChannel: hub.open, api: sender.server }, name);
    await sender.startAndSync();
    other.engine.start();
    expect(other.engine.getSnapshot().isSender).toBe(false);
    const entry = await other.engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(hub.posted).toContainEqual({ type: 'written' }));
    await vi.waitFor(() => expect(pushedIds(sender.server)).toEqual([entry.id]));
  });

  it('sends anyway without Web Locks', async () => {
    const { server, engine, write, startAndSync } = setup({ locks: null });
    await write();
    await startAndSync();
    expect(engine.getSnapshot().isSender).toBe(true);
    expect(server.pushes).toHaveLength(1);
  });
});

describe('triggers', () => {
  it('offline: nothing is tried; the online event sends at once', async () => {
    let online = false;
    const win = new EventTarget();
    const { server, engine, write, startAndSync } = setup({ isOnline: () => online, window: win });
    await write();
    await startAndSync();
    expect(server.pushes).toHaveLength(0);
    online = true;
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.pushes).toHaveLength(1));
    expect(engine.getSnapshot().online).toBe(true);
  });

  it('the page becoming visible pulls when the snapshot is old', async () => {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const { server, clock, startAndSync } = setup({ document: doc });
    await startAndSync();
    clock.current += 31_000;
    doc.dispatchEvent(new Event('visibilitychange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.pulls).toHaveLength(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(server.pulls).toHaveLength(2));
  });

  it('the service worker message sends what waits, backoff or not; writes register Background Sync', async () => {
    const register = vi.fn(async (_tag: string) => undefined);
    const sw = Object.assign(new EventTarget(), { controller: {}, ready: Promise.resolve({ sync: { register } }) });
    const { db, server, engine, write, startAndSync } = setup({ serviceWorker: sw });
    const entry = await write();
    server.pushFaults.push(new ApiError('offline', 0));
    await startAndSync();
    expect(await db.outbox.get(entry.id)).toMatchObject({ attempts: 1 });
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'OUTBOX_SYNC' } }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await engine.write('check_ins', checkInData());
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG));
  });

  it('a write resolves even when Background Sync fails or no worker controls the page', async () => {
    const broken = Object.assign(new EventTarget(), {
      controller: {},
      ready: Promise.resolve({ sync: { register: () => Promise.reject(new Error('NotAllowedError')) } }),
    });
    const first = setup({ serviceWorker: broken });
    await expect(first.engine.write('check_ins', checkInData())).resolves.toMatchObject({ status: 'pending' });
    const register = vi.fn(async (_tag: string) => undefined);
    const uncontrolled = Object.assign(new EventTarget(), {
      controller: null,
      ready: Promise.resolve({ sync: { register } }),
    });
    const second = setup({ serviceWorker: uncontrolled });
    await second.engine.write('check_ins', checkInData());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(register).not.toHaveBeenCalled();
    expect(await first.db.outbox.count()).toBe(1);
    expect(await second.db.outbox.count()).toBe(1);
  });

  it('keeps a jittered 15-30 s timer while anything waits, and a slower one for the snapshot', async () => {
    const idle = setup();
    await idle.startAndSync();
    // Nothing waits: 30 s for the snapshot, jittered up to 60 s (random 0.5 here).
    await vi.waitFor(() => expect(idle.timers.pendingDelays()).toEqual([45_000]));

    const { db, server, timers, write, startAndSync } = setup();
    const entry = await write();
    await db.outbox.update(entry.id, { attempts: 10 });
    server.pushFaults.push(new ApiError('Server Error.', 503));
    await startAndSync();
    // The backoff (150 s) ends after the 15-30 s timer: the timer comes first.
    expect(await db.outbox.get(entry.id)).toMatchObject({ next_attempt_at: T0 + 150_000 });
    await vi.waitFor(() => expect(timers.pendingDelays()).toEqual([22_500]));
  });

  it('keeps the waiting and attention counts live in the status', async () => {
    // Offline, so the entries stay and the counts can be watched.
    const { db, engine, write } = setup({ isOnline: () => false });
    engine.start();
    const entry = await write();
    await write();
    await vi.waitFor(() => expect(engine.getSnapshot()).toMatchObject({ waiting: 2, attention: 0 }));
    await db.outbox.update(entry.id, { status: 'attention' });
    await vi.waitFor(() => expect(engine.getSnapshot()).toMatchObject({ waiting: 1, attention: 1 }));
  });
});
