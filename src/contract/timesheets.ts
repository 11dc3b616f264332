/**
 * Timesheets: the hours staff work, as records with a start and an end (instants), counted on the school
 * day they started in the school's time zone (`work_date`), with an unpaid break, a category and a note.
 *
 * - `v2/timesheets`: the generic resource (list, single, create, update by POST `_method: 'PATCH'`, delete). Staff
 *   record and see their own (`timesheets-create`, `-view`, `-update`); `timesheets-view_any` sees and writes
 *   everyone's. A record that is open (no `ended_at`) is a clock-in; its clock-out is an update that sets `ended_at`.
 *   An update may name the `base_version` it was made from (the outbox always does): the server applies it only to
 *   that version and answers 409 with the stored record otherwise. Changing a finished record, or another person's,
 *   needs a `reason` (audited). Records of one person never overlap (409); records of an approved pay period are
 *   read-only (409) until the timekeeper reopens it.
 * - `v2/timesheets/periods`: each person's pay periods and their state (open, submitted, returned, approved), with
 *   submit, approve, return and reopen.
 * - `v2/timesheets/summary`: worked and expected minutes per person and day for a range (the timesheet schedules' expected hours), with
 *   the compliance flags of non-exempt staff and each person's pay period states: Daily Combined, the Grid and
 *   Cumulative read it.
 * - A staff member's badge (`STAFF:` and their badge code) clocks them in and out at a station: a create naming
 *   another person is accepted with that person's badge code, without `timesheets-view_any`.
 */
import { z } from 'zod';
import { DateOnlySchema, IdSchema, InstantSchema, MethodOverrideSchema, optionalText, requiredText } from './common';
import { DAY_OFF_TYPES } from './timesheet-schedules';

export const TIMESHEET_CATEGORIES = ['regular', 'conference', 'extra_duty', 'training', 'leave'] as const;
export type TimesheetCategory = (typeof TIMESHEET_CATEGORIES)[number];
export const TimesheetCategorySchema = z.enum(TIMESHEET_CATEGORIES, {
  message: 'Choose regular, conference, extra duty, training or leave.',
});

/** Leave's types are the days off types of T1 (vacation, sick, personal, unpaid, other). */
export const LEAVE_TYPES = DAY_OFF_TYPES;
export const LeaveTypeSchema = z.enum(LEAVE_TYPES, { message: 'Choose vacation, sick, personal, unpaid or other.' });

/** How a record was made: clocked in and out (on the person's own device), at a station with a badge, or typed in. */
export const TIMESHEET_METHODS = ['clock', 'badge', 'manual'] as const;
export const TimesheetMethodSchema = z.enum(TIMESHEET_METHODS);

/** The longest one record may be, in hours (a record that would be longer is two records, or a missing clock-out). */
export const MAX_RECORD_HOURS = 24;
/** The longest unpaid break of one record, in minutes. */
export const MAX_RECORD_BREAK_MINUTES = 480;
/** The longest range one summary may cover, in days (a school year and a little more). */
export const MAX_SUMMARY_DAYS = 400;
/** An open record older than this is shown as a missing clock-out, in hours. */
export const MISSING_CLOCK_OUT_HOURS = 16;

export const TIMESHEET_MESSAGES = {
  endBeforeStart: 'The end is after the start.',
  tooLong: `A record is at most ${MAX_RECORD_HOURS} hours. Split it, or fix the end.`,
  breakTooLong: 'The break is shorter than the record.',
  leaveType: 'Choose the type of leave.',
  reasonRequired: 'Say why the record is changed.',
  versionChanged: 'This record was changed since you opened it. Here is what is stored now.',
  badge: 'This badge is not valid. Ask the office for a new one.',
} as const;

const breakMinutes = z.coerce
  .number({ message: 'Give the break in minutes.' })
  .int('Give the break in whole minutes.')
  .min(0, 'The break cannot be negative.')
  .max(MAX_RECORD_BREAK_MINUTES, `A break is at most ${MAX_RECORD_BREAK_MINUTES} minutes.`);

