/**
 * Timesheet schedules: what the school expects of each staff member, day by day, and why.
 *
 * - A default week (`v2/timesheet_schedules`): per weekday a start, an end and unpaid break minutes, or off; effective
 *   from a date, so a change keeps the weeks before it (history).
 * - The school's non-work days (`v2/timesheet_schedules/non_work_days`): holidays and breaks, a date or a range.
 * - A person's days off (`v2/timesheet_schedules/days_off`): whole days or part of one, with a type and a note.
 * - Special hours (`v2/timesheet_schedules/special_hours`): a date or a range, for one person, several or everyone,
 *   replacing the day's hours (a shortened day) or adding to them (a conference night).
 * - Expected hours (`GET v2/timesheet_schedules/expected`): one answer for any person and range, day by day, with the
 *   reason for each day; timesheets (T2) use it and nothing else.
 *
 * Every write takes the `timesheet_schedules` permission of its action.
 */
import { z } from 'zod';
import { clockMinutes } from './calendar-dates';
import {
  DAY_RANGE_ORDER,
  DateOnlySchema,
  dayRangeLength,
  dayRangeOrdered,
  dayRangeWithin,
  IdSchema,
  MethodOverrideSchema,
  optionalText,
  requiredText,
} from './common';
import { ClockTimeSchema } from './school-settings';

export const WEEKDAY_COUNT = 7;
/** The longest unpaid break a day may hold, in minutes. */
export const MAX_BREAK_MINUTES = 240;
/** The longest range one request of expected hours may cover, in days. */
export const MAX_EXPECTED_DAYS = 400;
/** The longest range a non-work day, a day off or special hours may cover, in days. */
export const MAX_RANGE_DAYS = 366;

const breakMinutes = z.coerce
  .number({ message: 'Give the break in minutes.' })
  .int('Give the break in whole minutes.')
  .min(0, 'The break cannot be negative.')
  .max(MAX_BREAK_MINUTES, `A break is at most ${MAX_BREAK_MINUTES} minutes.`);

/** Paid minutes of a span of the day: its end less its start less its unpaid break, never below 0. */
export const spanMinutes = (hours: { start: string; end: string; break_minutes: number }): number =>
  Math.max(0, clockMinutes(hours.end) - clockMinutes(hours.start) - hours.break_minutes);

/** One day's hours: a start, an end after it on the same day, and unpaid break minutes shorter than the span. */
export const DayHoursSchema = z
  .object({ start: ClockTimeSchema, end: ClockTimeSchema, break_minutes: breakMinutes.default(0) })
  .refine((v) => v.end > v.start, { message: 'The end is after the start.', path: ['end'] })
  .refine((v) => v.end <= v.start || clockMinutes(v.end) - clockMinutes(v.start) > v.break_minutes, {
    message: 'The break is shorter than the day.',
    path: ['break_minutes'],
  });
export type DayHours = z.infer<typeof DayHoursSchema>;

/** A week, Monday first: each day's hours, or null for a day off. */
export const WeekSchema = z
  .array(DayHoursSchema.nullable(), { message: 'Give the seven days of the week, Monday first.' })
  .length(WEEKDAY_COUNT, 'Give the seven days of the week, Monday first.');
export type Week = z.infer<typeof WeekSchema>;

/** The paid minutes of a week. */
export const weekMinutes = (days: readonly (DayHours | null)[]): number =>
  days.reduce((sum, day) => sum + (day ? spanMinutes(day) : 0), 0);

const DayHoursRecordSchema = z.object({ start: z.string(), end: z.string(), break_minutes: z.number().int() });

// ---- Default weeks -------------------------------------------------------------------------------------------------

export const TimesheetScheduleRecordSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  effective_from: z.string(),
  days: z.array(DayHoursRecordSchema.nullable()),
  /** The week's paid minutes. */
  weekly_minutes: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TimesheetScheduleRecord = z.infer<typeof TimesheetScheduleRecordSchema>;

export const TimesheetScheduleCreateSchema = z.object({
  id: IdSchema.optional(),
  user_id: IdSchema,
  effective_from: DateOnlySchema,
  days: WeekSchema,
  note: optionalText(500),
});
export type TimesheetScheduleCreate = z.infer<typeof TimesheetScheduleCreateSchema>;

export const TimesheetScheduleUpdateSchema = MethodOverrideSchema.extend({
  effective_from: DateOnlySchema.optional(),
  days: WeekSchema.optional(),
  note: optionalText(500).optional(),
});
export type TimesheetScheduleUpdate = z.infer<typeof TimesheetScheduleUpdateSchema>;

