/**
 * Dismissal: how each scholar goes home. Every scholar has a default plan (picked up at the car line, a bus and its
 * route, walker, or an after-school program and its name), kept on the scholar's record by the office. A guardian
 * asks for a change for a day, a range of days, or one weekday of a range ("Thursdays with grandmother until
 * 19 June"), for one child or several; the office confirms or declines each (or the school confirms every change on
 * arrival). A change for today is refused after the school's cutoff. A pick-up change names one of the child's
 * authorized adults: it never adds anyone to the list, and a refused adult is never accepted.
 */
import { z } from 'zod';
import { DateOnlySchema, IdSchema, listResponse, optionalText, singleResponse } from './common';

export const DISMISSAL_PLANS = ['pick_up', 'bus', 'walker', 'program'] as const;
export const DismissalPlanSchema = z.enum(DISMISSAL_PLANS, {
  message: 'Choose picked up, bus, walker or an after-school program.',
});
export type DismissalPlan = z.infer<typeof DismissalPlanSchema>;

/** The plans whose detail (the bus route, the program's name) a scholar's default plan must give. */
export const PLANS_WITH_DETAIL: readonly DismissalPlan[] = ['bus', 'program'];

export const DISMISSAL_CHANGE_STATUSES = ['pending', 'confirmed', 'declined', 'withdrawn'] as const;
export const DismissalChangeStatusSchema = z.enum(DISMISSAL_CHANGE_STATUSES);
export type DismissalChangeStatus = z.infer<typeof DismissalChangeStatusSchema>;

/** The most children one request names (a family's siblings), as for absence reports. */
export const MAX_DISMISSAL_CHILDREN = 12;
/**
 * The longest range one change covers, in days: a school year (California's is 180 school days, Education Code
 * 46200, inside about ten months), so a standing arrangement is asked again each year.
 */
export const MAX_DISMISSAL_DAYS = 320;

export const DISMISSAL_MESSAGES = {
  pickUp: 'Choose who picks the child up.',
  detail: 'Give the bus route or the program’s name.',
  range: 'The last day must be on or after the first.',
  tooLong: `A change covers at most ${MAX_DISMISSAL_DAYS} days.`,
  noWeekday: 'The days chosen include no such weekday.',
  noChild: 'Choose at least one child.',
  cutoff: 'Changes for today closed at the school’s cutoff: please call the office.',
  past: 'The first day has passed.',
} as const;

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
/** 0 Sunday … 6 Saturday of a calendar day (YYYY-MM-DD). */
export const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();

interface ChangeFields {
  plan?: DismissalPlan;
  pick_up_id?: string | null;
  starts_on?: string;
  ends_on?: string | null;
  weekday?: number | null;
}

/** The rules between a change's fields. */
export function dismissalIssues(v: ChangeFields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.plan === 'pick_up' && !v.pick_up_id) out.push({ path: 'pick_up_id', message: DISMISSAL_MESSAGES.pickUp });
  if (v.starts_on && v.ends_on) {
    const days = dayNumber(v.ends_on) - dayNumber(v.starts_on) + 1;
    if (days < 1) out.push({ path: 'ends_on', message: DISMISSAL_MESSAGES.range });
    else if (days > MAX_DISMISSAL_DAYS) out.push({ path: 'ends_on', message: DISMISSAL_MESSAGES.tooLong });
    else if (v.weekday !== null && v.weekday !== undefined && days < 7) {
      const first = weekdayOf(v.starts_on);
      const ahead = (v.weekday - first + 7) % 7;
      if (ahead >= days) out.push({ path: 'weekday', message: DISMISSAL_MESSAGES.noWeekday });
    }
  }
  return out;
}