/** Whole minutes from one instant to another. */
export const minutesBetween = (from: string, to: string): number =>
  Math.floor((Date.parse(to) - Date.parse(from)) / 60_000);

/**
 * Paid minutes of a finished record: its length less its unpaid break, never below 0; null for an open one. Worked
 * hours of an open record are counted to `now` by who shows them, never stored.
 */
export const workedMinutes = (r: {
  started_at: string;
  ended_at: string | null;
  break_minutes: number;
}): number | null =>
  r.ended_at === null ? null : Math.max(0, minutesBetween(r.started_at, r.ended_at) - r.break_minutes);

/** The checks one record's fields must pass, on create and (with the stored fields filled in) on update. */
export function recordIssues(v: {
  started_at: string;
  ended_at: string | null;
  break_minutes: number;
  category: TimesheetCategory;
  leave_type: string | null;
}): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.ended_at !== null) {
    // In milliseconds: a clock-out a few seconds after its clock-in (a mistaken tap, undone at once) is a record.
    const ms = Date.parse(v.ended_at) - Date.parse(v.started_at);
    if (ms <= 0) out.push({ path: 'ended_at', message: TIMESHEET_MESSAGES.endBeforeStart });
    else if (ms > MAX_RECORD_HOURS * 3_600_000) out.push({ path: 'ended_at', message: TIMESHEET_MESSAGES.tooLong });
    else if (v.break_minutes > 0 && v.break_minutes * 60_000 >= ms) {
      out.push({ path: 'break_minutes', message: TIMESHEET_MESSAGES.breakTooLong });
    }
  }
  if (v.category === 'leave' && !v.leave_type) out.push({ path: 'leave_type', message: TIMESHEET_MESSAGES.leaveType });
  return out;
}

export const TimesheetRecordSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** The person's name as "Last, First" (for lists and CSV). */
  user_name: z.string(),
  /** The school day the record counts on: the date it started, in the school's time zone. */
  work_date: z.string(),
  started_at: z.string(),
  /** Null while the person is clocked in. */
  ended_at: z.string().nullable(),
  break_minutes: z.number().int(),
  /** Paid minutes (length less break); null while open. */
  worked_minutes: z.number().int().nullable(),
  category: TimesheetCategorySchema,
  leave_type: LeaveTypeSchema.nullable(),
  note: z.string().nullable(),
  method: TimesheetMethodSchema,
  /** Starts at 1 and goes up with every change: an update may name the version it was made from. */
  version: z.number().int(),
  /** Its pay period is approved: read-only until reopened. */
  locked: z.boolean(),
  recorded_by: z.string().nullable(),
  device_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TimesheetRecord = z.infer<typeof TimesheetRecordSchema>;

