/**
 * The database schema (DESIGN section 6). Migrations in ./migrations are generated from this file with
 * `npm run db:generate` and committed; the same SQL runs on PGlite and on a PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '../../src/contract/notices';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    nickname: text('nickname'),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    type: text('type', { enum: ['staff', 'student', 'parent'] }).notNull(),
    user_number: text('user_number'),
    start_date: date('start_date', { mode: 'string' }),
    grade: text('grade'),
    program: text('program'),
    password_hash: text('password_hash'),
    /** The staff member's station PIN, hashed like a password; null until they set one. */
    station_pin_hash: text('station_pin_hash'),
    /** Exempt (salaried) staff get no overtime or meal-break flags on their timesheets. */
    exempt: boolean('exempt').notNull().default(false),
    /**
     * The code on a staff member's badge (`STAFF:` and this code, as a QR code): a station that reads
     * it may clock that person in and out. Random and secret like a key card; null until the office prints a badge.
     */
    badge_code: text('badge_code'),
    google_sub: text('google_sub'),
    photo_id: uuid('photo_id'),
    /** A guardian's phone number (the office calls it; a guardian who may pick up carries it to the pick-up line). */
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    /** The language the person's mail (an invitation, a password reset) is written in. */
    language: text('language', { enum: ['en', 'es'] })
      .notNull()
      .default('en'),
    /** The person's OneRoster `sourcedId` once a roster import brought or matched them (server/lib/roster-import):
     * only such accounts are ever deactivated by a later package; null for accounts entered by hand. */
    sourced_id: text('sourced_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_sourced_id_unique').on(t.sourced_id),
    uniqueIndex('users_google_sub_unique').on(t.google_sub),
    uniqueIndex('users_badge_code_unique').on(t.badge_code),
    index('users_lname_idx').on(t.lname, t.fname),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`)],
);

export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
  resource: text('resource').notNull(),
  action: text('action').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissions.name, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_idx').on(t.role_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['password', 'google', 'parent'] }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    /**
     * A parent's sign-in inside a scholar's session on the scholar's phone: the scholar's session
     * (its token hash), which ending ends this one too, and the scholar the parent answers for.
     */
    co_session_of: text('co_session_of'),
    for_scholar_id: uuid('for_scholar_id'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_co_session_idx').on(t.co_session_of)],
);

/**
 * The one-time address that sets up a new school (server/lib/setup.ts): at most one row, replaced at every start
 * while no administrator exists and deleted when the setup is done. Only the token's SHA-256 is kept.
 */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: integer('id').primaryKey().default(1),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [check('setup_tokens_single_row', sql`${t.id} = 1`)],
);

/**
 * Failed sign-ins, counted in the database so that every server instance sees the same counts (server/auth/
 * login-limits.ts). One row per key: `account:<email in lower case>` (failures since the last success) or
 * `address:<ip>` (failures in the window that started at window_started_at).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'string' }).notNull(),
    last_failure_at: timestamp('last_failure_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('login_throttles_last_failure_idx').on(t.last_failure_at)],
);

/**
 * One-time set-password links (an invitation, a password reset). Only the token's SHA-256 is kept. A link is live
 * while it is unused, not replaced and unexpired; a newer link of the same purpose for the same person replaces the
 * older (`replaced_at`), and the partial unique index keeps at most one unreplaced, unused link per person and purpose.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    replaced_at: timestamp('replaced_at', { withTimezone: true, mode: 'string' }),
    /** Who asked for it: the administrator who invited; null for a reset the person asked for. */
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_tokens_one_live')
      .on(t.user_id, t.purpose)
      .where(sql`${t.used_at} is null and ${t.replaced_at} is null`),
  ],
);

export const demographics = pgTable(
  'demographics',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    student_number: text('student_number').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    nickname: text('nickname'),
    grade: text('grade').notNull(),
    program: text('program').notNull().default('Secondary'),
    homeroom: text('homeroom'),
    photo_id: uuid('photo_id'),
    badge_code: text('badge_code').notNull(),
    meal_eligibility: text('meal_eligibility', { enum: ['free', 'reduced', 'paid'] })
      .notNull()
      .default('paid'),
    meal_eligibility_effective: date('meal_eligibility_effective', { mode: 'string' }),
    alerts: text('alerts'),
    active: boolean('active').notNull().default(true),
    // A withdrawal keeps the record and its history: the day the scholar left and why; a re-enrolment clears them
    // and records the day the scholar came back.
    withdrawn_on: date('withdrawn_on', { mode: 'string' }),
    withdrawal_reason: text('withdrawal_reason'),
    enrolled_on: date('enrolled_on', { mode: 'string' }),
    /** The scholar's OneRoster `sourcedId` once a roster import brought or matched them; null when entered by hand. */
    sourced_id: text('sourced_id'),
    /** The day of birth and sex from the package's demographics, when it has them. */
    birth_date: date('birth_date', { mode: 'string' }),
    sex: text('sex'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('demographics_student_number_unique').on(t.student_number),
    uniqueIndex('demographics_sourced_id_unique').on(t.sourced_id),
    uniqueIndex('demographics_badge_code_unique').on(t.badge_code),
    index('demographics_name_idx').on(t.lname, t.fname),
    index('demographics_grade_idx').on(t.grade, t.homeroom),
    index('demographics_user_idx').on(t.user_id),
  ],
);

/**
 * How a guardian is related to a scholar, the contract's GUARDIAN_RELATIONSHIPS (any other word an older database
 * held reads as `other`).
 */
const GUARDIAN_RELATIONSHIPS = ['mother', 'father', 'guardian', 'grandparent', 'other'] as const;

export const guardianships = pgTable(
  'guardianships',
  {
    /** The link's own id, so the API creates it idempotently and addresses it; one link per parent and scholar. */
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    parent_id: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    relationship: text('relationship', { enum: GUARDIAN_RELATIONSHIPS }).notNull().default('other'),
    /** The guardian may take the scholar home: mirrored as one of the scholar's authorized pick-up adults. */
    may_pick_up: boolean('may_pick_up').notNull().default(false),
    /** A roster import made this link (a guardian's or scholar's `agentSourcedIds`): a later package without it
     * removes it; a link the office made is never touched by a file. */
    imported: boolean('imported').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('guardianships_parent_scholar_unique').on(t.parent_id, t.scholar_id),
    index('guardianships_scholar_idx').on(t.scholar_id),
    check(
      'guardianships_relationship_check',
      sql`${t.relationship} in ('mother', 'father', 'guardian', 'grandparent', 'other')`,
    ),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey(),
    owner_type: text('owner_type', { enum: ['demographics', 'users', 'authorized_pick_ups'] }).notNull(),
    owner_id: uuid('owner_id').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('photos_owner_idx').on(t.owner_type, t.owner_id)],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: uuid('user_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    record_id: text('record_id'),
    changes: jsonb('changes'),
    device_id: text('device_id'),
    ip: text('ip'),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_record_idx').on(t.resource, t.record_id),
    index('audit_events_time_idx').on(t.occurred_at),
  ],
);

export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['arrival', 'departure', 'sign_out', 'sign_in'] }).notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The school day in the school's time zone: what "today" means for the rules and the lists. */
    school_day: date('school_day', { mode: 'string' }).notNull(),
    reason: text('reason'),
    method: text('method', { enum: ['kiosk', 'scan', 'manual'] })
      .notNull()
      .default('kiosk'),
    pick_up_id: uuid('pick_up_id'),
    pick_up_name: text('pick_up_name'),
    /** Why a scholar was signed out to someone not on the pick-up list (F5); such a sign-out is flagged. */
    override_reason: text('override_reason'),
    flagged: boolean('flagged').notNull().default(false),
    /** An arrival after the school's start time plus the late threshold (decided on the server). */
    late: boolean('late').notNull().default(false),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    /**
     * A record undone (the pick-up line's Undo, "tapped in error"): kept for the audit trail, left out of every list,
     * pull, count and status unless asked for.
     */
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voided_by: uuid('voided_by'),
    void_reason: text('void_reason'),
    ...timestamps,
  },
  (t) => [
    index('check_ins_day_idx').on(t.school_day, t.scholar_id),
    // A day's records newest first (the records screens, today's list at a station) read in order, not sorted (X1).
    index('check_ins_day_time_idx').on(t.school_day, t.occurred_at),
    index('check_ins_scholar_idx').on(t.scholar_id, t.occurred_at),
    // One arrival per scholar and school day (F4): the backstop behind the check in the route.
    // A voided arrival does not hold the day: the scholar can be recorded again.
    uniqueIndex('check_ins_one_arrival_per_day')
      .on(t.scholar_id, t.school_day)
      .where(sql`${t.kind} = 'arrival' and ${t.voided_at} is null`),
    index('check_ins_pick_up_idx').on(t.pick_up_id),
  ],
);

/**
 * The adults who may pick a scholar up (F5), or, with status not_authorized, who must not (a custody order), each
 * with a photo for the pick-up line. Siblings' rows for the same adult share one photo.
 */
export const authorizedPickUps = pgTable(
  'authorized_pick_ups',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    full_name: text('full_name').notNull(),
    relationship: text('relationship'),
    phone: text('phone'),
    photo_id: uuid('photo_id'),
    status: text('status', { enum: ['authorized', 'not_authorized'] })
      .notNull()
      .default('authorized'),
    notes: text('notes'),
    /** First and last school day the authorization holds (inclusive); null: open-ended. */
    valid_from: date('valid_from', { mode: 'string' }),
    valid_until: date('valid_until', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    /**
     * The guardian this row mirrors (a guardianship with may_pick_up): the guardianship routes keep its name, phone,
     * relationship and active flag; null for an adult the office typed in.
     */
    guardian_id: uuid('guardian_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('authorized_pick_ups_guardian_idx').on(t.guardian_id, t.scholar_id),
    index('authorized_pick_ups_scholar_idx').on(t.scholar_id, t.full_name),
    index('authorized_pick_ups_name_idx').on(t.full_name),
  ],
);

/** One row per outbox entry the server has applied: a replay of the same id answers 'duplicate' (exactly once). */
export const syncReceipts = pgTable(
  'sync_receipts',
  {
    id: uuid('id').primaryKey(),
    device_id: text('device_id').notNull(),
    user_id: uuid('user_id'),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    record_id: text('record_id'),
    received_at: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('sync_receipts_device_idx').on(t.device_id, t.received_at)],
);

/**
 * The change log the devices pull from (`GET v2/sync/pull?since=`), written by triggers on the synced tables so no
 * write path can forget it. A pull hands out the changes of transactions that have ended, by `xid` (then `seq`).
 */
export const changes = pgTable(
  'changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    resource: text('resource').notNull(),
    record_id: uuid('record_id').notNull(),
    op: text('op', { enum: ['upsert', 'delete'] }).notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text)::bigint`),
    changed_at: timestamp('changed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // A pull reads the log by transaction (server/routes/sync): the changes of the transactions after a cursor, in order.
  // No index by resource (dropped in migration 0019): no statement reads the log by resource alone, every change paid
  // for it, and PGlite's planner, which has no statistics, used it to read every change of a resource to intersect
  // them with a pull's window, a cost that grew with the log.
  (t) => [index('changes_xid_idx').on(t.xid, t.seq)],
);

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
  ...timestamps,
});

