import { z } from 'zod';
import { MethodOverrideSchema, optionalText, requiredText, safeText } from './common';
import { NOTICE_KINDS, NoticeKindSchema } from './notices';
import { MEAL_TYPES, type MealType } from './nslp-records';
import { isKnownTimeZone, SETUP_MESSAGES } from './setup';

/** HH:MM on a 24-hour clock. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00.');

const reasons = z
  .array(safeText().trim().min(1, 'A reason cannot be empty.').max(100))
  .min(1, 'Keep at least one reason.')
  .max(30);

/** The largest logo file the settings screen accepts; the server resizes it to LOGO_MAX_SIDE before keeping it. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/** The kept logo fits inside a square of this many pixels. */
export const LOGO_MAX_SIDE = 512;

export const SCHOOL_LOGO_MESSAGES = {
  notImage: 'The logo must be a PNG, JPEG, WebP, GIF, AVIF, TIFF or SVG image.',
  tooLarge: 'The logo is larger than 5 MB.',
} as const;

/** One meal service's window on the school's clock: it starts at `start` and ends before `end`. */
export const MealServiceWindowSchema = z.object({ start: z.string(), end: z.string() });
/** The meal services the school serves, by meal type, each with its window (absent: not served). */
export const MealServicesSchema = z.partialRecord(z.enum(MEAL_TYPES), MealServiceWindowSchema);
export type MealServices = Partial<Record<MealType, { start: string; end: string }>>;

/** The services in the order of the day (breakfast first), whatever order they were stored or sent in. */
export function orderMealServices(services: MealServices): MealServices {
  const out: MealServices = {};
  for (const type of MEAL_TYPES) {
    const window = services[type];
    if (window) out[type] = { start: window.start, end: window.end };
  }
  return out;
}

const mealServiceWindow = z
  .object({ start: ClockTimeSchema, end: ClockTimeSchema })
  // Compared only when both are times: a malformed one already has its own error.
  .refine(
    (w) => !ClockTimeSchema.safeParse(w.start).success || !ClockTimeSchema.safeParse(w.end).success || w.end > w.start,
    { message: 'The end must be after the start.', path: ['end'] },
  );

/** What the settings screen sends: at least one service, each with a start and a later end. */
export const MealServicesUpdateSchema = z
  .partialRecord(z.enum(MEAL_TYPES), mealServiceWindow)
  .refine((map) => Object.keys(map).length > 0, 'Offer at least one meal service.')
  .transform(orderMealServices);

export const SchoolSettingsSchema = z.object({
  id: z.string(),
  /** The school's name and IANA time zone (the server's SCHOOL_NAME and SCHOOL_TIMEZONE until the setup sets them). */
  school_name: z.string().optional(),
  time_zone: z.string().optional(),
  start_time: ClockTimeSchema,
  /** When the school day ends (dismissal). */
  end_time: ClockTimeSchema,
  late_after_minutes: z.number().int(),
  late_reasons: z.array(z.string()),
  departure_reasons: z.array(z.string()),
  /** The reasons in Spanish, by the English reason as listed above (absent: none; a reason without one shows as listed). */
  reasons_es: z.record(z.string(), z.string()).optional(),
  /**
   * The share of enrolled scholars expected to attend on a day, for the meal-count edit check of 7 CFR 210.8(a)(2):
   * a day's count in an eligibility category above (eligible scholars x this factor) is flagged for review.
   */
  attendance_factor: z.number(),
  /** Whether the Arrivals kiosk in front of children shows student numbers and homerooms (absent: no). */
  kiosk_show_student_number: z.boolean().optional(),
  kiosk_show_homeroom: z.boolean().optional(),
  /** The pay period rule; set through `v2/timesheet_schedules/settings`. */
  pay_period_rule: z.enum(['semi_monthly', 'biweekly', 'monthly']).optional(),
  pay_period_anchor: z.string().nullable().optional(),
  /** Where the school's logo is served, versioned by its hash (public: the sign-in screens show it); null: none. */
  logo_url: z.string().nullable().optional(),
  meal_services: MealServicesSchema.optional(),
  /** The notices the school sends families (DESIGN section 12); a kind left out is never sent. */
  notice_kinds: z.array(NoticeKindSchema).optional(),
  /** HH:MM on the school's clock: each school day at this time, the guardians of a scholar not checked in yet are
   * told (`not_checked_in`); null: never (the default). */
  not_checked_in_by: ClockTimeSchema.nullable().optional(),
  /** The weekly work summary's weekday (ISO: 1 Monday … 7 Sunday; Friday by default) and time on the school's clock;
   * a guardian who chose it daily gets it at this time every school day. */
  work_summary_weekday: z.number().int().min(1).max(7).optional(),
  work_summary_time: ClockTimeSchema.optional(),
  /** HH:MM on the school's clock: a family's dismissal change for today is refused from then on (2:00 PM by default). */
  dismissal_cutoff: ClockTimeSchema.optional(),
  /** Whether a family's dismissal change stands on arrival (else the office confirms or declines each). */
  dismissal_auto_confirm: z.boolean().optional(),
  /** The office's phone number, for a family whose change came after the cutoff; null: none given. */
  office_phone: z.string().nullable().optional(),
  /** The car line's dismissal window on the school's clock: when a guardian's "I'm here" is taken. */
  car_line_start: ClockTimeSchema.optional(),
  car_line_end: ClockTimeSchema.optional(),
  updated_at: z.string(),
});
export type SchoolSettings = z.infer<typeof SchoolSettingsSchema>;

