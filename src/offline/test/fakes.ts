/**
 * Test doubles for the offline layer: a clock and timers the test advances, a Web Locks manager that queues
 * requests like the browser's, and a sync server that keeps receipts like server/routes/sync (so a replay answers
 * 'duplicate'), a change log for pull, snapshots in pages with a token for the next, and photos. Used only by the *.test.ts files beside the code.
 */
import { ApiError } from '../../api/client';
import type { SyncPhotosResponse, SyncPushResponse } from '../../api/sync';
import {
  type AuthorizedPickUpRecord,
  type DemographicRecord,
  type NslpRecord,
  type SyncItem,
  type SyncPullResponse,
  type SyncPushBody,
  type SyncResult,
  uuidv7,
} from '../../contract';
import type { ChannelLike, LockManagerLike, PullParams, SyncApi, TimersLike } from '../engine';

export const T0 = Date.parse('2026-03-02T15:00:00.000Z');

/** A clock that moves only when the test says. */
export class FakeClock {
  constructor(public current = T0) {}
  now = (): number => this.current;
}

interface FakeTimer {
  id: number;
  at: number;
  callback: () => void;
}

/** setTimeout/clearTimeout on the fake clock; `advance` runs what came due. */
export class FakeTimers implements TimersLike {
  private timers: FakeTimer[] = [];
  private nextId = 1;
  constructor(private readonly clock: FakeClock) {}

  setTimeout = (callback: () => void, ms: number): unknown => {
    const timer = { id: this.nextId++, at: this.clock.current + ms, callback };
    this.timers.push(timer);
    return timer.id;
  };

  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };

  /** Delays (from now) of the timers still set. */
  pendingDelays(): number[] {
    return this.timers.map((t) => t.at - this.clock.current);
  }

  advance(ms: number): void {
    this.clock.current += ms;
    const due = this.timers.filter((t) => t.at <= this.clock.current).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.at > this.clock.current);
    for (const timer of due) timer.callback();
  }
}

/** An exclusive lock manager queueing like the browser's: the next request is granted when the holder is done. */
export class FakeLockManager implements LockManagerLike {
  private held = new Set<string>();
  private waiting = new Map<string, (() => void)[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        callback({ name })
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.waiting.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) {
        grant();
        return;
      }
      const queue = this.waiting.get(name) ?? [];
      queue.push(grant);
      this.waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      });
    });
  }
}

/** BroadcastChannels of one name in one browser: a message reaches every other channel, later, like the real one. */
export class FakeChannelHub {
  private channels = new Set<{ deliver(data: unknown): void }>();
  /** Every message posted, in order. */
  readonly posted: unknown[] = [];

  open = (): ChannelLike => {
    const listeners: ((event: MessageEvent) => void)[] = [];
    const self = {
      deliver: (data: unknown) => {
        for (const listener of listeners) listener(new MessageEvent('message', { data }));
      },
    };
    this.channels.add(self);
    return {
      postMessage: (data: unknown) => {
        this.posted.push(data);
        for (const other of this.channels) if (other !== self) setTimeout(() => other.deliver(data), 0);
      },
      addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => {
        listeners.push(listener);
      },
      close: () => {
        this.channels.delete(self);
      },
    };
  };
}

/** Where a snapshot page starts: the snapshot's cursor and the last record handed out before it. */
interface SnapshotPlace {
  cursor: number;
  resource: string;
  id: string;
}

interface LogRow {
  seq: number;
  resource: string;
  id: string;
}

type PushFault = ApiError | 'apply-then-lose';

