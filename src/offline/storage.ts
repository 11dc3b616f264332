/**
 * Storage persistence for the outbox and the snapshot (DESIGN section 5). Without it a browser short of space may
 * evict this origin's IndexedDB, and with it entries not yet sent; `persist()` asks it not to. The answer is
 * remembered so screens can say whether the device's data is safe from eviction, and the estimate shows how full it is.
 */

/** The part of StorageManager used here (navigator.storage, or a fake in tests). */
export type StorageManagerLike = Partial<Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>>;

export interface StorageEstimate {
  /** Bytes used by this origin, when the browser says. */
  usage: number | null;
  /** Bytes this origin may use, when the browser says. */
  quota: number | null;
  /** Whether the browser promised not to evict this origin's data. */
  persisted: boolean;
}

const remembered = new WeakMap<object, boolean>();

function defaultStorage(): StorageManagerLike | undefined {
  return globalThis.navigator?.storage;
}

/**
 * Asks the browser to keep this origin's data; true when it is persistent. A grant is remembered (no second ask); a
 * refusal is asked again on a later call, since Chrome grants later (for instance once the app is installed).
 */
export async function requestPersistence(storage: StorageManagerLike | undefined = defaultStorage()): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return false;
  const known = remembered.get(storage);
  if (known) return true;
  let granted = false;
  try {
    granted = (typeof storage.persisted === 'function' && (await storage.persisted())) || (await storage.persist());
  } catch {
    granted = false;
  }
  remembered.set(storage, granted);
  return granted;
}

/** How much this origin stores, may store, and whether it is safe from eviction. */
export async function storageEstimate(
  storage: StorageManagerLike | undefined = defaultStorage(),
): Promise<StorageEstimate> {
  let usage: number | null = null;
  let quota: number | null = null;
  let persisted = storage ? (remembered.get(storage) ?? false) : false;
  if (storage && typeof storage.estimate === 'function') {
    try {
      const estimate = await storage.estimate();
      usage = estimate.usage ?? null;
      quota = estimate.quota ?? null;
    } catch {
      // Some browsers refuse in private windows; the screen shows "unknown".
    }
  }
  if (storage && typeof storage.persisted === 'function') {
    try {
      persisted = await storage.persisted();
    } catch {
      // Keep what requestPersistence learned.
    }
  }
  return { usage, quota, persisted };
}
