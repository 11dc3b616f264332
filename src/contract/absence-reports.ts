/**
 * Absence reports: a guardian tells the school ahead of time that a child will be absent (a day or a range of days),
 * late (with the time they expect to arrive) or leaving early (with the time and which of the child's authorized
 * pick-up adults takes them). One report may name several children; the server keeps one record per child, so each
 * is changed, withdrawn and acknowledged on its own. A guardian changes or withdraws a report until the day starts
 * (the school's start time in its time zone); one made after that is kept and marked late.
 */
import { z } from 'zod';
import { DateOnlySchema, IdSchema, listResponse, optionalText, singleResponse } from './common';
import { ClockTimeSchema } from './school-settings';

export const ABSENCE_KINDS = ['absent', 'late', 'early'] as const;
export const AbsenceKindSchema = z.enum(ABSENCE_KINDS, { message: 'Choose absent, late or leaving early.' });
export type AbsenceKind = z.infer<typeof AbsenceKindSchema>;

export const ABSENCE_REASONS = ['ill', 'appointment', 'family', 'other'] as const;
export const AbsenceReasonSchema = z.enum(ABSENCE_REASONS, { message: 'Choose a reason.' });
export type AbsenceReason = z.infer<typeof AbsenceReasonSchema>;

/** The most children one report names (a family's siblings). */
export const MAX_ABSENCE_CHILDREN = 12;
/** The longest range one report covers, in days (a long illness is reported again, with the office's knowledge). */
export const MAX_ABSENCE_DAYS = 31;

export const ABSENCE_MESSAGES = {
  time: 'Give the time.',
  pickUp: 'Choose who picks the child up.',
  range: 'The last day must be on or after the first.',
  tooLong: `A report covers at most ${MAX_ABSENCE_DAYS} days.`,
  oneDay: 'A late arrival or an early departure is for one day.',
  noChild: 'Choose at least one child.',
} as const;

const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The fields of a report that a guardian writes and may change, with the rules between them. */
const reportFields = {
  kind: AbsenceKindSchema,
  starts_on: DateOnlySchema,
  /** The last day of an absence (inclusive); a late arrival or early departure is one day (`starts_on`). */
  ends_on: DateOnlySchema.nullish(),
  /** The expected arrival (late) or the departure (early), HH:MM school time. */
  at_time: ClockTimeSchema.nullish(),
  /** Who picks the child up when leaving early: one of the child's authorized pick-up adults. */
  pick_up_id: IdSchema.nullish(),
  reason: AbsenceReasonSchema,
  note: optionalText(500),
};

type Fields = {
  kind?: AbsenceKind;
  starts_on?: string;
  ends_on?: string | null;
  at_time?: string | null;
  pick_up_id?: string | null;
};

/** The rules between the fields, for a whole report (a create, or an update merged onto the stored record). */
export function absenceIssues(v: Fields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.kind !== 'absent' && v.kind !== undefined) {
    if (!v.at_time) out.push({ path: 'at_time', message: ABSENCE_MESSAGES.time });
    if (v.ends_on && v.starts_on && v.ends_on !== v.starts_on)
      out.push({ path: 'ends_on', message: ABSENCE_MESSAGES.oneDay });
  }
  if (v.kind === 'early' && !v.pick_up_id) out.push({ path: 'pick_up_id', message: ABSENCE_MESSAGES.pickUp });
  if (v.kind === 'absent' && v.starts_on && v.ends_on) {
    if (v.ends_on < v.starts_on) out.push({ path: 'ends_on', message: ABSENCE_MESSAGES.range });
    else if (dayCount(v.starts_on, v.ends_on) > MAX_ABSENCE_DAYS)
      out.push({ path: 'ends_on', message: ABSENCE_MESSAGES.tooLong });
  }
  return out;
}

const refined =
  <T extends Fields>() =>
  (v: T, ctx: z.RefinementCtx) => {
    for (const issue of absenceIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  };

/** A guardian's new report, for one child or several, with the client's UUIDv7 id (idempotent on it). */
export const AbsenceReportCreateSchema = z
  .object({
    id: IdSchema,
    scholar_ids: z
      .array(IdSchema)
      .min(1, ABSENCE_MESSAGES.noChild)
      .max(MAX_ABSENCE_CHILDREN)
      .refine((ids) => new Set(ids).size === ids.length, 'Name each child once.'),
    ...reportFields,
  })
  .superRefine(refined());
export type AbsenceReportCreate = z.infer<typeof AbsenceReportCreateSchema>;

/** A guardian's change to one report: only what is sent changes; the rules hold for the report as changed. */
export const AbsenceReportUpdateSchema = z.object({
  kind: AbsenceKindSchema.optional(),
  starts_on: DateOnlySchema.optional(),
  ends_on: DateOnlySchema.nullish(),
  at_time: ClockTimeSchema.nullish(),
  pick_up_id: IdSchema.nullish(),
  reason: AbsenceReasonSchema.optional(),
  note: optionalText(500).optional(),
});
export type AbsenceReportUpdate = z.infer<typeof AbsenceReportUpdateSchema>;

export const AbsenceReportSchema = z.object({
  id: z.string(),
  /** The report as the guardian sent it (its client id): the records of the children it named share it. */
  report_id: z.string(),
  scholar_id: z.string(),
  scholar_name: z.string(),
  kind: AbsenceKindSchema,
  starts_on: z.string(),
  ends_on: z.string(),
  at_time: z.string().nullable(),
  pick_up_id: z.string().nullable(),
  pick_up_name: z.string().nullable(),
  reason: AbsenceReasonSchema,
  note: z.string().nullable(),
  reported_by: z.string().nullable(),
  reported_by_name: z.string().nullable(),
  reported_at: z.string(),
  /** Made (or last changed) after the school day it is about had started. */
  late: z.boolean(),
  withdrawn_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type AbsenceReport = z.infer<typeof AbsenceReportSchema>;

export const AbsenceReportListResponseSchema = listResponse(AbsenceReportSchema);
export const AbsenceReportSingleResponseSchema = singleResponse(AbsenceReportSchema);
export const AbsenceReportCreateResponseSchema = z.object({ data: z.array(AbsenceReportSchema) });

/** The staff list's filters: the reports that cover a day, or a range of days; withdrawn ones only when asked. */
export const AbsenceReportStaffQuerySchema = z.object({
  date: DateOnlySchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  include_withdrawn: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

/** A guardian's own list: their children's reports from a day on (default: today), withdrawn ones too. */
export const AbsenceReportPortalQuerySchema = z.object({ from: DateOnlySchema.optional() });

/** The adults a guardian may name as the pick-up of an early departure, per child (names only, no phone). */
export const AbsencePickUpsResponseSchema = z.object({
  data: z.array(
    z.object({
      scholar_id: z.string(),
      adults: z.array(z.object({ id: z.string(), full_name: z.string(), relationship: z.string().nullable() })),
    }),
  ),
  /** The school's start time (HH:MM) and time zone: until then a guardian may change today's reports. */
  start_time: z.string(),
  time_zone: z.string(),
  today: z.string(),
});
export type AbsencePickUps = z.infer<typeof AbsencePickUpsResponseSchema>;

/** Whether a report covers `day`. */
export const coversDay = (r: Pick<AbsenceReport, 'starts_on' | 'ends_on'>, day: string): boolean =>
  r.starts_on <= day && day <= r.ends_on;
