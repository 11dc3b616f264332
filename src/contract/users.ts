import { z } from 'zod';
import { UserTypeSchema } from './auth';
import {
  BooleanField,
  DateOnlySchema,
  EmailSchema,
  IdSchema,
  MethodOverrideSchema,
  optionalText,
  PASSWORD_MIN_LENGTH,
  requiredText,
  safeText,
  updateShape,
} from './common';
import { LanguageSchema } from './invitations';

export const RoleRefSchema = z.object({ id: z.string(), name: z.string() });

/** A user as the administration screens see it; never the password hash or the Google subject. */
export const UserRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  nickname: z.string().nullable(),
  type: UserTypeSchema,
  user_number: z.string().nullable(),
  start_date: z.string().nullable(),
  grade: z.string().nullable(),
  program: z.string().nullable(),
  active: z.boolean(),
  /** The language of the person's mail (invitations, password resets). */
  language: LanguageSchema,
  has_password: z.boolean(),
  has_google: z.boolean(),
  /** Salaried staff: no overtime or meal-break flags on their timesheets. */
  exempt: z.boolean(),
  roles: z.array(RoleRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;

/** A password set by an administrator follows the rule of every other form that sets one. */
const password = safeText().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`).max(200);

export const UserCreateSchema = z.object({
  id: IdSchema.optional(),
  email: EmailSchema,
  fname: requiredText(100),
  lname: requiredText(100),
  nickname: optionalText(100),
  type: UserTypeSchema.default('staff'),
  user_number: optionalText(50),
  start_date: DateOnlySchema.nullish(),
  grade: optionalText(10),
  program: optionalText(50),
  active: BooleanField.default(true),
  language: LanguageSchema.default('en'),
  password: password.optional(),
  exempt: BooleanField.default(false),
  /** The roles the account starts with, given in the same request (and the same transaction). */
  role_ids: z.array(IdSchema).max(50).optional(),
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const UserUpdateSchema = MethodOverrideSchema.extend(
  updateShape(UserCreateSchema.omit({ id: true, type: true }).shape),
).extend({ type: UserTypeSchema.optional() });
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/**
 * The account that already holds an email address, carried by the 422 that refuses it (`record`), so the screen can
 * say whose address it is: a deactivated colleague, a guardian, a scholar.
 */
export const UserEmailHolderSchema = z.object({
  id: z.string(),
  fname: z.string(),
  lname: z.string(),
  type: UserTypeSchema,
  active: z.boolean(),
});
export type UserEmailHolder = z.infer<typeof UserEmailHolderSchema>;

/** The message of that 422, on the `email` field. */
export const EMAIL_IN_USE = 'This email address is already in use.';

export const USER_SORT_FIELDS = ['lname', 'fname', 'email', 'created_at', 'type'] as const;
export const USER_FILTER_FIELDS = ['type', 'active', 'role_id'] as const;
