/**
 * The React side of the offline layer: what the station screens read and how they write. A screen never waits for
 * the network: `useStationWrite` resolves once the entry is in IndexedDB (one Dexie write), and `useStationRecords`
 * shows it at once, merged with the server's records and marked as not yet sent, until the server confirms it and
 * the confirmed record takes its place. Live queries (liveQuery) keep every open tab on the same data.
 *
 * The hooks are made by `createOfflineHooks` for a given database and engine, so tests bind them to their own;
 * `index.ts` exports the app's set.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { SyncResource } from '../contract';
import type { LocalRecords, LocalResource, OfflineDb, OutboxEntry } from './db';
import type { SyncEngine, SyncStatus } from './engine';
import { attentionEntries, waitingEntries } from './outbox';

/** One row of a station list: a record the server has (confirmed) or one the device still owes it. */
export type StationItem<R> =
  | {
      /** The server's record is in the local table. */
      confirmed: true;
      record: R;
      /** An outbox entry for this record is still waiting (sent, but the answer was lost, for example). */
      pending: boolean;
      attention: boolean;
    }
  | {
      confirmed: false;
      /** The data as the station wrote it: the server's own fields (school_day, created_at...) are not there yet. */
      record: Partial<R> & { id: string };
      pending: boolean;
      attention: boolean;
    };

export interface StationQuery<R> {
  /**
   * Equality on indexed fields (one field, or the fields of a compound index such as `{ school_day, scholar_id }`).
   * Waiting entries are matched on the fields they carry; a field they do not have yet (school_day) does not
   * exclude them.
   */
  where?: Record<string, string | number>;
  /** Keeps the items the screen wants. */
  filter?: (item: StationItem<R>) => boolean;
  /** Order of the list; by default by record id (UUIDv7: the order they were made). */
  sort?: (a: StationItem<R>, b: StationItem<R>) => number;
  limit?: number;
}

const unsent = (entry: OutboxEntry) => entry.status === 'pending' || entry.status === 'sending';

function matches(data: Record<string, unknown>, where: Record<string, string | number>): boolean {
  return Object.entries(where).every(([field, value]) => !(field in data) || data[field] === value);
}

/** Merges the local table's records with the outbox entries of the same resource, flagging each. */
export function mergeStationRecords<R extends { id: string }>(
  records: readonly R[],
  entries: readonly OutboxEntry[],
): StationItem<R>[] {
  const items = new Map<string, StationItem<R>>();
  for (const record of records) items.set(record.id, { confirmed: true, record, pending: false, attention: false });
  for (const entry of entries) {
    const id = typeof entry.data.id === 'string' ? entry.data.id : entry.id;
    const known = items.get(id);
    if (known) {
      known.pending ||= unsent(entry);
      known.attention ||= entry.status === 'attention';
      // A change not sent yet shows at once, as a new record does (a check-in's void: the scholar is back).
      if (entry.action === 'update' && unsent(entry)) known.record = { ...known.record, ...entry.data } as R;
      continue;
    }
    const record = { ...entry.data, id } as Partial<R> & { id: string };
    items.set(id, { confirmed: false, record, pending: unsent(entry), attention: entry.status === 'attention' });
  }
  return [...items.values()];
}

/** Reads one resource's station view: its local records narrowed by `where`, merged with its outbox entries. */
export async function readStationRecords<K extends LocalResource>(
  db: OfflineDb,
  resource: K,
  where: Record<string, string | number> = {},
): Promise<StationItem<LocalRecords[K]>[]> {
  const table = db.recordTable(resource);
  const fields = Object.keys(where);
  const [first] = fields;
  const records =
    first === undefined
      ? await table.toArray()
      : fields.length === 1
        ? await table
            .where(first)
            .equals(where[first] ?? '')
            .toArray()
        : await table.where(where).toArray();
  const entries = (await db.outbox.where('resource').equals(resource).toArray()).filter((e) => matches(e.data, where));
  return mergeStationRecords(records as LocalRecords[K][], entries);
}

const byId = <R extends { id: string }>(a: StationItem<R>, b: StationItem<R>) =>
  a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0;

export interface OfflineHooks {
  /** The sync status (every tab sees the same counts). */
  useSyncStatus(): SyncStatus;
  /** Entries that need a person, oldest first; undefined while loading. */
  useAttentionEntries(): OutboxEntry[] | undefined;
  /** Entries not yet answered by the server, oldest first; undefined while loading. */
  useWaitingEntries(): OutboxEntry[] | undefined;
  /** A station's live list: server records and waiting entries together, flagged; undefined while loading. */
  useStationRecords<K extends LocalResource>(
    resource: K,
    query?: StationQuery<LocalRecords[K]>,
  ): StationItem<LocalRecords[K]>[] | undefined;
  /**
   * The station write: resolves with the outbox entry once it is stored locally; sending happens afterwards. An update
   * (a clock-out of a record the server has) names the record and its `base_version` in the data.
   */
  useStationWrite(): (
    resource: SyncResource,
    data: Record<string, unknown>,
    action?: 'create' | 'update',
  ) => Promise<OutboxEntry>;
  /**
   * Changes fields of an entry not sent yet, so it stays one entry: true when done, false when it is gone or stopped,
   * OutboxBusyError while it is in flight.
   */
  useStationAmend(): (entryId: string, fields: Record<string, unknown>) => Promise<boolean>;
  /** The names of these scholars from the device's roster ('Jasmine Adams'), by id; undefined while loading. */
  useScholarNames(ids: readonly string[]): ReadonlyMap<string, string> | undefined;
}

/** Binds the hooks to a database and an engine. */
export function createOfflineHooks({ db, engine }: { db: OfflineDb; engine: SyncEngine }): OfflineHooks {
  return {
    useSyncStatus() {
      return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
    },

    useScholarNames(ids) {
      const key = [...new Set(ids)].sort().join(',');
      return useLiveQuery(async () => {
        const wanted = key ? key.split(',') : [];
        const found = await db.demographics.bulkGet(wanted);
        return new Map(
          found.flatMap((s) => (s ? [[s.id, `${s.nickname || s.fname} ${s.lname}`] as [string, string]] : [])),
        );
      }, [key]);
    },

    useAttentionEntries() {
      return useLiveQuery(() => attentionEntries(db), []);
    },

    useWaitingEntries() {
      return useLiveQuery(() => waitingEntries(db), []);
    },

    useStationRecords<K extends LocalResource>(resource: K, query: StationQuery<LocalRecords[K]> = {}) {
      // The query object is usually made anew on each render; the live query only restarts when `where` changes.
      const whereKey = JSON.stringify(query.where ?? {});
      const items = useLiveQuery(
        () => readStationRecords(db, resource, JSON.parse(whereKey) as Record<string, string | number>),
        [resource, whereKey],
      );
      const { filter, sort, limit } = query;
      return useMemo(() => {
        if (!items) return undefined;
        const kept = filter ? items.filter(filter) : [...items];
        kept.sort(sort ?? byId);
        return limit === undefined ? kept : kept.slice(0, limit);
      }, [items, filter, sort, limit]);
    },

    useStationWrite() {
      return useCallback(
        (resource: SyncResource, data: Record<string, unknown>, action?: 'create' | 'update') =>
          engine.write(resource, data, action),
        [],
      );
    },

    useStationAmend() {
      return useCallback((entryId: string, fields: Record<string, unknown>) => engine.amend(entryId, fields), []);
    },
  };
}
