/**
 * The Google Classroom and Calendar sync's administration: `v2/google_sync/settings`
 * (GET; PUT, PATCH or POST to change), `v2/google_sync/status`, `v2/google_sync/runs` (GET the history, POST to run
 * now). Administrators only (google_sync-*). The service account's key is write-only: answers say whether one is set
 * and its client_email, never the key.
 */
import { z } from 'zod';
import { BooleanField, ListMetaSchema, MAX_PER_PAGE, safeText } from './common';

export const GOOGLE_SYNC_KINDS = ['classroom', 'calendar'] as const;
export type GoogleSyncKind = (typeof GOOGLE_SYNC_KINDS)[number];
export const GOOGLE_SYNC_MODES = ['incremental', 'full'] as const;
export const GOOGLE_SYNC_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** How many calendars a school may list (its own first). */
export const MAX_SYNC_CALENDARS = 20;

export const GoogleSyncSettingsSchema = z.object({
  has_key: z.boolean(),
  /** The service account of the key that is set. */
  client_email: z.string().nullable(),
  /** The administrator the service account acts as. */
  subject: z.string().nullable(),
  calendar_ids: z.array(z.string()),
  classroom_enabled: z.boolean(),
  calendar_enabled: z.boolean(),
  updated_at: z.string(),
});
export type GoogleSyncSettings = z.infer<typeof GoogleSyncSettingsSchema>;

/** A service account key's JSON text, checked for the fields the sync needs (the server also reads the key). */
export const ServiceAccountKeyTextSchema = safeText()
  .trim()
  .min(1, 'Paste or upload the service account key (a JSON file).')
  .max(20_000, 'The key file is larger than a service account key.')
  .refine(
    (text) => {
      try {
        const json = JSON.parse(text) as Record<string, unknown>;
        return (
          json.type === 'service_account' &&
          typeof json.client_email === 'string' &&
          typeof json.private_key === 'string' &&
          json.private_key.includes('PRIVATE KEY')
        );
      } catch {
        return false;
      }
    },
    { message: 'Not a service account key: the JSON needs type "service_account", client_email and private_key.' },
  );

const CalendarIdSchema = safeText()
  .trim()
  .min(1, 'A calendar ID cannot be empty.')
  .max(254, 'A calendar ID is at most 254 characters.')
  .regex(/^[^\s#/]+$/, 'A calendar ID has no spaces, # or / (it looks like an e-mail address).');

export const GoogleSyncSettingsUpdateSchema = z.object({
  _method: z.enum(['PATCH', 'PUT']).optional(),
  /** A new key; null removes the key (and stops the syncs). */
  key: ServiceAccountKeyTextSchema.nullable().optional(),
  subject: z
    .email({ message: 'Enter the e-mail address of a Google Workspace administrator.' })
    .max(254)
    .nullable()
    .optional(),
  calendar_ids: z
    .array(CalendarIdSchema)
    .max(MAX_SYNC_CALENDARS, `At most ${MAX_SYNC_CALENDARS} calendars.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A calendar is listed twice.')
    .optional(),
  classroom_enabled: BooleanField.optional(),
  calendar_enabled: BooleanField.optional(),
});
export type GoogleSyncSettingsUpdate = z.input<typeof GoogleSyncSettingsUpdateSchema>;

export const GoogleSyncRunSchema = z.object({
  id: z.string(),
  kind: z.enum(GOOGLE_SYNC_KINDS),
  mode: z.enum(GOOGLE_SYNC_MODES),
  trigger: z.enum(['manual', 'scheduled']),
  status: z.enum(GOOGLE_SYNC_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** What the run did, by name (courses, course_work, submissions, events_saved, events_removed, …). */
  counts: z.record(z.string(), z.number()),
  errors: z.array(z.string()),
});
export type GoogleSyncRun = z.infer<typeof GoogleSyncRunSchema>;

export const GoogleSyncStatusSchema = z.object({
  settings: GoogleSyncSettingsSchema,
  /** The last run of each kind (null before the first). */
  last: z.object({ classroom: GoogleSyncRunSchema.nullable(), calendar: GoogleSyncRunSchema.nullable() }),
  /** The server runs the syncs on its own (hourly, and a full reconcile each night). */
  scheduled: z.boolean(),
});
export type GoogleSyncStatus = z.infer<typeof GoogleSyncStatusSchema>;

/**
 * Run now: which syncs (both by default) and how (a full reconcile, or only what changed). A kind the school has
 * switched off in the settings does not run; when none of those asked for is on, the answer is a 422 on `kinds`.
 */
export const GoogleSyncRunRequestSchema = z.object({
  kinds: z
    .array(z.enum(GOOGLE_SYNC_KINDS, { message: `Must be one of ${GOOGLE_SYNC_KINDS.join(', ')}.` }))
    .min(1, 'Choose at least one sync.')
    .max(2)
    .default([...GOOGLE_SYNC_KINDS]),
  mode: z
    .enum(GOOGLE_SYNC_MODES, { message: `Must be one of ${GOOGLE_SYNC_MODES.join(', ')}.` })
    .default('incremental'),
});
export type GoogleSyncRunRequest = z.input<typeof GoogleSyncRunRequestSchema>;

export const GoogleSyncRunsQuerySchema = z.object({
  kind: z.enum(GOOGLE_SYNC_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(20),
});

export const GoogleSyncRunsResponseSchema = z.object({ data: z.array(GoogleSyncRunSchema), meta: ListMetaSchema });
