/**
 * COVID Screening: the seed's daily questions a scholar or a parent answers in the Scholar Portal
 * before coming to school, when the school has turned the screening on (off by default). An answer goes through the
 * device's outbox (it may be given offline) with its own UUIDv7 id; the server works out the outcome with
 * `screeningOutcome` below, the same function the phone uses to say "stay home" at once. At the entrance staff see
 * the day's answers and record a negative test; answers are deleted after the days the school sets.
 */
import { z } from 'zod';
import { DateOnlySchema, IdSchema, InstantSchema, MethodOverrideSchema, optionalText } from './common';

/** The symptoms the seed asks about; 'no_symptoms' ("No symptoms") excludes the others. */
export const SYMPTOMS = [
  'fever',
  'chills',
  'cough',
  'shortness_of_breath',
  'difficulty_breathing',
  'no_symptoms',
] as const;
export type Symptom = (typeof SYMPTOMS)[number];
export const SymptomSchema = z.enum(SYMPTOMS, { message: 'Choose the symptoms from the list.' });

/** A screening answered for attending in person, or the declaration that the scholar attends remotely today. */
export const SCREENING_KINDS = ['screening', 'remote'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];

/** What the school tells the family after an answer (the seed's outcomes). */
export const SCREENING_OUTCOMES = ['remote', 'cleared', 'stay_home', 'no_negative_test'] as const;
export type ScreeningOutcome = (typeof SCREENING_OUTCOMES)[number];

export const SCREENING_MESSAGES = {
  symptoms: 'Choose at least one answer: a symptom, or No symptoms.',
  noneAlone: '"No symptoms" cannot be chosen with a symptom.',
  yesNo: 'Answer yes or no.',
} as const;

/** The questions' answers the outcome depends on. */
export interface ScreeningAnswers {
  kind: ScreeningKind;
  symptoms: readonly Symptom[];
  recent_contact: boolean | null;
  household_symptoms: boolean | null;
}

/** True when an answer reports a symptom, a contact in the last 10 days, or a household member with symptoms. */
export function screeningRisk(
  a: Pick<ScreeningAnswers, 'symptoms' | 'recent_contact' | 'household_symptoms'>,
): boolean {
  return a.symptoms.some((s) => s !== 'no_symptoms') || a.recent_contact === true || a.household_symptoms === true;
}

/**
 * The outcome of an answer (the seed's four): remote attendance acknowledged; stay home, contact a medical provider
 * and get a free test, when anything is reported; otherwise cleared to enter per county health guidelines, unless
 * the scholar was told to stay home earlier and no negative test is on file since (`awaitingTest`): then the
 * family contacts the office first.
 */
export function screeningOutcome(answers: ScreeningAnswers, awaitingTest: boolean): ScreeningOutcome {
  if (answers.kind === 'remote') return 'remote';
  if (screeningRisk(answers)) return 'stay_home';
  return awaitingTest ? 'no_negative_test' : 'cleared';
}

const yesNo = z.boolean({ message: SCREENING_MESSAGES.yesNo });

/**
 * An answer as a phone writes it (through the outbox). A screening needs every question answered; a remote
 * declaration none. A correction is a new answer the same day: the latest counts.
 */
/**
 * An answer queued on a phone before the answers took the seed's names (`contact`, `household`, the symptom `none`)
 * may still reach the server from its outbox: read it under the names it meant.
 */
function seedNames(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { contact, household, ...rest } = input as Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest };
  if (!('recent_contact' in out) && contact !== undefined) out.recent_contact = contact;
  if (!('household_symptoms' in out) && household !== undefined) out.household_symptoms = household;
  if (Array.isArray(out.symptoms)) out.symptoms = out.symptoms.map((s) => (s === 'none' ? 'no_symptoms' : s));
  return out;
}

