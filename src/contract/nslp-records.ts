import { z } from 'zod';
import {
  DAY_RANGE_ORDER,
  DateOnlySchema,
  dayRangeLength,
  dayRangeOrdered,
  dayRangeWithin,
  IdSchema,
  InstantSchema,
  MethodOverrideSchema,
  optionalText,
  safeText,
} from './common';
import { MealEligibilitySchema } from './demographics';

/** The meals the National School Lunch Program and its sibling programs reimburse (7 CFR 210, 220, 226). */
export const MEAL_TYPES = ['breakfast', 'lunch', 'snack', 'supper'] as const;
export const MealTypeSchema = z.enum(MEAL_TYPES, { message: `Must be one of ${MEAL_TYPES.join(', ')}.` });
export type MealType = z.infer<typeof MealTypeSchema>;
export type MealEligibility = z.infer<typeof MealEligibilitySchema>;

/**
 * A meal served, written by a cafeteria station through the outbox with its own UUIDv7 id. The school day
 * (`served_on`) is derived on the server from `served_at` in the school's time zone, and the eligibility category is
 * the one in effect that day from the scholar's eligibility history: neither is taken from the device.
 */
export const NslpRecordCreateSchema = z
  .object({
    id: IdSchema,
    scholar_id: IdSchema,
    meal_type: MealTypeSchema,
    served_at: InstantSchema,
    /** Entered afterwards from a paper roster or a missed scan ("Add Missing"): needs a reason. */
    added_as_missing: z.boolean().default(false),
    missing_reason: optionalText(500),
    device_id: optionalText(100),
  })
  .superRefine((v, ctx) => {
    if (v.added_as_missing && !v.missing_reason) {
      ctx.addIssue({ code: 'custom', path: ['missing_reason'], message: 'A meal added as missing needs a reason.' });
    }
  });
export type NslpRecordCreate = z.infer<typeof NslpRecordCreateSchema>;

export const NslpRecordSchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  served_on: z.string(),
  meal_type: MealTypeSchema,
  served_at: z.string(),
  /**
   * The category in effect on `served_on`. Left out for callers who may not see scholars' meal eligibility
   * (MEAL_ELIGIBILITY_PERMISSION): a serving station never needs it, and it must never show there (DESIGN section 7).
   */
  eligibility: MealEligibilitySchema.optional(),
  added_as_missing: z.boolean(),
  missing_reason: z.string().nullable(),
  recorded_by: z.string().nullable(),
  device_id: z.string().nullable(),
  voided: z.boolean(),
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  voided_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NslpRecord = z.infer<typeof NslpRecordSchema>;

/**
 * Voiding, the only change a meal record takes (`POST nslp_records/{id}` with `_method: 'PATCH'`, or PATCH): the
 * record stays, marked voided with who, when and why, so the claim's audit trail is whole. Never deleted.
 */
export const NslpRecordVoidSchema = MethodOverrideSchema.extend({
  voided: z.literal(true, { message: 'A meal record can only be voided.' }),
  void_reason: safeText().trim().min(1, 'Voiding needs a reason.').max(500),
});
export type NslpRecordVoid = z.infer<typeof NslpRecordVoidSchema>;

export const NSLP_SORT_FIELDS = ['served_at', 'served_on', 'meal_type', 'created_at'] as const;
/**
 * `filter[from]` and `filter[to]` bound `served_on` (inclusive); `grade` and `homeroom` are the scholar's; voided
 * records are left out unless `filter[include_voided]=true`.
 */
export const NSLP_FILTER_FIELDS = [
  'from',
  'to',
  'served_on',
  'meal_type',
  'scholar_id',
  'grade',
  'homeroom',
  'added_as_missing',
  'include_voided',
] as const;

/** The longest range one daily-counts call covers: a school year and then some. */
export const MAX_COUNT_DAYS = 366;

export const NslpDailyCountsQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    meal_type: MealTypeSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date is before the start date.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_COUNT_DAYS, {
    path: ['to'],
    message: `Ask for at most ${MAX_COUNT_DAYS} days at a time.`,
  });
export type NslpDailyCountsQuery = z.infer<typeof NslpDailyCountsQuerySchema>;

