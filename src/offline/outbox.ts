/**
 * The outbox: every station write goes here first (DESIGN section 5, "local first"), and the sync engine sends it.
 * An entry leaves only when the server answered applied or duplicate (the engine removes it) or when a person
 * discards it here; nothing else deletes an unsent entry, and sign-out never touches this table. Data is checked with
 * the same contract schema the server uses, so an entry that could never be accepted is refused before it is queued.
 */
import { Dexie } from 'dexie';
import type { z } from 'zod';
import { CarLineCurbCallSchema } from '../contract/car-line';
// From the contract's modules, not its index: the index would bring every schema of the app (the portal's, the
// timesheet schedules', the administration's) into the offline chunk the kiosk loads at sign-in.
import { CheckInCreateSchema, CheckInSyncVoidSchema } from '../contract/check-ins';
import { ConferenceSignInCreateSchema } from '../contract/conferences';
import { CovidScreeningCreateSchema } from '../contract/covid-screening';
import { uuidv7 } from '../contract/ids';
import { NslpRecordCreateSchema } from '../contract/nslp-records';
import type { SyncResource } from '../contract/sync';
import { TimesheetCreateSchema, TimesheetPunchSchema, TimesheetSyncUpdateSchema } from '../contract/timesheets';
import { csvText } from '../lib/csv';
import type { OfflineDb, OutboxEntry, OutboxStatus } from './db';
import { getDeviceId } from './device';

/** The create schema of each resource the outbox may carry (the server checks the same one). */
const CREATE_SCHEMAS: Record<SyncResource, z.ZodType> = {
  check_ins: CheckInCreateSchema,
  nslp_records: NslpRecordCreateSchema,
  timesheets: TimesheetCreateSchema,
  timesheet_punches: TimesheetPunchSchema,
  covid_screenings: CovidScreeningCreateSchema,
  conference_sign_ins: ConferenceSignInCreateSchema,
  car_line_calls: CarLineCurbCallSchema,
};

/**
 * The update schema of the resources whose records a device may change (a clock-out of a record already on the
 * server, with the version the change was based on; a check-in's void): the record's id travels with it.
 */
const UPDATE_SCHEMAS: Partial<Record<SyncResource, z.ZodType>> = {
  timesheets: TimesheetSyncUpdateSchema,
  // A check-in's void (the pick-up line's Undo): sent after the sign-out it undoes, as the server applies them.
  check_ins: CheckInSyncVoidSchema,
};

/** Whether the outbox may carry updates of this resource. */
export const canUpdate = (resource: SyncResource): boolean => UPDATE_SCHEMAS[resource] !== undefined;

/** A write the contract refuses, with per-field reasons in the server's 422 shape. */
export class OutboxValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('The entry is not valid.');
    this.name = 'OutboxValidationError';
  }
}

/** A change to an entry that is being sent right now; try again when the send has answered. */
export class OutboxBusyError extends Error {
  constructor(readonly id: string) {
    super('The entry is being sent; try again in a moment.');
    this.name = 'OutboxBusyError';
  }
}

export interface EnqueueInput {
  resource: SyncResource;
  /** An update names the record (`data.id`) and the version it was based on (`data.base_version`). */
  action: 'create' | 'update';
  data: Record<string, unknown>;
}

export interface EnqueueOptions {
  /** The signed-in person's user id, or null when unknown. */
  recordedBy: string | null;
  /** The signed-in person's name, kept with the entry for the device panel (never sent). */
  recordedByName?: string | null;
  /** Defaults to this device's stable id. */
  deviceId?: string;
  /** Epoch ms of the write; defaults to the clock. */
  now?: number;
}

function validate(resource: SyncResource, data: Record<string, unknown>, action: 'create' | 'update' = 'create'): void {
  const schema = action === 'create' ? CREATE_SCHEMAS[resource] : UPDATE_SCHEMAS[resource];
  if (!schema) throw new OutboxValidationError({ data: ['Only new records of this kind can be sent from a device.'] });
  const parsed = schema.safeParse(data);
  if (parsed.success) return;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'data';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new OutboxValidationError(errors);
}

let lastIdTime = 0;
/** UUIDv7s made in one millisecond would sort at random; one ms apart each, they sort in the order written. */
function nextId(now: number): string {
  lastIdTime = Math.max(Math.floor(now), lastIdTime + 1);
  return uuidv7(lastIdTime);
}

