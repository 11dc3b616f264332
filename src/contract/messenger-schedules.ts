import { z } from 'zod';
import { IdSchema, MethodOverrideSchema, optionalText, requiredText } from './common';
import { ClockTimeSchema } from './school-settings';

/** ISO weekday: 1 Monday … 5 Friday (school days). */
export const WeekdaySchema = z.coerce.number().int().min(1, 'Monday to Friday.').max(5, 'Monday to Friday.');

export const MessengerScheduleRecordSchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  weekday: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  post: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessengerScheduleRecord = z.infer<typeof MessengerScheduleRecordSchema>;

const fields = {
  scholar_id: IdSchema,
  weekday: WeekdaySchema,
  start_time: ClockTimeSchema,
  end_time: ClockTimeSchema,
  post: requiredText(100),
  notes: optionalText(500),
};

export const MessengerScheduleCreateSchema = z
  .object({ id: IdSchema.optional(), ...fields })
  .refine((v) => v.end_time > v.start_time, { message: 'The end is after the start.', path: ['end_time'] });
export type MessengerScheduleCreate = z.infer<typeof MessengerScheduleCreateSchema>;

export const MessengerScheduleUpdateSchema = MethodOverrideSchema.extend(z.object(fields).partial().shape).refine(
  (v) => !v.start_time || !v.end_time || v.end_time > v.start_time,
  { message: 'The end is after the start.', path: ['end_time'] },
);
export type MessengerScheduleUpdate = z.infer<typeof MessengerScheduleUpdateSchema>;

export const MESSENGER_SORT_FIELDS = ['weekday', 'start_time', 'post', 'created_at'] as const;
