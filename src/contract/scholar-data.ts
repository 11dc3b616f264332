/**
 * A family's data on request (DESIGN section 13): one scholar's export (a zip of CSV files and their files), the erase
 * of a withdrawn scholar's personal data, and the retention reminder (withdrawn scholars due for an erase after the
 * school's `erase_after_days`). What an erase keeps and removes is docs/decisions/008-erasing-a-scholar.md.
 */
import { z } from 'zod';
import { IdSchema, ListMetaSchema, MethodOverrideSchema, requiredText, safeText } from './common';
import { namesMatch } from './name-match';

/** Who asked for an erase: the family, the school, or the retention reminder (the school's own schedule). */
export const ERASE_REQUESTERS = ['guardian', 'school', 'retention'] as const;
export type EraseRequester = (typeof ERASE_REQUESTERS)[number];

export const ERASE_MESSAGES = {
  confirmation: "Type the scholar's full name as shown to confirm.",
  notWithdrawn: 'Only a withdrawn scholar’s data can be erased: withdraw the scholar first.',
  requestedBy: 'Choose who asked for the erase.',
} as const;

/** The name an erase's typed confirmation must be: the scholar's full name as the Scholars screens show it. */
export const eraseConfirmationName = (s: { fname: string; lname: string; nickname?: string | null }): string =>
  `${(s.nickname || s.fname).trim()} ${s.lname.trim()}`;

/**
 * True when the typed confirmation names the scholar: the name as shown (nickname, last name) or the full name on
 * record (first, last), case and spacing aside, as a signature's typed name is compared (name-match.ts).
 */
export function confirmsErase(typed: string, s: { fname: string; lname: string; nickname?: string | null }): boolean {
  return namesMatch(typed, eraseConfirmationName(s)) || namesMatch(typed, `${s.fname} ${s.lname}`);
}

/**
 * `POST v2/demographics/{id}/erase`. `id` is the erase's own id, made by the client: the same request again (a retry
 * after a lost answer) answers the erase already done instead of a 404 for the scholar who is gone.
 */
export const EraseBodySchema = z.object({
  id: IdSchema,
  requested_by: z.enum(ERASE_REQUESTERS, { message: ERASE_MESSAGES.requestedBy }),
  note: requiredText(1000),
  confirmation: safeText().trim().min(1, ERASE_MESSAGES.confirmation).max(300),
});
export type EraseBody = z.infer<typeof EraseBodySchema>;

/** An erase as the log shows it: it names no one but the administrator who did it. */
export const ErasureRecordSchema = z.object({
  id: z.string(),
  erased_by: z.string().nullable(),
  erased_by_name: z.string().nullable(),
  erased_at: z.string(),
  requested_by: z.enum(ERASE_REQUESTERS),
  request_note: z.string().nullable(),
  withdrawn_on: z.string().nullable(),
  /** How many rows of each kind went (kind: the table's name), and how many meal and attendance rows were kept. */
  removed: z.record(z.string(), z.number()),
});
export type ErasureRecord = z.infer<typeof ErasureRecordSchema>;

export const ErasureListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
export type ErasureListQuery = z.infer<typeof ErasureListQuerySchema>;

export const ErasureListResponseSchema = z.object({ data: z.array(ErasureRecordSchema), meta: ListMetaSchema });
export type ErasureListResponse = z.infer<typeof ErasureListResponseSchema>;

/** A withdrawn scholar on the reminder list: withdrawn more than `erase_after_days` ago and not erased. */
export const ErasureDueSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  student_number: z.string(),
  grade: z.string(),
  withdrawn_on: z.string(),
  /** The day the reminder fell due: the withdrawal plus the setting's days. */
  due_on: z.string(),
});
export type ErasureDue = z.infer<typeof ErasureDueSchema>;

export const ErasureDueResponseSchema = z.object({
  data: z.array(ErasureDueSchema),
  meta: ListMetaSchema.extend({ erase_after_days: z.number().int(), today: z.string() }),
});
export type ErasureDueResponse = z.infer<typeof ErasureDueResponseSchema>;

/** The longest the reminder may wait: ten years, a bound that keeps a mistyped number from putting it off for good. */
export const ERASE_AFTER_DAYS_MAX = 3650;

export const EraseSettingsSchema = z.object({ erase_after_days: z.number().int() });
export type EraseSettings = z.infer<typeof EraseSettingsSchema>;

export const EraseSettingsUpdateSchema = MethodOverrideSchema.extend({
  erase_after_days: z.coerce
    .number({ message: `Must be a whole number of days from 1 to ${ERASE_AFTER_DAYS_MAX}.` })
    .int(`Must be a whole number of days from 1 to ${ERASE_AFTER_DAYS_MAX}.`)
    .min(1, `Must be a whole number of days from 1 to ${ERASE_AFTER_DAYS_MAX}.`)
    .max(ERASE_AFTER_DAYS_MAX, `Must be a whole number of days from 1 to ${ERASE_AFTER_DAYS_MAX}.`),
});
export type EraseSettingsUpdate = z.infer<typeof EraseSettingsUpdateSchema>;

/** The permissions of a family's data: export (`view`), the reminder and the log (`view_any`), the setting, the erase. */
export const SCHOLAR_DATA_PERMISSIONS = {
  export: 'scholar_data-view',
  list: 'scholar_data-view_any',
  settings: 'scholar_data-update',
  erase: 'scholar_data-delete',
} as const;