/** Queues a write; resolves with the entry once it is in IndexedDB. A create's `data.id` defaults to the entry id. */
export async function enqueue(db: OfflineDb, input: EnqueueInput, options: EnqueueOptions): Promise<OutboxEntry> {
  const now = options.now ?? Date.now();
  const id = nextId(now);
  const data = input.action === 'create' && recordIdOf(input.data) === undefined ? { ...input.data, id } : input.data;
  validate(input.resource, data, input.action);
  const entry: OutboxEntry = {
    id,
    resource: input.resource,
    action: input.action,
    data,
    recorded_at: new Date(now).toISOString(),
    recorded_by: options.recordedBy,
    recorded_by_name: options.recordedByName ?? null,
    device_id: options.deviceId ?? (await getDeviceId(db)),
    attempts: 0,
    next_attempt_at: now,
    status: 'pending',
    last_error: null,
    field_errors: null,
    server_record: null,
  };
  await db.outbox.add(entry);
  return entry;
}

function recordIdOf(data: Record<string, unknown>): string | undefined {
  return typeof data.id === 'string' && data.id !== '' ? data.id : undefined;
}

/** The key range of one status in recording order. */
function byStatus(db: OfflineDb, status: OutboxStatus) {
  return db.outbox.where('[status+id]').between([status, Dexie.minKey], [status, Dexie.maxKey]);
}

/** Entries not yet answered (pending or in flight), oldest first. */
export async function waitingEntries(db: OfflineDb): Promise<OutboxEntry[]> {
  const [pending, sending] = await Promise.all([byStatus(db, 'pending').toArray(), byStatus(db, 'sending').toArray()]);
  return [...sending, ...pending].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Entries the server did not accept (rejected, conflict, or a whole-batch 4xx), oldest first. */
export function attentionEntries(db: OfflineDb): Promise<OutboxEntry[]> {
  return byStatus(db, 'attention').toArray();
}

/** How many entries wait to be sent and how many need a person. */
export async function outboxCounts(db: OfflineDb): Promise<{ waiting: number; attention: number }> {
  const [pending, sending, attention] = await Promise.all([
    byStatus(db, 'pending').count(),
    byStatus(db, 'sending').count(),
    byStatus(db, 'attention').count(),
  ]);
  return { waiting: pending + sending, attention };
}

async function change(db: OfflineDb, id: string, edit: (entry: OutboxEntry) => Partial<OutboxEntry>): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return false;
    if (entry.status === 'sending') throw new OutboxBusyError(id);
    await db.outbox.update(id, edit(entry));
    return true;
  });
}

const ready = (now: number): Partial<OutboxEntry> => ({
  status: 'pending',
  attempts: 0,
  next_attempt_at: now,
  last_error: null,
  field_errors: null,
  server_record: null,
});

/** Sends an entry again as it is: back to pending with no backoff. False when there is no such entry. */
export function retryEntry(db: OfflineDb, id: string, now: number = Date.now()): Promise<boolean> {
  return change(db, id, () => ready(now));
}

/** Replaces an entry's data after a person fixed it and sends it again; the record id stays unless the fix sets one. */
export async function correctEntry(
  db: OfflineDb,
  id: string,
  data: Record<string, unknown>,
  now: number = Date.now(),
): Promise<boolean> {
  return change(db, id, (entry) => {
    const previousId = recordIdOf(entry.data);
    const next =
      entry.action === 'create' && recordIdOf(data) === undefined && previousId ? { ...data, id: previousId } : data;
    validate(entry.resource, next, entry.action === 'update' ? 'update' : 'create');
    return { ...ready(now), data: next };
  });
}

/**
 * Changes fields of an entry that has not left yet, keeping it one entry (an unsent clock-in amended by its
 * clock-out travels as one create with both times). True when amended; false when there is no such entry or it is no
 * longer pending (answered, or stopped for a person); OutboxBusyError while it is being sent (then the change must
 * travel as an update of the record the send creates).
 */
export async function amendEntry(db: OfflineDb, id: string, fields: Record<string, unknown>): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.status === 'attention') return false;
    if (entry.status === 'sending') throw new OutboxBusyError(id);
    const data = { ...entry.data, ...fields };
    validate(entry.resource, data, entry.action === 'update' ? 'update' : 'create');
    await db.outbox.update(id, { data });
    return true;
  });
}

/** Removes an entry unsent: the only way that happens, once the person confirmed. False when there is no such entry. */
export function discardEntry(db: OfflineDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return false;
    if (entry.status === 'sending') throw new OutboxBusyError(id);
    await db.outbox.delete(id);
    return true;
  });
}

function errorText(entry: OutboxEntry): string {
  const fields = Object.entries(entry.field_errors ?? {}).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  return [entry.last_error ?? '', ...fields].filter(Boolean).join('; ');
}

/** The needs-attention entries as CSV text (header row, CRLF line ends), for staff to export and fix elsewhere. */
export async function attentionCsv(db: OfflineDb): Promise<string> {
  const header = ['id', 'resource', 'recorded_at', 'recorded_by', 'status', 'error', 'data'];
  const rows = (await attentionEntries(db)).map((e) => [
    e.id,
    e.resource,
    e.recorded_at,
    e.recorded_by ?? '',
    e.status,
    errorText(e),
    JSON.stringify(e.data),
  ]);
  return csvText(header, rows);
}
