import { z } from 'zod';
import { IdSchema, InstantSchema, optionalText } from './common';

export const CHECK_IN_KINDS = ['arrival', 'departure', 'sign_out', 'sign_in'] as const;
export const CheckInKindSchema = z.enum(CHECK_IN_KINDS);
export const CHECK_IN_METHODS = ['kiosk', 'scan', 'manual'] as const;
export const CheckInMethodSchema = z.enum(CHECK_IN_METHODS);

export const SIGN_OUT_MESSAGES = {
  noAdult: 'Choose the adult picking up, or type their name and the reason for an override.',
  overrideName: 'Type the name of the adult picking up.',
  overrideReason: 'An override needs a reason.',
} as const;

/**
 * An arrival, departure, sign-out or return, written by a station through the outbox with its own UUIDv7 id. The
 * school day is derived on the server from `occurred_at` in the school's time zone.
 *
 * A sign-out (F5) names who picks the scholar up: `pick_up_id`, one of the scholar's authorized pick-up adults valid
 * that day (checked on the server), or an override, when the adult is not on the list: `pick_up_name` typed and
 * `override_reason`, both required, and the server flags the record for the office to review. A scholar who comes
 * back the same day is checked in again with `sign_in`.
 */
export const CheckInCreateSchema = z
  .object({
    id: IdSchema,
    kind: CheckInKindSchema,
    scholar_id: IdSchema,
    occurred_at: InstantSchema,
    reason: optionalText(500),
    method: CheckInMethodSchema.default('kiosk'),
    pick_up_id: IdSchema.nullish(),
    pick_up_name: optionalText(200),
    override_reason: optionalText(500),
    flagged: z.boolean().default(false),
    device_id: optionalText(100),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'sign_out' || v.pick_up_id) return;
    if (!v.pick_up_name && !v.override_reason) {
      ctx.addIssue({ code: 'custom', path: ['pick_up_id'], message: SIGN_OUT_MESSAGES.noAdult });
      return;
    }
    if (!v.pick_up_name)
      ctx.addIssue({ code: 'custom', path: ['pick_up_name'], message: SIGN_OUT_MESSAGES.overrideName });
    if (!v.override_reason) {
      ctx.addIssue({ code: 'custom', path: ['override_reason'], message: SIGN_OUT_MESSAGES.overrideReason });
    }
  });
export type CheckInCreate = z.infer<typeof CheckInCreateSchema>;

export const CheckInRecordSchema = z.object({
  id: z.string(),
  kind: CheckInKindSchema,
  scholar_id: z.string(),
  occurred_at: z.string(),
  school_day: z.string(),
  reason: z.string().nullable(),
  method: CheckInMethodSchema,
  pick_up_id: z.string().nullable(),
  pick_up_name: z.string().nullable(),
  /**
   * Why a sign-out went to someone not on the pick-up list (then `flagged`). Optional in the type only because
   * records a device stored before F5 lack it; the server always answers it.
   */
  override_reason: z.string().nullable().optional(),
  flagged: z.boolean(),
  late: z.boolean(),
  recorded_by: z.string().nullable(),
  device_id: z.string().nullable(),
  /**
   * A voided record (undone at the pick-up line): when, by whom and why. Optional in the type only because records a
   * device stored before voids existed lack them; the server always answers them.
   */
  voided_at: z.string().nullable().optional(),
  voided_by: z.string().nullable().optional(),
  void_reason: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CheckInRecord = z.infer<typeof CheckInRecordSchema>;

/** Whether a check-in was voided: it then counts for nothing (a voided sign-out leaves the scholar on campus). */
export const isVoidedCheckIn = (record: Partial<Pick<CheckInRecord, 'voided_at' | 'void_reason'>>): boolean =>
  Boolean(record.voided_at || record.void_reason);

/** Why a check-in may be voided: the pick-up line's Undo of a tap made in error is the only one so far. */
export const CHECK_IN_VOID_REASONS = ['tapped in error'] as const;
export const CHECK_IN_VOID_REASON: (typeof CHECK_IN_VOID_REASONS)[number] = 'tapped in error';

/**
 * `POST check_ins/{id}/void`: the record stays, marked voided with who, when and why (audited). Allowed to whoever
 * may create check-ins, since it undoes their own tap; voiding a voided record answers it as it is.
 */
export const CheckInVoidBodySchema = z.object({
  void_reason: z.enum(CHECK_IN_VOID_REASONS).default(CHECK_IN_VOID_REASON),
  /** When the person tapped Undo (device clock); the server's clock when absent. */
  voided_at: InstantSchema.optional(),
});
export type CheckInVoidBody = z.infer<typeof CheckInVoidBodySchema>;

/** A void as the outbox carries it (an update of the check-in, `action: 'update'`): the record's id with the body. */
export const CheckInSyncVoidSchema = CheckInVoidBodySchema.extend({ id: IdSchema });
export type CheckInSyncVoid = z.infer<typeof CheckInSyncVoidSchema>;

export const CheckInUpdateSchema = z.object({
  _method: z.literal(['PATCH', 'patch']).optional(),
  reason: optionalText(500),
  flagged: z.boolean().optional(),
});
export type CheckInUpdate = z.infer<typeof CheckInUpdateSchema>;

export const CHECK_IN_SORT_FIELDS = ['occurred_at', 'school_day', 'created_at'] as const;
/**
 * For View Records: `filter[from]` and `filter[to]` bound `school_day` (inclusive); `kind` takes one kind or several
 * separated by commas (`sign_out,sign_in`); `pick_up_id` finds the sign-outs to one adult; `flagged=true` the
 * overrides to review; voided records are left out unless `include_voided=true`.
 */
export const CHECK_IN_FILTER_FIELDS = [
  'from',
  'to',
  'school_day',
  'scholar_id',
  'kind',
  'method',
  'pick_up_id',
  'flagged',
  'include_voided',
] as const;
