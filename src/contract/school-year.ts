/**
 * The start of a new school year (`v2/school_year`): what the office sends to preview it and then to apply it, and
 * the summary both answer. Applying moves every active scholar up a grade (TK, K, 1 … 12), graduates the twelfth
 * graders (they leave the rosters, their records stay), clears the homerooms when asked, sets the school's year
 * dates, adds the new year's non-work days and ends the old year's open independent study agreements.
 */
import { z } from 'zod';
import { DateOnlySchema, GRADES, type Grade, IdSchema, requiredText } from './common';
import { NON_WORK_DAY_KINDS } from './timesheet-schedules';

/** How many non-work days one request may add: a year's holidays and breaks are a few dozen at most. */
export const SCHOOL_YEAR_MAX_NON_WORK_DAYS = 60;
/** The longest school year, in days (a leap year's calendar). */
export const SCHOOL_YEAR_MAX_DAYS = 366;
/** How many graduates the summary names; the count covers all of them. */
export const SCHOOL_YEAR_GRADUATES_SHOWN = 50;
/** The withdrawal reason a graduate's record keeps. */
export const GRADUATION_REASON = 'Graduated';

/** What becomes of the homerooms: cleared for the new year's classes, or kept as they are. */
export const HOMEROOM_CHOICES = ['clear', 'keep'] as const;
export type HomeroomChoice = (typeof HOMEROOM_CHOICES)[number];

/** The grade a scholar moves up to; null for the last grade, whose scholars graduate. */
export const NEXT_GRADE: Readonly<Record<Grade, Grade | null>> = Object.fromEntries(
  GRADES.map((grade, i) => [grade, GRADES[i + 1] ?? null]),
) as Record<Grade, Grade | null>;

/**
 * The refusals of a school year, each shown under its field. Fixed texts, so that a screen can show them in the
 * reader's language (the server sends the English).
 */
export const SCHOOL_YEAR_MESSAGES = {
  endsAfterStart: 'The last day is after the first day.',
  tooLong: `A school year is at most ${SCHOOL_YEAR_MAX_DAYS} days.`,
  startsAfterCurrent: "The new year starts after the current year's first day.",
  outsideYear: 'A non-work day falls inside the new year.',
  dayOrder: 'The last day is on or after the first.',
  overlapsAnother: 'Another non-work day of this list covers some of these days.',
  overlapsStored: 'A non-work day already on the calendar covers some of these days.',
  tooMany: `Add at most ${SCHOOL_YEAR_MAX_NON_WORK_DAYS} non-work days at a time.`,
  homerooms: 'Choose whether to clear or keep the homerooms.',
  kind: 'Choose holiday, break or other.',
  changed: 'This school year was already started with other choices.',
} as const;

export const SchoolYearNonWorkDaySchema = z
  .object({
    name: requiredText(100),
    kind: z.enum(NON_WORK_DAY_KINDS, { message: SCHOOL_YEAR_MESSAGES.kind }),
    starts_on: DateOnlySchema,
    ends_on: DateOnlySchema,
  })
  .refine((d) => d.ends_on >= d.starts_on, { message: SCHOOL_YEAR_MESSAGES.dayOrder, path: ['ends_on'] });
export type SchoolYearNonWorkDay = z.infer<typeof SchoolYearNonWorkDaySchema>;

const yearFields = {
  starts_on: DateOnlySchema,
  ends_on: DateOnlySchema,
  non_work_days: z
    .array(SchoolYearNonWorkDaySchema)
    .max(SCHOOL_YEAR_MAX_NON_WORK_DAYS, SCHOOL_YEAR_MESSAGES.tooMany)
    .default([]),
  homerooms: z.enum(HOMEROOM_CHOICES, { message: SCHOOL_YEAR_MESSAGES.homerooms }),
};

type YearFields = { starts_on: string; ends_on: string; non_work_days: SchoolYearNonWorkDay[] };