export const TIMESHEET_SCHEDULE_SORT_FIELDS = ['effective_from', 'created_at'] as const;
export const TIMESHEET_SCHEDULE_FILTER_FIELDS = ['user_id', 'effective_on'] as const;

/** Copies one default week to several people from a date (`POST v2/timesheet_schedules/copy`). */
export const CopyScheduleSchema = z.object({
  schedule_id: IdSchema,
  user_ids: z.array(IdSchema).min(1, 'Choose at least one person.').max(200, 'Copy to at most 200 people at once.'),
  effective_from: DateOnlySchema,
});
export type CopySchedule = z.infer<typeof CopyScheduleSchema>;

// ---- Staff as timekeeping sees them --------------------------------------------------------------------------------

export const TimekeepingStaffRecordSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  email: z.string(),
  /** Exempt (salaried) staff get no overtime or meal-break flags (T2). */
  exempt: z.boolean(),
  /** The default week in effect today, if any. */
  current_schedule: z
    .object({ id: z.string(), effective_from: z.string(), weekly_minutes: z.number().int() })
    .nullable(),
});
export type TimekeepingStaffRecord = z.infer<typeof TimekeepingStaffRecordSchema>;

export const TimekeepingStaffUpdateSchema = MethodOverrideSchema.extend({
  exempt: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    message: 'Must be true or false.',
  }),
});
export type TimekeepingStaffUpdate = z.infer<typeof TimekeepingStaffUpdateSchema>;

export const TIMEKEEPING_STAFF_SORT_FIELDS = ['lname', 'fname'] as const;
export const TIMEKEEPING_STAFF_FILTER_FIELDS = ['exempt', 'has_schedule'] as const;

// ---- Ranges of dates -----------------------------------------------------------------------------------------------

const rangeFields = { starts_on: DateOnlySchema, ends_on: DateOnlySchema };
const rangeOk = dayRangeOrdered;
const rangeShort = dayRangeWithin(MAX_RANGE_DAYS);
const RANGE_ORDER = DAY_RANGE_ORDER;
const RANGE_LENGTH = dayRangeLength(MAX_RANGE_DAYS, 'A range');

// ---- The school's non-work days ------------------------------------------------------------------------------------

export const NON_WORK_DAY_KINDS = ['holiday', 'break', 'other'] as const;
export type NonWorkDayKind = (typeof NON_WORK_DAY_KINDS)[number];

export const NonWorkDayRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(NON_WORK_DAY_KINDS),
  starts_on: z.string(),
  ends_on: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NonWorkDayRecord = z.infer<typeof NonWorkDayRecordSchema>;

const nonWorkFields = {
  name: requiredText(100),
  kind: z.enum(NON_WORK_DAY_KINDS, { message: 'Choose holiday, break or other.' }),
  ...rangeFields,
};
export const NonWorkDayCreateSchema = z
  .object({ id: IdSchema.optional(), ...nonWorkFields })
  .refine(rangeOk, RANGE_ORDER)
  .refine(rangeShort, RANGE_LENGTH);
export type NonWorkDayCreate = z.infer<typeof NonWorkDayCreateSchema>;
export const NonWorkDayUpdateSchema = MethodOverrideSchema.extend(z.object(nonWorkFields).partial().shape)
  .refine(rangeOk, RANGE_ORDER)
  .refine(rangeShort, RANGE_LENGTH);
export type NonWorkDayUpdate = z.infer<typeof NonWorkDayUpdateSchema>;

export const NON_WORK_DAY_SORT_FIELDS = ['starts_on', 'name'] as const;
/** `from` and `to` keep the days that overlap the range. */
export const NON_WORK_DAY_FILTER_FIELDS = ['kind', 'from', 'to'] as const;

// ---- A person's days off -------------------------------------------------------------------------------------------

export const DAY_OFF_TYPES = ['vacation', 'sick', 'personal', 'unpaid', 'other'] as const;
export type DayOffType = (typeof DAY_OFF_TYPES)[number];

export const DayOffRecordSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.enum(DAY_OFF_TYPES),
  starts_on: z.string(),
  ends_on: z.string(),
  /** Part of a day: the hours off (both null for whole days). */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DayOffRecord = z.infer<typeof DayOffRecordSchema>;