export const TimesheetCreateSchema = z
  .object({
    id: IdSchema.optional(),
    /** Whose record; the signed-in person's when absent. */
    user_id: IdSchema.optional(),
    started_at: InstantSchema,
    ended_at: InstantSchema.nullish().transform((v) => v ?? null),
    break_minutes: breakMinutes.default(0),
    category: TimesheetCategorySchema.default('regular'),
    leave_type: LeaveTypeSchema.nullish().transform((v) => v ?? null),
    note: optionalText(500),
    method: TimesheetMethodSchema.default('manual'),
    /** The badge code a station read (method 'badge'): lets the station record for that person. Never stored. */
    badge: z.string().max(100).optional(),
    device_id: optionalText(100),
  })
  .superRefine((v, ctx) => {
    for (const issue of recordIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type TimesheetCreate = z.infer<typeof TimesheetCreateSchema>;

/**
 * An update: only what it sends changes. `reason` is required (and audited) when the record was finished before this
 * change or is another person's; a clock-out of one's own open record needs none.
 */
export const TimesheetUpdateSchema = MethodOverrideSchema.extend({
  started_at: InstantSchema.optional(),
  ended_at: InstantSchema.nullable().optional(),
  break_minutes: breakMinutes.optional(),
  category: TimesheetCategorySchema.optional(),
  leave_type: LeaveTypeSchema.nullable().optional(),
  note: optionalText(500).optional(),
  /** The version this change was made from: applied only to it, or 409 with the stored record. */
  base_version: z.coerce.number().int().min(1).optional(),
  reason: optionalText(500).optional(),
  /**
   * The badge a station read: lets it change another person's record as that person would (their clock-out: the end,
   * the break, the note). Never stored.
   */
  badge: z.string().max(100).optional(),
});
export type TimesheetUpdate = z.infer<typeof TimesheetUpdateSchema>;

/**
 * An outbox update (a clock-out of a record already on the server): the record's id, the version it was based on
 * (required: the server applies it only to that version), and the fields.
 */
export const TimesheetSyncUpdateSchema = TimesheetUpdateSchema.extend({
  id: IdSchema,
  base_version: z.number().int().min(1),
});
export type TimesheetSyncUpdate = z.infer<typeof TimesheetSyncUpdateSchema>;

export const TIMESHEET_SORT_FIELDS = ['started_at', 'work_date', 'created_at', 'user_name'] as const;
/**
 * `filter[from]`/`filter[to]` bound `work_date` (inclusive); `user_id`; `category` (one, or several separated by
 * commas); `open=true` the records without a clock-out. Search matches the note and the person's name.
 */
export const TIMESHEET_FILTER_FIELDS = ['from', 'to', 'work_date', 'user_id', 'category', 'open'] as const;

// ---- Pay periods and their approval --------------------------------------------------------------------------------

export const PERIOD_STATES = ['open', 'submitted', 'returned', 'approved'] as const;
export type PeriodState = (typeof PERIOD_STATES)[number];

export const TimesheetPeriodSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  start: z.string(),
  end: z.string(),
  state: z.enum(PERIOD_STATES),
  submitted_at: z.string().nullable(),
  submitted_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  /** The timekeeper's note when returned. */
  note: z.string().nullable(),
  /** Why it was last reopened. */
  reopen_reason: z.string().nullable(),
});
export type TimesheetPeriod = z.infer<typeof TimesheetPeriodSchema>;

/** `GET v2/timesheets/periods?from&to&user_id`: the periods touching the dates, for each person (open ones too). */
export const PeriodsQuerySchema = z.object({
  from: DateOnlySchema,
  to: DateOnlySchema,
  user_id: IdSchema.optional(),
});
export const PeriodsResponseSchema = z.object({ data: z.array(TimesheetPeriodSchema) });

/** The person and the period (any date in it) an action is about; the person defaults to the signed-in one. */
const periodTarget = { user_id: IdSchema.optional(), date: DateOnlySchema };
/** `POST v2/timesheets/periods/submit`: the person (or the timekeeper for them) hands the period in. */
export const PeriodSubmitSchema = z.object(periodTarget);
/** `POST .../approve` (timekeeper): locks the period's records. */
export const PeriodApproveSchema = z.object({ ...periodTarget, user_id: IdSchema });
/** `POST .../return` (timekeeper): back to the person with a note saying what to fix. */
export const PeriodReturnSchema = z.object({ ...periodTarget, user_id: IdSchema, note: requiredText(500) });
/** `POST .../reopen` (timekeeper): an approved period open again, with the reason (audited). */
export const PeriodReopenSchema = z.object({ ...periodTarget, user_id: IdSchema, reason: requiredText(500) });
export const PeriodResponseSchema = z.object({ data: TimesheetPeriodSchema });
/** `POST .../withdraw`: the person (or the timekeeper for them) takes a submitted period back to open. */
export const PeriodWithdrawSchema = z.object(periodTarget);

/** The most periods one `approve_many` takes: two pay periods of a school's whole staff, in one transaction. */
export const MAX_APPROVE_MANY = 200;
/** One period of `approve_many`: the person and the period's first day. */
export const PeriodKeySchema = z.object({ user_id: IdSchema, start: DateOnlySchema });
export type PeriodKey = z.infer<typeof PeriodKeySchema>;
/** `POST .../approve_many` (timekeeper): approves each period it can, in one transaction. */
export const PeriodApproveManySchema = z.object({
  periods: z.array(PeriodKeySchema).min(1).max(MAX_APPROVE_MANY),
});
/** Each period's result, in the order asked: approved (now or already), or why not (the status and message the single approve would answer). */
export const PeriodApproveResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), user_id: z.string(), start: z.string(), period: TimesheetPeriodSchema }),
  z.object({
    ok: z.literal(false),
    user_id: z.string(),
    start: z.string(),
    status: z.union([z.literal(404), z.literal(409), z.literal(422)]),
    message: z.string(),
  }),
]);
export type PeriodApproveResult = z.infer<typeof PeriodApproveResultSchema>;
export const PeriodApproveManyResponseSchema = z.object({ data: z.array(PeriodApproveResultSchema) });

