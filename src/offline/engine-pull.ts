/**
 * The engine's pull (engine.ts): the reference snapshot kept up to date from `GET v2/sync/pull`, a new device's
 * snapshot page after page (each applied with the way to the next in one transaction), then the changes since its
 * cursor, and the photos the records name from `POST v2/sync/photos`.
 */
// The contract's modules rather than its index (see outbox.ts).
import type { SyncPullResponse } from '../contract/sync';
import { getMeta, isLocalResource, LOCAL_RESOURCES, type MetaKey, type OfflineDb, setMeta } from './db';
import { asApiError, isRecordWithId, type PullParams, type SyncApi, type SyncStatus } from './engine-shared';

/** Decodes a base64 photo into a Blob of its content type. */
export function base64ToBlob(data: string, contentType: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: contentType });
}

/** What the pull is given by the engine: its dependencies, and whether the engine has stopped. */
export interface PullContext {
  db: OfflineDb;
  api: SyncApi;
  now: () => number;
  pullLimit: number;
  photoBatchSize: number;
  isStopped: () => boolean;
  setStatus: (patch: Partial<SyncStatus>) => void;
  reportError: (kind: 'push' | 'pull' | 'local', message: string | null) => void;
}

/** The pull of one engine; `lastPullAt` is when it last brought the device up to date. */
export function createPull(ctx: PullContext) {
  const { db, api, now, pullLimit, photoBatchSize, isStopped, setStatus, reportError } = ctx;
  let lastPullAt = Number.NEGATIVE_INFINITY;
  /** Photos the server did not hand out (not visible to this user): not asked for again in this session. */
  const photoMisses = new Set<string>();

  // ---- pull ----

  /** The meta rows of a snapshot under way; gone once its last page is in (or it starts over). */
  const SNAPSHOT_PLACE: MetaKey[] = ['snapshot_next', 'snapshot_received', 'snapshot_total'];

  /** Where the next pull starts: the snapshot page a reload interrupted, else the stored cursor, else a new snapshot. */
  async function pullStart(): Promise<PullParams> {
    const [token, cursor] = await Promise.all([getMeta(db, 'snapshot_next'), getMeta(db, 'pull_cursor')]);
    if (typeof token === 'string') return { snapshot: token };
    return typeof cursor === 'number' ? { since: cursor } : {};
  }

  /**
   * Applies one page and moves the device's place in the same transaction: a reload between two pages goes on from the
   * next one, and never finds a cursor that claims tables it holds only part of.
   */
  async function applyPage(page: SyncPullResponse, isSnapshot: boolean): Promise<void> {
    const tables = LOCAL_RESOURCES.map((r) => db.recordTable(r));
    await db.transaction('rw', [...tables, db.meta], async () => {
      if (page.reset) {
        // A snapshot is the whole truth of what this user may see: what it leaves out is gone from the device too.
        for (const table of tables) await table.clear();
        await db.meta.bulkDelete(['pull_cursor', ...SNAPSHOT_PLACE]);
      }
      // Last change per record wins; a page may name one record twice.
      const latest = new Map<string, SyncPullResponse['changes'][number]>();
      for (const change of page.changes) {
        if (!isLocalResource(change.resource)) continue;
        latest.set(`${change.resource}:${change.id}`, change);
      }
      for (const resource of LOCAL_RESOURCES) {
        const mine = [...latest.values()].filter((c) => c.resource === resource);
        const upserts = mine.flatMap((c) =>
          c.op === 'upsert' && isRecordWithId(c.record) ? [{ ...c.record, id: c.id }] : [],
        );
        const deletes = mine.filter((c) => c.op === 'delete').map((c) => c.id);
        await db.table(resource).bulkPut(upserts);
        await db.table(resource).bulkDelete(deletes);
      }
      const at = now();
      if (isSnapshot && page.snapshot_next !== undefined) {
        // More pages follow: keep the way to the next one, and no cursor until the last is in.
        const received = (page.reset ? 0 : ((await getMeta(db, 'snapshot_received')) ?? 0)) + page.changes.length;
        await setMeta(db, 'snapshot_next', page.snapshot_next);
        await setMeta(db, 'snapshot_received', received);
        await setMeta(db, 'snapshot_total', Math.max(received, page.snapshot_total ?? 0));
      } else {
        if (isSnapshot) await db.meta.bulkDelete(SNAPSHOT_PLACE);
        await setMeta(db, 'pull_cursor', page.cursor);
        await setMeta(db, 'snapshot_at', at);
        await setMeta(db, 'snapshot_server_time', page.server_time);
      }
      await setMeta(db, 'last_sync_at', at);
    });
  }

  async function fetchPhotos(prune: boolean): Promise<void> {
    // Scholars' faces and their pick-up adults' (the sign-out line shows both offline).
    const referenced = [
      ...new Set(
        [
          ...(await db.demographics.orderBy('photo_id').uniqueKeys()),
          ...(await db.authorized_pick_ups.orderBy('photo_id').uniqueKeys()),
        ].map(String),
      ),
    ];
    const have = new Set((await db.photos.toCollection().primaryKeys()).map(String));
    if (prune) {
      const wanted = new Set(referenced);
      await db.photos.bulkDelete([...have].filter((id) => !wanted.has(id)));
    }
    const missing = referenced.filter((id) => !have.has(id) && !photoMisses.has(id));
    for (let i = 0; i < missing.length && !isStopped(); i += photoBatchSize) {
      const ids = missing.slice(i, i + photoBatchSize);
      const { photos } = await api.photos(ids);
      await db.photos.bulkPut(
        photos.map((p) => ({
          id: p.id,
          blob: base64ToBlob(p.data, p.content_type),
          content_type: p.content_type,
          sha256: p.sha256,
        })),
      );
      const answered = new Set(photos.map((p) => p.id));
      for (const id of ids) if (!answered.has(id)) photoMisses.add(id);
    }
  }

  /**
   * Pulls until the device is up to date: a snapshot page after page (each `snapshot_next` sent back as `snapshot`),
   * then the changes since its cursor, page after page while the server says `more`.
   */
  async function pullAll(): Promise<void> {
    let completedSnapshot = false;
    try {
      let from = await pullStart();
      for (;;) {
        let page: SyncPullResponse;
        try {
          page = await api.pull({ ...from, limit: pullLimit });
        } catch (caught) {
          // A token this server does not take (from another version of it): start the snapshot over rather than keep
          // tables half replaced with no way forward.
          if (from.snapshot === undefined || asApiError(caught).status !== 422) throw caught;
          await db.meta.bulkDelete(SNAPSHOT_PLACE);
          from = {};
          continue;
        }
        const isSnapshot = page.reset || from.snapshot !== undefined;
        await applyPage(page, isSnapshot);
        if (isStopped()) return;
        if (isSnapshot && page.snapshot_next !== undefined) {
          from = { snapshot: page.snapshot_next };
        } else if (isSnapshot) {
          completedSnapshot = true;
          // One page is one reading; several were read at several moments, and what changed meanwhile comes as the
          // changes since the snapshot's cursor.
          if (page.reset) break;
          from = { since: page.cursor };
        } else {
          // `more` with a cursor that did not move (no server of ours answers that, but a loop must not spin on it):
          // ask again next round.
          if (!page.more || page.cursor <= (from.since ?? 0)) break;
          from = { since: page.cursor };
        }
      }
      lastPullAt = now();
      await fetchPhotos(completedSnapshot);
      reportError('pull', null);
    } catch (caught) {
      const err = asApiError(caught);
      if (err.status === 401) setStatus({ paused: 'unauthorized' });
      reportError('pull', err.message);
    }
  }

  return { pullAll, lastPullAt: () => lastPullAt };
}
