/**
 * Independent study agreements: versions, signatures and addenda. Exported from server/db/schema.ts, which code
 * imports.
 */
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { demographics, users } from './people';

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
