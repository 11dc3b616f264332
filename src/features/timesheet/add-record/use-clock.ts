/**
 * The signed-in staff member's clock, offline first: their records on the device with the outbox
 * laid over them, whether they are clocked in and since when, and the three writes of Add Record. A clock-in is a new
 * record through the outbox. A clock-out of a clock-in still in the outbox amends that entry (one entry goes); of a
 * record the server has (or one being sent right now) it is an update naming the version it was made from, which the
 * server applies only to that version. A past record is a new record with both times.
 */
import { useMemo } from 'react';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import type { TimesheetCategory } from '../../../contract';
import { OutboxBusyError } from '../../../offline';
import { useClockStation } from './clock-station';
import { type ClockRecord, openRecord, overlapping, ownRecords } from './model/clock';

export interface PastRecord {
  started_at: string;
  ended_at: string;
  break_minutes: number;
  category: TimesheetCategory;
  leave_type: string | null;
  note: string | null;
}

/** A write the device refused before queueing it: the person's record it would overlap. */
export class OverlapError extends Error {
  constructor(readonly record: ClockRecord) {
    super('overlap');
    this.name = 'OverlapError';
  }
}

export function useClock(userId: string | null) {
  const station = useClockStation();
  const timeZone = useSchoolTimeZone();
  const items = station.useRecords('timesheets', userId ? { where: { user_id: userId } } : {});
  const waiting = station.useWaiting();
  const attention = station.useAttention();
  const write = station.useWrite();
  const amend = station.useAmend();
  const sync = station.useSyncStatus();

  const records = useMemo(
    () => (items && waiting && attention ? ownRecords(items, [...waiting, ...attention], userId, timeZone) : undefined),
    [items, waiting, attention, userId, timeZone],
  );
  const open = records ? openRecord(records) : null;

  /** Clocks in now; refused when already clocked in. */
  const clockIn = async (at: number = Date.now()) => {
    const started = new Date(at).toISOString();
    const clash = records && overlapping(records, started, null);
    if (clash) throw new OverlapError(clash);
    return write('timesheets', {
      ...(userId ? { user_id: userId } : {}),
      started_at: started,
      method: 'clock',
      category: 'regular',
    });
  };

  /** Clocks out of the open record now. */
  const clockOut = async (record: ClockRecord, at: number = Date.now()) => {
    // Never before the clock-in, whatever the device's clock did in between.
    const ended = new Date(Math.max(at, Date.parse(record.started_at) + 1000)).toISOString();
    if (!record.confirmed && record.pending) {
      try {
        if (await amend(record.id, { ended_at: ended })) return;
      } catch (err) {
        if (!(err instanceof OutboxBusyError)) throw err;
        // Being sent right now: the server will have it as version 1, which this update names.
      }
    }
    await write('timesheets', { id: record.id, base_version: record.version, ended_at: ended }, 'update');
  };

  /** Adds a finished record (a day the person forgot to clock). */
  const addPast = async (record: PastRecord) => {
    const clash = records && overlapping(records, record.started_at, record.ended_at);
    if (clash) throw new OverlapError(clash);
    return write('timesheets', { ...(userId ? { user_id: userId } : {}), ...record, method: 'manual' });
  };

  return { records, open, timeZone, sync, clockIn, clockOut, addPast };
}
