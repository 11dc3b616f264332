/**
 * The duty form's values and their check with the contract's schema (MessengerScheduleCreateSchema), the same one
 * the server applies, so the form says what is wrong before anything is sent: a field left empty says 'This field
 * is required.' (not the schema's technical message for an id or a time), an end before the start says so on the
 * end. The server's own 422 lands on the same fields.
 */
import { z } from 'zod';
import { MESSAGES, MessengerScheduleCreateSchema, type MessengerScheduleRecord } from '../../../contract';
import { type FieldErrors, fieldErrorsFromZod, pickFieldErrors, type Translate } from '../../../ui/form/field-errors';

export const DUTY_FIELDS = ['scholar_id', 'weekday', 'start_time', 'end_time', 'post', 'notes'] as const;
export type DutyField = (typeof DUTY_FIELDS)[number];

/** What the form holds: text, as the inputs give it. */
export type DutyValues = Record<DutyField, string>;

/** The fields that must not be left empty. */
const REQUIRED: readonly DutyField[] = ['scholar_id', 'weekday', 'start_time', 'end_time', 'post'];

/** The values of a new duty on a weekday. */
export function emptyDuty(weekday: number): DutyValues {
  return { scholar_id: '', weekday: String(weekday), start_time: '', end_time: '', post: '', notes: '' };
}

/** The values of an existing duty. */
export function dutyValues(duty: MessengerScheduleRecord): DutyValues {
  return {
    scholar_id: duty.scholar_id,
    weekday: String(duty.weekday),
    start_time: duty.start_time,
    end_time: duty.end_time,
    post: duty.post,
    notes: duty.notes ?? '',
  };
}

/** The duty as the API takes it. */
export interface DutyPayload {
  scholar_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  post: string;
  notes: string | null;
}

/** The schema's issues, without 'the end is after the start' when a time is itself missing or malformed. */
function relevantIssues(error: z.ZodError): z.ZodError {
  const isTime = (issue: z.core.$ZodIssue) => issue.path[0] === 'start_time' || issue.path[0] === 'end_time';
  const badTime = error.issues.some((issue) => isTime(issue) && issue.code !== 'custom');
  return badTime ? new z.ZodError(error.issues.filter((issue) => !(isTime(issue) && issue.code === 'custom'))) : error;
}

export type DutyCheck = { ok: true; data: DutyPayload } | { ok: false; errors: Partial<Record<DutyField, string>> };

/** Checks the values with the contract's schema; the messages are translated where the app has them. */
export function checkDuty(values: DutyValues, translate?: Translate): DutyCheck {
  const parsed = MessengerScheduleCreateSchema.safeParse(values);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(relevantIssues(parsed.error), translate);
  const required = translate ? translate('form.required') : MESSAGES.required;
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = required;
  const fields = pickFieldErrors(errors, DUTY_FIELDS);
  if (parsed.success && Object.keys(fields).length === 0) {
    const { scholar_id, weekday, start_time, end_time, post, notes } = parsed.data;
    return { ok: true, data: { scholar_id, weekday, start_time, end_time, post, notes: notes ?? null } };
  }
  return { ok: false, errors: fields };
}
