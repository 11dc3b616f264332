/**
 * Photos kept on the device, read once per photo and shared by every component that shows it. A station list mounts a
 * dozen faces per keystroke; a Dexie live query per face (subscribe, query, unsubscribe) cost more than the rest of the
 * row (bench/roster-search.mjs). A photo id always names the same bytes (a new picture is a new photo), so a blob read
 * once stays right; a photo not downloaded yet is read again when the photos table gains keys.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import type { OfflineDb } from './db';

export interface PhotoCache {
  /** The photo kept on this device; null when there is none, undefined while it is read. */
  usePhoto(photoId: string | null): Blob | null | undefined;
}

export function createPhotoCache(db: OfflineDb): PhotoCache {
  const blobs = new Map<string, Blob | null>();
  const reading = new Set<string>();
  const listeners = new Map<string, Set<() => void>>();
  let watch: Subscription | null = null;

  const notify = (id: string) => {
    for (const listener of listeners.get(id) ?? []) listener();
  };

  function read(id: string) {
    if (reading.has(id)) return;
    reading.add(id);
    db.photos.get(id).then(
      (row) => {
        reading.delete(id);
        blobs.set(id, row?.blob ?? null);
        if (!row) watchForNewPhotos();
        notify(id);
      },
      () => {
        // The database could not be read: nothing is cached, so the next subscriber tries again.
        reading.delete(id);
      },
    );
  }

  /** Once some photo is missing: when the table gains it (a download), read it again. */
  function watchForNewPhotos() {
    if (watch) return;
    watch = liveQuery(() => db.photos.toCollection().primaryKeys()).subscribe({
      next(keys) {
        const present = new Set(keys as string[]);
        for (const [id, blob] of blobs) if (blob === null && present.has(id)) read(id);
      },
      error() {
        watch = null;
      },
    });
  }

  function subscribe(id: string, listener: () => void): () => void {
    let set = listeners.get(id);
    if (!set) {
      set = new Set();
      listeners.set(id, set);
    }
    set.add(listener);
    if (!blobs.has(id)) read(id);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(id);
    };
  }

  return {
    usePhoto(photoId) {
      const subscribeTo = useCallback(
        (listener: () => void) => (photoId ? subscribe(photoId, listener) : () => undefined),
        [photoId],
      );
      return useSyncExternalStore(subscribeTo, () => (photoId ? blobs.get(photoId) : null));
    },
  };
}
