/**
 * The school: its settings, its non-work days and its calendar. Exported from server/db/schema.ts, which code
 * imports.
 */
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '../../../src/contract/notices';
import { bytea, timestamps } from './columns';

/** The school day's rules (F4): one row, edited by an administrator, pulled by every kiosk for offline use. */
export const schoolSettings = pgTable('school_settings', {
  id: uuid('id').primaryKey(),
  /** The school's name and IANA time zone, set at setup and on the settings screen; null until then, when the
   * server's SCHOOL_NAME and SCHOOL_TIMEZONE stand in (server/lib/school.ts). */
  school_name: text('school_name'),
  time_zone: text('time_zone'),
  /** When the school day starts, HH:MM in the school's time zone. */
  start_time: text('start_time').notNull().default('08:00'),
  /** When the school day ends (dismissal), HH:MM in the school's time zone: what is answered later is for the next
   * school day (the COVID screening). */
  end_time: text('end_time').notNull().default('15:30'),
  /** Minutes after the start time before an arrival counts as late. */
  late_after_minutes: integer('late_after_minutes').notNull().default(0),
  late_reasons: jsonb('late_reasons').$type<string[]>().notNull(),
  departure_reasons: jsonb('departure_reasons').$type<string[]>().notNull(),
  /** The reasons' Spanish wording, by the English reason: what a Spanish reader sees (the record keeps the English). */
  reasons_es: jsonb('reasons_es').$type<Record<string, string>>().notNull().default({}),
  /** The meal-count edit check's attendance factor (7 CFR 210.8(a)(2)), F6. */
  attendance_factor: doublePrecision('attendance_factor').notNull().default(0.95),
  /** What the Arrivals kiosk shows a child of each scholar besides photo and name; off by default. */
  kiosk_show_student_number: boolean('kiosk_show_student_number').notNull().default(false),
  kiosk_show_homeroom: boolean('kiosk_show_homeroom').notNull().default(false),
  /** The pay period rule: semi-monthly by default (California Labor Code 204). */
  pay_period_rule: text('pay_period_rule', { enum: ['semi_monthly', 'biweekly', 'monthly'] })
    .notNull()
    .default('semi_monthly'),
  /** The first day of any one bi-weekly pay period. */
  pay_period_anchor: date('pay_period_anchor', { mode: 'string' }),
  /** Which compliance flags timesheets show; a flag missing here is on. */
  timesheet_flags: jsonb('timesheet_flags')
    .$type<Partial<Record<'weekly_overtime' | 'daily_overtime' | 'seventh_day' | 'meal_break', boolean>>>()
    .notNull()
    .default({}),
  /** The Scholar Portal's settings: the Scholar Resources title's prefix, the calendar's first weekday
   * (0 Sunday … 6 Saturday), the technical-help contact on the sign-in screens, the entries switched off. */
  resource_prefix: text('resource_prefix'),
  week_starts_on: integer('week_starts_on').notNull().default(0),
  help_contact: text('help_contact'),
  portal_entries_off: jsonb('portal_entries_off').$type<string[]>().notNull().default([]),
  /** The Independent Study Learning Agreement's policy numbers; a number missing here is the seed's default. */
  independent_study_policy: jsonb('independent_study_policy').$type<Record<string, number>>().notNull().default({}),
  /** The Classroom topic that marks AutoWork: its overdue work is the Missing AutoWork list. */
  autowork_topic: text('autowork_topic').notNull().default('AutoWork'),
  /** The words of the school that families read in the portal's texts, per language (`{en: {autowork: 'AutoWork'},
   * es: {...}}`); a word missing here is the app's own. The Classroom topic above stays what marks the work. */
  terms: jsonb('terms')
    .$type<Partial<Record<'en' | 'es', Partial<Record<'autowork', string>>>>>()
    .notNull()
    .default({}),
  /** COVID screening in the portal: off by default; answers kept this many days. */
  covid_screening_enabled: boolean('covid_screening_enabled').notNull().default(false),
  covid_screening_retention_days: integer('covid_screening_retention_days').notNull().default(14),
  /** The school year's first and last day (a roster package's schoolYear session, or the new-year screen); null
   * until one of them sets it. */
  year_starts_on: date('year_starts_on', { mode: 'string' }),
  year_ends_on: date('year_ends_on', { mode: 'string' }),
  /** The school's logo, resized by the server (PNG, at most 512×512), its SHA-256 (the versioned URL and the audit
   * trail's before and after) and type; null without a logo. */
  logo: bytea('logo'),
  logo_sha256: text('logo_sha256'),
  logo_content_type: text('logo_content_type'),
  /** The meal services the school serves and each one's window, HH:MM on the school's clock: what the cafeteria
   * station offers and preselects. */
  meal_services: jsonb('meal_services')
    .$type<Partial<Record<'breakfast' | 'lunch' | 'snack' | 'supper', { start: string; end: string }>>>()
    .notNull()
    .default({
      breakfast: { start: '07:00', end: '10:30' },
      lunch: { start: '10:30', end: '14:00' },
      snack: { start: '14:00', end: '17:00' },
      supper: { start: '17:00', end: '20:00' },
    }),
  /** How many days after a scholar's withdrawal the administrator is reminded to erase their personal data (the
   * reminder list of the family data screen); California's Education Code 49073.1 has an operator delete a pupil's
   * records on the school's request. */
  erase_after_days: integer('erase_after_days').notNull().default(60),
  /** The notices the school sends families (DESIGN section 12): every kind until the settings say otherwise. */
  notice_kinds: jsonb('notice_kinds')
    .$type<string[]>()
    .notNull()
    // Every kind for a new school: a kind added later changes this default in a migration of its own.
    .default([...NOTICE_KINDS]),
  /** HH:MM on the school's clock: the guardians of a scholar not checked in by then on a school day are told; null
   * (the default): never. */
  not_checked_in_by: text('not_checked_in_by'),
  /** The car line's dismissal window, HH:MM on the school's clock: when a guardian's "I'm here" is taken. */
  car_line_start: text('car_line_start').notNull().default('14:45'),
  car_line_end: text('car_line_end').notNull().default('16:00'),
  /** The weekly work summary's ISO weekday (5: Friday) and time (HH:MM on the school's clock); the daily one's time. */
  work_summary_weekday: integer('work_summary_weekday').notNull().default(5),
  work_summary_time: text('work_summary_time').notNull().default('16:00'),
  /** HH:MM on the school's clock: a family's dismissal change for today is refused from then on (call the office). */
  dismissal_cutoff: text('dismissal_cutoff').notNull().default('14:00'),
  /** Whether a family's dismissal change stands as soon as it arrives (else the office confirms or declines each). */
  dismissal_auto_confirm: boolean('dismissal_auto_confirm').notNull().default(false),
  /** The office's phone number, shown to a family whose change came too late to send; null: none given. */
  office_phone: text('office_phone'),
  ...timestamps,
});

/** The school's non-work days: holidays and breaks, a date or a range. */
export const schoolNonWorkDays = pgTable(
  'school_non_work_days',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['holiday', 'break', 'other'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [index('school_non_work_days_range_idx').on(t.starts_on, t.ends_on)],
);

/** The school calendar; Google Calendar's events carry their id. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    all_day: boolean('all_day').notNull().default(false),
    color: text('color').notNull().default('blue'),
    google_event_id: text('google_event_id'),
    ...timestamps,
  },
  (t) => [
    index('calendar_events_range_idx').on(t.starts_at, t.ends_at),
    uniqueIndex('calendar_events_google_id_unique').on(t.google_event_id),
  ],
);