/** The rules that need no database: the year's order and length, each non-work day inside it and apart from the rest. */
function checkYear(year: YearFields, ctx: z.RefinementCtx): void {
  if (year.ends_on <= year.starts_on) {
    ctx.addIssue({ code: 'custom', message: SCHOOL_YEAR_MESSAGES.endsAfterStart, path: ['ends_on'] });
    return;
  }
  if ((Date.parse(year.ends_on) - Date.parse(year.starts_on)) / 86_400_000 >= SCHOOL_YEAR_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: SCHOOL_YEAR_MESSAGES.tooLong, path: ['ends_on'] });
  }
  year.non_work_days.forEach((day, i) => {
    if (day.starts_on < year.starts_on || day.starts_on > year.ends_on) {
      ctx.addIssue({
        code: 'custom',
        message: SCHOOL_YEAR_MESSAGES.outsideYear,
        path: ['non_work_days', i, 'starts_on'],
      });
    } else if (day.ends_on > year.ends_on) {
      ctx.addIssue({
        code: 'custom',
        message: SCHOOL_YEAR_MESSAGES.outsideYear,
        path: ['non_work_days', i, 'ends_on'],
      });
    } else if (year.non_work_days.some((o, j) => j < i && o.starts_on <= day.ends_on && o.ends_on >= day.starts_on)) {
      ctx.addIssue({
        code: 'custom',
        message: SCHOOL_YEAR_MESSAGES.overlapsAnother,
        path: ['non_work_days', i, 'starts_on'],
      });
    }
  });
}

/** `POST v2/school_year/preview`: the new year as the office plans it; nothing is written. */
export const SchoolYearPreviewSchema = z.object(yearFields).superRefine(checkYear);
export type SchoolYearPreview = z.infer<typeof SchoolYearPreviewSchema>;
export type SchoolYearPreviewInput = z.input<typeof SchoolYearPreviewSchema>;

/**
 * `POST v2/school_year`: the same, with the client's id (a UUID) that makes it idempotent: the same id again answers
 * the stored result and changes nothing.
 */
export const SchoolYearApplySchema = z.object({ id: IdSchema, ...yearFields }).superRefine(checkYear);
export type SchoolYearApply = z.infer<typeof SchoolYearApplySchema>;
export type SchoolYearApplyInput = z.input<typeof SchoolYearApplySchema>;

/** The school's year dates; null until a roster import or a new year sets them. */
export const SchoolYearDatesSchema = z.object({ starts_on: z.string().nullable(), ends_on: z.string().nullable() });
export type SchoolYearDates = z.infer<typeof SchoolYearDatesSchema>;

/** What a new year does (the preview) or did (the apply). */
export const SchoolYearSummarySchema = z.object({
  /** The new year's dates. */
  starts_on: z.string(),
  ends_on: z.string(),
  /** Scholars moving up, by grade, in grade order (only grades that have scholars). */
  promote: z.array(z.object({ from: z.string(), to: z.string(), count: z.number().int() })),
  /** How many twelfth graders graduate, and the first SCHOOL_YEAR_GRADUATES_SHOWN of them by name. */
  graduate: z.number().int(),
  graduates: z.array(z.object({ id: z.string(), name: z.string(), student_number: z.string() })),
  /** The old year's last day: graduates leave on it and open agreements end on it. */
  closes_on: z.string(),
  /** Independent study agreements running past the old year's end, ended on it. */
  agreements_ending: z.number().int(),
  non_work_days: z.number().int(),
  homerooms_cleared: z.number().int(),
  /** The year dates before the change. */
  current: SchoolYearDatesSchema,
});
export type SchoolYearSummary = z.infer<typeof SchoolYearSummarySchema>;

export const SchoolYearAppliedSchema = SchoolYearSummarySchema.extend({ applied_at: z.string() });
export type SchoolYearApplied = z.infer<typeof SchoolYearAppliedSchema>;

export const SchoolYearPreviewResponseSchema = z.object({ data: SchoolYearSummarySchema });
export const SchoolYearAppliedResponseSchema = z.object({ data: SchoolYearAppliedSchema });
export const SchoolYearDatesResponseSchema = z.object({ data: SchoolYearDatesSchema });
