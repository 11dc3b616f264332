/**
 * The offline layer's public surface (DESIGN section 5): the app's database, its sync engine wired to the real
 * browser (Web Locks, online/visibility events, the service worker, BroadcastChannel) and the sync API, the hooks the
 * station screens use, the outbox actions of the needs-attention list, and storage persistence. Importing this module
 * opens nothing and sends nothing; the app calls `syncEngine.start()` once it has mounted, `setUserIdSource()` so
 * writes carry who made them, and `syncEngine.resume()` after a new sign-in.
 */
import { fetchSyncPhotos, pullSync, pushSync } from '../api/sync';
import { createOfflineDb } from './db';
import { createSyncEngine, SYNC_CHANNEL } from './engine';
import * as outbox from './outbox';
import { createPortalCache } from './portal-cache';
import { createOfflineHooks } from './react';

export {
  createOfflineDb,
  LOCAL_RESOURCES,
  type LocalRecords,
  type LocalResource,
  OFFLINE_DB_NAME,
  type OfflineDb,
  type OutboxEntry,
  type OutboxStatus,
  type PhotoRow,
  type PortalCacheRow,
} from './db';
export { getDeviceId } from './device';
export { createSyncEngine, type SyncApi, type SyncEngine, type SyncEngineDeps, type SyncStatus } from './engine';
export { OutboxBusyError, OutboxValidationError } from './outbox';
export { createPhotoCache, type PhotoCache } from './photo-cache';
export { type CachedAnswer, createPortalCache, PORTAL_CACHE_LIMIT, type PortalCache } from './portal-cache';
export { mergeStationRecords, type StationItem, type StationQuery } from './react';
export { requestPersistence, type StorageEstimate, storageEstimate } from './storage';

/** The app's IndexedDB database, `school-ops`. */
export const offlineDb = createOfflineDb();

/** The Scholar Portal's last answers on this device. */
export const portalCache = createPortalCache(offlineDb);

let userIdSource: () => string | null = () => null;
let userNameSource: () => string | null = () => null;

/** Tells the offline layer how to read the signed-in user's id (recorded with each write). */
export function setUserIdSource(source: () => string | null): void {
  userIdSource = source;
}

/** Tells the offline layer how to read the signed-in user's name (kept with each write for the device panel). */
export function setUserNameSource(source: () => string | null): void {
  userNameSource = source;
}

/**
 * The signed-in person's name when `userId` is theirs, else null: the device panel names with it the entries kept
 * before entries carried their recorder's name. The device knows no other staff member's name.
 */
export function recorderName(userId: string): string | null {
  return userId === userIdSource() ? userNameSource() : null;
}

const nav: Navigator | undefined = globalThis.navigator;

/** The app's one sync engine; `start()` it once the app has mounted. */
export const syncEngine = createSyncEngine({
  db: offlineDb,
  api: { push: pushSync, pull: pullSync, photos: fetchSyncPhotos },
  locks: nav?.locks ?? null,
  getUserId: () => userIdSource(),
  getUserName: () => userNameSource(),
  isOnline: () => nav?.onLine !== false,
  window: typeof window === 'undefined' ? null : window,
  document: typeof document === 'undefined' ? null : document,
  serviceWorker: nav && 'serviceWorker' in nav ? nav.serviceWorker : null,
  openChannel: typeof BroadcastChannel === 'function' ? () => new BroadcastChannel(SYNC_CHANNEL) : null,
});

export const {
  useSyncStatus,
  useAttentionEntries,
  useWaitingEntries,
  useStationRecords,
  useStationWrite,
  useStationAmend,
  useScholarNames,
} = createOfflineHooks({ db: offlineDb, engine: syncEngine });

/** Sends a needs-attention entry again as it is. False when there is no such entry. */
export async function retryEntry(id: string): Promise<boolean> {
  const done = await outbox.retryEntry(offlineDb, id);
  if (done) syncEngine.notifyChange();
  return done;
}

/** Replaces an entry's data with the person's fix and sends it again; OutboxValidationError when still invalid. */
export async function correctEntry(id: string, data: Record<string, unknown>): Promise<boolean> {
  const done = await outbox.correctEntry(offlineDb, id, data);
  if (done) syncEngine.notifyChange();
  return done;
}

/** Removes an entry without sending it (the screen has asked the person to confirm). */
export function discardEntry(id: string): Promise<boolean> {
  return outbox.discardEntry(offlineDb, id);
}

/** The needs-attention entries as CSV text for export. */
export function attentionCsv(): Promise<string> {
  return outbox.attentionCsv(offlineDb);
}
