import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, type OfflineDb } from './db';
import { createPortalCache, PORTAL_CACHE_LIMIT } from './portal-cache';
import { freshDbName } from './test/fakes';

let db: OfflineDb;
afterEach(async () => {
  await db?.delete();
});

describe('the portal answers kept on the device', () => {
  it("keeps each person's answer per call with its time, apart from another person's", async () => {
    db = createOfflineDb(freshDbName());
    const cache = createPortalCache(db);
    await cache.write('scholar', 'v2/scholar/scholars', { data: [1] }, 1000);
    await cache.write('parent', 'v2/scholar/scholars', { data: [1, 2] }, 2000);
    expect(await cache.read('scholar', 'v2/scholar/scholars')).toEqual({ data: { data: [1] }, fetchedAt: 1000 });
    expect(await cache.read('parent', 'v2/scholar/scholars')).toEqual({ data: { data: [1, 2] }, fetchedAt: 2000 });
    expect(await cache.read('scholar', 'v2/scholar/calendar')).toBeNull();
    await cache.write('scholar', 'v2/scholar/scholars', { data: [3] }, 3000);
    expect((await cache.read('scholar', 'v2/scholar/scholars'))?.fetchedAt).toBe(3000);
  });

  it("forgets one person's answers at their sign-out and keeps the oldest out beyond the limit", async () => {
    db = createOfflineDb(freshDbName());
    const cache = createPortalCache(db);
    for (let i = 0; i <= PORTAL_CACHE_LIMIT; i++) await cache.write('a', `call/${i}`, i, 10_000 + i);
    await cache.write('b', 'call/0', 'b', 1);
    expect(await cache.read('a', 'call/0')).toBeNull();
    expect(await cache.read('a', 'call/1')).not.toBeNull();
    expect(await db.portal_cache.where('user_id').equals('a').count()).toBe(PORTAL_CACHE_LIMIT);
    await cache.clear('a');
    expect(await db.portal_cache.where('user_id').equals('a').count()).toBe(0);
    expect(await cache.read('b', 'call/0')).toEqual({ data: 'b', fetchedAt: 1 });
  });
});
