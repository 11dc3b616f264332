import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineDb, type OfflineDb, type OutboxEntry } from './db';
import {
  amendEntry,
  attentionCsv,
  attentionEntries,
  correctEntry,
  discardEntry,
  enqueue,
  OutboxBusyError,
  OutboxValidationError,
  outboxCounts,
  retryEntry,
  waitingEntries,
} from './outbox';
import { checkInData, freshDbName, T0 } from './test/fakes';

const USER = '0190f3a4-0000-7000-8000-000000000001';
let db: OfflineDb;
beforeEach(() => {
  db = createOfflineDb(freshDbName());
});
afterEach(async () => {
  await db.delete();
});

const add = (extra: Record<string, unknown> = {}, now = T0) =>
  enqueue(db, { resource: 'check_ins', action: 'create', data: checkInData(extra) }, { recordedBy: USER, now });

async function markAttention(id: string, patch: Partial<OutboxEntry> = {}) {
  await db.outbox.update(id, { status: 'attention', last_error: 'The entry is not valid.', ...patch });
}

describe('enqueue', () => {
  it("keeps the recorder's name with the entry, for the device panel (never sent)", async () => {
    const entry = await enqueue(
      db,
      { resource: 'check_ins', action: 'create', data: checkInData() },
      { recordedBy: USER, recordedByName: 'Rosa Diaz', now: T0 },
    );
    expect((await db.outbox.get(entry.id))?.recorded_by_name).toBe('Rosa Diaz');
  });

  it('stores a pending entry whose record id is the entry id, with who, when and which device', async () => {
    const entry = await add();
    const stored = await db.outbox.get(entry.id);
    expect(stored).toEqual(entry);
    expect(entry).toMatchObject({
      resource: 'check_ins',
      action: 'create',
      status: 'pending',
      attempts: 0,
      next_attempt_at: T0,
      recorded_by: USER,
      last_error: null,
    });
    expect(entry.data.id).toBe(entry.id);
    expect(entry.recorded_at).toBe(new Date(T0).toISOString());
    expect(entry.device_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a record id the station chose', async () => {
    const id = '0190f3a4-1111-7000-8000-000000000001';
    const entry = await add({ id });
    expect(entry.data.id).toBe(id);
    expect(entry.id).not.toBe(id);
  });

  it('refuses data the contract refuses, before anything is stored', async () => {
    const error = await add({ kind: 'teleport', scholar_id: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxValidationError);
    expect(Object.keys((error as OutboxValidationError).errors).sort()).toEqual(['kind', 'scholar_id']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives entries written in the same millisecond ids in the order they were written', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await add({}, T0 + 10_000)).id);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('reads', () => {
  it('lists waiting and needs-attention entries apart, oldest first, and counts them', async () => {
    const a = await add();
    const b = await add();
    const c = await add();
    const d = await add();
    await markAttention(b.id);
    await db.outbox.update(c.id, { status: 'sending' });
    expect((await waitingEntries(db)).map((e) => e.id)).toEqual([a.id, c.id, d.id]);
    expect((await attentionEntries(db)).map((e) => e.id)).toEqual([b.id]);
    expect(await outboxCounts(db)).toEqual({ waiting: 3, attention: 1 });
  });
});

describe('retry, correct and discard', () => {
  it('retry puts an entry back to pending with no backoff and clears the reasons', async () => {
    const entry = await add();
    await markAttention(entry.id, { attempts: 4, next_attempt_at: T0 + 60_000, field_errors: { kind: ['x'] } });
    expect(await retryEntry(db, entry.id, T0 + 5)).toBe(true);
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: T0 + 5,
      last_error: null,
      field_errors: null,
    });
    expect(await retryEntry(db, 'no-such-entry')).toBe(false);
  });

  it('correct replaces the data, keeps the record id, and checks the fix with the contract', async () => {
    const entry = await add();
    await markAttention(entry.id, { server_record: { id: 'other' } });
    const fixed = checkInData({ kind: 'departure' });
    expect(await correctEntry(db, entry.id, fixed, T0 + 7)).toBe(true);
    const stored = await db.outbox.get(entry.id);
    expect(stored?.data).toEqual({ ...fixed, id: entry.id });
    expect(stored).toMatchObject({ status: 'pending', attempts: 0, server_record: null, last_error: null });
    await expect(correctEntry(db, entry.id, { kind: 'teleport' })).rejects.toBeInstanceOf(OutboxValidationError);
    expect((await db.outbox.get(entry.id))?.data.kind).toBe('departure');
  });

  it('discard removes an entry, and is refused while the entry is in flight', async () => {
    const entry = await add();
    const flying = await add();
    await db.outbox.update(flying.id, { status: 'sending' });
    await expect(discardEntry(db, flying.id)).rejects.toBeInstanceOf(OutboxBusyError);
    await expect(retryEntry(db, flying.id)).rejects.toBeInstanceOf(OutboxBusyError);
    expect(await discardEntry(db, entry.id)).toBe(true);
    expect(await discardEntry(db, entry.id)).toBe(false);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([flying.id]);
  });
});

describe('attentionCsv', () => {
  it('exports the needs-attention entries only, one row each, data as JSON', async () => {
    await add();
    const entry = await add({ reason: 'Dentist, then "lunch"' });
    await markAttention(entry.id, { last_error: 'The entry is not valid.', field_errors: { kind: ['Bad kind.'] } });
    const csv = await attentionCsv(db);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"id","resource","recorded_at","recorded_by","status","error","data"');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const json = JSON.stringify(entry.data).replaceAll('"', '""');
    expect(lines[1]).toBe(
      `"${entry.id}","check_ins","${entry.recorded_at}","${USER}","attention","The entry is not valid.; kind: Bad kind.","${json}"`,
    );
  });
});

describe('timesheets: updates and amending an unsent entry', () => {
  const START = new Date(T0 - 3_600_000).toISOString();
  const END = new Date(T0).toISOString();
  const clockIn = () =>
    enqueue(
      db,
      { resource: 'timesheets', action: 'create', data: { started_at: START, method: 'clock' } },
      { recordedBy: USER, now: T0 },
    );

  it('amends an unsent clock-in with its clock-out: one entry carries both times', async () => {
    const entry = await clockIn();
    expect(await amendEntry(db, entry.id, { ended_at: END })).toBe(true);
    const all = await db.outbox.toArray();
    expect(all).toHaveLength(1);
    expect(all[0]?.data).toMatchObject({ id: entry.id, started_at: START, ended_at: END, method: 'clock' });
  });

  it('refuses to amend an entry in flight (the clock-out must then be an update) and one that is stopped', async () => {
    const entry = await clockIn();
    await db.outbox.update(entry.id, { status: 'sending' });
    await expect(amendEntry(db, entry.id, { ended_at: END })).rejects.toBeInstanceOf(OutboxBusyError);
    await markAttention(entry.id);
    expect(await amendEntry(db, entry.id, { ended_at: END })).toBe(false);
    expect((await db.outbox.get(entry.id))?.data.ended_at).toBeUndefined();
  });

  it('refuses an amendment the contract refuses (an end before the start), leaving the entry as it was', async () => {
    const entry = await clockIn();
    await expect(amendEntry(db, entry.id, { ended_at: new Date(T0 - 7_200_000).toISOString() })).rejects.toBeInstanceOf(
      OutboxValidationError,
    );
    expect((await db.outbox.get(entry.id))?.data.ended_at).toBeUndefined();
  });

  it('queues an update that names the record and the version it was based on; without a version it is refused', async () => {
    const id = '0190f3a4-0000-7000-8000-0000000000aa';
    const entry = await enqueue(
      db,
      { resource: 'timesheets', action: 'update', data: { id, base_version: 2, ended_at: END } },
      { recordedBy: USER, now: T0 },
    );
    expect(entry).toMatchObject({ action: 'update', data: { id, base_version: 2, ended_at: END } });
    await expect(
      enqueue(db, { resource: 'timesheets', action: 'update', data: { id, ended_at: END } }, { recordedBy: USER }),
    ).rejects.toBeInstanceOf(OutboxValidationError);
  });

  it('refuses an update of a resource the outbox only creates', async () => {
    await expect(
      enqueue(db, { resource: 'check_ins', action: 'update', data: checkInData() }, { recordedBy: USER }),
    ).rejects.toBeInstanceOf(OutboxValidationError);
  });
});
