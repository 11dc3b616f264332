/**
 * The words of the sync screens, computed from the status and entries without React, so the rules (when the roster
 * counts as old, when a progress bar is worth showing, how an entry is named) are tested on their own.
 */
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../intl-format';
import { formatClockTime, formatDay, schoolDayOf } from '../school-clock';
import { problemKind, refusalKind } from './server-reasons';
import type { OutboxEntry, SyncStatus } from './sync-source';

/** A roster older than this is named with its age (DESIGN section 5: "the screens say how fresh the snapshot is"). */
export const SNAPSHOT_STALE_MS = 15 * 60_000;

/** From this many entries in one send, the app bar shows a progress bar (a few entries go out too fast to follow). */
export const PROGRESS_BAR_MIN_TOTAL = 20;

export type SyncT = TFunction<'sync'>;

/** "just now", "2 min ago", "3 h ago", "4 days ago". */
export function agoText(t: SyncT, then: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return t('ago.justNow');
  if (minutes < 60) return t('ago.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('ago.hours', { count: hours });
  return t('ago.days', { count: Math.floor(hours / 24) });
}

export interface SyncSummary {
  connection: string;
  waiting: string;
  /** Null when no entry needs attention. */
  attention: string | null;
  lastSync: string;
  /** Null while the roster is fresh or there is none yet. */
  roster: string | null;
  /** Null unless a large send or a roster download page by page is under way. */
  progress: { sent: number; total: number; label: string } | null;
}

/** Every text of the app bar's indicator for a status at a moment. */
export function syncSummary(t: SyncT, status: SyncStatus, now: number): SyncSummary {
  const { progress, snapshot } = status;
  const sending =
    progress && progress.total >= PROGRESS_BAR_MIN_TOTAL
      ? { ...progress, label: t('sendingProgress', { sent: progress.sent, total: progress.total }) }
      : null;
  // A new device takes the roster in pages; until the last is in, stations find only part of the school.
  const downloading =
    snapshot && snapshot.total > 0
      ? {
          sent: Math.min(snapshot.received, snapshot.total),
          total: snapshot.total,
          label: t('snapshotProgress', {
            received: Math.min(snapshot.received, snapshot.total),
            total: snapshot.total,
          }),
        }
      : null;
  return {
    connection: status.online ? t('online') : t('offline'),
    waiting: status.waiting > 0 ? t('waiting', { count: status.waiting }) : t('allSent'),
    attention: status.attention > 0 ? t('attention', { count: status.attention }) : null,
    lastSync:
      status.lastSyncAt === null ? t('neverSynced') : t('syncedAgo', { ago: agoText(t, status.lastSyncAt, now) }),
    roster:
      status.snapshotAt !== null && now - status.snapshotAt > SNAPSHOT_STALE_MS
        ? t('rosterFrom', { ago: agoText(t, status.snapshotAt, now) })
        : null,
    progress: sending ?? downloading,
  };
}

/** A date and time in the person's language, on the school's clock when its zone is given; the text as it is when it is not a date. */
export function formatWhen(iso: string, language: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(time);
}

const RESOURCE_KEYS = {
  check_ins: 'resources.check_ins',
  nslp_records: 'resources.nslp_records',
  timesheets: 'resources.timesheets',
  timesheet_punches: 'resources.timesheet_punches',
  car_line_calls: 'resources.car_line_calls',
} as const;
const KIND_KEYS = {
  arrival: 'kinds.arrival',
  departure: 'kinds.departure',
  sign_out: 'kinds.sign_out',
  sign_in: 'kinds.sign_in',
} as const;
const FIELD_KEYS = {
  kind: 'fields.kind',
  scholar_id: 'fields.scholar_id',
  occurred_at: 'fields.occurred_at',
  school_day: 'fields.school_day',
  reason: 'fields.reason',
  method: 'fields.method',
  pick_up_name: 'fields.pick_up_name',
  recorded_by: 'fields.recorded_by',
  meal_type: 'fields.meal_type',
  served_at: 'fields.served_at',
  badge: 'fields.badge',
  at: 'fields.at',
  data: 'fields.data',
} as const;

const has = <K extends string>(keys: Record<K, string>, value: unknown): value is K =>
  typeof value === 'string' && Object.hasOwn(keys, value);

/** What an entry is, for a person: "Check-in (arrival)". */
export function entryLabel(t: SyncT, entry: Pick<OutboxEntry, 'resource' | 'data'>): string {
  // A curb entry is named by its car tag (the car line): it is for a family, not one scholar.
  if (entry.resource === 'car_line_calls') return t('resources.car_line_calls', { number: entry.data.tag_number });
  const resource = has(RESOURCE_KEYS, entry.resource) ? t(RESOURCE_KEYS[entry.resource]) : entry.resource;
  const kind = entry.data.kind;
  return has(KIND_KEYS, kind) ? `${resource} (${t(KIND_KEYS[kind])})` : resource;
}

const WHAT_KEYS = {
  arrival: 'what.arrival',
  departure: 'what.departure',
  sign_out: 'what.sign_out',
  sign_in: 'what.sign_in',
  breakfast: 'what.breakfast',
  lunch: 'what.lunch',
  snack: 'what.snack',
  supper: 'what.supper',
  clock_in: 'what.clock_in',
  clock_out: 'what.clock_out',
  badge_punch: 'what.badge_punch',
  void: 'what.void',
} as const;

/**
 * A staff time entry's word: a clock-in (a new record still open), a clock-out (an update that ends one),
 * a badge read at a station; a whole record typed in is named by its resource.
 */
function timeEntryKey(entry: Pick<OutboxEntry, 'resource' | 'action' | 'data'>): keyof typeof WHAT_KEYS | null {
  if (entry.resource === 'timesheet_punches') return 'badge_punch';
  if (entry.resource !== 'timesheets') return null;
  if (entry.action === 'create') return entry.data.ended_at ? null : 'clock_in';
  return typeof entry.data.ended_at === 'string' ? 'clock_out' : null;
}

/** Where the device panel finds names and the school's clock. */
export interface EntryContext {
  /** Scholars' names from the device's roster, by id. */
  scholarNames: ReadonlyMap<string, string> | undefined;
  /** The name of a staff member this device knows by user id (the signed-in person), for entries kept without one. */
  recorderName?: (userId: string) => string | null;
  timeZone: string;
  language: string;
  /** Epoch ms of "now", which tells today's entries (named by their time alone) from older ones; the clock by default. */
  now?: number;
}

/** What an entry records, in a word: 'Lunch', 'Arrival', 'Clock-in'. */
export function entryWhat(t: SyncT, entry: Pick<OutboxEntry, 'resource' | 'action' | 'data'>): string {
  const key =
    entry.resource === 'nslp_records'
      ? entry.data.meal_type
      : entry.resource === 'timesheets' || entry.resource === 'timesheet_punches'
        ? timeEntryKey(entry)
        : // A check-in's one change from a device is its void (the pick-up line's Undo).
          entry.action === 'update'
          ? 'void'
          : entry.data.kind;
  return has(WHAT_KEYS, key) ? t(WHAT_KEYS[key]) : entryLabel(t, entry);
}

/**
 * The scholar an entry is for, by name; never an id. None for a staff member's own time (whose it is goes in the
 * 'recorded by' line) and for a badge read (the server names its holder).
 */
export function entryScholar(
  t: SyncT,
  entry: Pick<OutboxEntry, 'resource' | 'data'>,
  context: EntryContext,
): string | null {
  if (entry.resource === 'timesheets' || entry.resource === 'timesheet_punches') return null;
  if (entry.resource === 'car_line_calls') return null;
  const id = entry.data.scholar_id;
  const name = typeof id === 'string' ? context.scholarNames?.get(id) : undefined;
  return name ?? t('unknownScholar');
}

/**
 * When an entry happened: when the meal was served, the scholar came or went, the badge was read, the person clocked
 * out or in, the Undo was tapped; else when it was recorded.
 */
function entryInstant(entry: Pick<OutboxEntry, 'data' | 'recorded_at'>): number | null {
  const { data } = entry;
  const at = [
    data.served_at,
    data.occurred_at,
    data.at,
    data.ended_at,
    data.started_at,
    data.voided_at,
    entry.recorded_at,
  ].find((v): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v)));
  return at === undefined ? null : Date.parse(at);
}