/** Scholars on duty as office messengers, by weekday and time, with their post (F4). */
export const messengerSchedules = pgTable(
  'messenger_schedules',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 Monday … 5 Friday. */
    weekday: integer('weekday').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    post: text('post').notNull(),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [index('messenger_schedules_day_idx').on(t.weekday, t.start_time)],
);

/**
 * Every meal eligibility determination of a scholar and the day it takes effect (F6), so a meal is counted in the
 * category in effect on the day it was served. A trigger (migration 0005) adds a row whenever demographics'
 * meal_eligibility or meal_eligibility_effective changes, so the current value there is always the latest row here.
 */
export const mealEligibilityHistory = pgTable(
  'meal_eligibility_history',
  {
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    eligibility: text('eligibility', { enum: ['free', 'reduced', 'paid'] }).notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scholar_id, t.effective_from] })],
);

/** Meals served for the National School Lunch Program and its siblings (F6). Voided, never deleted. */
export const nslpRecords = pgTable(
  'nslp_records',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The school day in the school's time zone, derived from served_at on the server. */
    served_on: date('served_on', { mode: 'string' }).notNull(),
    meal_type: text('meal_type', { enum: ['breakfast', 'lunch', 'snack', 'supper'] }).notNull(),
    served_at: timestamp('served_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The category in effect on served_on, from meal_eligibility_history (set by the server). */
    eligibility: text('eligibility', { enum: ['free', 'reduced', 'paid'] }).notNull(),
    added_as_missing: boolean('added_as_missing').notNull().default(false),
    missing_reason: text('missing_reason'),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    voided: boolean('voided').notNull().default(false),
    void_reason: text('void_reason'),
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voided_by: uuid('voided_by'),
    ...timestamps,
  },
  (t) => [
    index('nslp_records_day_idx').on(t.served_on, t.meal_type),
    index('nslp_records_scholar_idx').on(t.scholar_id, t.served_on),
    // One meal of each type per scholar and day (F6): the backstop behind the check in the route.
    uniqueIndex('nslp_records_one_meal_per_day').on(t.scholar_id, t.served_on, t.meal_type).where(sql`not ${t.voided}`),
  ],
);