/** A sync server in memory, with the semantics of server/routes/sync. */
export class FakeSyncServer implements SyncApi {
  /** Reference data by resource and id. */
  readonly tables = new Map<string, Map<string, Record<string, unknown>>>();
  /** Entry id → record id, like sync_receipts. */
  readonly receipts = new Map<string, string>();
  readonly pushes: SyncPushBody[] = [];
  readonly pulls: PullParams[] = [];
  readonly photoRequests: string[][] = [];
  readonly photoStore = new Map<string, { content_type: string; sha256: string; data: string }>();
  /** Faults for the next pushes, in order. */
  readonly pushFaults: PushFault[] = [];
  pullFault: ApiError | null = null;
  /** Answers for particular items instead of applying them (rejected, conflict). */
  decide: (item: SyncItem) => SyncResult | null = () => null;
  private log: LogRow[] = [];
  /** The snapshot tokens handed out (the real server's are stateless; which does not matter to the device). */
  private tokens = new Map<string, SnapshotPlace>();
  private seq = 0;

  table(resource: string): Map<string, Record<string, unknown>> {
    let table = this.tables.get(resource);
    if (!table) {
      table = new Map();
      this.tables.set(resource, table);
    }
    return table;
  }

  /** Adds or replaces a record and logs the change (what the server's triggers do). */
  upsert(resource: string, record: Record<string, unknown> & { id: string }): void {
    this.table(resource).set(record.id, record);
    this.log.push({ seq: ++this.seq, resource, id: record.id });
  }

  remove(resource: string, id: string): void {
    this.table(resource).delete(id);
    this.log.push({ seq: ++this.seq, resource, id });
  }

  private apply(item: SyncItem, deviceId: string): SyncResult {
    const decided = this.decide(item);
    if (decided) return decided;
    const existing = this.receipts.get(item.id);
    if (existing) return { id: item.id, status: 'duplicate', record: this.table(item.resource).get(existing) };
    const id = String(item.data.id ?? item.id);
    const record = {
      reason: null,
      method: 'kiosk',
      pick_up_id: null,
      pick_up_name: null,
      flagged: false,
      late: false,
      ...item.data,
      id,
      school_day: '2026-03-02',
      recorded_by: item.recorded_by ?? null,
      device_id: deviceId,
      created_at: item.recorded_at,
      updated_at: item.recorded_at,
    };
    this.upsert(item.resource, record);
    this.receipts.set(item.id, id);
    return { id: item.id, status: 'applied', record };
  }

  push = async (body: SyncPushBody): Promise<SyncPushResponse> => {
    this.pushes.push(structuredClone(body));
    const fault = this.pushFaults.shift();
    if (fault instanceof ApiError) throw fault;
    const results = body.items.map((item) => this.apply(item as SyncItem, body.device_id));
    // The server applied everything; the answer is lost on the way back.
    if (fault === 'apply-then-lose') throw new ApiError('The server cannot be reached.', 0);
    return { results };
  };

  /** One page of a full snapshot, in a stable order (resource, then id), after `place` or from the start. */
  private snapshotPage(limit: number, place: SnapshotPlace | null): SyncPullResponse {
    const cursor = place?.cursor ?? this.seq;
    const all = [...this.tables]
      .flatMap(([resource, rows]) =>
        [...rows.values()].map((record) => ({ resource, id: String(record.id), op: 'upsert' as const, record })),
      )
      .sort((a, b) => (a.resource === b.resource ? a.id.localeCompare(b.id) : a.resource.localeCompare(b.resource)));
    const after = place
      ? all.filter((c) => c.resource > place.resource || (c.resource === place.resource && c.id > place.id))
      : all;
    const changes = after.slice(0, limit);
    const more = after.length > changes.length;
    const last = changes.at(-1);
    let snapshot_next: string | undefined;
    if (more && last) {
      snapshot_next = `page${this.tokens.size + 1}`;
      this.tokens.set(snapshot_next, { cursor, resource: last.resource, id: last.id });
    }
    const server_time = new Date(T0).toISOString();
    return {
      changes,
      cursor,
      more,
      reset: !place,
      server_time,
      snapshot_total: all.length,
      ...(snapshot_next ? { snapshot_next } : {}),
    };
  }

