import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UUID_PATTERN } from '../contract';
import { createOfflineDb, getMeta, type OfflineDb } from './db';
import { DEVICE_ID_KEY, getDeviceId } from './device';
import { freshDbName } from './test/fakes';

let name: string;
let dbs: OfflineDb[] = [];
const open = () => {
  const db = createOfflineDb(name);
  dbs.push(db);
  return db;
};
beforeEach(() => {
  name = freshDbName();
  localStorage.removeItem(DEVICE_ID_KEY);
});
afterEach(async () => {
  for (const db of dbs) db.close();
  await dbs[0]?.delete();
  dbs = [];
});

describe('getDeviceId', () => {
  it('makes a UUIDv7 once and keeps it in meta and localStorage', async () => {
    const id = await getDeviceId(open());
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe('7');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
    // Another tab (another connection) reads the same id.
    const other = open();
    expect(await getMeta(other, 'device_id')).toBe(id);
    expect(await getDeviceId(other)).toBe(id);
  });

  it('two tabs starting at once agree on one id', async () => {
    const [a, b] = await Promise.all([getDeviceId(open()), getDeviceId(open())]);
    expect(a).toBe(b);
  });

  it('restores the id from localStorage when the database was wiped, and the other way round', async () => {
    localStorage.setItem(DEVICE_ID_KEY, '0190f3a4-2222-7000-8000-000000000009');
    expect(await getDeviceId(open())).toBe('0190f3a4-2222-7000-8000-000000000009');
    localStorage.removeItem(DEVICE_ID_KEY);
    expect(await getDeviceId(open())).toBe('0190f3a4-2222-7000-8000-000000000009');
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe('0190f3a4-2222-7000-8000-000000000009');
  });
});