/** A yes-or-no setting, in JSON or as a form sends it ('true', 'false'). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  message: 'Must be true or false.',
});

export const SchoolSettingsUpdateSchema = MethodOverrideSchema.extend({
  school_name: requiredText(120).optional(),
  time_zone: z.string().refine(isKnownTimeZone, SETUP_MESSAGES.timeZone).optional(),
  start_time: ClockTimeSchema.optional(),
  end_time: ClockTimeSchema.optional(),
  late_after_minutes: z.coerce.number().int().min(0).max(240).optional(),
  late_reasons: reasons.optional(),
  departure_reasons: reasons.optional(),
  /** Replaces the Spanish wording of the reasons; an empty wording is none. */
  reasons_es: z
    .record(safeText().trim().min(1).max(100), optionalText(100))
    .refine((map) => Object.keys(map).length <= 60, 'At most 60 reasons.')
    .transform((map) => Object.fromEntries(Object.entries(map).filter((e): e is [string, string] => e[1] !== null)))
    .optional(),
  attendance_factor: z.coerce
    .number({ message: 'Must be a number between 0 and 1.' })
    .gt(0, 'Must be above 0.')
    .max(1, 'Must be at most 1.')
    .optional(),
  kiosk_show_student_number: flag.optional(),
  kiosk_show_homeroom: flag.optional(),
  meal_services: MealServicesUpdateSchema.optional(),
  /** Replaces the kinds of notice the school sends (an empty list sends none). */
  notice_kinds: z
    .array(NoticeKindSchema)
    .max(NOTICE_KINDS.length)
    .transform((kinds) => NOTICE_KINDS.filter((k) => kinds.includes(k)))
    .optional(),
  /** A time turns the "not checked in" notice on; null turns it off. */
  not_checked_in_by: ClockTimeSchema.nullable().optional(),
  work_summary_weekday: z.coerce
    .number({ message: 'Must be a weekday from 1 (Monday) to 7 (Sunday).' })
    .int('Must be a weekday from 1 (Monday) to 7 (Sunday).')
    .min(1, 'Must be a weekday from 1 (Monday) to 7 (Sunday).')
    .max(7, 'Must be a weekday from 1 (Monday) to 7 (Sunday).')
    .optional(),
  work_summary_time: ClockTimeSchema.optional(),
  dismissal_cutoff: ClockTimeSchema.optional(),
  dismissal_auto_confirm: flag.optional(),
  office_phone: optionalText(40)
    .refine((v) => v === null || (/^[0-9+().\-\s]{7,40}$/.test(v) && /\d{7}/.test(v.replace(/\D/g, ''))), {
      message: 'Use a phone number like (555) 010-0000.',
    })
    .optional(),
  car_line_start: ClockTimeSchema.optional(),
  car_line_end: ClockTimeSchema.optional(),
});
export type SchoolSettingsUpdate = z.infer<typeof SchoolSettingsUpdateSchema>;

/** The reason a kiosk records when the person picks 'Other' and types their own. */
export const OTHER_REASON_PREFIX = 'Other: ';
