/**
 * The Independent Study Learning Agreement (California Education Code 51747 as amended in
 * 2021–22): its header and course table, the numbered sections with the school's policy numbers, its states, and its
 * electronic signatures. Staff write it under the `independent_study` permission (`v2/independent_study`); the scholar
 * and the parent read and sign their own under `v2/scholar/...`; the supervising teacher countersigns.
 *
 * Once sent for signatures an agreement's content is frozen as a version with a SHA-256 hash; each signature records
 * that hash, and a change after signing is an addendum: a new version that everyone signs again.
 */
import { z } from 'zod';
import { daysBetween, isoWeekday, shiftDate } from './calendar-dates';
import { DateOnlySchema, IdSchema, MethodOverrideSchema, optionalText, requiredText, safeText } from './common';
import { MESSAGES } from './errors';
import { ClockTimeSchema } from './school-settings';

export { fullName, namesMatch, normalizeName } from './name-match';

export const AGREEMENT_STATES = ['draft', 'awaiting_scholar', 'awaiting_parent', 'awaiting_teacher', 'signed'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];

/** Who signs, in this order: each role's signature moves the agreement to the next state. */
export const SIGNER_ROLES = ['scholar', 'parent', 'teacher'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** The state an agreement waits in for each role's signature. */
export const AWAITING: Record<SignerRole, AgreementState> = {
  scholar: 'awaiting_scholar',
  parent: 'awaiting_parent',
  teacher: 'awaiting_teacher',
};
/** The state after each role's signature. */
export const AFTER_SIGNATURE: Record<SignerRole, AgreementState> = {
  scholar: 'awaiting_parent',
  parent: 'awaiting_teacher',
  teacher: 'signed',
};

export const GRADE_BANDS = ['TK-6', '7-12'] as const;
export type GradeBand = (typeof GRADE_BANDS)[number];

/** The form's messages as the seed gives them. */
export const AGREEMENT_FORM_MESSAGES = { incomplete: MESSAGES.formIncomplete, required: MESSAGES.required } as const;

/**
 * The numbers of the agreement's texts, from the school's policy settings, with the seed's constants (EC 51747 as
 * amended in 2021–22) as defaults.
 */
export const POLICY_DEFAULTS = {
  /** At most this many school days between an assignment and the date progress must be shown (EC 51747). */
  max_school_days_to_progress: 20,
  /** A family conference after this many missed assignments (EC 51747). */
  missed_assignments_for_conference: 10,
  /** Findings of that conference kept this many years. */
  records_kept_years: 3,
  /** Re-engagement when a scholar misses more than this many school days … (EC 51747) */
  reengagement_missed_days: 3,
  /** … or this percent of a week's instructional days. */
  reengagement_week_percent: 60,
  /** Parents told within this many school days. */
  parent_notice_school_days: 1,
  /** Progress reported this many times a year. */
  progress_reports_per_year: 2,
} as const;
export type IndependentStudyPolicy = { -readonly [K in keyof typeof POLICY_DEFAULTS]: number };

const count = (max: number) => z.number({ message: 'Must be a whole number.' }).int().min(1).max(max);
export const IndependentStudyPolicySchema = z.object({
  max_school_days_to_progress: count(60),
  missed_assignments_for_conference: count(100),
  records_kept_years: count(20),
  reengagement_missed_days: count(20),
  reengagement_week_percent: count(100),
  parent_notice_school_days: count(10),
  progress_reports_per_year: count(12),
});
export const IndependentStudyPolicyUpdateSchema = MethodOverrideSchema.extend(
  IndependentStudyPolicySchema.partial().shape,
);
export const IndependentStudyPolicyResponseSchema = z.object({ data: IndependentStudyPolicySchema });

/**
 * An agreement of 15 or more school days is signed before its first day (EC 51747 as amended in 2021–22). A shorter
 * one gets no deadline here: summaries of AB 181 (2022) give it 10 school days from the first day of enrollment, but
 * the statute's own text (and how its days are counted) was not checked, so the screens say plainly that there is no
 * signing deadline before the first day instead of applying a rule that may be off by a day.
 */
export const DEADLINE_MIN_SCHOOL_DAYS = 15;

/** The school days from `from` to `to` (inclusive): weekdays that are not among the school's non-school days. */
export function countSchoolDays(from: string, to: string, nonSchoolDays: ReadonlySet<string>): number {
  let n = 0;
  const days = daysBetween(from, to);
  for (let i = 0; i <= days; i++) {
    const day = shiftDate(from, i);
    if (isoWeekday(day) <= 5 && !nonSchoolDays.has(day)) n++;
  }
  return n;
}

/**
 * The agreement's deadline: the day it must be signed before (its first day) when it covers 15 or more school days,
 * otherwise none. Overdue when it is not signed and the school day `today` is on or after that day.
 */
export function agreementDeadline(
  beginsOn: string,
  endsOn: string,
  nonSchoolDays: ReadonlySet<string>,
  state: AgreementState,
  today: string,
): { school_days: number; deadline: string | null; overdue: boolean } {
  const schoolDays = endsOn < beginsOn ? 0 : countSchoolDays(beginsOn, endsOn, nonSchoolDays);
  const deadline = schoolDays >= DEADLINE_MIN_SCHOOL_DAYS ? beginsOn : null;
  return { school_days: schoolDays, deadline, overdue: deadline !== null && state !== 'signed' && today >= deadline };
}

// ---------------------------------------------------------------------------------------------------------------------
// The sections
// ---------------------------------------------------------------------------------------------------------------------

export const SECTION_KEYS = [
  'purpose',
  'learning_structure',
  'reporting',
  'assessment',
  'resources',
  'courses',
  'satisfactory_progress',
  'assignments',
  'attendance',
  'academic_progress',
  'supports',
  'state_tests',
  'quality',
  'voluntary',
  'signatures',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/**
 * The sections' English texts, `{{name}}` filled from the policy. The web app shows the same texts from its locale
 * files (English and Spanish, with the same names); the frozen version and the PDF keep these.
 */
export const SECTION_TEXTS_EN: Record<SectionKey, { title: string; body: string }> = {
  purpose: {
    title: 'Purpose',
    body: 'Independent study is an optional educational alternative that the scholar and the parent or guardian choose voluntarily. This agreement states how the scholar will learn, what is expected, and how progress is measured, as California Education Code section 51747 requires.',
  },
  learning_structure: {
    title: 'Learning structure',
    body: 'The scholar follows the courses listed in this agreement under the supervision of a certificated teacher, who assigns the work and meets with the scholar. Instruction includes live interaction and synchronous instruction with the teacher as the scholar’s grade requires.',
  },
  reporting: {
    title: 'Reporting',
    body: 'The scholar turns in the assigned work by its due date through the school’s portal or in person. The supervising teacher records each assignment, its time value and the scholar’s progress.',
  },
  assessment: {
    title: 'Assessment',
    body: 'The supervising teacher assesses the scholar’s work with the same standards as for classroom-based scholars, through the work turned in, conferences and tests.',
  },
  resources: {
    title: 'Resources',
    body: 'The school provides the materials, devices, connectivity and other resources the scholar needs to complete the assignments, as it does for classroom-based scholars.',
  },
  courses: {
    title: 'Subjects and courses',
    body: 'The scholar studies the subjects and courses in the table below. For grades 9 to 12, each course shows the credits (course value) it earns.',
  },
  satisfactory_progress: {
    title: 'Satisfactory educational progress',
    body: 'Satisfactory progress is judged on the scholar’s achievement and engagement in the assignments, the completion of assignments, the learning of required concepts and progress toward graduation where it applies. Progress is reported to the scholar and the parent or guardian at least {{progress_reports_per_year}} times each school year.',
  },
  assignments: {
    title: 'Assignments',
    body: 'No more than {{max_school_days_to_progress}} school days pass between the day an assignment is given and the date by which the scholar must show progress on it.',
  },
  attendance: {
    title: 'Attendance',
    body: 'Attendance is credited for each school day by the time value of the work the scholar completes, as the supervising teacher judges it. When the scholar misses more than {{reengagement_missed_days}} school days, or {{reengagement_week_percent}} percent of the instructional days in a school week, the school follows its re-engagement strategy, and the parent or guardian is told within {{parent_notice_school_days}} school day(s).',
  },
  academic_progress: {
    title: 'Academic progress',
    body: 'When the scholar misses {{missed_assignments_for_conference}} assignments, or is not making satisfactory progress, the scholar, the parent or guardian and the teacher meet in a conference to decide whether independent study remains the best choice. A written record of the findings is kept for {{records_kept_years}} years.',
  },
  supports: {
    title: 'Supports',
    body: 'Scholars with an individualized education program, a Section 504 plan or English learner status receive the supports, services and accommodations they need to take part in independent study.',
  },
  state_tests: {
    title: 'State tests',
    body: 'The scholar takes the state tests that apply to their grade in person, as every scholar of the school does.',
  },
  quality: {
    title: 'Quality and quantity',
    body: 'Independent study work is of the same quality and quantity, and follows the same curriculum, as classroom instruction for the scholar’s grade.',
  },
  voluntary: {
    title: 'Voluntary statement',
    body: 'Independent study is voluntary. The scholar and the parent or guardian may ask at any time to return to in-person instruction; the school returns the scholar within five instructional days of the request.',
  },
  signatures: {
    title: 'Signatures',
    body: 'By signing electronically, each signer agrees to this agreement. The scholar, the parent or guardian and the supervising teacher sign it; it is complete when all of them have signed.',
  },
};

/** A `{{name}}` template filled from values. */
export const fillTemplate = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The numbered sections in English with the policy's numbers. */
export function renderSections(policy: IndependentStudyPolicy): AgreementSection[] {
  return SECTION_KEYS.map((key, i) => ({
    key,
    number: i + 1,
    title: SECTION_TEXTS_EN[key].title,
    body: fillTemplate(SECTION_TEXTS_EN[key].body, policy),
  }));
}

/** The consent text shown beside the sign button, in the signer's language; the signature keeps the one shown. */
export const CONSENT_TEXTS = {
  en: 'I have read this Independent Study Learning Agreement. By typing my full name and pressing Electronically Sign, I sign it electronically, and I agree that my electronic signature is as valid as a handwritten one.',
  es: 'He leído este Acuerdo de Aprendizaje de Estudio Independiente. Al escribir mi nombre completo y presionar Firmar electrónicamente, lo firmo de forma electrónica y acepto que mi firma electrónica tiene la misma validez que una firma manuscrita.',
} as const;
export const CONSENT_LANGUAGES = ['en', 'es'] as const;

/** Why a signature was refused (the server's words; the web app has them in both languages). */
export const SIGNATURE_MESSAGES = {
  nameMismatch: 'Type your full name as the school has it on record.',
  notYourTurn: 'This agreement is not waiting for your signature.',
  changed: 'The agreement changed while you were reading it. Read it again before you sign.',
  notTeacher: 'Only the supervising teacher countersigns this agreement.',
  frozen: 'A signed or sent agreement is not changed; add an addendum instead.',
  notSigned: 'Only a signed agreement takes an addendum.',
  notDraft: 'Only a draft is sent for signatures or deleted.',
  pdfNotSigned: 'The PDF is ready once everyone has signed.',
} as const;

// ---------------------------------------------------------------------------------------------------------------------
// Writing an agreement (staff)
// ---------------------------------------------------------------------------------------------------------------------

/** A course value (credits) is for grades 9 to 12: refused on a TK-6 course here, and for a scholar below 9 by the server. */
export const COURSE_VALUE_GRADES_MESSAGE = 'A course value is for grades 9 to 12 only.';

export const AgreementCourseSchema = z
  .object({
    subject: requiredText(100),
    course: optionalText(150),
    grade_band: z.enum(GRADE_BANDS, { message: 'Choose TK-6 or 7-12.' }),
    /** Credits the course earns; grades 9 to 12 only (band 7-12). */
    course_value: z
      .number({ message: 'Must be a number.' })
      .min(0)
      .max(40)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((c) => c.grade_band === '7-12' || c.course_value === null, {
    message: COURSE_VALUE_GRADES_MESSAGE,
    path: ['course_value'],
  });
export type AgreementCourse = z.infer<typeof AgreementCourseSchema>;

const fieldShape = {
  duration: requiredText(100),
  begins_on: DateOnlySchema,
  ends_on: DateOnlySchema,
  conference_on: DateOnlySchema,
  conference_time: ClockTimeSchema,
  conference_place: requiredText(200),
  conference_notes: optionalText(2000),
  teacher_id: IdSchema,
  courses: z.array(AgreementCourseSchema).min(1, 'Add at least one subject.').max(20),
};
const ENDS_AFTER = { message: 'The ending date is on or after the beginning date.', path: ['ends_on'] };
const endsAfter = (v: { begins_on?: string; ends_on?: string }) =>
  !v.begins_on || !v.ends_on || v.ends_on >= v.begins_on;

export const AgreementFieldsSchema = z.object(fieldShape).refine(endsAfter, ENDS_AFTER);
export type AgreementFields = z.infer<typeof AgreementFieldsSchema>;

export const AgreementCreateSchema = z
  .object({ id: IdSchema.optional(), scholar_id: IdSchema, ...fieldShape })
  .refine(endsAfter, ENDS_AFTER);
export type AgreementCreate = z.infer<typeof AgreementCreateSchema>;

const partialFields = z.object(fieldShape).partial().shape;
export const AgreementUpdateSchema = MethodOverrideSchema.extend(partialFields).refine(endsAfter, ENDS_AFTER);
export type AgreementUpdate = z.infer<typeof AgreementUpdateSchema>;

/** An addendum: what changes and why, after the agreement was signed; everyone signs the new version again. */
export const AddendumCreateSchema = z
  .object({ description: safeText().trim().min(1, MESSAGES.required).max(2000), ...partialFields })
  .refine(endsAfter, ENDS_AFTER);
export type AddendumCreate = z.infer<typeof AddendumCreateSchema>;

export const AgreementListQuerySchema = z.object({
  /** `filter[state]=…`, and `filter[mine]=1` for the agreements the caller supervises. */
  filter: z.object({ state: z.enum(AGREEMENT_STATES).optional(), mine: z.enum(['1', 'true']).optional() }).optional(),
  search: safeText().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type AgreementListQuery = z.input<typeof AgreementListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Signing
// ---------------------------------------------------------------------------------------------------------------------

export const SignBodySchema = z.object({
  typed_name: requiredText(200),
  /** The hash of the version the signer read: a signature of another version is refused. */
  version_hash: z.string().regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 hash in hex.'),
  /** The language of the consent text shown. */
  language: z.enum(CONSENT_LANGUAGES).default('en'),
});
export type SignBody = z.input<typeof SignBodySchema>;

// ---------------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------------

export interface AgreementSection {
  key: SectionKey;
  number: number;
  title: string;
  body: string;
}

/** The frozen content of a version: what each signature's hash covers. */
export const AgreementContentSchema = z.object({
  scholar: z.object({ id: z.string(), name: z.string(), student_number: z.string(), grade: z.string() }),
  duration: z.string(),
  begins_on: z.string(),
  ends_on: z.string(),
  conference: z.object({ on: z.string(), time: z.string(), place: z.string(), notes: z.string().nullable() }),
  teacher: z.object({ id: z.string(), name: z.string() }),
  courses: z.array(
    z.object({
      subject: z.string(),
      course: z.string().nullable(),
      grade_band: z.enum(GRADE_BANDS),
      course_value: z.number().nullable(),
    }),
  ),
  policy: IndependentStudyPolicySchema,
  sections: z.array(z.object({ key: z.enum(SECTION_KEYS), number: z.number(), title: z.string(), body: z.string() })),
  addenda: z.array(z.object({ number: z.number(), description: z.string(), created_at: z.string() })),
});
export type AgreementContent = z.infer<typeof AgreementContentSchema>;

export const SignatureSchema = z.object({
  id: z.string(),
  role: z.enum(SIGNER_ROLES),
  account_id: z.string(),
  account_name: z.string(),
  typed_name: z.string(),
  consent_text: z.string(),
  signed_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  version_number: z.number(),
  version_hash: z.string(),
});
export type Signature = z.infer<typeof SignatureSchema>;

export const AgreementSummarySchema = z.object({
  id: z.string(),
  scholar_id: z.string(),
  scholar_name: z.string(),
  student_number: z.string(),
  grade: z.string(),
  state: z.enum(AGREEMENT_STATES),
  duration: z.string(),
  begins_on: z.string(),
  ends_on: z.string(),
  school_days: z.number(),
  deadline: z.string().nullable(),
  overdue: z.boolean(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  version_number: z.number().nullable(),
  updated_at: z.string(),
});
export type AgreementSummary = z.infer<typeof AgreementSummarySchema>;

export const AgreementDetailSchema = AgreementSummarySchema.extend({
  conference_on: z.string(),
  conference_time: z.string(),
  conference_place: z.string(),
  conference_notes: z.string().nullable(),
  courses: AgreementContentSchema.shape.courses,
  /** The version awaiting or holding the signatures; null for a draft. */
  version_hash: z.string().nullable(),
  content: AgreementContentSchema.nullable(),
  /** Every signature, the current version's and earlier ones' (before an addendum). */
  signatures: z.array(SignatureSchema),
  /** Who signs next; null for a draft or a signed agreement. */
  next_signer: z.enum(SIGNER_ROLES).nullable(),
});
export type AgreementDetail = z.infer<typeof AgreementDetailSchema>;

export const AgreementListResponseSchema = z.object({
  data: z.array(AgreementSummarySchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type AgreementListResponse = z.infer<typeof AgreementListResponseSchema>;
export const AgreementResponseSchema = z.object({ data: AgreementDetailSchema });
export type AgreementResponse = z.infer<typeof AgreementResponseSchema>;

/** The portal's list of a scholar's agreements (drafts are staff's only). */
export const PortalAgreementsResponseSchema = z.object({ data: z.array(AgreementDetailSchema) });
export type PortalAgreementsResponse = z.infer<typeof PortalAgreementsResponseSchema>;

/** The staff's choice of scholars and supervising teachers for a new agreement. */
export const AgreementOptionsResponseSchema = z.object({
  teachers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AgreementOptionsResponse = z.infer<typeof AgreementOptionsResponseSchema>;