const dayOffFields = {
  user_id: IdSchema,
  type: z.enum(DAY_OFF_TYPES, { message: 'Choose vacation, sick, personal, unpaid or other.' }),
  ...rangeFields,
  start_time: ClockTimeSchema.nullish().transform((v) => v ?? null),
  end_time: ClockTimeSchema.nullish().transform((v) => v ?? null),
  note: optionalText(500),
};
type DayOffShape = { starts_on?: string; ends_on?: string; start_time?: string | null; end_time?: string | null };
const partDayRules = <T extends z.ZodType<DayOffShape>>(schema: T) =>
  schema
    .refine((v) => (v.start_time == null) === (v.end_time == null), {
      message: 'Give both the start and the end of the hours off, or neither for whole days.',
      path: ['end_time'],
    })
    .refine((v) => v.start_time == null || v.end_time == null || v.end_time > v.start_time, {
      message: 'The end is after the start.',
      path: ['end_time'],
    })
    .refine((v) => v.start_time == null || !v.starts_on || !v.ends_on || v.starts_on === v.ends_on, {
      message: 'Part of a day is one date: make the last day the same as the first.',
      path: ['ends_on'],
    });
export const DayOffCreateSchema = partDayRules(
  z
    .object({ id: IdSchema.optional(), ...dayOffFields })
    .refine(rangeOk, RANGE_ORDER)
    .refine(rangeShort, RANGE_LENGTH),
);
export type DayOffCreate = z.infer<typeof DayOffCreateSchema>;
export const DayOffUpdateSchema = partDayRules(
  MethodOverrideSchema.extend({
    type: dayOffFields.type.optional(),
    starts_on: DateOnlySchema.optional(),
    ends_on: DateOnlySchema.optional(),
    start_time: ClockTimeSchema.nullish(),
    end_time: ClockTimeSchema.nullish(),
    note: optionalText(500).optional(),
  })
    .refine(rangeOk, RANGE_ORDER)
    .refine(rangeShort, RANGE_LENGTH),
);
export type DayOffUpdate = z.infer<typeof DayOffUpdateSchema>;

export const DAY_OFF_SORT_FIELDS = ['starts_on', 'type', 'created_at'] as const;
export const DAY_OFF_FILTER_FIELDS = ['user_id', 'type', 'from', 'to'] as const;

// ---- Special hours -------------------------------------------------------------------------------------------------

/** `replace`: the day's hours become these (a shortened day); `add`: these come on top (a conference night). */
export const SPECIAL_HOURS_MODES = ['replace', 'add'] as const;
export type SpecialHoursMode = (typeof SPECIAL_HOURS_MODES)[number];

export const SpecialHoursRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(SPECIAL_HOURS_MODES),
  starts_on: z.string(),
  ends_on: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  break_minutes: z.number().int(),
  /** Everyone on staff, or the people of `user_ids`. */
  everyone: z.boolean(),
  user_ids: z.array(z.string()),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SpecialHoursRecord = z.infer<typeof SpecialHoursRecordSchema>;

const specialFields = {
  name: requiredText(100),
  mode: z.enum(SPECIAL_HOURS_MODES, { message: 'Choose whether these hours replace the day or add to it.' }),
  ...rangeFields,
  start_time: ClockTimeSchema,
  end_time: ClockTimeSchema,
  break_minutes: breakMinutes.default(0),
  everyone: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  user_ids: z.array(IdSchema).max(500, 'Choose at most 500 people.').default([]),
  note: optionalText(500),
};
type SpecialShape = {
  start_time?: string;
  end_time?: string;
  break_minutes?: number;
  everyone?: boolean;
  user_ids?: string[];
};
const specialRules = <T extends z.ZodType<SpecialShape & { starts_on?: string; ends_on?: string }>>(schema: T) =>
  schema
    .refine(rangeOk, RANGE_ORDER)
    .refine(rangeShort, RANGE_LENGTH)
    .refine((v) => !v.start_time || !v.end_time || v.end_time > v.start_time, {
      message: 'The end is after the start.',
      path: ['end_time'],
    })
    .refine(
      (v) =>
        !v.start_time ||
        !v.end_time ||
        v.break_minutes === undefined ||
        v.end_time <= v.start_time ||
        clockMinutes(v.end_time) - clockMinutes(v.start_time) > v.break_minutes,
      { message: 'The break is shorter than the hours.', path: ['break_minutes'] },
    );