  pull = async (params: PullParams): Promise<SyncPullResponse> => {
    this.pulls.push(params);
    if (this.pullFault) throw this.pullFault;
    const server_time = new Date(T0).toISOString();
    const limit = params.limit ?? 2000;
    if (params.snapshot !== undefined) {
      const place = this.tokens.get(params.snapshot);
      if (!place) throw new ApiError('Not a snapshot token this server gave.', 422);
      return this.snapshotPage(limit, place);
    }
    const since = params.since;
    // No cursor, or one from another database (restored or replaced): a snapshot from the start.
    if (since === undefined || since > this.seq) return this.snapshotPage(limit, null);
    const after = this.log.filter((row) => row.seq > since);
    const taken = after.slice(0, limit);
    const changes = taken.map((row) => {
      const record = this.table(row.resource).get(row.id);
      return record
        ? { resource: row.resource, id: row.id, op: 'upsert' as const, record }
        : { resource: row.resource, id: row.id, op: 'delete' as const };
    });
    const cursor = taken.at(-1)?.seq ?? since;
    return { changes, cursor, more: after.length > taken.length, reset: false, server_time };
  };

  photos = async (ids: string[]): Promise<SyncPhotosResponse> => {
    this.photoRequests.push([...ids]);
    return {
      photos: ids.flatMap((id) => {
        const photo = this.photoStore.get(id);
        return photo ? [{ id, ...photo }] : [];
      }),
    };
  };
}

/** Valid check-in data as a station writes it. */
export function checkInData(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'arrival',
    scholar_id: uuidv7(),
    occurred_at: new Date(T0).toISOString(),
    method: 'kiosk',
    ...extra,
  };
}

/** A meal record as the server's pull carries it to a serving station (no eligibility: DESIGN section 7). */
export function nslpRecord(extra: Partial<NslpRecord> & { scholar_id: string }): NslpRecord {
  const at = new Date(T0).toISOString();
  return {
    id: uuidv7(),
    served_on: '2026-03-02',
    meal_type: 'lunch',
    served_at: at,
    added_as_missing: false,
    missing_reason: null,
    recorded_by: null,
    device_id: 'another-tablet',
    voided: false,
    void_reason: null,
    voided_at: null,
    voided_by: null,
    created_at: at,
    updated_at: at,
    ...extra,
  };
}

/** A scholar record as the server's snapshot carries it. */
/** A pick-up adult of `scholar_id`: authorized, active, no dates, no photo, unless told otherwise. */
export function pickUpRecord(
  extra: Partial<AuthorizedPickUpRecord> & { scholar_id: string; full_name: string },
): AuthorizedPickUpRecord {
  return {
    id: uuidv7(),
    relationship: null,
    phone: null,
    photo_id: null,
    status: 'authorized',
    notes: null,
    valid_from: null,
    valid_until: null,
    active: true,
    created_at: '2026-01-10T17:00:00.000Z',
    updated_at: '2026-01-10T17:00:00.000Z',
    ...extra,
  };
}

export function scholar(extra: Partial<DemographicRecord> = {}): DemographicRecord {
  return {
    id: uuidv7(),
    user_id: null,
    student_number: '1001',
    fname: 'Ada',
    lname: 'Lovelace',
    nickname: null,
    grade: '5',
    program: 'Secondary',
    homeroom: '5A',
    photo_id: null,
    badge_code: 'B-1001',
    meal_eligibility: 'paid',
    meal_eligibility_effective: null,
    alerts: null,
    active: true,
    created_at: new Date(T0).toISOString(),
    updated_at: new Date(T0).toISOString(),
    ...extra,
  };
}

let dbCounter = 0;
/** A database name no other test uses (fake-indexeddb is one global factory per test file). */
export function freshDbName(): string {
  dbCounter += 1;
  return `school-ops-test-${dbCounter}-${uuidv7()}`;
}