/** An entry's time on the school's clock: '11:42 AM' today, 'Mon, Mar 2, 11:42 AM' on another day. */
export function entryTime(entry: Pick<OutboxEntry, 'data' | 'recorded_at'>, context: EntryContext): string {
  const at = entryInstant(entry);
  if (at === null) return '';
  const { language, timeZone } = context;
  if (schoolDayOf(at, timeZone) === schoolDayOf(context.now ?? Date.now(), timeZone)) {
    return formatClockTime(at, timeZone, language);
  }
  return dateTimeFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/** What, for whom and when, as a person says it: "Lunch · Jasmine Adams · 11:42 AM" (the school's clock). */
export function entryTitle(
  t: SyncT,
  entry: Pick<OutboxEntry, 'resource' | 'action' | 'data' | 'recorded_at'>,
  context: EntryContext,
) {
  return [entryWhat(t, entry), entryScholar(t, entry, context), entryTime(entry, context)].filter(Boolean).join(' · ');
}

/**
 * Who recorded an entry, by name: the name kept with it, else the signed-in person's when the entry is theirs, else
 * "another staff member". Never the user id.
 */
export function recorderText(
  t: SyncT,
  entry: Pick<OutboxEntry, 'recorded_by' | 'recorded_by_name'>,
  context?: Pick<EntryContext, 'recorderName'>,
): string {
  const name =
    entry.recorded_by_name ||
    (entry.recorded_by && context?.recorderName ? context.recorderName(entry.recorded_by) : null);
  return name ? t('recordedBy', { name }) : t('recordedByOther');
}

/** What a person does about a refusal that names no other record. */
const REFUSAL_KEYS = {
  forbidden: 'reasons.forbidden',
  unsupported: 'reasons.unsupported',
  reusedId: 'reasons.reusedId',
  noRecord: 'reasons.noRecord',
  badText: 'reasons.badText',
  badValue: 'reasons.badValue',
  badDate: 'reasons.badDate',
  tooLong: 'reasons.tooLong',
  tooLarge: 'reasons.tooLarge',
  exists: 'reasons.exists',
  brokenRule: 'reasons.brokenRule',
  refused: 'reasons.refused',
  conflict: 'reasons.conflict',
} as const;

/**
 * Why the server did not take an entry, in plain words with what to do: a second meal or a check-in already there
 * says so with the scholar's name; a refusal the panel knows is explained; any other gives the server's own sentence.
 */
export function reasonText(t: SyncT, entry: OutboxEntry, context: EntryContext): string | null {
  const name = entryScholar(t, entry, context);
  const what = entryWhat(t, entry);
  const message = entry.last_error ?? '';
  const kind = refusalKind(message);
  const hasRecord = entry.server_record !== null && entry.server_record !== undefined;
  if (kind === 'taken' || (hasRecord && kind !== 'reusedId')) {
    return entry.resource === 'nslp_records'
      ? t('reasons.mealTaken', { name, what: what.toLocaleLowerCase(context.language) })
      : t('reasons.alreadyThere', { name, what });
  }
  const fieldMessages = Object.values(entry.field_errors ?? {}).flat();
  if (kind === 'invalid' || (kind === null && fieldMessages.includes(message))) {
    // The fields say what is wrong, each on its own line below this one.
    return entry.resource === 'check_ins' ? t('reasons.invalidCorrect') : t('reasons.invalidExport');
  }
  if (kind === 'forbidden') return t('reasons.forbidden', { what: what.toLocaleLowerCase(context.language) });
  if (kind !== null) return t(REFUSAL_KEYS[kind]);
  return message ? t('reasons.server', { message }) : null;
}

const PROBLEM_KEYS = {
  network: 'problems.network',
  server: 'problems.server',
  noAnswer: 'problems.noAnswer',
  rateLimited: 'problems.rateLimited',
  signIn: 'problems.signIn',
} as const;

/** Why a send failed, in plain words with what happens next; the words as they are when the panel does not know them. */
export function problemText(t: SyncT, message: string): string {
  const kind = problemKind(message);
  return kind ? t(PROBLEM_KEYS[kind]) : message;
}

/** How a waiting entry is doing: not sent yet, being sent, or tried and failed (why, and that it goes on by itself). */
export function waitingStatusText(t: SyncT, entry: Pick<OutboxEntry, 'status' | 'attempts' | 'last_error'>): string {
  if (entry.status === 'sending') return t('panel.waiting.sending');
  if (entry.attempts === 0 && !entry.last_error) return t('panel.waiting.notYet');
  const problem = entry.last_error ? problemText(t, entry.last_error) : t('problems.unknown');
  return entry.attempts > 0 ? t('panel.waiting.tried', { count: entry.attempts, problem }) : problem;
}

/** A field's name for a person; the raw name for a field without one. */
export function fieldLabel(t: SyncT, field: string): string {
  return has(FIELD_KEYS, field) ? t(FIELD_KEYS[field]) : field;
}

/** The fields of a server record worth showing beside a conflict, in a stable order. */
const RECORD_FIELDS = ['kind', 'meal_type', 'occurred_at', 'served_at', 'school_day', 'reason', 'pick_up_name'];

/** The server's record of a conflict as label/value pairs; empty when it is not a record. */
export function serverRecordRows(t: SyncT, record: unknown, language: string, timeZone?: string): [string, string][] {
  if (typeof record !== 'object' || record === null) return [];
  const fields = record as Record<string, unknown>;
  return RECORD_FIELDS.flatMap((field): [string, string][] => {
    const value = fields[field];
    if (value === null || value === undefined || value === '') return [];
    if ((field === 'occurred_at' || field === 'served_at') && typeof value === 'string')
      return [[fieldLabel(t, field), formatWhen(value, language, timeZone)]];
    if (field === 'school_day' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return [[fieldLabel(t, field), formatDay(value, language)]];
    if (field === 'kind' && has(KIND_KEYS, value)) return [[fieldLabel(t, field), t(KIND_KEYS[value])]];
    if (field === 'meal_type' && has(WHAT_KEYS, value)) return [[fieldLabel(t, field), t(WHAT_KEYS[value])]];
    return [[fieldLabel(t, field), String(value)]];
  });
}

/** From this share of the quota used, the panel says storage is almost full and what to do about it. */
export const STORAGE_ALMOST_FULL = 0.8;

/** A size as people read it: '12.5 MB', '1.2 GB' ('12,5 MB' in Spanish). */
export function storageSize(bytes: number, language: string): string {
  const isLarge = bytes >= 1_000_000_000;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: isLarge ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / (isLarge ? 1_000_000_000 : 1_000_000));
}

/** The storage line: how much is used of what the browser allows, and, when that is almost all, what to do. */
export function storageUsageText(t: SyncT, usage: number, quota: number, language: string): string {
  const values = { used: storageSize(usage, language), quota: storageSize(quota, language) };
  return usage >= quota * STORAGE_ALMOST_FULL ? t('panel.storage.almostFull', values) : t('panel.storage.used', values);
}

/** `needs-attention-YYYY-MM-DD.csv`, with the school day of `instant` (the school's clock, not the device's). */
export function attentionCsvName(instant: number, timeZone: string): string {
  return `needs-attention-${schoolDayOf(instant, timeZone)}.csv`;
}
