/**
 * The special hours form's state and checks: what is typed (times as HH:MM, the break as text), the people chosen or
 * everyone, and the body the API takes. The checks run before sending, with the messages of the form's own texts;
 * the server checks again with the contract's schema.
 */
import {
  clockMinutes,
  type SpecialHoursCreate,
  type SpecialHoursMode,
  type SpecialHoursRecord,
  type TimekeepingStaffRecord,
} from '../../../contract';

export interface SpecialForm {
  name: string;
  mode: SpecialHoursMode;
  starts_on: string;
  /** Several days: the last day is asked for; otherwise it is the first. */
  several: boolean;
  ends_on: string;
  start_time: string;
  end_time: string;
  break_minutes: string;
  everyone: boolean;
  people: TimekeepingStaffRecord[];
  /** People of the record who are no longer active staff: kept as they are. */
  formerIds: string[];
  note: string;
}

/** The keys of the form's own messages (`special.errors.<key>`). */
export type SpecialErrorKey =
  | 'name'
  | 'date'
  | 'lastDay'
  | 'time'
  | 'endAfterStart'
  | 'break'
  | 'breakShorter'
  | 'people';

export function emptyForm(day: string): SpecialForm {
  return {
    name: '',
    mode: 'add',
    starts_on: day,
    several: false,
    ends_on: day,
    start_time: '17:00',
    end_time: '20:00',
    break_minutes: '0',
    everyone: false,
    people: [],
    formerIds: [],
    note: '',
  };
}

/** A stored record as the form shows it, its people found among the active staff. */
export function formOf(record: SpecialHoursRecord, staff: ReadonlyMap<string, TimekeepingStaffRecord>): SpecialForm {
  return {
    name: record.name,
    mode: record.mode,
    starts_on: record.starts_on,
    several: record.ends_on !== record.starts_on,
    ends_on: record.ends_on,
    start_time: record.start_time,
    end_time: record.end_time,
    break_minutes: String(record.break_minutes),
    everyone: record.everyone,
    people: record.user_ids.flatMap((id) => staff.get(id) ?? []),
    formerIds: record.user_ids.filter((id) => !staff.has(id)),
    note: record.note ?? '',
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Paid minutes of the typed hours, or null while they are incomplete. */
export function paidMinutes(form: Pick<SpecialForm, 'start_time' | 'end_time' | 'break_minutes'>): number | null {
  if (!TIME.test(form.start_time) || !TIME.test(form.end_time) || !/^\d+$/.test(form.break_minutes)) return null;
  const span = clockMinutes(form.end_time) - clockMinutes(form.start_time);
  return span > 0 ? Math.max(0, span - Number(form.break_minutes)) : null;
}

/** The fields that are wrong, with the key of their message. */
export function checkForm(form: SpecialForm): Record<string, SpecialErrorKey> {
  const out: Record<string, SpecialErrorKey> = {};
  if (!form.name.trim()) out.name = 'name';
  if (!DATE.test(form.starts_on)) out.starts_on = 'date';
  if (form.several && (!DATE.test(form.ends_on) || form.ends_on < form.starts_on)) out.ends_on = 'lastDay';
  if (!TIME.test(form.start_time)) out.start_time = 'time';
  if (!TIME.test(form.end_time)) out.end_time = 'time';
  else if (TIME.test(form.start_time) && form.end_time <= form.start_time) out.end_time = 'endAfterStart';
  if (!/^\d+$/.test(form.break_minutes) || Number(form.break_minutes) > 240) out.break_minutes = 'break';
  else if (!out.end_time && !out.start_time) {
    if (clockMinutes(form.end_time) - clockMinutes(form.start_time) <= Number(form.break_minutes)) {
      out.break_minutes = 'breakShorter';
    }
  }
  if (!form.everyone && !form.people.length && !form.formerIds.length) out.user_ids = 'people';
  return out;
}

/** The body the API takes. */
export function bodyOf(form: SpecialForm): SpecialHoursCreate {
  return {
    name: form.name.trim(),
    mode: form.mode,
    starts_on: form.starts_on,
    ends_on: form.several ? form.ends_on : form.starts_on,
    start_time: form.start_time,
    end_time: form.end_time,
    break_minutes: Number(form.break_minutes),
    everyone: form.everyone,
    user_ids: form.everyone ? [] : [...form.people.map((p) => p.id), ...form.formerIds],
    note: form.note.trim() || null,
  };
}
