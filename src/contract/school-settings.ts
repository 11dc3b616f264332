import { z } from 'zod';
import { MethodOverrideSchema } from './common';

/** HH:MM on a 24-hour clock. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00.');

const reasons = z
  .array(z.string().trim().min(1, 'A reason cannot be empty.').max(100))
  .min(1, 'Keep at least one reason.')
  .max(30);

export const SchoolSettingsSchema = z.object({
  id: z.string(),
  start_time: ClockTimeSchema,
  late_after_minutes: z.number().int(),
  late_reasons: z.array(z.string()),
  departure_reasons: z.array(z.string()),
  updated_at: z.string(),
});
export type SchoolSettings = z.infer<typeof SchoolSettingsSchema>;

export const SchoolSettingsUpdateSchema = MethodOverrideSchema.extend({
  start_time: ClockTimeSchema.optional(),
  late_after_minutes: z.coerce.number().int().min(0).max(240).optional(),
  late_reasons: reasons.optional(),
  departure_reasons: reasons.optional(),
});
export type SchoolSettingsUpdate = z.infer<typeof SchoolSettingsUpdateSchema>;

/** The reason a kiosk records when the person picks 'Other' and types their own. */
export const OTHER_REASON_PREFIX = 'Other: ';
