/**
 * A timesheet record as a form types it: the date it starts on and the start and end as the school's wall clock
 * (HH:MM), the end possibly on the next day (a night's work), the unpaid break as text, the category with the leave
 * type, a note and, for a change, the reason. The instants the API takes are worked out in the school's time zone
 * (`instantAt`, which settles the offset on the days the clocks change); the server then counts the record on the
 * day it started (`work_date`). The checks run before sending, with the form's own message keys
 * (`form.errors.<key>` of the timesheet-records namespace); the server checks again with the contract's schema.
 */
import {
  type LEAVE_TYPES,
  MAX_RECORD_BREAK_MINUTES,
  MAX_RECORD_HOURS,
  minutesBetween,
  shiftDate,
  type TimesheetCategory,
  type TimesheetCreate,
  type TimesheetRecord,
  type TimesheetUpdate,
} from '../../../contract';
import { instantAt, minutesOfDayIn, schoolDayOf } from '../../../ui/school-clock';

export type LeaveType = (typeof LEAVE_TYPES)[number];

export interface RecordForm {
  /** The school day the record starts on (YYYY-MM-DD). */
  date: string;
  /** HH:MM on the school's clock. */
  start: string;
  /** HH:MM on the school's clock; empty while clocked in. */
  end: string;
  /** The end is on the day after `date`. */
  nextDay: boolean;
  break_minutes: string;
  category: TimesheetCategory;
  leave_type: LeaveType | '';
  note: string;
  /** Why a record is changed (audited); unused for a new one. */
  reason: string;
}

/** The keys of the form's own messages. */
export type RecordErrorKey =
  | 'date'
  | 'time'
  | 'endRequired'
  | 'endAfterStart'
  | 'tooLong'
  | 'break'
  | 'breakShorter'
  | 'leaveType'
  | 'reason'
  | 'future';

/** The form's fields that carry a message, by the API's names (so a 422 lands on the same field). */
export type RecordErrorField = 'date' | 'started_at' | 'ended_at' | 'break_minutes' | 'leave_type' | 'reason';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new record's form: a school day of 8:00 to 16:00 with half an hour's break. */
export function emptyRecordForm(day: string): RecordForm {
  return {
    date: day,
    start: '08:00',
    end: '16:00',
    nextDay: false,
    break_minutes: '30',
    category: 'regular',
    leave_type: '',
    note: '',
    reason: '',
  };
}

/** A stored record as the form shows it, on the school's clock. */
export function recordFormOf(record: TimesheetRecord, timeZone: string): RecordForm {
  const date = schoolDayOf(record.started_at, timeZone);
  return {
    date,
    start: hhmm(minutesOfDayIn(record.started_at, timeZone)),
    end: record.ended_at ? hhmm(minutesOfDayIn(record.ended_at, timeZone)) : '',
    nextDay: record.ended_at ? schoolDayOf(record.ended_at, timeZone) > date : false,
    break_minutes: String(record.break_minutes),
    category: record.category,
    leave_type: record.leave_type ?? '',
    note: record.note ?? '',
    reason: '',
  };
}

/** The start and end instants of the typed times, or null for what is not (yet) a whole date or time. */
export function formInstants(
  form: Pick<RecordForm, 'date' | 'start' | 'end' | 'nextDay'>,
  timeZone: string,
): { started_at: string | null; ended_at: string | null } {
  if (!DATE.test(form.date)) return { started_at: null, ended_at: null };
  return {
    started_at: TIME.test(form.start) ? instantAt(form.date, form.start, timeZone) : null,
    ended_at: TIME.test(form.end)
      ? instantAt(form.nextDay ? shiftDate(form.date, 1) : form.date, form.end, timeZone)
      : null,
  };
}

/** Paid minutes of the typed times (length less break), or null while they are incomplete or wrong. */
export function formWorkedMinutes(form: RecordForm, timeZone: string): number | null {
  const { started_at, ended_at } = formInstants(form, timeZone);
  if (!started_at || !ended_at || !/^\d+$/.test(form.break_minutes)) return null;
  const length = minutesBetween(started_at, ended_at);
  return length > 0 ? Math.max(0, length - Number(form.break_minutes)) : null;
}

export interface CheckOptions {
  /** The end may be left empty (a record still clocked in). */
  allowOpen: boolean;
  /** A reason for the change is required. */
  requireReason: boolean;
  /** Now (ms): a record's times are never later (the server refuses them). */
  now?: number;
}

/** The fields that are wrong, with the key of their message. */
export function checkRecordForm(
  form: RecordForm,
  timeZone: string,
  { allowOpen, requireReason, now = Date.now() }: CheckOptions,
): Partial<Record<RecordErrorField, RecordErrorKey>> {
  const out: Partial<Record<RecordErrorField, RecordErrorKey>> = {};
  if (!DATE.test(form.date)) out.date = 'date';
  if (!TIME.test(form.start)) out.started_at = 'time';
  if (!form.end) {
    if (!allowOpen) out.ended_at = 'endRequired';
  } else if (!TIME.test(form.end)) out.ended_at = 'time';
  const breakOk = /^\d+$/.test(form.break_minutes) && Number(form.break_minutes) <= MAX_RECORD_BREAK_MINUTES;
  if (!breakOk) out.break_minutes = 'break';
  const { started_at, ended_at } = formInstants(form, timeZone);
  if (started_at && ended_at && !out.date) {
    const length = minutesBetween(started_at, ended_at);
    if (length <= 0) out.ended_at = 'endAfterStart';
    else if (length > MAX_RECORD_HOURS * 60) out.ended_at = 'tooLong';
    else if (breakOk && Number(form.break_minutes) >= length) out.break_minutes = 'breakShorter';
  }
  if (started_at && !out.date && Date.parse(started_at) > now) out.started_at = 'future';
  if (ended_at && !out.date && !out.ended_at && Date.parse(ended_at) > now) out.ended_at = 'future';
  if (form.category === 'leave' && !form.leave_type) out.leave_type = 'leaveType';
  if (requireReason && !form.reason.trim()) out.reason = 'reason';
  return out;
}

/** The fields of a record both create and update send. */
function recordFields(form: RecordForm, timeZone: string) {
  const { started_at, ended_at } = formInstants(form, timeZone);
  return {
    started_at: started_at ?? '',
    ended_at,
    break_minutes: Number(form.break_minutes),
    category: form.category,
    leave_type: form.category === 'leave' && form.leave_type ? form.leave_type : null,
    note: form.note.trim() || null,
  };
}

/** A new record's body, typed in by hand; `userId` names whose it is (the signed-in person's when absent). */
export function createBody(form: RecordForm, timeZone: string, userId?: string): TimesheetCreate {
  return {
    ...(userId ? { user_id: userId } : {}),
    ...recordFields(form, timeZone),
    method: 'manual',
    device_id: null,
  };
}

/** A change's body: every field of the form, the version it was made from, and the reason when one is given. */
export function updateBody(form: RecordForm, timeZone: string, baseVersion: number): TimesheetUpdate {
  const reason = form.reason.trim();
  return {
    ...recordFields(form, timeZone),
    base_version: baseVersion,
    ...(reason ? { reason } : {}),
  };
}
