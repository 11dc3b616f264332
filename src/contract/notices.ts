/**
 * Notices to families (DESIGN section 12): the kinds a school may offer, a browser's push subscription as the portal
 * sends it, a person's choices (each kind on or off per channel, quiet hours), the payload every Web Push carries for
 * the service worker to show, and the administrator's delivery log. The server and the portal both read these.
 */
import { z } from 'zod';
import { ListQuerySchema } from './common';

/**
 * What families are told, each caused by an event the server records:
 * - `sign_out`: a scholar signed out at the pick-up line (an override says so);
 * - `early_departure`: an early departure recorded at the kiosk, with its reason;
 * - `late_arrival`: a late arrival recorded at the kiosk, with its reason;
 * - `agreement_to_sign`: an independent study agreement waiting for the guardian's signature;
 * - `screening_stay_home`: a COVID screening whose outcome is "stay home";
 * - `dismissal_change_confirmed`, `dismissal_change_declined`: the office's answer to a family's dismissal change (or
 *   the school's, when it confirms every change on arrival).
 * And those made by the clock (server/lib/notices/jobs.ts):
 * - `not_checked_in`: a scholar not checked in by the school's `not_checked_in_by` time on a school day;
 * - `work_summary`: a guardian's weekly (or daily) mail of each child's missing and upcoming work;
 * - `work_due_tomorrow`, `work_overdue`: a scholar's own reminders, the evening before a due date and when an item
 *   becomes overdue (off until the scholar turns them on).
 */
