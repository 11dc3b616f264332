/**
 * A staff member's own time as the device knows it: the records the server confirmed (pulled, or
 * answered to this device's pushes) with the entries still in the outbox laid over them. An unsent clock-in is a
 * record without an end; an unsent clock-out of a record the server has is an update entry that sets its end. Pure,
 * so Add Record decides the same thing online and offline, and the tests can say what it decides.
 */
import { type TimesheetCategory, type TimesheetRecord, workedMinutes } from '../../../../contract';
import type { OutboxEntry, StationItem } from '../../../../offline';
import { schoolDayOf } from '../../../../ui/school-clock';

/** One of the person's records as Add Record shows it. */
export interface ClockRecord {
  id: string;
  work_date: string;
  started_at: string;
  ended_at: string | null;
  break_minutes: number;
  category: TimesheetCategory;
  leave_type: string | null;
  note: string | null;
  /** The server's version (1 for a record it does not have yet): a clock-out is applied only to it. */
  version: number;
  /** The server has the record (with every change laid over it, when `pending`). */
  confirmed: boolean;
  /** A write of this record waits in the outbox. */
  pending: boolean;
  /** A write of this record was refused and waits for a person (the device panel). */
  attention: boolean;
  /** Its pay period is approved: read-only. */
  locked: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The update entries of the outbox that change time records, by record id, oldest first. */
export function updatesById(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const out = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    if (entry.resource !== 'timesheets' || entry.action !== 'update') continue;
    const id = text(entry.data.id);
    if (!id) continue;
    out.set(id, [...(out.get(id) ?? []), entry]);
  }
  return out;
}

/** The fields an update entry changes (what it carries besides its id, version and reason). */
function changedFields(entry: OutboxEntry): Partial<ClockRecord> {
  const { id, base_version, reason, _method, ...fields } = entry.data;
  void id;
  void base_version;
  void reason;
  void _method;
  return fields as Partial<ClockRecord>;
}

/**
 * The person's records: confirmed ones with their waiting updates applied, and unsent new ones, newest first. `userId`
 * keeps only theirs (a shared device may still hold another person's).
 */
export function ownRecords(
  items: readonly StationItem<TimesheetRecord>[],
  entries: readonly OutboxEntry[],
  userId: string | null,
  timeZone: string,
): ClockRecord[] {
  const updates = updatesById(entries);
  const out: ClockRecord[] = [];
  for (const item of items) {
    const r = item.record;
    const owner = text(r.user_id);
    if (owner && userId && owner !== userId) continue;
    const startedAt = text(r.started_at);
    if (!startedAt) continue;
    let record: ClockRecord = {
      id: r.id,
      work_date: text(r.work_date) ?? schoolDayOf(startedAt, timeZone),
      started_at: startedAt,
      ended_at: text(r.ended_at),
      break_minutes: typeof r.break_minutes === 'number' ? r.break_minutes : 0,
      category: (text(r.category) ?? 'regular') as TimesheetCategory,
      leave_type: text(r.leave_type),
      note: text(r.note),
      version: typeof r.version === 'number' ? r.version : 1,
      confirmed: item.confirmed,
      pending: item.pending,
      attention: item.attention,
      locked: r.locked === true,
    };
    for (const update of updates.get(r.id) ?? []) {
      record = {
        ...record,
        ...changedFields(update),
        pending: record.pending || update.status !== 'attention',
        attention: record.attention || update.status === 'attention',
      };
      record.work_date = schoolDayOf(record.started_at, timeZone);
    }
    out.push(record);
  }
  return out.sort((a, b) => (a.started_at < b.started_at ? 1 : a.started_at > b.started_at ? -1 : 0));
}

/** The record the person is clocked in on (no end yet), the latest if there were several; null when clocked out. */
export const openRecord = (records: readonly ClockRecord[]): ClockRecord | null =>
  records.find((r) => r.ended_at === null) ?? null;

/** Paid minutes of a record; an open one counts to `now`. */
export const recordMinutes = (r: ClockRecord, now: number): number =>
  workedMinutes({ ...r, ended_at: r.ended_at ?? new Date(Math.max(now, Date.parse(r.started_at))).toISOString() }) ?? 0;

export interface DayTotal {
  date: string;
  records: ClockRecord[];
  worked: number;
}

/** The records of the dates from `from` to `to` by day, newest day first, with each day's paid minutes. */
export function byDay(records: readonly ClockRecord[], from: string, to: string, now: number): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const r of records) {
    if (r.work_date < from || r.work_date > to) continue;
    const day = days.get(r.work_date) ?? { date: r.work_date, records: [], worked: 0 };
    day.records.push(r);
    day.worked += recordMinutes(r, now);
    days.set(r.work_date, day);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? 1 : -1));
}

/**
 * The first of the person's records that the span from `start` to `end` (null: open) would overlap, skipping
 * `exceptId`; the server refuses the same, and telling it before queueing keeps a refused entry out of the outbox.
 */
export function overlapping(
  records: readonly ClockRecord[],
  start: string,
  end: string | null,
  exceptId?: string,
): ClockRecord | null {
  const s = Date.parse(start);
  const e = end === null ? Number.POSITIVE_INFINITY : Date.parse(end);
  for (const r of records) {
    if (r.id === exceptId) continue;
    const rs = Date.parse(r.started_at);
    const re = r.ended_at === null ? Number.POSITIVE_INFINITY : Date.parse(r.ended_at);
    if (rs < e && s < re) return r;
  }
  return null;
}
