/**
 * What the pick-up adult form holds and how it is checked before sending: with the contract's schemas (the server
 * checks the same ones), so the fields in red are the ones the server would refuse. The rules of `pickUpRuleErrors`
 * (a refusal says why; the last valid day is not before the first) get their own translated texts; other messages
 * come from the contract as they are.
 */
import {
  AuthorizedPickUpBatchCreateSchema,
  type AuthorizedPickUpRecord,
  AuthorizedPickUpUpdateSchema,
  pickUpRuleErrors,
} from '../../../contract';
import { type FieldErrors, fieldErrorsFromZod, type Translate } from '../../../ui/form/field-errors';
import type { PickUpFields } from '../api/pick-ups-resource';

export const PICK_UP_FIELDS = [
  'full_name',
  'relationship',
  'phone',
  'status',
  'notes',
  'valid_from',
  'valid_until',
] as const satisfies readonly (keyof PickUpFields)[];
export type PickUpField = (typeof PICK_UP_FIELDS)[number];

/** The fields a form's errors can name: the adult's, the scholars chosen and the photo. */
export type PickUpErrorField = PickUpField | 'scholar_ids' | 'photo';

/** An empty form. */
export const EMPTY_PICK_UP: PickUpFields = {
  full_name: '',
  relationship: '',
  phone: '',
  status: 'authorized',
  notes: '',
  valid_from: '',
  valid_until: '',
};

/** The form filled from a stored adult, for an edit. */
export function fieldsOf(record: AuthorizedPickUpRecord): PickUpFields {
  return {
    full_name: record.full_name,
    relationship: record.relationship ?? '',
    phone: record.phone ?? '',
    status: record.status,
    notes: record.notes ?? '',
    valid_from: record.valid_from ?? '',
    valid_until: record.valid_until ?? '',
  };
}

/** The i18n keys (pick-ups namespace) of the contract's pick-up rules, by field. */
export const RULE_KEYS = {
  notes: 'form.errors.refusalNeedsNotes',
  valid_until: 'form.errors.untilBeforeFrom',
} as const;

export interface CheckTexts {
  /** Translates the rule keys above. */
  rule: (key: (typeof RULE_KEYS)[keyof typeof RULE_KEYS]) => string;
  /** Translates the common contract messages ('This field is required.'). */
  common?: Translate;
  /** Said when no scholar is chosen. */
  noScholar: string;
}

function withRules(errors: FieldErrors, fields: PickUpFields, texts: CheckTexts): FieldErrors {
  const out = { ...errors };
  for (const field of Object.keys(pickUpRuleErrors(ruleInput(fields))) as (keyof typeof RULE_KEYS)[]) {
    out[field] = texts.rule(RULE_KEYS[field]);
  }
  return out;
}

const ruleInput = (fields: PickUpFields) => ({
  status: fields.status,
  notes: fields.notes.trim() || null,
  valid_from: fields.valid_from || null,
  valid_until: fields.valid_until || null,
});

/** The errors of a new adult for these scholars, by field; empty when it may be sent. */
export function checkNewPickUp(fields: PickUpFields, scholarIds: readonly string[], texts: CheckTexts): FieldErrors {
  const parsed = AuthorizedPickUpBatchCreateSchema.safeParse({ ...fields, scholar_ids: scholarIds });
  const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error, texts.common);
  if (scholarIds.length === 0) errors.scholar_ids = texts.noScholar;
  return withRules(errors, fields, texts);
}

/** The errors of an edited adult, by field; empty when it may be sent. */
export function checkEditedPickUp(fields: PickUpFields, texts: CheckTexts): FieldErrors {
  const parsed = AuthorizedPickUpUpdateSchema.safeParse({ _method: 'PATCH', ...fields });
  const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error, texts.common);
  // An edit sends every field, so the full name is required as in a create (the update schema makes it optional).
  if (!fields.full_name.trim()) errors.full_name ??= texts.common?.('form.required') ?? 'This field is required.';
  return withRules(errors, fields, texts);
}
