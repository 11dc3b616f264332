import { z } from 'zod';
import { IdSchema, InstantSchema } from './common';

/** Resources a station may write through the outbox; each has a create schema in the sync registry. */
export const SYNC_RESOURCES = [
  'check_ins',
  'nslp_records',
  'timesheets',
  'timesheet_punches',
  // Written from the Scholar Portal by a scholar or parent, scoped to their scholars.
  'covid_screenings',
  'conference_sign_ins',
  // A family's car tag typed or scanned at the curb (the car line).
  'car_line_calls',
] as const;
export const SyncResourceSchema = z.enum(SYNC_RESOURCES, { message: 'Not a resource the outbox can send.' });
export type SyncResource = z.infer<typeof SyncResourceSchema>;

export const SYNC_ACTIONS = ['create', 'update', 'delete'] as const;
export const SyncActionSchema = z.enum(SYNC_ACTIONS);

/** The most items one push may carry (DESIGN section 5: "up to a few hundred"). */
export const MAX_PUSH_ITEMS = 500;

/** One outbox entry as it travels: checked on the server with the resource's own schema and permission. */
export const SyncItemSchema = z.object({
  id: IdSchema,
  resource: z.string().max(50),
  action: SyncActionSchema,
  data: z.record(z.string(), z.unknown()),
  recorded_at: InstantSchema,
  recorded_by: IdSchema.nullish(),
});
export type SyncItem = z.infer<typeof SyncItemSchema>;

/**
 * The push body checks only the envelope of each item loosely: an item that is malformed gets its own 'rejected'
 * answer (checked with SyncItemSchema on the server) instead of failing the whole batch with it.
 */
export const SyncPushBodySchema = z.object({
  device_id: z.string().min(1).max(100),
  items: z
    .array(z.looseObject({ id: z.string().min(1).max(100) }))
    .min(1)
    .max(MAX_PUSH_ITEMS),
});
export type SyncPushBody = z.infer<typeof SyncPushBodySchema>;

export const SYNC_STATUSES = ['applied', 'duplicate', 'conflict', 'rejected'] as const;
export const SyncResultSchema = z.object({
  id: z.string(),
  status: z.enum(SYNC_STATUSES),
  /** For conflict: the server's record that conflicts; for applied and duplicate: the stored record. */
  record: z.unknown().optional(),
  /** For rejected and conflict: why, and for validation, per field. */
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;
export const SyncPushResponseSchema = z.object({ results: z.array(SyncResultSchema) });

/**
 * `GET v2/sync/pull?since=`: without a cursor (a new device), or with one from another database, a full snapshot, in
 * pages of at most `limit` records like the changes since a cursor. The first page answers `reset: true`; while records
 * remain it answers `more: true` and `snapshot_next`, which the device sends back as `snapshot` (without `since`) for
 * the next page. After the last page the device pulls `since=cursor`: what changed while it paged comes as changes.
 */
export const SyncPullQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(2000),
  /** A snapshot page's `snapshot_next`, as it was answered: opaque to the device. */
  snapshot: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'Not a snapshot token this server gave.' })
    .optional(),
});

export const SyncChangeSchema = z.object({
  resource: z.string(),
  id: z.string(),
  op: z.enum(['upsert', 'delete']),
  record: z.unknown().optional(),
});
export type SyncChange = z.infer<typeof SyncChangeSchema>;

export const SyncPullResponseSchema = z.object({
  changes: z.array(SyncChangeSchema),
  /** Where the next pull starts (`since`): opaque to the device; it moves forward whenever `more` is true. */
  cursor: z.number().int(),
  /** More changes wait past this cursor, or more records past this snapshot page (`snapshot_next`): pull again. */
  more: z.boolean(),
  /** The full snapshot replaced everything (since was 0 or too old): the device drops what it had. */
  reset: z.boolean(),
  server_time: z.string(),
  /** A snapshot page with records after it: send it back as `snapshot` for the next page. Absent on the last. */
  snapshot_next: z.string().optional(),
  /** On every snapshot page: how many records the whole snapshot has (for a progress bar). */
  snapshot_total: z.number().int().min(0).optional(),
});
export type SyncPullResponse = z.infer<typeof SyncPullResponseSchema>;

export const PhotoBatchBodySchema = z.object({ ids: z.array(IdSchema).min(1).max(100) });
export const PhotoBatchResponseSchema = z.object({
  photos: z.array(z.object({ id: z.string(), content_type: z.string(), sha256: z.string(), data: z.string() })),
});