/**
 * A meal service on days the school calendar has closed (summer meals, a special service): the meals of those days
 * count in the claim. Services may overlap; a day is in the claim when any covers it.
 */
export const mealServiceDays = pgTable(
  'meal_service_days',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    created_by: uuid('created_by'),
    ...timestamps,
  },
  (t) => [index('meal_service_days_range_idx').on(t.starts_on, t.ends_on)],
);

/** One day's expected hours in a default week; null for a day off. */
export interface StoredDayHours {
  start: string;
  end: string;
  break_minutes: number;
}

/**
 * A staff member's default week: per weekday, Monday first, a start, an end and unpaid break minutes, or
 * off; in effect from `effective_from` until the person's next version, so a change keeps the history.
 */
export const timesheetSchedules = pgTable(
  'timesheet_schedules',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    days: jsonb('days').$type<(StoredDayHours | null)[]>().notNull(),
    note: text('note'),
    ...timestamps,
  },
  (t) => [uniqueIndex('timesheet_schedules_user_from').on(t.user_id, t.effective_from)],
);

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

/** A staff member's days off: whole days in a range, or part of one date (start and end times), with a type. */
export const staffDaysOff = pgTable(
  'staff_days_off',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['vacation', 'sick', 'personal', 'unpaid', 'other'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    start_time: text('start_time'),
    end_time: text('end_time'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('staff_days_off_user_idx').on(t.user_id, t.starts_on)],
);

/**
 * Special hours for a date or a range, for everyone or the people of `user_ids`: they replace the day's hours (a
 * shortened day) or add to them (a conference night).
 */
export const specialHours = pgTable(
  'special_hours',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['replace', 'add'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    break_minutes: integer('break_minutes').notNull().default(0),
    everyone: boolean('everyone').notNull().default(false),
    user_ids: uuid('user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('special_hours_range_idx').on(t.starts_on, t.ends_on)],
);

/**
 * Time worked: a record with a start and an end (null while clocked in), counted on the school day it
 * started (`work_date`, the date of `started_at` in the school's time zone), an unpaid break and a category.
 * `version` goes up with every change, so an offline clock-out is applied only to the version it was made from.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    work_date: date('work_date', { mode: 'string' }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true, mode: 'string' }),
    break_minutes: integer('break_minutes').notNull().default(0),
    category: text('category', { enum: ['regular', 'conference', 'extra_duty', 'training', 'leave'] })
      .notNull()
      .default('regular'),
    leave_type: text('leave_type', { enum: ['vacation', 'sick', 'personal', 'unpaid', 'other'] }),
    note: text('note'),
    method: text('method', { enum: ['clock', 'badge', 'manual'] })
      .notNull()
      .default('manual'),
    version: integer('version').notNull().default(1),
    recorded_by: uuid('recorded_by'),
    device_id: text('device_id'),
    ...timestamps,
  },
  (t) => [
    index('timesheets_user_start_idx').on(t.user_id, t.started_at),
    index('timesheets_work_date_idx').on(t.work_date),
  ],
);

/**
 * A person's pay period once it left 'open': submitted by the person, returned with a note or
 * approved by the timekeeper (approval locks its records), reopened with a reason. No row: open.
 */
export const timesheetPeriods = pgTable(
  'timesheet_periods',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    state: text('state', { enum: ['open', 'submitted', 'returned', 'approved'] }).notNull(),
    submitted_at: timestamp('submitted_at', { withTimezone: true, mode: 'string' }),
    submitted_by: uuid('submitted_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    decided_by: uuid('decided_by'),
    note: text('note'),
    reopen_reason: text('reopen_reason'),
    ...timestamps,
  },
  (t) => [uniqueIndex('timesheet_periods_user_start').on(t.user_id, t.period_start)],
);

/** The school's announcements on the Scholar Portal's home, for some grades or all (empty). */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The same in Spanish, for families who read it; the portal shows the English one while these are empty. */
    title_es: text('title_es'),
    body_es: text('body_es'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('announcements_days_idx').on(t.starts_on, t.ends_on)],
);

/** Group meetings (This Week): when, where or on which Meet, who leads, for which grades (empty: all). */
export const groupMeetings = pgTable(
  'group_meetings',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'string' }).notNull(),
    place: text('place'),
    meet_url: text('meet_url'),
    leader: text('leader'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('group_meetings_starts_idx').on(t.starts_at)],
);