export const NOTICE_KINDS = [
  'sign_out',
  'early_departure',
  'late_arrival',
  'agreement_to_sign',
  'screening_stay_home',
  'not_checked_in',
  'work_summary',
  'work_due_tomorrow',
  'work_overdue',
  'dismissal_change_confirmed',
  'dismissal_change_declined',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NoticeKindSchema = z.enum(NOTICE_KINDS, { message: `Must be one of ${NOTICE_KINDS.join(', ')}.` });

/** Every kind a delivery log row may hold: the families' kinds and the "Send me a test" notice. */
export const NOTICE_LOG_KINDS = [...NOTICE_KINDS, 'test'] as const;
export type NoticeLogKind = (typeof NOTICE_LOG_KINDS)[number];

export const NOTICE_CHANNELS = ['push', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/**
 * Where a notice stands: `pending` (waiting for the worker, a retry or the end of quiet hours), `sent`, `failed`
 * (no channel took it: the reason says why), `skipped` (the person turned the kind off, or the school stopped offering
 * it before it went) or `cancelled` (its event was undone first, a sign-out tapped in error).
 */
export const NOTICE_STATUSES = ['pending', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Quiet hours hold everything but sign-outs: a family is told at once when their child leaves with someone. */
export const QUIET_HOURS_EXEMPT: readonly NoticeKind[] = ['sign_out'];

/** How long the delivery log keeps a notice (days); the worker removes older rows. */
export const NOTICE_LOG_DAYS = 30;

/**
 * What each Web Push carries (JSON, encrypted with aes128gcm): the service worker shows `title` and `body` as a
 * notification with `tag` (a later notice with the same tag replaces it on the device) and opens `url`, a path of the
 * portal, when it is tapped.
 */
export const NoticePayloadSchema = z.object({
  /** The delivery log's id of this notice. */
  notice_id: z.string(),
  kind: z.enum(NOTICE_LOG_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the portal (`/scholar/arrivals?scholar=<id>`), never an address elsewhere. */
  url: z.string().startsWith('/'),
  tag: z.string(),
  /** The scholar it is about, when there is one. */
  scholar_id: z.string().nullable(),
  /** When the event happened (ISO 8601). */
  occurred_at: z.string(),
});
export type NoticePayload = z.infer<typeof NoticePayloadSchema>;

/** An unpadded (or padded) base64url string of exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  z
    .string({ message: `Must be the subscription's ${what} key.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `Must be the subscription's ${what} key (base64url).`)
    .refine(
      (v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes,
      `Must be the subscription's ${what} key (${bytes} bytes).`,
    );

/** `POST v2/push_subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: z.url({ message: 'Must be the push service address of this browser.' }).max(2048),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 ECDH public key, uncompressed (65 bytes). */
    p256dh: base64url(65, 'p256dh'),
    /** The authentication secret (16 bytes). */
    auth: base64url(16, 'auth'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

/** `DELETE v2/push_subscriptions`: the endpoint of the subscription to remove. */
export const PushSubscriptionDeleteSchema = z.object({ endpoint: z.string().max(2048) });
export type PushSubscriptionDelete = z.infer<typeof PushSubscriptionDeleteSchema>;

export const PushSubscriptionResponseSchema = z.object({
  data: z.object({ endpoint: z.string(), expiration_time: z.string().nullable(), created_at: z.string() }),
});

export const NOTICE_MESSAGES = {
  endpointNotAllowed:
    'This push service is not one the school sends to (Google, Mozilla, Apple or Microsoft push services only).',
  quietHoursBoth: 'Give both the start and the end of the quiet hours, or neither.',
  quietHoursSame: 'The quiet hours start and end at different times.',
  emailOnly: 'This notice is sent by email only: push cannot be turned on for it.',
} as const;

/** One kind's channels: push to every subscribed device, and email besides (email also stands in when push cannot). */
export const NoticeChannelsSchema = z.object({ push: z.boolean(), email: z.boolean() });
export type NoticeChannels = z.infer<typeof NoticeChannelsSchema>;

/** What a person gets when they have chosen nothing: every kind by push, email only when push cannot reach them. */
export const DEFAULT_NOTICE_CHANNELS: NoticeChannels = { push: true, email: false };

/** The kinds sent by email only (a summary is a long read, with lists): push is never used for them. */
export const EMAIL_ONLY_KINDS: readonly NoticeKind[] = ['work_summary'];

/** The scholar's own reminders: sent only to a scholar's account, and only once the scholar turns them on. */
export const SCHOLAR_NOTICE_KINDS: readonly NoticeKind[] = ['work_due_tomorrow', 'work_overdue'];

/** A kind's channels when the person has chosen nothing: email for the summary, off for a scholar's reminders. */
export function defaultNoticeChannels(kind: NoticeKind): NoticeChannels {
  if (EMAIL_ONLY_KINDS.includes(kind)) return { push: false, email: true };
  if (SCHOLAR_NOTICE_KINDS.includes(kind)) return { push: false, email: false };
  return DEFAULT_NOTICE_CHANNELS;
}

/** How often a guardian gets the work summary: weekly (the school's day and time) or every school day. */
export const WORK_SUMMARY_FREQUENCIES = ['weekly', 'daily'] as const;
export type WorkSummaryFrequency = (typeof WORK_SUMMARY_FREQUENCIES)[number];

/** HH:MM on the school's clock (the same rule as the school settings' times; kept here so the settings can import this file). */
const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00.');

export const QuietHoursSchema = z
  .object({ start: ClockTimeSchema, end: ClockTimeSchema })
  .refine((v) => v.start !== v.end, { message: NOTICE_MESSAGES.quietHoursSame, path: ['end'] });
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** `GET v2/notification_preferences`: the signed-in person's choices, and the kinds the school offers. */
export const NotificationPreferencesSchema = z.object({
  kinds: z.record(NoticeKindSchema, NoticeChannelsSchema),
  /** HH:MM on the school's clock; start after end spans midnight (21:00 to 07:00). */
  quiet_hours: QuietHoursSchema.nullable(),
  /** How often the work summary mail comes (a guardian's choice; weekly until chosen). */
  work_summary_frequency: z.enum(WORK_SUMMARY_FREQUENCIES),
  /** The kinds this school sends (its settings); the others are never sent whatever is chosen. */
  offered: z.array(NoticeKindSchema),
  /** Whether this server sends Web Push (its public key is in `GET v2/config`). */
  push_enabled: z.boolean(),
  /** How many devices of this person are subscribed. */
  devices: z.number().int(),
  updated_at: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** `PUT v2/notification_preferences`: a kind left out keeps its choice; `quiet_hours: null` turns them off. */
export const NotificationPreferencesUpdateSchema = z
  .object({
    kinds: z.partialRecord(NoticeKindSchema, NoticeChannelsSchema).optional(),
    quiet_hours: QuietHoursSchema.nullable().optional(),
    work_summary_frequency: z
      .enum(WORK_SUMMARY_FREQUENCIES, { message: `Must be one of ${WORK_SUMMARY_FREQUENCIES.join(', ')}.` })
      .optional(),
  })
  .superRefine((body, ctx) => {
    // An email-only kind stored with push on would read as a choice the school never honours.
    for (const kind of EMAIL_ONLY_KINDS) {
      if (body.kinds?.[kind]?.push) {
        ctx.addIssue({ code: 'custom', path: ['kinds', kind, 'push'], message: NOTICE_MESSAGES.emailOnly });
      }
    }
  });
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

export const NotificationTestResponseSchema = z.object({
  message: z.string(),
  data: z.object({ notice_id: z.string() }),
});

/** A row of the administrator's delivery log (`GET v2/notices`). */
export const NoticeRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_LOG_KINDS),
  user_id: z.string().nullable(),
  /** Who it was for, as the account names them, and their address. */
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  scholar_id: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** The channel that carried it (push, email), or null while pending or when none did. */
  channel: z.enum(NOTICE_CHANNELS).nullable(),
  status: z.enum(NOTICE_STATUSES),
  /** Why it failed, was skipped, is held or is waiting for a retry, in plain words. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** How many devices the push reached. */
  devices_reached: z.number().int(),
  occurred_at: z.string(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type NoticeRecord = z.infer<typeof NoticeRecordSchema>;

/** `GET v2/notices`: newest first; `filter[kind]`, `filter[status]`, `filter[channel]`, `filter[user_id]`. */
export const NoticeListQuerySchema = ListQuerySchema;