export const SpecialHoursCreateSchema = specialRules(z.object({ id: IdSchema.optional(), ...specialFields })).refine(
  (v) => v.everyone || v.user_ids.length > 0,
  {
    message: 'Choose the people, or everyone.',
    path: ['user_ids'],
  },
);
export type SpecialHoursCreate = z.infer<typeof SpecialHoursCreateSchema>;
export const SpecialHoursUpdateSchema = specialRules(
  MethodOverrideSchema.extend({
    name: specialFields.name.optional(),
    mode: specialFields.mode.optional(),
    starts_on: DateOnlySchema.optional(),
    ends_on: DateOnlySchema.optional(),
    start_time: ClockTimeSchema.optional(),
    end_time: ClockTimeSchema.optional(),
    break_minutes: breakMinutes.optional(),
    everyone: specialFields.everyone.unwrap().optional(),
    user_ids: z.array(IdSchema).max(500, 'Choose at most 500 people.').optional(),
    note: optionalText(500).optional(),
  }),
);
export type SpecialHoursUpdate = z.infer<typeof SpecialHoursUpdateSchema>;

export const SPECIAL_HOURS_SORT_FIELDS = ['starts_on', 'name', 'created_at'] as const;
export const SPECIAL_HOURS_FILTER_FIELDS = ['user_id', 'mode', 'from', 'to'] as const;

// ---- Expected hours ------------------------------------------------------------------------------------------------

export const ExpectedQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    /** One person; absent: every active staff member (timesheet_schedules-view_any). */
    user_id: IdSchema.optional(),
  })
  .refine((v) => v.to >= v.from, { message: 'The last day is on or after the first.', path: ['to'] })
  .refine((v) => v.to < v.from || (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_EXPECTED_DAYS, {
    message: `Ask for at most ${MAX_EXPECTED_DAYS} days at once.`,
    path: ['to'],
  });
export type ExpectedQuery = z.infer<typeof ExpectedQuerySchema>;

/**
 * Why a day expects what it does, the deciding reason first:
 * - `default`: the person's default week; `weekly_off`: a day their week has off; `no_schedule`: no default week yet;
 * - `holiday`: a school non-work day; `special`: special hours; `day_off`: the person's day off (whole or part).
 */
export const EXPECTED_REASONS = ['default', 'weekly_off', 'no_schedule', 'holiday', 'special', 'day_off'] as const;
export type ExpectedReason = (typeof EXPECTED_REASONS)[number];

export const ExpectedDetailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default'), schedule_id: z.string(), effective_from: z.string() }),
  z.object({ kind: z.literal('weekly_off'), schedule_id: z.string(), effective_from: z.string() }),
  z.object({ kind: z.literal('no_schedule') }),
  z.object({ kind: z.literal('holiday'), id: z.string(), name: z.string(), non_work_kind: z.enum(NON_WORK_DAY_KINDS) }),
  z.object({
    kind: z.literal('special'),
    id: z.string(),
    name: z.string(),
    mode: z.enum(SPECIAL_HOURS_MODES),
    start: z.string(),
    end: z.string(),
    break_minutes: z.number().int(),
  }),
  z.object({
    kind: z.literal('day_off'),
    id: z.string(),
    type: z.enum(DAY_OFF_TYPES),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    /** The expected minutes this day off took away. */
    minutes_off: z.number().int(),
    note: z.string().nullable(),
  }),
]);
export type ExpectedDetail = z.infer<typeof ExpectedDetailSchema>;

export const ExpectedDaySchema = z.object({
  date: z.string(),
  /** Expected paid minutes. */
  minutes: z.number().int(),
  /** The spans of the day the person is expected at work. */
  blocks: z.array(DayHoursRecordSchema),
  reason: z.enum(EXPECTED_REASONS),
  /** Everything that shaped the day, in the order it applied. */
  details: z.array(ExpectedDetailSchema),
});
export type ExpectedDay = z.infer<typeof ExpectedDaySchema>;

export const ExpectedPersonSchema = z.object({
  user_id: z.string(),
  exempt: z.boolean(),
  total_minutes: z.number().int(),
  days: z.array(ExpectedDaySchema),
});
export type ExpectedPerson = z.infer<typeof ExpectedPersonSchema>;

export const ExpectedResponseSchema = z.object({
  data: z.array(ExpectedPersonSchema),
  meta: z.object({ from: z.string(), to: z.string(), time_zone: z.string() }),
});
export type ExpectedResponse = z.infer<typeof ExpectedResponseSchema>;