/**
 * A class (the Schedule): its weekly sessions, the grades that take it, and the scholars enrolled one by one
 * (course_enrollments, which the Google Classroom import fills).
 */
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    teacher: text('teacher'),
    room: text('room'),
    meet_url: text('meet_url'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    sessions: jsonb('sessions')
      .$type<{ weekday: number; start_time: string; end_time: string }[]>()
      .notNull()
      .default([]),
    google_course_id: text('google_course_id'),
    /** The class's OneRoster `sourcedId` when a roster import brought or matched it. */
    sourced_id: text('sourced_id'),
    /** False once a later roster package no longer has the class: nobody is enrolled in it, its work stays. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('courses_google_id_unique').on(t.google_course_id),
    uniqueIndex('courses_sourced_id_unique').on(t.sourced_id),
    index('courses_name_idx').on(t.name),
  ],
);

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    /** The enrolment's OneRoster `sourcedId` when a roster import made it; null for Classroom's. */
    sourced_id: text('sourced_id'),
  },
  (t) => [
    primaryKey({ columns: [t.course_id, t.scholar_id] }),
    index('course_enrollments_scholar_idx').on(t.scholar_id),
  ],
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

/** Scholar Resources and Library links, grouped by subject, for some grades or all (empty). */
export const portalResources = pgTable(
  'portal_resources',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['resources', 'library'] }).notNull(),
    subject: text('subject').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('portal_resources_kind_idx').on(t.kind, t.subject, t.position)],
);

/**
 * Independent Study Learning Agreements: the header and course table while a draft; once sent, each version
 * of the content is frozen (independent_study_versions, with its SHA-256 hash) and the signatures record the hash
 * they signed. A change after signing is an addendum: a new version signed again.
 */
