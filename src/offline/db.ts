/**
 * The device's local data: one IndexedDB database, `school-ops`, through Dexie (DESIGN section 5). Only src/offline
 * talks to it; screens read it through the hooks in `react.ts` and write through the outbox.
 *
 * What lives where, and why:
 * - `outbox`: every write a station made, until the server has answered for it. It is the record of truth for what
 *   the device still owes the server, so nothing leaves it unsent except through `discardEntry` (the person chose to);
 *   sign-out does not touch it. Keyed by the entry's UUIDv7, so key order is the order things were recorded.
 * - `meta`: small facts about this device's sync (its id, the pull cursor or the next page of a snapshot under way,
 *   when it last synced and when the snapshot was taken). One row per key instead of localStorage so that they change
 *   in the same transaction as the data.
 * - `demographics`, `check_ins`, `nslp_records`, `messenger_schedules`, `school_settings`: the reference snapshot the
 *   server hands out through pull (one table per pulled resource, named like it), plus the records the server
 *   confirmed for this device's own writes. Search, scan, duplicate checks (one meal per scholar, service and
 *   day) and the late-arrival rule run on these when offline. Pulled meals are today's from every station, with
 *   the day's voids kept as records marked `voided` (the rule skips them).
 * - `authorized_pick_ups`: every scholar's pick-up adults, active ones (F5), for the sign-out line offline.
 * - `timesheets`: the signed-in staff member's own recent time records (T2), so Add Record knows offline whether they
 *   are clocked in and since when, and lists this pay period's records.
 * - `absence_reports`: the families' reports of today and later days (absent, late, leaving early), so Check In/Out
 *   and the kiosk know a reported absence or late arrival offline.
 * - `dismissal_changes`: the confirmed dismissal changes of today and later days, so the pick-up line shows a
 *   scholar's plan for today (walker, bus, program, or the named adult) offline; default plans are on `demographics`.
 * - `car_line_queue`: the day's car line queue (children called out, still to walk out), so the classroom's queue
 *   screen and the curb's list show it offline and after a reload.
 * - `photos`: scholar and pick-up adult photos as Blobs (fetched once with the bearer token), so a pick-up screen shows faces offline.
 *
 * Not here: the sign-in token and cached user (localStorage, owned by the session store), and the service worker's
 * precache (Cache Storage). A reference table can be rebuilt from the server at any time; the outbox cannot.
 */
import { Dexie, type EntityTable } from 'dexie';
import type {
  AbsenceReport,
  AuthorizedPickUpRecord,
  CarLineEntry,
  CheckInRecord,
  DemographicRecord,
  DismissalChange,
  MessengerScheduleRecord,
  NslpRecord,
  SchoolSettings,
  SYNC_ACTIONS,
  SyncResource,
  TimesheetRecord,
} from '../contract';

export type SyncAction = (typeof SYNC_ACTIONS)[number];

/** The database name of the app; tests pass their own names to `createOfflineDb`. */
export const OFFLINE_DB_NAME = 'school-ops';

/** Where an outbox entry is: waiting to be sent, in flight, or stopped until a person looks at it. */
export type OutboxStatus = 'pending' | 'sending' | 'attention';

/** One write the device owes the server (DESIGN section 5), exactly as it will travel in a push. */
export interface OutboxEntry {
  /** UUIDv7: the receipt key on the server, so a replay answers 'duplicate' instead of writing twice. */
  id: string;
  resource: SyncResource;
  action: SyncAction;
  data: Record<string, unknown>;
  /** When the person made the write (ISO 8601, device clock). */
  recorded_at: string;
  recorded_by: string | null;
  /** The recorder's name as the device knew it (for the device panel: a name, never an id); absent in older entries. */
  recorded_by_name?: string | null;
  device_id: string;
  /** Failed sends in a row (network, 408, 429, 5xx); drives the backoff. */
  attempts: number;
  /** Epoch ms before which the engine does not send this entry again (unless forced by a person or `online`). */
  next_attempt_at: number;
  status: OutboxStatus;
  /** Why the entry needs attention (or why the last send failed). */
  last_error: string | null;
  /** Per-field reasons from a rejection, as the server's 422 gives them. */
  field_errors: Record<string, string[]> | null;
  /** For a conflict: the server's record this entry collides with. */
  server_record: unknown;
}

