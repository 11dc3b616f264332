import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CheckInRecord, uuidv7 } from '../contract';
import { createOfflineDb, type OfflineDb } from './db';
import { createSyncEngine, type SyncEngine } from './engine';
import { enqueue } from './outbox';
import { createOfflineHooks, mergeStationRecords, readStationRecords } from './react';
import { checkInData, FakeClock, FakeSyncServer, FakeTimers, freshDbName, T0 } from './test/fakes';

const USER = '0190f3a4-0000-7000-8000-000000000001';
let db: OfflineDb;
let engine: SyncEngine;
afterEach(async () => {
  await engine.stop();
  db.close();
  await db.delete();
});

function setup(online = true) {
  db = createOfflineDb(freshDbName());
  const server = new FakeSyncServer();
  const clock = new FakeClock();
  engine = createSyncEngine({
    db,
    api: server,
    locks: null,
    getUserId: () => USER,
    now: clock.now,
    random: () => 0.5,
    timers: new FakeTimers(clock),
    isOnline: () => online,
  });
  return { server, hooks: createOfflineHooks({ db, engine }) };
}

function serverCheckIn(extra: Partial<CheckInRecord> = {}): CheckInRecord {
  return {
    id: uuidv7(T0 - 60_000),
    kind: 'arrival',
    scholar_id: uuidv7(),
    occurred_at: new Date(T0 - 60_000).toISOString(),
    school_day: '2026-03-02',
    reason: null,
    method: 'kiosk',
    pick_up_id: null,
    pick_up_name: null,
    flagged: false,
    late: false,
    recorded_by: null,
    device_id: 'other-device',
    created_at: new Date(T0).toISOString(),
    updated_at: new Date(T0).toISOString(),
    ...extra,
  };
}

describe('mergeStationRecords', () => {
  it('flags local records, waiting entries and entries that need attention', async () => {
    setup();
    const confirmed = serverCheckIn();
    const waiting = await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: USER },
    );
    const stuck = await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: USER },
    );
    // Sent, applied, and pulled, but the answer was lost: the record is here and its entry still waits.
    const replay = await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: USER },
    );
    const stored = serverCheckIn({ id: replay.id });
    const items = mergeStationRecords([confirmed, stored], [waiting, { ...stuck, status: 'attention' }, replay]);
    expect(items.map((i) => [i.record.id, i.confirmed, i.pending, i.attention])).toEqual([
      [confirmed.id, true, false, false],
      [replay.id, true, true, false],
      [waiting.id, false, true, false],
      [stuck.id, false, false, true],
    ]);
  });

  it('narrows with where, keeping waiting entries that do not carry the field yet', async () => {
    setup();
    const scholarId = uuidv7();
    await db.check_ins.bulkPut([
      serverCheckIn({ scholar_id: scholarId }),
      serverCheckIn({ school_day: '2026-03-01', scholar_id: scholarId }),
      serverCheckIn(),
    ]);
    await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData({ scholar_id: scholarId }) },
      { recordedBy: USER },
    );
    await enqueue(db, { resource: 'check_ins', action: 'create', data: checkInData() }, { recordedBy: USER });
    const bySchoolDay = await readStationRecords(db, 'check_ins', { school_day: '2026-03-02', scholar_id: scholarId });
    expect(bySchoolDay.map((i) => [i.confirmed, i.record.scholar_id])).toEqual([
      [true, scholarId],
      [false, scholarId],
    ]);
    expect(await readStationRecords(db, 'check_ins', { scholar_id: scholarId })).toHaveLength(3);
    expect(await readStationRecords(db, 'check_ins')).toHaveLength(5);
  });
});

describe('station hooks', () => {
  it('shows a new write at once as not yet sent, then as confirmed once the server has it', async () => {
    let online = false;
    db = createOfflineDb(freshDbName());
    const server = new FakeSyncServer();
    const clock = new FakeClock();
    engine = createSyncEngine({
      db,
      api: server,
      locks: null,
      getUserId: () => USER,
      now: clock.now,
      random: () => 0.5,
      timers: new FakeTimers(clock),
      isOnline: () => online,
    });
    const hooks = createOfflineHooks({ db, engine });
    const existing = serverCheckIn();
    server.upsert('check_ins', existing);
    await db.check_ins.put(existing);
    engine.start();

    const { result } = renderHook(() => ({
      list: hooks.useStationRecords('check_ins', { where: { school_day: '2026-03-02' } }),
      write: hooks.useStationWrite(),
      status: hooks.useSyncStatus(),
      waiting: hooks.useWaitingEntries(),
    }));
    await waitFor(() => expect(result.current.list).toHaveLength(1));

    let written: Awaited<ReturnType<typeof result.current.write>> | undefined;
    await act(async () => {
      written = await result.current.write('check_ins', checkInData());
    });
    // The write resolved with the entry in IndexedDB: the list shows it, flagged as waiting.
    expect(await db.outbox.get(written?.id ?? '')).toBeDefined();
    await waitFor(() =>
      expect(result.current.list?.map((i) => [i.record.id, i.confirmed, i.pending])).toEqual([
        [existing.id, true, false],
        [written?.id, false, true],
      ]),
    );
    await waitFor(() => expect(result.current.status.waiting).toBe(1));
    expect(result.current.waiting?.map((e) => e.id)).toEqual([written?.id]);

    online = true;
    await act(async () => {
      await engine.syncNow();
    });
    await waitFor(() =>
      expect(result.current.list?.map((i) => [i.record.id, i.confirmed, i.pending])).toEqual([
        [existing.id, true, false],
        [written?.id, true, false],
      ]),
    );
    expect(result.current.list?.[1]?.record).toMatchObject({ school_day: '2026-03-02', recorded_by: USER });
    await waitFor(() => expect(result.current.status.waiting).toBe(0));
  });

  it('lists needs-attention entries, and applies filter, sort and limit', async () => {
    const { hooks } = setup(false);
    const a = await enqueue(db, { resource: 'check_ins', action: 'create', data: checkInData() }, { recordedBy: USER });
    const b = await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData({ kind: 'departure' }) },
      { recordedBy: USER },
    );
    await db.outbox.update(a.id, { status: 'attention' });
    const { result } = renderHook(() => ({
      attention: hooks.useAttentionEntries(),
      departures: hooks.useStationRecords('check_ins', { filter: (i) => i.record.kind === 'departure' }),
      newest: hooks.useStationRecords('check_ins', { sort: (x, y) => (x.record.id < y.record.id ? 1 : -1), limit: 1 }),
    }));
    await waitFor(() => expect(result.current.attention?.map((e) => e.id)).toEqual([a.id]));
    await waitFor(() => expect(result.current.departures?.map((i) => i.record.id)).toEqual([b.id]));
    expect(result.current.newest?.map((i) => i.record.id)).toEqual([b.id]);
  });
});