/**
 * One eligibility category of one day and meal: the meals counted, the scholars eligible in that category that day,
 * and the edit check's limit (eligible times the attendance factor, 7 CFR 210.8(a)(2)); `flagged` when the count is
 * above the limit, so the claim is looked at before it is submitted.
 */
export const NslpCategoryCountSchema = z.object({
  count: z.number().int(),
  eligible: z.number().int(),
  limit: z.number(),
  flagged: z.boolean(),
});
export type NslpCategoryCount = z.infer<typeof NslpCategoryCountSchema>;

/**
 * One day and service. The categories and the edit check come only to callers who may see meal eligibility
 * (MEAL_ELIGIBILITY_PERMISSION): read before and after one record, a count by category tells that scholar's category.
 * Others get the total per day and service (`meta.by_category` false).
 */
/**
 * Why a day with meals is not a school day: a weekend, or a closure of the school calendar (by its name, "Thanksgiving
 * Day"). `service` names the meal service the school holds on it all the same (summer meals, a special service),
 * which puts the day's meals in the claim; without one they stay out of it (7 CFR 210.8: meals are claimed for days
 * of operation).
 */
export const ClosedDaySchema = z.object({
  reason: z.enum(['weekend', 'closure']),
  name: z.string().nullable(),
  service: z.string().nullable(),
});
export type ClosedDay = z.infer<typeof ClosedDaySchema>;

export const NslpDailyCountSchema = z.object({
  served_on: z.string(),
  meal_type: MealTypeSchema,
  /** Null on a school day. */
  closed: ClosedDaySchema.nullable(),
  /** Counted in the claim's totals: a school day, or a closed day of a meal service. */
  in_claim: z.boolean(),
  free: NslpCategoryCountSchema.optional(),
  reduced: NslpCategoryCountSchema.optional(),
  paid: NslpCategoryCountSchema.optional(),
  total: z.number().int(),
  /** Any category of the day above its limit (with the categories only). */
  flagged: z.boolean().optional(),
});
export type NslpDailyCount = z.infer<typeof NslpDailyCountSchema>;

// ---- Meal services on closed days -----------------------------------------------------------------------------------

/**
 * A meal service the school holds on days the school calendar has closed (summer meals, a special service): the
 * meals served on those days count in the claim. `v2/meal_service_days`.
 */
export const MealServiceDayRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MealServiceDayRecord = z.infer<typeof MealServiceDayRecordSchema>;

/** The longest meal service one record covers: a summer. */
export const MAX_SERVICE_DAYS = 120;
const serviceRangeShort = dayRangeWithin(MAX_SERVICE_DAYS);
const SERVICE_RANGE_LENGTH = dayRangeLength(MAX_SERVICE_DAYS, 'A meal service');
const serviceFields = {
  name: safeText().trim().min(1, 'Name the meal service.').max(100),
  starts_on: DateOnlySchema,
  ends_on: DateOnlySchema,
};
export const MealServiceDayCreateSchema = z
  .object({ id: IdSchema.optional(), ...serviceFields })
  .refine(dayRangeOrdered, DAY_RANGE_ORDER)
  .refine(serviceRangeShort, SERVICE_RANGE_LENGTH);
export type MealServiceDayCreate = z.infer<typeof MealServiceDayCreateSchema>;
export const MealServiceDayUpdateSchema = MethodOverrideSchema.extend(z.object(serviceFields).partial().shape)
  .refine(dayRangeOrdered, DAY_RANGE_ORDER)
  .refine(serviceRangeShort, SERVICE_RANGE_LENGTH);
export type MealServiceDayUpdate = z.infer<typeof MealServiceDayUpdateSchema>;
export const MEAL_SERVICE_DAY_SORT_FIELDS = ['starts_on', 'name'] as const;
/** `from` and `to` keep the services that overlap the range. */
export const MEAL_SERVICE_DAY_FILTER_FIELDS = ['from', 'to'] as const;

export const NslpDailyCountsResponseSchema = z.object({
  data: z.array(NslpDailyCountSchema),
  meta: z.object({
    from: z.string(),
    to: z.string(),
    attendance_factor: z.number(),
    /** The counts come by category, with the edit check; false: totals per day and service only. */
    by_category: z.boolean(),
  }),
});
export type NslpDailyCountsResponse = z.infer<typeof NslpDailyCountsResponseSchema>;