/** The keys of the `meta` table and the type of each value. */
export interface MetaValues {
  device_id: string;
  /**
   * The server's change-log cursor of the last applied pull page; 0 or absent means a full snapshot is due. Saved only
   * once the local tables hold a whole snapshot (after its last page), never in the middle of one.
   */
  pull_cursor: number;
  /**
   * While a snapshot comes page by page: the token of the next page (the server's `snapshot_next`), so a reload goes
   * on from there. Present means the local tables hold the first pages of a snapshot and no more.
   */
  snapshot_next: string;
  /** Records of the snapshot under way applied so far, and how many it has in all (its progress bar). */
  snapshot_received: number;
  snapshot_total: number;
  /** Epoch ms of the last round in which the server answered every call. */
  last_sync_at: number;
  /** Epoch ms (device clock) when the reference snapshot was last brought up to date. */
  snapshot_at: number;
  /** The server's clock at that moment (ISO 8601), for display when the device clock is wrong. */
  snapshot_server_time: string;
}
export type MetaKey = keyof MetaValues;
export interface MetaRow {
  key: MetaKey;
  value: MetaValues[MetaKey];
}

/** A scholar photo kept for offline use. */
export interface PhotoRow {
  id: string;
  blob: Blob;
  content_type: string;
  sha256: string;
}

/** One Scholar Portal answer kept on the device: whose (`user_id`), which call (`key`), and when it was fetched. */
export interface PortalCacheRow {
  /** `<user id> <call path>`. */
  key: string;
  user_id: string;
  data: unknown;
  /** Epoch ms (device clock) when the server answered it. */
  fetched_at: number;
}

/** The reference tables a pull fills, by the resource name the server uses. */
export interface LocalRecords {
  demographics: DemographicRecord;
  check_ins: CheckInRecord;
  nslp_records: NslpRecord;
  messenger_schedules: MessengerScheduleRecord;
  school_settings: SchoolSettings;
  authorized_pick_ups: AuthorizedPickUpRecord;
  timesheets: TimesheetRecord;
  absence_reports: AbsenceReport;
  dismissal_changes: DismissalChange;
  car_line_queue: CarLineEntry;
}
export type LocalResource = keyof LocalRecords;
export const LOCAL_RESOURCES = [
  'demographics',
  'check_ins',
  'nslp_records',
  'messenger_schedules',
  'school_settings',
  'authorized_pick_ups',
  'timesheets',
  'absence_reports',
  'dismissal_changes',
  'car_line_queue',
] as const satisfies readonly LocalResource[];

/** Whether the server's resource name has a local table. */
export function isLocalResource(resource: string): resource is LocalResource {
  return (LOCAL_RESOURCES as readonly string[]).includes(resource);
}

/** The typed database; every table is declared (not assigned) so Dexie's own table properties stay in place. */
export class OfflineDb extends Dexie {
  declare outbox: EntityTable<OutboxEntry, 'id'>;
  declare meta: EntityTable<MetaRow, 'key'>;
  declare demographics: EntityTable<DemographicRecord, 'id'>;
  declare check_ins: EntityTable<CheckInRecord, 'id'>;
  declare nslp_records: EntityTable<NslpRecord, 'id'>;
  declare messenger_schedules: EntityTable<MessengerScheduleRecord, 'id'>;
  declare school_settings: EntityTable<SchoolSettings, 'id'>;
  declare authorized_pick_ups: EntityTable<AuthorizedPickUpRecord, 'id'>;
  declare timesheets: EntityTable<TimesheetRecord, 'id'>;
  declare photos: EntityTable<PhotoRow, 'id'>;
  declare portal_cache: EntityTable<PortalCacheRow, 'key'>;
  declare absence_reports: EntityTable<AbsenceReport, 'id'>;
  declare dismissal_changes: EntityTable<DismissalChange, 'id'>;
  declare car_line_queue: EntityTable<CarLineEntry, 'id'>;

