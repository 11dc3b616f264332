import { z } from 'zod';
import { EmailSchema, safeText } from './common';

export const USER_TYPES = ['staff', 'student', 'parent'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: safeText().min(1, 'This field is required.').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const GoogleLoginBodySchema = z.object({
  id_token: z.string().min(20).max(8192),
  client_id: safeText().max(300).optional(),
});
export type GoogleLoginBody = z.infer<typeof GoogleLoginBodySchema>;

/** The parent login takes either an email and password or a Google ID token. */
export const ParentLoginBodySchema = z.union([LoginBodySchema, GoogleLoginBodySchema]);

/** The signed-in person as the web app keeps it (DESIGN section 4). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  fname: z.string(),
  lname: z.string(),
  type: UserTypeSchema,
  user_number: z.string().nullable(),
  start_date: z.string().nullable(),
  grade: z.string().nullable(),
  program: z.string(),
  permissions: z.array(z.string()),
  /** Whether this staff member has set a station PIN; absent in older answers. */
  has_station_pin: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: SessionUserSchema,
  /** A parent's sign-in inside a scholar's session (`login-parent` with the scholar's token): that scholar. */
  scholar_id: z.string().optional(),
});

/** What the parent login inside a scholar's session answers besides the one sign-in failure. */
export const PARENT_MESSAGES = {
  notGuardian: 'This parent account is not a guardian of the scholar signed in on this phone.',
  notParentSession: 'This is not a parent sign-in: only a parent session ends here.',
} as const;
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const CheckResponseSchema = z.object({ user: SessionUserSchema });
export const LogoutResponseSchema = z.object({ message: z.string() });

/** `GET v2/config`: what the web app needs at run time, public. */
export const ConfigResponseSchema = z.object({
  google_client_id: z.string().nullable(),
  school_name: z.string(),
  time_zone: z.string(),
  version: z.string(),
  /** Who to contact for technical help (the portal's settings), shown on the sign-in screens; null: the office. */
  help_contact: z.string().nullable().optional(),
  /**
   * The school calendar's closures from today for CLOSURES_AHEAD_DAYS: a device keeps the config, so a kiosk knows
   * offline, for weeks, the days the school is closed.
   */
  closures: z.array(z.object({ name: z.string(), starts_on: z.string(), ends_on: z.string() })).optional(),
  /** True while the school has no administrator yet: the sign-in screen points to the setup address instead. */
  setup_needed: z.boolean().optional(),
  /** The school's logo at its versioned address (public), or null without one. */
  logo_url: z.string().nullable().optional(),
  /** The meal services the school serves and their windows, HH:MM on the school's clock (the cafeteria station). */
  meal_services: z.record(z.string(), z.object({ start: z.string(), end: z.string() })).optional(),
  /** The server's VAPID public key (base64url), the portal's `applicationServerKey`; null when push is off. */
  push_public_key: z.string().nullable().optional(),
});
/** How far ahead the config lists the school's closures (two months: a device offline for weeks still knows). */
export const CLOSURES_AHEAD_DAYS = 62;
export type ConfigResponse = z.infer<typeof ConfigResponseSchema>;

export const DEFAULT_PROGRAM = 'Secondary';

/** A station PIN: 4 to 8 digits, set by each staff member, stored hashed. */
export const StationPinSchema = z
  .string({ message: 'Type a PIN of 4 to 8 digits.' })
  .regex(/^\d{4,8}$/, 'Type a PIN of 4 to 8 digits.');

/** `POST v2/auth/station-pin`: sets the signed-in staff member's PIN. */
export const StationPinBodySchema = z.object({ pin: StationPinSchema });
export type StationPinBody = z.infer<typeof StationPinBodySchema>;

/** `POST v2/auth/station-pin/check`: the signed-in staff member's PIN, to leave (or start) station mode. */
export const StationPinCheckBodySchema = z.object({ pin: z.string().max(32) });
export type StationPinCheckBody = z.infer<typeof StationPinCheckBodySchema>;

export const StationPinResponseSchema = z.object({ message: z.string() });
export type StationPinResponse = z.infer<typeof StationPinResponseSchema>;

export const STATION_PIN_MESSAGES = {
  saved: 'Your station PIN is saved.',
  right: 'The PIN is right.',
  wrong: 'That PIN is not right.',
  none: 'You have not set a station PIN yet.',
  tooMany: 'Too many wrong PINs. Please wait and try again.',
} as const;
