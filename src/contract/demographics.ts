import { z } from 'zod';
import {
  BooleanField,
  DateOnlySchema,
  GradeSchema,
  IdSchema,
  MethodOverrideSchema,
  optionalText,
  requiredText,
  updateShape,
} from './common';

const MESSAGES_BADGE = 'Must be a badge code (letters and digits).';

export const MEAL_ELIGIBILITY = ['free', 'reduced', 'paid'] as const;
export const MealEligibilitySchema = z.enum(MEAL_ELIGIBILITY);

/** A scholar (student) record. `badge_code` is the opaque code on the QR badge: no personal data in it. */
export const DemographicRecordSchema = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  student_number: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  grade: GradeSchema,
  program: z.string(),
  homeroom: z.string().nullable(),
  photo_id: z.string().nullable(),
  badge_code: z.string(),
  /**
   * Left out for callers who may not see meal eligibility (MEAL_ELIGIBILITY_PERMISSION): it is confidential and never
   * shown on the serving screen (DESIGN section 7).
   */
  meal_eligibility: MealEligibilitySchema.optional(),
  meal_eligibility_effective: z.string().nullable().optional(),
  alerts: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DemographicRecord = z.infer<typeof DemographicRecordSchema>;

export const DemographicCreateSchema = z.object({
  id: IdSchema.optional(),
  student_number: requiredText(30),
  fname: requiredText(100),
  lname: requiredText(100),
  nickname: optionalText(100),
  grade: GradeSchema,
  program: requiredText(50).default('Secondary'),
  homeroom: optionalText(50),
  photo_id: IdSchema.nullish(),
  meal_eligibility: MealEligibilitySchema.default('paid'),
  meal_eligibility_effective: DateOnlySchema.nullish(),
  alerts: optionalText(1000),
  active: BooleanField.default(true),
});
export type DemographicCreate = z.infer<typeof DemographicCreateSchema>;

export const DemographicUpdateSchema = MethodOverrideSchema.extend(
  updateShape(DemographicCreateSchema.omit({ id: true }).shape),
);
export type DemographicUpdate = z.infer<typeof DemographicUpdateSchema>;

/** `POST v2/demographics/{id}/meal_eligibility`: a new determination, from its effective date (today when left out). */
export const MealEligibilityUpdateSchema = z.object({
  meal_eligibility: MealEligibilitySchema,
  meal_eligibility_effective: DateOnlySchema.nullish(),
});
export type MealEligibilityUpdate = z.infer<typeof MealEligibilityUpdateSchema>;

/** `GET v2/demographics/by_badge/{code}`: the scholar whose QR badge carries this code (404 when none does). */
export const BadgeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, MESSAGES_BADGE)
    .max(64, MESSAGES_BADGE)
    .regex(/^[A-Za-z0-9-]+$/, MESSAGES_BADGE),
});

export const DEMOGRAPHIC_SORT_FIELDS = ['lname', 'fname', 'grade', 'homeroom', 'student_number', 'created_at'] as const;
export const DEMOGRAPHIC_FILTER_FIELDS = ['grade', 'homeroom', 'program', 'active', 'badge_code'] as const;