/** A guardian's new change, for one child or several, with the client's UUIDv7 id (idempotent on it). */
export const DismissalChangeCreateSchema = z
  .object({
    id: IdSchema,
    scholar_ids: z
      .array(IdSchema)
      .min(1, DISMISSAL_MESSAGES.noChild)
      .max(MAX_DISMISSAL_CHILDREN)
      .refine((ids) => new Set(ids).size === ids.length, 'Name each child once.'),
    plan: DismissalPlanSchema,
    /** The bus route or the program's name, when the family knows it. */
    detail: optionalText(100),
    /** For a pick-up: one of the child's authorized adults (for siblings, the same person on each child's list). */
    pick_up_id: IdSchema.nullish(),
    starts_on: DateOnlySchema,
    /** The last day (inclusive); absent: the first day only. */
    ends_on: DateOnlySchema.nullish(),
    /** 0 Sunday … 6 Saturday: only that weekday of the range; absent: every day of it. */
    weekday: z.number().int().min(0).max(6).nullish(),
    note: optionalText(500),
  })
  .superRefine((v, ctx) => {
    for (const i of dismissalIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });
export type DismissalChangeCreate = z.infer<typeof DismissalChangeCreateSchema>;

export const DismissalChangeSchema = z.object({
  id: z.string(),
  /** The request as the guardian sent it (its client id): the records of the children it named share it. */
  request_id: z.string(),
  scholar_id: z.string(),
  scholar_name: z.string(),
  plan: DismissalPlanSchema,
  detail: z.string().nullable(),
  pick_up_id: z.string().nullable(),
  pick_up_name: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  weekday: z.number().nullable(),
  note: z.string().nullable(),
  status: DismissalChangeStatusSchema,
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  auto_confirmed: z.boolean(),
  decision_note: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  updated_at: z.string(),
});
export type DismissalChange = z.infer<typeof DismissalChangeSchema>;

export const DismissalChangeListResponseSchema = listResponse(DismissalChangeSchema);
export const DismissalChangeSingleResponseSchema = singleResponse(DismissalChangeSchema);
export const DismissalChangeCreateResponseSchema = z.object({ data: z.array(DismissalChangeSchema) });

/** A guardian's own list: their children's changes whose last day is on or after `from` (default: today). */
export const DismissalChangePortalQuerySchema = z.object({ from: DateOnlySchema.optional() });

/** The office's list: the changes that cover a day or a range (default: today on), by status (default: all but withdrawn). */
export const DismissalChangeStaffQuerySchema = z.object({
  date: DateOnlySchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  status: DismissalChangeStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

/** The office's decline, with words for the family. */
export const DismissalDeclineSchema = z.object({ note: optionalText(500) });

/** What the guardian's screen needs: each child's default plan and authorized adults, the cutoff and the office's phone. */
export const DismissalOptionsResponseSchema = z.object({
  data: z.array(
    z.object({
      scholar_id: z.string(),
      plan: DismissalPlanSchema,
      detail: z.string().nullable(),
      adults: z.array(z.object({ id: z.string(), full_name: z.string(), relationship: z.string().nullable() })),
    }),
  ),
  /** HH:MM school time: a change for today is refused from then on. */
  cutoff: z.string(),
  time_zone: z.string(),
  today: z.string(),
  office_phone: z.string().nullable(),
  auto_confirm: z.boolean(),
});
export type DismissalOptions = z.infer<typeof DismissalOptionsResponseSchema>;

/** One scholar on the day's dismissal list: their default plan and, when a confirmed change applies, the change. */
export const DismissalEntrySchema = z.object({
  scholar_id: z.string(),
  name: z.string(),
  grade: z.string(),
  homeroom: z.string().nullable(),
  default_plan: DismissalPlanSchema,
  default_detail: z.string().nullable(),
  plan: DismissalPlanSchema,
  detail: z.string().nullable(),
  pick_up_name: z.string().nullable(),
  change_id: z.string().nullable(),
});
export type DismissalEntry = z.infer<typeof DismissalEntrySchema>;

export const DismissalDayQuerySchema = z.object({ date: DateOnlySchema.optional() });
export const DismissalDayResponseSchema = z.object({ date: z.string(), data: z.array(DismissalEntrySchema) });

/** Whether a change covers `day`: inside its range and, for a weekly one, on its weekday. */
export const changeAppliesOn = (c: Pick<DismissalChange, 'starts_on' | 'ends_on' | 'weekday'>, day: string): boolean =>
  c.starts_on <= day && day <= c.ends_on && (c.weekday === null || c.weekday === weekdayOf(day));

/**
 * The plan of a scholar on `day`: the confirmed change that covers it (the latest asked, when several do), else the
 * default. Only confirmed changes count: a pending one is the office's to decide.
 */
export function planOn<
  C extends Pick<DismissalChange, 'starts_on' | 'ends_on' | 'weekday' | 'status' | 'requested_at'>,
>(changes: readonly C[], day: string): C | null {
  let best: C | null = null;
  for (const c of changes) {
    if (c.status !== 'confirmed' || !changeAppliesOn(c, day)) continue;
    if (!best || c.requested_at > best.requested_at) best = c;
  }
  return best;
}

/** The order of "who goes how today": walkers and buses first (they leave first), then programs, then the car line. */
export const PLAN_ORDER: readonly DismissalPlan[] = ['walker', 'bus', 'program', 'pick_up'];
