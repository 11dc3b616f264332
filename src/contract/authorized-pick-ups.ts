import { z } from 'zod';
import {
  BooleanField,
  DateOnlySchema,
  IdSchema,
  MethodOverrideSchema,
  optionalText,
  requiredText,
  updateShape,
} from './common';

/**
 * Whether an adult may take a scholar home: `not_authorized` records someone who must not (a custody order, a
 * restraining order), so the pick-up line sees the person's photo and the note instead of simply not finding them.
 */
export const PICK_UP_STATUSES = ['authorized', 'not_authorized'] as const;
export const PickUpStatusSchema = z.enum(PICK_UP_STATUSES, {
  message: `Must be one of ${PICK_UP_STATUSES.join(', ')}.`,
});
export type PickUpStatus = z.infer<typeof PickUpStatusSchema>;

/** The most scholars one "for several siblings at once" create covers. */
export const MAX_PICK_UP_SIBLINGS = 10;

/** A date that may be left empty; a multipart form sends an empty field as ''. */
const optionalDate = z.preprocess((v) => (v === '' ? null : v), DateOnlySchema.nullish());

/** Digits with the usual separators, optionally an extension: what staff type for a phone number. */
export const PhoneSchema = optionalText(40).refine(
  (v) => v === null || /^\+?[0-9 ().-]{7,}( ?(x|ext\.?) ?[0-9]{1,6})?$/i.test(v),
  {
    message: 'Must be a phone number.',
  },
);

/** An adult who may (or, with `not_authorized`, must not) pick a scholar up. */
export const AuthorizedPickUpRecordSchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  full_name: z.string(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  photo_id: z.string().nullable(),
  status: PickUpStatusSchema,
  notes: z.string().nullable(),
  /** First and last school day the authorization holds (inclusive); null: open-ended. */
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthorizedPickUpRecord = z.infer<typeof AuthorizedPickUpRecordSchema>;

/** The fields a pick-up adult shares with the siblings created with it. */
const sharedFields = {
  full_name: requiredText(200),
  relationship: optionalText(100),
  phone: PhoneSchema,
  /** A photo already stored for a pick-up adult; or send the file itself as `photo` in multipart form data. */
  photo_id: IdSchema.nullish(),
  status: PickUpStatusSchema.default('authorized'),
  notes: optionalText(1000),
  valid_from: optionalDate,
  valid_until: optionalDate,
  active: BooleanField.default(true),
};

type Checked = {
  status?: PickUpStatus;
  notes?: string | null;
  valid_from?: string | null;
  valid_until?: string | null;
};

/**
 * The rules a pick-up adult keeps whatever the write, as `{field: message}`: a refusal says why, the dates are in
 * order. The schemas check them on what is sent; the server checks an update's record as it will be.
 */
export function pickUpRuleErrors(v: Checked): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.status === 'not_authorized' && !v.notes) {
    errors.notes = 'Say why this adult may not pick up (for example, the custody order).';
  }
  if (v.valid_from && v.valid_until && v.valid_until < v.valid_from) {
    errors.valid_until = 'The last valid day is on or after the first.';
  }
  return errors;
}

/** The rules as a zod refinement, for the create schemas and the server's multipart variants of them. */
export function checkPickUpRules(v: Checked, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(pickUpRuleErrors(v))) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/** The create's fields without the rules, for the server to add its multipart `photo` to. */
export const AuthorizedPickUpCreateFieldsSchema = z.object({
  id: IdSchema.optional(),
  scholar_id: IdSchema,
  ...sharedFields,
});
export const AuthorizedPickUpCreateSchema = AuthorizedPickUpCreateFieldsSchema.superRefine(checkPickUpRules);
export type AuthorizedPickUpCreate = z.infer<typeof AuthorizedPickUpCreateSchema>;

/**
 * `POST v2/authorized_pick_ups/batch`: one adult for several siblings at once, in JSON or multipart form data
 * (`scholar_ids[]`, one `photo` file). It makes one row per scholar, all sharing one photo, in one transaction, and
 * answers them in the order of `scholar_ids`. `ids`, when given, are the client's ids of the rows in the same order:
 * sending the same batch again answers the stored rows (idempotent), never second ones.
 */
export const AuthorizedPickUpBatchFieldsSchema = z.object({
  ids: z.array(IdSchema).max(MAX_PICK_UP_SIBLINGS).optional(),
  scholar_ids: z
    .array(IdSchema)
    .min(1, 'Choose at least one scholar.')
    .max(MAX_PICK_UP_SIBLINGS, `At most ${MAX_PICK_UP_SIBLINGS} scholars at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each scholar once.' }),
  ...sharedFields,
});
/** The batch's rules: the pick-up rules, and one client id per scholar when ids are sent. */
export function checkPickUpBatchRules(v: Checked & { ids?: string[]; scholar_ids: string[] }, ctx: z.RefinementCtx) {
  checkPickUpRules(v, ctx);
  if (v.ids && v.ids.length !== v.scholar_ids.length) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'One id for each scholar, in the same order.' });
  }
}
export const AuthorizedPickUpBatchCreateSchema = AuthorizedPickUpBatchFieldsSchema.superRefine(checkPickUpBatchRules);
export type AuthorizedPickUpBatchCreate = z.infer<typeof AuthorizedPickUpBatchCreateSchema>;

/**
 * An update (`POST authorized_pick_ups/{id}` with `_method: 'PATCH'`, JSON or multipart with a new `photo`): only the
 * fields sent change. The scholar stays (an adult for another scholar is a new row); the server checks the rules on
 * the record as it will be (a refusal needs its note even when only the status is sent).
 */
export const AuthorizedPickUpUpdateSchema = MethodOverrideSchema.extend(updateShape(sharedFields));
export type AuthorizedPickUpUpdate = z.infer<typeof AuthorizedPickUpUpdateSchema>;

export const AUTHORIZED_PICK_UP_SORT_FIELDS = ['full_name', 'status', 'valid_until', 'created_at'] as const;
/** `filter[valid_on]=YYYY-MM-DD`: authorized adults whose dates include that day (what the pick-up line may use). */
export const AUTHORIZED_PICK_UP_FILTER_FIELDS = ['scholar_id', 'status', 'active', 'valid_on'] as const;