// ---- Compliance flags ----------------------------------------------------------------------------------------------

/**
 * California's rules for non-exempt staff, shown to the timekeeper, never deducted: over 40 hours in a workweek
 * (Monday to Sunday); over 8 and over 12 hours in a day; work on the seventh consecutive day of a workweek; no meal
 * break begun by the end of the fifth hour of work.
 */
export const FLAG_CODES = ['weekly_over_40', 'daily_over_8', 'daily_over_12', 'seventh_day', 'meal_break'] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

/** The school's choice of flags (all on by default), in its timekeeping settings. */
export const TimesheetFlagSettingsSchema = z.object({
  weekly_overtime: z.boolean(),
  daily_overtime: z.boolean(),
  seventh_day: z.boolean(),
  meal_break: z.boolean(),
});
export type TimesheetFlagSettings = z.infer<typeof TimesheetFlagSettingsSchema>;
export const DEFAULT_FLAG_SETTINGS: TimesheetFlagSettings = {
  weekly_overtime: true,
  daily_overtime: true,
  seventh_day: true,
  meal_break: true,
};

export const TimesheetFlagSchema = z.object({ code: z.enum(FLAG_CODES), date: z.string() });
export type TimesheetFlag = z.infer<typeof TimesheetFlagSchema>;

// ---- Summary -------------------------------------------------------------------------------------------------------

export const SummaryQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    /** One person (their own without `timesheets-view_any`); everyone active on staff when absent. */
    user_id: IdSchema.optional(),
    /** Leave out the days (Cumulative over a school year needs only the totals). */
    days: z.enum(['true', 'false']).default('true'),
  })
  .refine((v) => v.to >= v.from, { message: 'The end date is before the start date.', path: ['to'] });
export type SummaryQuery = z.input<typeof SummaryQuerySchema>;

export const SummaryDaySchema = z.object({
  date: z.string(),
  worked_minutes: z.number().int(),
  expected_minutes: z.number().int(),
  /**
   * The expected minutes up to the answer's `as_of`: all of a past day's, none of a future day's, and today's up to
   * now (or the last clock-out, once the day's work records are all finished).
   */
  expected_so_far_minutes: z.number().int(),
  /** Paid minutes by category. */
  by_category: z.partialRecord(TimesheetCategorySchema, z.number().int()),
  /** The day's first start and last end (null while clocked in). */
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  records: z.number().int(),
  /** A record of this day has no clock-out: still clocked in today, or missing on a past day. */
  open: z.boolean(),
  flags: z.array(z.enum(FLAG_CODES)),
});
export type SummaryDay = z.infer<typeof SummaryDaySchema>;

