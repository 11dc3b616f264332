/**
 * Getting in (DESIGN section 11): an administrator's invitation and a person's own password reset, both a one-time
 * set-password link. The link's token is only ever stored hashed; it is spent on use, expires, and ends when a newer
 * one of the same kind is made for the same person.
 */
import { z } from 'zod';
import { LoginResponseSchema } from './auth';
import { EmailSchema, IdSchema, PASSWORD_MIN_LENGTH, safeText } from './common';

export const PASSWORD_TOKEN_PURPOSES = ['invite', 'reset'] as const;
export const PasswordTokenPurposeSchema = z.enum(PASSWORD_TOKEN_PURPOSES);
export type PasswordTokenPurpose = z.infer<typeof PasswordTokenPurposeSchema>;

/** How long each kind of link stays valid, in seconds: an invitation a week, a reset an hour. */
export const PASSWORD_TOKEN_SECONDS: Readonly<Record<PasswordTokenPurpose, number>> = {
  invite: 7 * 24 * 60 * 60,
  reset: 60 * 60,
};

/** The path of the set-password screen; the link is `<base>/set-password?token=...`. */
export const SET_PASSWORD_PATH = '/set-password';

/** The languages a person may receive mail in. */
export const LANGUAGES = ['en', 'es'] as const;
export const LanguageSchema = z.enum(LANGUAGES, { message: `Must be one of ${LANGUAGES.join(', ')}.` });
export type Language = z.infer<typeof LanguageSchema>;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  linkGone: 'This link was already used, has expired or was replaced by a newer one. Ask for a new one.',
  resetAccepted: 'If an account uses this address, a link to set a new password is on its way.',
  inactive: 'This account is inactive: reactivate it before inviting.',
} as const;

/** A new password: at least PASSWORD_MIN_LENGTH characters. */
export const NewPasswordSchema = safeText().min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort).max(200);

/** `POST v2/invitations`: invite the person of this account. */
export const InvitationCreateSchema = z.object({ user_id: IdSchema });
export type InvitationCreate = z.infer<typeof InvitationCreateSchema>;

/** How the link reached the person: by email, or shown to the administrator to print and hand over. */
export const InvitationDeliverySchema = z.enum(['email', 'letter']);
export type InvitationDelivery = z.infer<typeof InvitationDeliverySchema>;

export const InvitationResponseSchema = z.object({
  data: z.object({
    user_id: z.string(),
    email: z.string(),
    expires_at: z.string(),
    delivery: InvitationDeliverySchema,
    /** The link itself, only when it was not sent by email (the administrator hands it over). */
    link: z.string().optional(),
  }),
});
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

/** `POST v2/auth/password_reset`: ask for a link for this address. */
export const PasswordResetBodySchema = z.object({ email: EmailSchema });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;
/** The one answer, whether or not an account uses the address. */
export const PasswordResetResponseSchema = z.object({ message: z.string() });

/** A link's token: 32 random bytes in base64url (43 characters); anything else is not one of ours. */
export const PasswordTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Not a valid link.');

/** `GET v2/auth/password_token?token=`: whether the link still works, and for whom. */
export const PasswordTokenQuerySchema = z.object({ token: PasswordTokenSchema });
export const PasswordTokenInfoSchema = z.object({
  first_name: z.string(),
  purpose: PasswordTokenPurposeSchema,
});
export type PasswordTokenInfo = z.infer<typeof PasswordTokenInfoSchema>;

/** `POST v2/auth/password`: set the password with the link's token; answers as a sign-in does. */
export const SetPasswordBodySchema = z.object({ token: PasswordTokenSchema, password: NewPasswordSchema });
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;
export const SetPasswordResponseSchema = LoginResponseSchema;