export const CovidScreeningCreateSchema = z.preprocess(
  seedNames,
  z
    .object({
      id: IdSchema,
      scholar_id: IdSchema,
      kind: z.enum(SCREENING_KINDS, { message: 'Screening or remote attendance.' }),
      symptoms: z.array(SymptomSchema).max(SYMPTOMS.length).default([]),
      recent_contact: yesNo.nullish().transform((v) => v ?? null),
      household_symptoms: yesNo.nullish().transform((v) => v ?? null),
      answered_at: InstantSchema,
      device_id: optionalText(100),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'remote') {
        if (v.symptoms.length || v.recent_contact !== null || v.household_symptoms !== null) {
          ctx.addIssue({ code: 'custom', path: ['kind'], message: 'A remote declaration carries no answers.' });
        }
        return;
      }
      if (!v.symptoms.length)
        ctx.addIssue({ code: 'custom', path: ['symptoms'], message: SCREENING_MESSAGES.symptoms });
      else if (v.symptoms.includes('no_symptoms') && v.symptoms.length > 1) {
        ctx.addIssue({ code: 'custom', path: ['symptoms'], message: SCREENING_MESSAGES.noneAlone });
      }
      if (new Set(v.symptoms).size !== v.symptoms.length) {
        ctx.addIssue({ code: 'custom', path: ['symptoms'], message: 'Each symptom once.' });
      }
      if (v.recent_contact === null)
        ctx.addIssue({ code: 'custom', path: ['recent_contact'], message: SCREENING_MESSAGES.yesNo });
      if (v.household_symptoms === null)
        ctx.addIssue({ code: 'custom', path: ['household_symptoms'], message: SCREENING_MESSAGES.yesNo });
    }),
);
export type CovidScreeningCreate = z.infer<typeof CovidScreeningCreateSchema>;

export const CovidScreeningRecordSchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  kind: z.enum(SCREENING_KINDS),
  symptoms: z.array(SymptomSchema),
  recent_contact: z.boolean().nullable(),
  household_symptoms: z.boolean().nullable(),
  outcome: z.enum(SCREENING_OUTCOMES),
  answered_at: z.string(),
  school_day: z.string(),
  answered_by: z.string().nullable(),
  created_at: z.string(),
});
export type CovidScreeningRecord = z.infer<typeof CovidScreeningRecordSchema>;

/** `GET v2/scholar/covid_screening/:id`: whether the school screens, and the scholar's answers of today. */
export const PortalScreeningResponseSchema = z.object({
  enabled: z.boolean(),
  today: z.string(),
  /** The school day an answer given now is for: today during the school day; after it (the school's end time) or
   * on a closed day, the next school day. */
  school_day: z.string(),
  /** That day's answers, newest first: the first is the one that counts. */
  answers: z.array(CovidScreeningRecordSchema),
  /** The scholar was told to stay home and no negative test is on file since. */
  awaiting_test: z.boolean(),
});
export type PortalScreeningResponse = z.infer<typeof PortalScreeningResponseSchema>;

/** The entrance's list: each scholar's answer of the day that counts (their latest), with the test on file. */
export const ScreeningDayRowSchema = z.object({
  scholar_id: z.string(),
  name: z.string(),
  grade: z.string(),
  homeroom: z.string().nullable(),
  screening: CovidScreeningRecordSchema,
  /** The latest negative test on file, if any (its date). */
  negative_test_on: z.string().nullable(),
});
export type ScreeningDayRow = z.infer<typeof ScreeningDayRowSchema>;

export const ScreeningDayQuerySchema = z.object({
  date: DateOnlySchema.optional(),
  outcome: z.enum(SCREENING_OUTCOMES).optional(),
  search: optionalText(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type ScreeningDayQuery = z.infer<typeof ScreeningDayQuerySchema>;

export const ScreeningDayResponseSchema = z.object({
  data: z.array(ScreeningDayRowSchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    date: z.string(),
    /** Counts of the day's outcomes (all scholars, whatever the filter). */
    counts: z.record(z.string(), z.number().int()),
  }),
});
export type ScreeningDayResponse = z.infer<typeof ScreeningDayResponseSchema>;

/** A negative test staff record at the entrance (or from a note the family brings). */
export const NegativeTestCreateSchema = z.object({
  id: IdSchema.optional(),
  scholar_id: IdSchema,
  tested_on: DateOnlySchema,
});
export type NegativeTestCreate = z.infer<typeof NegativeTestCreateSchema>;
export const NegativeTestRecordSchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  tested_on: z.string(),
  recorded_by: z.string().nullable(),
  created_at: z.string(),
});
export type NegativeTestRecord = z.infer<typeof NegativeTestRecordSchema>;

/** The school's screening settings: on or off (off by default), and how many days answers are kept. */
export const SCREENING_RETENTION_DEFAULT_DAYS = 14;
export const ScreeningSettingsSchema = z.object({ enabled: z.boolean(), retention_days: z.number().int() });
export type ScreeningSettings = z.infer<typeof ScreeningSettingsSchema>;
export const ScreeningSettingsUpdateSchema = MethodOverrideSchema.extend({
  enabled: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      message: 'Must be true or false.',
    })
    .optional(),
  retention_days: z.coerce
    .number({ message: 'Must be a number of days.' })
    .int('Must be a whole number of days.')
    .min(1, 'Keep answers at least 1 day.')
    .max(365, 'Keep answers at most 365 days.')
    .optional(),
});
export type ScreeningSettingsUpdate = z.infer<typeof ScreeningSettingsUpdateSchema>;