export const SummaryPersonSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  exempt: z.boolean(),
  worked_minutes: z.number().int(),
  expected_minutes: z.number().int(),
  /** The expected minutes of the range up to `as_of` (the sum of the days'). */
  expected_so_far_minutes: z.number().int(),
  /** The expected minutes still ahead: `expected_minutes` less `expected_so_far_minutes`. */
  expected_ahead_minutes: z.number().int(),
  by_category: z.partialRecord(TimesheetCategorySchema, z.number().int()),
  /** Only days with a record or expected hours; all of them when `days=true`, none otherwise. */
  days: z.array(SummaryDaySchema),
  flags: z.array(TimesheetFlagSchema),
  /** The pay periods touching the range, with their state. */
  periods: z.array(TimesheetPeriodSchema.pick({ start: true, end: true, state: true, note: true })),
});
export type SummaryPerson = z.infer<typeof SummaryPersonSchema>;

export const SummaryResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** The instant the answer is of: the expected minutes so far count up to it. */
  as_of: z.string(),
  flag_settings: TimesheetFlagSettingsSchema,
  people: z.array(SummaryPersonSchema),
});
export type SummaryResponse = z.infer<typeof SummaryResponseSchema>;

// ---- Badges --------------------------------------------------------------------------------------------------------

/** What a staff badge's QR code holds: `STAFF:` and the person's badge code. */
export const STAFF_BADGE_PREFIX = 'STAFF:';
export const staffBadgeText = (code: string) => `${STAFF_BADGE_PREFIX}${code}`;
/** The length of a badge code (18 random bytes in base64url): a search box takes a typed code only when whole. */
export const STAFF_BADGE_CODE_LENGTH = 24;
/** The badge code of a scanned text, or null when it is not a staff badge. */
export const staffBadgeCode = (text: string): string | null => {
  const trimmed = text.trim();
  return trimmed.startsWith(STAFF_BADGE_PREFIX) && trimmed.length > STAFF_BADGE_PREFIX.length
    ? trimmed.slice(STAFF_BADGE_PREFIX.length)
    : null;
};

/**
 * `POST v2/timesheets/badge`: a new badge for oneself (`timesheets-view`) or, with `timesheets-view_any`, for any
 * staff member; the old badge stops working. The code is shown this once (print it as a QR code of `text`).
 */
export const StaffBadgeIssueSchema = z.object({ user_id: IdSchema.optional() });
export const StaffBadgeResponseSchema = z.object({
  data: z.object({ user_id: z.string(), code: z.string(), text: z.string() }),
});
export type StaffBadge = z.infer<typeof StaffBadgeResponseSchema>['data'];

// ---- Badge punches -------------------------------------------------------------------------------------------------

/** The outbox resource of a badge read at a station (a kiosk cannot know, offline, whether its holder is clocked in). */
export const TIMESHEET_PUNCHES = 'timesheet_punches';

/**
 * A staff badge read at a station (`POST v2/timesheets/punch`, or the outbox resource `timesheet_punches`). The server
 * decides what it is: the clock-out of the holder's open record when one started up to 16 hours before `at`, else a
 * clock-in at `at` (a new record whose id is the punch's). The punch's id makes it happen once: sent again, it answers
 * what it did the first time.
 */
export const TimesheetPunchSchema = z.object({
  id: IdSchema,
  badge: z.string().min(1, 'Scan a staff badge.').max(100),
  at: InstantSchema,
});
export type TimesheetPunch = z.infer<typeof TimesheetPunchSchema>;

/** The longest a clock-in stays open for a badge to clock it out (a longer one is a missed clock-out). */
export const PUNCH_OPEN_HOURS = 16;

export const TimesheetPunchResponseSchema = z.object({
  data: z.object({ outcome: z.enum(['in', 'out']), record: TimesheetRecordSchema }),
});
export type TimesheetPunchResult = z.infer<typeof TimesheetPunchResponseSchema>['data'];
