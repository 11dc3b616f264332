/**
 * Guardians (parent accounts) and their links to scholars. `v2/guardians` keeps the people, `v2/guardianships` who is
 * whose guardian, how they are related and whether they may take the scholar home. A guardian who may pick up is
 * mirrored as one of the scholar's authorized pick-up adults, so the pick-up line knows them without a second entry.
 */
import { z } from 'zod';
import { PhoneSchema } from './authorized-pick-ups';
import { BooleanField, EmailSchema, IdSchema, MethodOverrideSchema, requiredText, updateShape } from './common';
import { LanguageSchema } from './invitations';

export const GUARDIAN_RELATIONSHIPS = ['mother', 'father', 'guardian', 'grandparent', 'other'] as const;
export const GuardianRelationshipSchema = z.enum(GUARDIAN_RELATIONSHIPS, {
  message: `Must be one of ${GUARDIAN_RELATIONSHIPS.join(', ')}.`,
});
export type GuardianRelationship = z.infer<typeof GuardianRelationshipSchema>;

/** A guardian: a user of type parent, with the number of scholars they are linked to. */
export const GuardianRecordSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  language: LanguageSchema,
  active: z.boolean(),
  has_password: z.boolean(),
  scholar_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GuardianRecord = z.infer<typeof GuardianRecordSchema>;

export const GuardianCreateSchema = z.object({
  id: IdSchema.optional(),
  fname: requiredText(100),
  lname: requiredText(100),
  email: EmailSchema,
  phone: PhoneSchema,
  language: LanguageSchema.default('en'),
});
export type GuardianCreate = z.infer<typeof GuardianCreateSchema>;

export const GuardianUpdateSchema = MethodOverrideSchema.extend(
  updateShape(GuardianCreateSchema.omit({ id: true }).shape),
);
export type GuardianUpdate = z.infer<typeof GuardianUpdateSchema>;

export const GUARDIAN_SORT_FIELDS = ['lname', 'fname', 'email', 'created_at'] as const;

/**
 * What a create or an update whose email another account already uses is answered with (409, `errors.email`):
 * that account, so the screen can name it (a guardian to open instead, or a staff member's account).
 */
export const EmailHolderSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });
export type EmailHolder = z.infer<typeof EmailHolderSchema>;
export const EMAIL_TAKEN_MESSAGE = 'Another account already uses this email.';

/** A guardian's link to a scholar, with both names for the lists. */
export const GuardianshipRecordSchema = z.object({
  id: z.string(),
  parent_id: z.string(),
  scholar_id: z.string(),
  relationship: GuardianRelationshipSchema,
  may_pick_up: z.boolean(),
  guardian_name: z.string(),
  guardian_phone: z.string().nullable(),
  scholar_name: z.string(),
  scholar_grade: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GuardianshipRecord = z.infer<typeof GuardianshipRecordSchema>;

export const GuardianshipCreateSchema = z.object({
  id: IdSchema.optional(),
  parent_id: IdSchema,
  scholar_id: IdSchema,
  relationship: GuardianRelationshipSchema,
  may_pick_up: BooleanField.default(false),
});
export type GuardianshipCreate = z.infer<typeof GuardianshipCreateSchema>;

/** An update changes how they are related and whether they may pick up; another guardian or scholar is a new link. */
export const GuardianshipUpdateSchema = MethodOverrideSchema.extend(
  updateShape({ relationship: GuardianRelationshipSchema, may_pick_up: BooleanField }),
);
export type GuardianshipUpdate = z.infer<typeof GuardianshipUpdateSchema>;

export const GUARDIANSHIP_SORT_FIELDS = ['guardian_name', 'scholar_name', 'created_at'] as const;
export const ALREADY_LINKED_MESSAGE = 'This guardian is already linked to this scholar.';
