import { z } from 'zod';
import { IdSchema, optionalText } from './common';

export const CHECK_IN_KINDS = ['arrival', 'departure', 'sign_out', 'sign_in'] as const;
export const CheckInKindSchema = z.enum(CHECK_IN_KINDS);
export const CHECK_IN_METHODS = ['kiosk', 'scan', 'manual'] as const;
export const CheckInMethodSchema = z.enum(CHECK_IN_METHODS);

/** When something happened, as an ISO 8601 instant with its offset (the device's clock). */
export const InstantSchema = z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601).' });

/**
 * An arrival, departure, sign-out or return, written by a station through the outbox with its own UUIDv7 id. The
 * school day is derived on the server from `occurred_at` in the school's time zone.
 */
export const CheckInCreateSchema = z.object({
  id: IdSchema,
  kind: CheckInKindSchema,
  scholar_id: IdSchema,
  occurred_at: InstantSchema,
  reason: optionalText(500),
  method: CheckInMethodSchema.default('kiosk'),
  pick_up_id: IdSchema.nullish(),
  pick_up_name: optionalText(200),
  flagged: z.boolean().default(false),
  device_id: optionalText(100),
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
  flagged: z.boolean(),
  late: z.boolean(),
  recorded_by: z.string().nullable(),
  device_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CheckInRecord = z.infer<typeof CheckInRecordSchema>;

export const CheckInUpdateSchema = z.object({
  _method: z.literal(['PATCH', 'patch']).optional(),
  reason: optionalText(500),
  flagged: z.boolean().optional(),
});
export type CheckInUpdate = z.infer<typeof CheckInUpdateSchema>;

export const CHECK_IN_SORT_FIELDS = ['occurred_at', 'created_at'] as const;
export const CHECK_IN_FILTER_FIELDS = ['scholar_id', 'kind', 'school_day', 'method', 'flagged'] as const;
