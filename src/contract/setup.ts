/**
 * `v2/setup`: a new school's first run. The server prints a one-time address while no administrator exists; the
 * setup screen reads what it needs with `GET v2/setup?token=` and sends the school and its first administrator with
 * `POST v2/setup`, which answers as a sign-in does.
 */
import { z } from 'zod';
import { EmailSchema, PASSWORD_MIN_LENGTH, requiredText, safeText } from './common';

/** The messages of the setup's refusals, shown on the setup screen as they come. */
export const SETUP_MESSAGES = {
  badToken:
    'This setup address is not valid: it was replaced by a newer one or has been used. Use the address the server printed last.',
  done: 'This school is already set up. Sign in instead.',
  timeZone: 'Choose a time zone from the list.',
  password: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordOrGoogle: 'Set a password, or choose to sign in with Google.',
} as const;

/** Whether `zone` is an IANA time zone this runtime knows (Intl refuses any other with a RangeError). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const SetupTokenSchema = z.string().min(1).max(200);

export const SetupQuerySchema = z.object({ token: SetupTokenSchema });

/** What the setup screen starts from: the server's defaults and whether Google sign-in is on. */
export const SetupInfoSchema = z.object({
  data: z.object({
    school_name: z.string().nullable(),
    time_zone: z.string().nullable(),
    google_sign_in: z.boolean(),
  }),
});
export type SetupInfo = z.infer<typeof SetupInfoSchema>['data'];

export const SetupBodySchema = z
  .object({
    token: SetupTokenSchema,
    school_name: requiredText(120),
    time_zone: z.string().refine(isKnownTimeZone, SETUP_MESSAGES.timeZone),
    fname: requiredText(100),
    lname: requiredText(100),
    email: EmailSchema,
    /** Absent when the administrator will sign in with Google (only when the server has a Google client id). */
    password: safeText().min(PASSWORD_MIN_LENGTH, SETUP_MESSAGES.password).max(200).optional(),
  })
  .strict();
export type SetupBody = z.infer<typeof SetupBodySchema>;
