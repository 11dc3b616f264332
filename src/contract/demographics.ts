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
import { DismissalPlanSchema } from './dismissal';

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
  /** The day a withdrawn scholar left, and why; null while enrolled (a re-enrolment clears them). */
  withdrawn_on: z.string().nullable().optional(),
  withdrawal_reason: z.string().nullable().optional(),
  /** The day of the latest re-enrolment; null for a scholar never withdrawn. */
  enrolled_on: z.string().nullable().optional(),
  /** How the scholar goes home on an ordinary day, and the bus route or program's name (see dismissal.ts). */
  dismissal_plan: DismissalPlanSchema.optional(),
  dismissal_detail: z.string().nullable().optional(),
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
  dismissal_plan: DismissalPlanSchema.default('pick_up'),
  dismissal_detail: optionalText(100),
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

/** `POST v2/demographics/{id}/withdraw`: the scholar leaves the school on this day; the record and its history stay. */
export const WithdrawSchema = z.object({
  withdrawn_on: DateOnlySchema,
  reason: requiredText(500),
});
export type Withdraw = z.infer<typeof WithdrawSchema>;

/** `POST v2/demographics/{id}/reenrol`: a withdrawn scholar is active again from this day. */
export const ReenrolSchema = z.object({
  enrolled_on: DateOnlySchema,
});
export type Reenrol = z.infer<typeof ReenrolSchema>;

/** One determination of a scholar's meal eligibility, from its effective day (`meal_eligibility_history`). */
export const MealEligibilityHistoryEntrySchema = z.object({
  eligibility: MealEligibilitySchema,
  effective_from: z.string(),
  created_at: z.string(),
});
export type MealEligibilityHistoryEntry = z.infer<typeof MealEligibilityHistoryEntrySchema>;

/** `GET v2/demographics/{id}/meal_eligibility_history`: every determination, the latest first. */
export const MealEligibilityHistoryResponseSchema = z.object({ data: z.array(MealEligibilityHistoryEntrySchema) });

/**
 * The scholar who holds a student number already, as a refused save names them (422 on `student_number`, `record`),
 * so the screen says whose number it is and links to them.
 */
export const StudentNumberHolderSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  student_number: z.string(),
});
export type StudentNumberHolder = z.infer<typeof StudentNumberHolderSchema>;
