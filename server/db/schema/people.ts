/**
 * People and accounts: users, roles and permissions, sessions and sign-in tokens, scholars (demographics),
 * guardianships, photos. Exported from server/db/schema.ts, which code imports.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, timestamps } from './columns';

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
    /** How the scholar goes home on an ordinary day (the contract's DISMISSAL_PLANS); picked up until the office says. */
    dismissal_plan: text('dismissal_plan', { enum: ['pick_up', 'bus', 'walker', 'program'] })
      .notNull()
      .default('pick_up'),
    /** The bus route (bus) or the after-school program's name (program); null for the other plans. */
    dismissal_detail: text('dismissal_detail'),
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
