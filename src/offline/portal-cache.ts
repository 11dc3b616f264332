/**
 * The Scholar Portal's answers kept on the device: each call's last answer, per signed-in person,
 * so a phone that goes offline shows what it last saw with "as of" instead of an empty screen. The cache is a
 * fallback, never the source: online, the server's answer wins and replaces it.
 */
import type { OfflineDb, PortalCacheRow } from './db';

/** How many answers one person keeps at most (the oldest go first): a month of calendar pages, a few children. */
export const PORTAL_CACHE_LIMIT = 200;

/**
 * The shape of the answers kept: raised when a call's answer changes shape (the calendar's events took the seed's
 * fields `start, end, allDay`), so a device never shows an answer of the old shape as if it were of the new one. The
 * old rows are no longer read and go with the limit below.
 */
export const PORTAL_CACHE_FORMAT = 2;

const keyOf = (userId: string, path: string) => `${userId} ${PORTAL_CACHE_FORMAT} ${path}`;

export interface CachedAnswer<T> {
  data: T;
  /** Epoch ms when the server gave this answer. */
  fetchedAt: number;
}

/** The portal cache of one database. */
export function createPortalCache(db: OfflineDb) {
  return {
    /** The last answer this person got for this call, if the device has one. */
    async read<T>(userId: string, path: string): Promise<CachedAnswer<T> | null> {
      const row = await db.portal_cache.get(keyOf(userId, path));
      return row ? { data: row.data as T, fetchedAt: row.fetched_at } : null;
    },

    /** Keeps an answer; beyond the limit, this person's oldest answers go. */
    async write(userId: string, path: string, data: unknown, fetchedAt = Date.now()): Promise<void> {
      const row: PortalCacheRow = { key: keyOf(userId, path), user_id: userId, data, fetched_at: fetchedAt };
      await db.transaction('rw', db.portal_cache, async () => {
        await db.portal_cache.put(row);
        const mine = await db.portal_cache.where('user_id').equals(userId).toArray();
        if (mine.length <= PORTAL_CACHE_LIMIT) return;
        const oldest = mine.sort((a, b) => a.fetched_at - b.fetched_at).slice(0, mine.length - PORTAL_CACHE_LIMIT);
        await db.portal_cache.bulkDelete(oldest.map((r) => r.key));
      });
    },

    /** Forgets everything one person's portal kept (their sign-out on a shared phone). */
    async clear(userId: string): Promise<void> {
      await db.portal_cache.where('user_id').equals(userId).delete();
    },
  };
}
export type PortalCache = ReturnType<typeof createPortalCache>;