  constructor(name: string) {
    // No optimistic updates: Dexie would otherwise re-run every live query (the station's whole day) while a tap's
    // write is still in its transaction, and the main thread busy with that delays the commit the confirmation waits
    // for (bench/tap-to-confirmed.mjs). The lists update right after the commit instead.
    super(name, { cache: 'disabled' });
    // Version 1. `[status+id]` reads one status in recording order (the push order, the lists on screen);
    // `[status+next_attempt_at]` finds when the next retry is due. `status` queries use either compound's first part.
    this.version(1).stores({
      outbox: 'id, [status+id], [status+next_attempt_at], resource',
      meta: 'key',
      demographics: 'id, lname, fname, grade, homeroom, badge_code, student_number, photo_id',
      check_ins: 'id, scholar_id, school_day, [school_day+scholar_id], kind',
      messenger_schedules: 'id, scholar_id, weekday',
      school_settings: 'id',
      photos: 'id',
    });
    // Version 2: the meals served today, pulled from every station and confirmed for this one.
    // `[served_on+scholar_id+meal_type]` answers "has this scholar had this meal today" in one lookup;
    // `[served_on+meal_type]` reads one service's meals (the running count); `scholar_id` one scholar's.
    // The outbox and the snapshot stay as they are. The pull cursor goes: the server already sent today's meals to
    // version 1 devices, which dropped them (no table), so only a full snapshot brings another tablet's meals here.
    this.version(2)
      .stores({
        nslp_records: 'id, scholar_id, served_on, [served_on+meal_type], [served_on+scholar_id+meal_type]',
      })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // Version 3: every scholar's pick-up adults (authorized, and refused with their note), so the pick-up
    // line signs out offline. `scholar_id` reads one scholar's adults. As in version 2, earlier devices' cursors are
    // past these rows, so the cursor goes and the next pull is a full snapshot.
    this.version(3)
      .stores({ authorized_pick_ups: 'id, scholar_id, photo_id' })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // Version 4: the signed-in staff member's own recent time records, so Add Record knows offline whether
    // they are clocked in. `[user_id+work_date]` reads one person's days. As before, the cursor goes: only a full
    // snapshot brings the records the server already passed by.
    this.version(4)
      .stores({ timesheets: 'id, user_id, [user_id+work_date]' })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // Version 5: the Scholar Portal's last answers, by the signed-in person and the call, so a
    // phone shows them offline with their "as of". No cursor change: the pull does not fill this table.
    this.version(5).stores({ portal_cache: 'key, user_id' });
    // Version 6: the families' absence reports of today and later days, for Check In/Out and the kiosk offline.
    // `scholar_id` reads one scholar's; `ends_on` drops the past ones. As in versions 2 to 4, the cursor goes: only a
    // full snapshot brings the reports the server already passed by.
    this.version(6)
      .stores({ absence_reports: 'id, scholar_id, ends_on' })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // Version 7: the confirmed dismissal changes of today and later days, for the pick-up line offline; the scholars'
    // default plans arrive on their records. As in versions 2 to 6, the cursor goes: a full snapshot brings the
    // changes, and the plans on records the device already holds.
    this.version(7)
      .stores({ dismissal_changes: 'id, scholar_id, ends_on' })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // Version 8: the day's car line queue, for the classroom's queue screen and the curb offline. `school_day` drops
    // an earlier day's entries. As before, the cursor goes: only a full snapshot brings the entries already passed by.
    this.version(8)
      .stores({ car_line_queue: 'id, school_day, scholar_id' })
      .upgrade((tx) => tx.table('meta').delete('pull_cursor'));
    // A later schema is a new block below this one; keep the earlier blocks as they are (devices upgrade from them
    // in place). List only the tables that change (null deletes one); an `.upgrade(tx => ...)` runs once, in the
    // upgrade transaction. Add a new table to LOCAL_RESOURCES and LocalRecords, and a `declare` line above.
    // Never clear the outbox in an upgrade.
  }

  /** The local table of a reference resource. */
  recordTable<R extends LocalResource>(resource: R): EntityTable<LocalRecords[R], 'id'> {
    return this.table(resource);
  }
}

/** Opens (lazily) the database of the given name; the app uses OFFLINE_DB_NAME, tests a fresh name each. */
export function createOfflineDb(name: string = OFFLINE_DB_NAME): OfflineDb {
  return new OfflineDb(name);
}

/** Reads one meta value. */
export async function getMeta<K extends MetaKey>(db: OfflineDb, key: K): Promise<MetaValues[K] | undefined> {
  const row = await db.meta.get(key);
  return row?.value as MetaValues[K] | undefined;
}

/** Writes one meta value (inside the caller's transaction when there is one). */
export async function setMeta<K extends MetaKey>(db: OfflineDb, key: K, value: MetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}
