/**
 * The words of the sync screens, computed from the status and entries without React, so the rules (when the roster
 * counts as old, when a progress bar is worth showing, how an entry is named) are tested on their own.
 */
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../intl-format';
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

/** A date and time in the person's language; the text as it is when it is not a date. */
export function formatWhen(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

const RESOURCE_KEYS = { check_ins: 'resources.check_ins', nslp_records: 'resources.nslp_records' } as const;
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
  data: 'fields.data',
} as const;

const has = <K extends string>(keys: Record<K, string>, value: unknown): value is K =>
  typeof value === 'string' && Object.hasOwn(keys, value);

/** What an entry is, for a person: "Check-in (arrival)". */
export function entryLabel(t: SyncT, entry: Pick<OutboxEntry, 'resource' | 'data'>): string {
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
} as const;

/** Where the device panel finds names and the school's clock. */
export interface EntryContext {
  /** Scholars' names from the device's roster, by id. */
  scholarNames: ReadonlyMap<string, string> | undefined;
  timeZone: string;
  language: string;
}

/** What an entry records, in a word: 'Lunch', 'Arrival'. */
export function entryWhat(t: SyncT, entry: Pick<OutboxEntry, 'resource' | 'data'>): string {
  const key = entry.resource === 'nslp_records' ? entry.data.meal_type : entry.data.kind;
  return has(WHAT_KEYS, key) ? t(WHAT_KEYS[key]) : entryLabel(t, entry);
}

/** The scholar an entry is for, by name; never an id. */
export function entryScholar(t: SyncT, entry: Pick<OutboxEntry, 'data'>, context: EntryContext): string {
  const id = entry.data.scholar_id;
  const name = typeof id === 'string' ? context.scholarNames?.get(id) : undefined;
  return name ?? t('unknownScholar');
}

/** What, for whom and when, as a person says it: "Lunch · Jasmine Adams · 11:42 AM" (the school's clock). */
export function entryTitle(
  t: SyncT,
  entry: Pick<OutboxEntry, 'resource' | 'data' | 'recorded_at'>,
  context: EntryContext,
) {
  const at = [entry.data.served_at, entry.data.occurred_at, entry.recorded_at].find(
    (v): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  );
  const time = at
    ? dateTimeFormat(context.language, { hour: 'numeric', minute: '2-digit', timeZone: context.timeZone }).format(
        Date.parse(at),
      )
    : '';
  return [entryWhat(t, entry), entryScholar(t, entry, context), time].filter(Boolean).join(' · ');
}

/** Who recorded an entry, by name: the name kept with it, never the user id. */
export function recorderText(t: SyncT, entry: Pick<OutboxEntry, 'recorded_by_name'>): string {
  return entry.recorded_by_name ? t('recordedBy', { name: entry.recorded_by_name }) : t('recordedByOther');
}

/**
 * Why the server did not take an entry, in plain words: a second meal or a check-in already there says so with the
 * scholar's name; a refusal gives the server's own sentence.
 */
export function reasonText(t: SyncT, entry: OutboxEntry, context: EntryContext): string | null {
  const name = entryScholar(t, entry, context);
  if (entry.server_record !== null && entry.server_record !== undefined) {
    return entry.resource === 'nslp_records'
      ? t('reasons.mealTaken', { name, what: entryWhat(t, entry).toLocaleLowerCase(context.language) })
      : t('reasons.alreadyThere', { name, what: entryWhat(t, entry) });
  }
  return entry.last_error;
}

/** A field's name for a person; the raw name for a field without one. */
export function fieldLabel(t: SyncT, field: string): string {
  return has(FIELD_KEYS, field) ? t(FIELD_KEYS[field]) : field;
}

/** The fields of a server record worth showing beside a conflict, in a stable order. */
const RECORD_FIELDS = ['kind', 'meal_type', 'occurred_at', 'served_at', 'school_day', 'reason', 'pick_up_name'];

/** The server's record of a conflict as label/value pairs; empty when it is not a record. */
export function serverRecordRows(t: SyncT, record: unknown, language: string): [string, string][] {
  if (typeof record !== 'object' || record === null) return [];
  const fields = record as Record<string, unknown>;
  return RECORD_FIELDS.flatMap((field): [string, string][] => {
    const value = fields[field];
    if (value === null || value === undefined || value === '') return [];
    if ((field === 'occurred_at' || field === 'served_at') && typeof value === 'string')
      return [[fieldLabel(t, field), formatWhen(value, language)]];
    if (field === 'kind' && has(KIND_KEYS, value)) return [[fieldLabel(t, field), t(KIND_KEYS[value])]];
    if (field === 'meal_type' && has(WHAT_KEYS, value)) return [[fieldLabel(t, field), t(WHAT_KEYS[value])]];
    return [[fieldLabel(t, field), String(value)]];
  });
}

/** Bytes as megabytes with at most one decimal, in the person's language. */
export function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/** `needs-attention-YYYY-MM-DD.csv`, with the device's local date. */
export function attentionCsvName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `needs-attention-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