export const independentStudyAgreements = pgTable(
  'independent_study_agreements',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'restrict' }),
    state: text('state', {
      enum: ['draft', 'awaiting_scholar', 'awaiting_parent', 'awaiting_teacher', 'signed'],
    })
      .notNull()
      .default('draft'),
    duration: text('duration').notNull(),
    begins_on: date('begins_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    conference_on: date('conference_on', { mode: 'string' }).notNull(),
    conference_time: text('conference_time').notNull(),
    conference_place: text('conference_place').notNull(),
    conference_notes: text('conference_notes'),
    teacher_id: uuid('teacher_id')
      .notNull()
      .references(() => users.id),
    courses: jsonb('courses')
      .$type<{ subject: string; course: string | null; grade_band: 'TK-6' | '7-12'; course_value: number | null }[]>()
      .notNull()
      .default([]),
    current_version_id: uuid('current_version_id'),
    created_by: uuid('created_by'),
    ...timestamps,
  },
  (t) => [
    index('independent_study_agreements_scholar_idx').on(t.scholar_id),
    index('independent_study_agreements_state_idx').on(t.state, t.begins_on),
    index('independent_study_agreements_teacher_idx').on(t.teacher_id),
  ],
);

/** A frozen version of an agreement's content: never updated (a trigger refuses it). */
export const independentStudyVersions = pgTable(
  'independent_study_versions',
  {
    id: uuid('id').primaryKey(),
    agreement_id: uuid('agreement_id')
      .notNull()
      .references(() => independentStudyAgreements.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    hash: text('hash').notNull(),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('independent_study_versions_number').on(t.agreement_id, t.number)],
);

/** A signature and its evidence: account, typed name, consent text shown, time, IP, device, version hash. */
export const independentStudySignatures = pgTable(
  'independent_study_signatures',
  {
    id: uuid('id').primaryKey(),
    agreement_id: uuid('agreement_id')
      .notNull()
      .references(() => independentStudyAgreements.id, { onDelete: 'restrict' }),
    version_id: uuid('version_id')
      .notNull()
      .references(() => independentStudyVersions.id, { onDelete: 'restrict' }),
    version_hash: text('version_hash').notNull(),
    role: text('role', { enum: ['scholar', 'parent', 'teacher'] }).notNull(),
    /** The account that signed; kept as evidence even if the account goes. */
    account_id: uuid('account_id').notNull(),
    account_name: text('account_name').notNull(),
    typed_name: text('typed_name').notNull(),
    consent_text: text('consent_text').notNull(),
    signed_at: timestamp('signed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    user_agent: text('user_agent').notNull(),
  },
  (t) => [
    uniqueIndex('independent_study_signatures_role').on(t.version_id, t.role),
    index('independent_study_signatures_agreement_idx').on(t.agreement_id),
  ],
);

/** An addendum: a change after signing, made into a new version that everyone signs again. */
export const independentStudyAddenda = pgTable(
  'independent_study_addenda',
  {
    id: uuid('id').primaryKey(),
    agreement_id: uuid('agreement_id')
      .notNull()
      .references(() => independentStudyAgreements.id, { onDelete: 'restrict' }),
    version_id: uuid('version_id')
      .notNull()
      .references(() => independentStudyVersions.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    description: text('description').notNull(),
    created_by: uuid('created_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('independent_study_addenda_number').on(t.agreement_id, t.number)],
);

/**
 * A piece of Google Classroom course work, filled by the Classroom sync and the demo seed. How each
 * column maps from Classroom's API, and how a due date without a time is stored, is in src/contract/scholar-work.ts.
 */
export const courseWork = pgTable(
  'course_work',
  {
    id: uuid('id').primaryKey(),
    course_id: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    google_course_work_id: text('google_course_work_id'),
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    /** The instant it is due, when Classroom gives a due time. */
    due_at: timestamp('due_at', { withTimezone: true, mode: 'string' }),
    /** The school's date it is due; alone, due by the end of that school day. */
    due_date: date('due_date', { mode: 'string' }),
    topic_id: text('topic_id'),
    topic: text('topic'),
    max_points: doublePrecision('max_points'),
    work_type: text('work_type', {
      enum: ['ASSIGNMENT', 'SHORT_ANSWER_QUESTION', 'MULTIPLE_CHOICE_QUESTION', 'COURSE_WORK_TYPE_UNSPECIFIED'],
    })
      .notNull()
      .default('ASSIGNMENT'),
    google_updated_at: timestamp('google_updated_at', { withTimezone: true, mode: 'string' }),
    /** Deleted in Classroom: kept for the sync's bookkeeping, never listed. */
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_work_google_id_unique').on(t.course_id, t.google_course_work_id),
    index('course_work_due_idx').on(t.due_date),
    check('course_work_due_at_has_date', sql`${t.due_at} is null or ${t.due_date} is not null`),
  ],
);

/** A scholar's submission for a piece of course work: one per work and scholar. */
export const courseWorkSubmissions = pgTable(
  'course_work_submissions',
  {
    id: uuid('id').primaryKey(),
    course_work_id: uuid('course_work_id')
      .notNull()
      .references(() => courseWork.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    google_submission_id: text('google_submission_id'),
    state: text('state', { enum: ['NEW', 'CREATED', 'TURNED_IN', 'RETURNED', 'RECLAIMED_BY_STUDENT'] })
      .notNull()
      .default('NEW'),
    late: boolean('late').notNull().default(false),
    assigned_grade: doublePrecision('assigned_grade'),
    draft_grade: doublePrecision('draft_grade'),
    link: text('link'),
    turned_in_at: timestamp('turned_in_at', { withTimezone: true, mode: 'string' }),
    returned_at: timestamp('returned_at', { withTimezone: true, mode: 'string' }),
    google_updated_at: timestamp('google_updated_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_work_submissions_scholar_unique').on(t.course_work_id, t.scholar_id),
    uniqueIndex('course_work_submissions_google_id_unique').on(t.course_work_id, t.google_submission_id),
    index('course_work_submissions_scholar_idx').on(t.scholar_id, t.state),
  ],
);

/**
 * The Google sync's settings: one row. The service account's JSON key is kept encrypted with
 * the server's secret (AES-256-GCM, server/lib/google/encryption.ts) and never answered; its client_email is.
 */
export const googleSyncSettings = pgTable('google_sync_settings', {
  id: integer('id').primaryKey().default(1),
  /** The service account's JSON key, encrypted (iv.tag.ciphertext, base64url). */
  key_encrypted: text('key_encrypted'),
  client_email: text('client_email'),
  /** The administrator the service account acts as (domain-wide delegation). */
  subject: text('subject'),
  /** The school's calendar first, then the others the school lists. */
  calendar_ids: jsonb('calendar_ids').$type<string[]>().notNull().default([]),
  classroom_enabled: boolean('classroom_enabled').notNull().default(false),
  calendar_enabled: boolean('calendar_enabled').notNull().default(false),
  ...timestamps,
});

/** Where each sync left off: a calendar's nextSyncToken, or a course's last seen course work and submission times. */
export const googleSyncState = pgTable('google_sync_state', {
  /** `calendar:<calendar id>`, `coursework:<course id>`, `submissions:<course id>`. */
  key: text('key').primaryKey(),
  sync_token: text('sync_token'),
  updated_since: timestamp('updated_since', { withTimezone: true, mode: 'string' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** One run of a sync: when, what it did (counts), what went wrong. */
export const googleSyncRuns = pgTable(
  'google_sync_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['classroom', 'calendar'] }).notNull(),
    mode: text('mode', { enum: ['incremental', 'full'] }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'scheduled'] }).notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    started_by: uuid('started_by'),
  },
  (t) => [index('google_sync_runs_started_idx').on(t.kind, t.started_at)],
);

/**
 * COVID screening answers: a scholar's answer of a school day, with the outcome the server worked
 * out; a correction is a later answer the same day. Deleted after the school's retention days (the screening job).
 */
export const covidScreenings = pgTable(
  'covid_screenings',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['screening', 'remote'] }).notNull(),
    symptoms: jsonb('symptoms').$type<string[]>().notNull().default([]),
    recent_contact: boolean('recent_contact'),
    household_symptoms: boolean('household_symptoms'),
    outcome: text('outcome', { enum: ['remote', 'cleared', 'stay_home', 'no_negative_test'] }).notNull(),
    answered_at: timestamp('answered_at', { withTimezone: true, mode: 'string' }).notNull(),
    school_day: date('school_day', { mode: 'string' }).notNull(),
    answered_by: uuid('answered_by'),
    device_id: text('device_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('covid_screenings_day_idx').on(t.school_day, t.scholar_id),
    index('covid_screenings_answered_idx').on(t.answered_at),
  ],
);

/** Negative tests staff record at the entrance; deleted with the answers after the retention days. */
export const covidNegativeTests = pgTable(
  'covid_negative_tests',
  {
    id: uuid('id').primaryKey(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    tested_on: date('tested_on', { mode: 'string' }).notNull(),
    recorded_by: uuid('recorded_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('covid_negative_tests_scholar_idx').on(t.scholar_id, t.tested_on)],
);

/**
 * Scholar Led Conferences: a conference day's sign-in sheet for the scholars of its grades (none:
 * every grade), the teacher who holds it, and the teacher's conference timesheet record made from its sign-ins.
 */
export const conferences = pgTable(
  'conferences',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The sheet's title and welcome in Spanish; the portal shows the English ones while these are empty. */
    title_es: text('title_es'),
    body_es: text('body_es'),
    held_on: date('held_on', { mode: 'string' }).notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    minutes_per_scholar: integer('minutes_per_scholar').notNull().default(20),
    teacher_id: uuid('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    grades: jsonb('grades').$type<string[]>().notNull().default([]),
    timesheet_id: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('conferences_held_on_idx').on(t.held_on)],
);

/** Who signed in on a conference's sheet: the scholar or a parent, once each for a scholar. */
export const conferenceSignIns = pgTable(
  'conference_sign_ins',
  {
    id: uuid('id').primaryKey(),
    conference_id: uuid('conference_id')
      .notNull()
      .references(() => conferences.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    signed_by: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signer_type: text('signer_type', { enum: ['student', 'parent'] }).notNull(),
    signer_name: text('signer_name').notNull(),
    signed_at: timestamp('signed_at', { withTimezone: true, mode: 'string' }).notNull(),
    device_id: text('device_id'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conference_sign_ins_once').on(t.conference_id, t.scholar_id, t.signed_by)],
);

/**
 * A roster import (server/lib/roster-import): an uploaded package, its preview (counts and refused rows) and, once
 * applied, its progress and outcome. The package's bytes are kept only until it is applied (or a day, for a preview
 * nobody applied), since they hold the families' personal data; the counts and errors stay as the import's history.
 */
export const rosterImports = pgTable(
  'roster_imports',
  {
    id: uuid('id').primaryKey(),
    /** `oneroster` (a bulk zip), or a plain CSV of one kind of record. */
    kind: text('kind', { enum: ['oneroster', 'csv_scholars', 'csv_guardians', 'csv_staff'] }).notNull(),
    format: text('format').notNull(),
    file_name: text('file_name'),
    status: text('status', { enum: ['previewed', 'applying', 'applied', 'failed'] }).notNull(),
    package: bytea('package'),
    /** The package's SHA-256: a retried upload with the same id and the same bytes is the same preview. */
    package_sha256: text('package_sha256').notNull(),
    /** What the administrator chose: the role of each OneRoster staff role, a CSV's column mapping. */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
    errors: jsonb('errors')
      .$type<{ file: string; line: number | null; column: string | null; message: string }[]>()
      .notNull()
      .default([]),
    /** What the preview found matched by hand-entered student number or email (shown, then adopted by the apply). */
    matched: jsonb('matched')
      .$type<{ kind: string; name: string; by: string; value: string }[]>()
      .notNull()
      .default([]),
    progress_done: integer('progress_done').notNull().default(0),
    progress_total: integer('progress_total').notNull().default(0),
    failure: text('failure'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    applied_by: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    applied_at: timestamp('applied_at', { withTimezone: true, mode: 'string' }),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('roster_imports_created_idx').on(t.created_at)],
);

/** The column mapping a plain CSV import last used, by kind of record: offered again for the next file. */
export const rosterColumnMaps = pgTable('roster_column_maps', {
  kind: text('kind').primaryKey(),
  columns: jsonb('columns').$type<Record<string, string>>().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * The change log's epoch, one row: a pull's cursor carries it, so a cursor handed out before a restore (or by another
 * database) is never read as a place in this log. A restore sets a new one and empties the log; devices then take a
 * fresh snapshot instead of a delta that would miss what the restore took back.
 */
export const syncState = pgTable(
  'sync_state',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: integer('epoch').notNull().default(1),
    reset_at: timestamp('reset_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    check('sync_state_one_row', sql`${t.id}`),
    check('sync_state_epoch_range', sql`${t.epoch} between 1 and 8191`),
  ],
);

/**
 * The backups written: each night's (one per school day, whichever instance claims it), one asked for on the settings
 * screen, or `npm run backup`. The settings screen shows the last one and warns when none is recent.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['nightly', 'manual', 'command'] }).notNull(),
    /** The night's date on the school's clock (nightly runs): an instance claims it by inserting the row. */
    night: date('night', { mode: 'string' }),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    started_at: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    error: text('error'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('backup_runs_night_unique').on(t.night).where(sql`${t.kind} = 'nightly'`),
    index('backup_runs_started_idx').on(t.started_at),
  ],
);

/**
 * Each erase of a scholar's personal data: who did it, when, on whose request, and how many rows of each kind went.
 * It names no one: the scholar's name, numbers and ids are what was erased.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id').primaryKey(),
    erased_by: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    requested_by: text('requested_by', { enum: ['guardian', 'school', 'retention'] }).notNull(),
    /** The request as the administrator recorded it (who asked, how), in their words. */
    request_note: text('request_note'),
    withdrawn_on: date('withdrawn_on', { mode: 'string' }),
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('erasures_time_idx').on(t.erased_at)],
);

/**
 * The server's VAPID key pair (RFC 8292), one row: made at the first start that needs it and kept, so every instance
 * signs with the same key and the browsers' subscriptions, bound to its public key, outlive a restart.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: boolean('id').primaryKey().default(true),
    /** The uncompressed P-256 public key and the private key, base64url, as web-push makes them. */
    public_key: text('public_key').notNull(),
    private_key: text('private_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_one_row', sql`${t.id}`)],
);

/**
 * A browser's Web Push subscription for an account on one device: its session (a sign-out of that session removes
 * it). The endpoint is one of the known push services' (checked when it is taken and again before each send).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token hash of the session that subscribed (the device); null once that session is gone. */
    session_token_hash: text('session_token_hash'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expiration_time: timestamp('expiration_time', { withTimezone: true, mode: 'string' }),
    user_agent: text('user_agent'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
    index('push_subscriptions_session_idx').on(t.session_token_hash),
  ],
);

/**
 * A person's choices for notices: each kind on or off per channel (a kind missing is the default, push on), and quiet
 * hours (HH:MM on the school's clock) that hold everything but sign-outs until they end.
 */
export const noticePreferences = pgTable('notice_preferences', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<Record<string, { push: boolean; email: boolean }>>().notNull().default({}),
  quiet_start: text('quiet_start'),
  quiet_end: text('quiet_end'),
  /** How often a guardian gets the work summary mail. */
  work_summary_frequency: text('work_summary_frequency', { enum: ['weekly', 'daily'] })
    .notNull()
    .default('weekly'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * The notices outbox and delivery log: one row per event and person, written in the same transaction as the event
 * (a check-in, a signature, a screening answer). `key` is unique, so an event applied twice (a station's replay)
 * makes one notice. The worker claims due rows (`claimed_until`: a claim that expires, so a notice claimed by an
 * instance that stopped is sent by another), sends by push and email, and keeps the outcome for the log.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey(),
    /** `<kind>:<event's id>:<person's id>`: the event's notice for this person, at most once. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    scholar_id: uuid('scholar_id').references(() => demographics.id, { onDelete: 'cascade' }),
    /** The record the notice is about (a check-in, an agreement, a screening): an undone check-in cancels it. */
    source_id: uuid('source_id'),
    /** The title, body, portal path and tag, written in the person's language when the event was recorded. */
    /** A summary's mail carries its own text and HTML (`mail`), longer than the log's body. */
    message: jsonb('message')
      .$type<{ title: string; body: string; url: string; tag: string; mail?: { text: string; html: string } }>()
      .notNull(),
    occurred_at: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped', 'cancelled'] })
      .notNull()
      .default('pending'),
    channel: text('channel', { enum: ['push', 'email'] }),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** The subscriptions already done with (reached, or given up on), so a retry sends only to the others. */
    push_done: jsonb('push_done').$type<string[]>().notNull().default([]),
    devices_reached: integer('devices_reached').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    claimed_by: text('claimed_by'),
    claimed_until: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('notices_key_unique').on(t.key),
    // The worker's claim reads the due pending rows in order.
    index('notices_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('notices_created_idx').on(t.created_at),
    index('notices_source_idx').on(t.source_id),
  ],
);

/**
 * The clock's notice jobs that have run (server/lib/notices/jobs.ts): one row per job and period (a school day, a
 * week), written in the transaction that writes the job's notices, so a period's job runs once whatever the number
 * of instances and restarts; the notices' own keys hold each one once besides.
 */
export const noticeRuns = pgTable(
  'notice_runs',
  {
    job: text('job').notNull(),
    /** The school day (YYYY-MM-DD) the run is for; a weekly job's is the day of its week it runs on. */
    period: text('period').notNull(),
    written: integer('written').notNull().default(0),
    ran_at: timestamp('ran_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * A guardian's report that a child will be absent, late or leaving early (routes/absence_reports). One row per child:
 * a report naming siblings is several rows sharing `report_id`, the id the guardian's phone gave it. Withdrawn rows
 * are kept (the audit trail and the office's view of what was said); the stations pull today's and later ones.
 */
export const absenceReports = pgTable(
  'absence_reports',
  {
    id: uuid('id').primaryKey(),
    report_id: uuid('report_id').notNull(),
    scholar_id: uuid('scholar_id')
      .notNull()
      .references(() => demographics.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['absent', 'late', 'early'] }).notNull(),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    /** HH:MM school time: the expected arrival (late) or the departure (early). */
    at_time: text('at_time'),
    pick_up_id: uuid('pick_up_id').references(() => authorizedPickUps.id, { onDelete: 'set null' }),
    /** The adult's name when the report was made, kept if the pick-up row goes. */
    pick_up_name: text('pick_up_name'),
    reason: text('reason', { enum: ['ill', 'appointment', 'family', 'other'] }).notNull(),
    note: text('note'),
    reported_by: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    /** Made or last changed after the school day it is about had started (the school's start time). */
    late: boolean('late').notNull().default(false),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true, mode: 'string' }),
    acknowledged_at: timestamp('acknowledged_at', { withTimezone: true, mode: 'string' }),
    acknowledged_by: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('absence_reports_days_idx').on(t.ends_on, t.starts_on),
    index('absence_reports_scholar_idx').on(t.scholar_id, t.starts_on),
    uniqueIndex('absence_reports_report_scholar_unique').on(t.report_id, t.scholar_id),
  ],
);
export * from './schema/car-line';
