/**
 * The Google sync's configuration from environment variables: where Google's APIs are (the real
 * ones unless a test or the local stand-in says otherwise), the secret that encrypts the service account's key, and
 * whether the server runs the syncs on its own.
 */
import { z } from 'zod';
import { ConfigError } from '../../config';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const GoogleEnvSchema = z.object({
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CLASSROOM_URL: z.url().default('https://classroom.googleapis.com'),
  GOOGLE_CALENDAR_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  /** At least 32 characters; without it a key is encrypted with a random secret kept in DATA_DIR (one instance). */
  GOOGLE_SYNC_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The server runs an incremental sync this often and a full reconcile each night (off: only "Run now"). */
  GOOGLE_SYNC_SCHEDULE: bool.default(true),
  GOOGLE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  /** The nightly full reconcile's hour in the school's time zone. */
  GOOGLE_SYNC_NIGHTLY_HOUR: z.coerce.number().int().min(0).max(23).default(2),
});

export type GoogleEnv = z.infer<typeof GoogleEnvSchema>;

/** Reads and validates the Google sync's variables; throws ConfigError naming every bad one. */
export function loadGoogleEnv(env: Record<string, string | undefined> = process.env): GoogleEnv {
  const parsed = GoogleEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
