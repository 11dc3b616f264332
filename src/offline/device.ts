/**
 * A stable id for this device (browser profile), sent with every push so the server can say which station wrote what
 * (check_ins.device_id, audit events). Made once as a UUIDv7 and kept in the `meta` table, mirrored in localStorage:
 * if either store is cleared the other restores it, so a station keeps its identity through a partial wipe.
 */
import { uuidv7 } from '../contract/ids';
import { getMeta, type OfflineDb, setMeta } from './db';

export const DEVICE_ID_KEY = 'offline.device_id';

const known = new WeakMap<OfflineDb, Promise<string>>();

function readMirror(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(DEVICE_ID_KEY) ?? null;
  } catch {
    return null;
  }
}

function writeMirror(storage: Storage | undefined, id: string): void {
  try {
    storage?.setItem(DEVICE_ID_KEY, id);
  } catch {
    // Storage disabled or full: the meta table still holds the id.
  }
}

async function loadDeviceId(db: OfflineDb, storage: Storage | undefined): Promise<string> {
  const id = await db.transaction('rw', db.meta, async () => {
    const stored = await getMeta(db, 'device_id');
    if (stored) return stored;
    // The transaction serialises tabs opening at once: the first one writes, the others read its id.
    const made = readMirror(storage) ?? uuidv7();
    await setMeta(db, 'device_id', made);
    return made;
  });
  if (readMirror(storage) !== id) writeMirror(storage, id);
  return id;
}

/** This device's id, made on first use; the same for every tab and every later start. */
export function getDeviceId(db: OfflineDb, storage: Storage | undefined = globalThis.localStorage): Promise<string> {
  let id = known.get(db);
  if (!id) {
    id = loadDeviceId(db, storage);
    known.set(db, id);
    // A failed read (database blocked) is tried again by the next caller instead of being remembered.
    id.catch(() => known.delete(db));
  }
  return id;
}
