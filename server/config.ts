/**
 * Configuration from environment variables, validated once at start (DESIGN section 3). A bad value stops the server
 * with a message that names the variable and what it expects, instead of failing later in a request.
 */
import { z } from 'zod';
import { isKnownTimeZone } from '../src/contract/setup';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_HOSTED_DOMAIN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: bool.optional(),
  SCHOOL_NAME: z.string().min(1).default('Demo School'),
  SCHOOL_TIMEZONE: z
    .string()
    .default('America/Los_Angeles')
    .refine(isKnownTimeZone, 'must be an IANA time zone such as America/Los_Angeles'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(30),
  /** Behind a TLS-terminating proxy or with TLS of its own: answers carry Strict-Transport-Security. */
  BEHIND_TLS: bool.default(false),
  /** Behind a reverse proxy: the client's address is read from X-Forwarded-For (the login limits count per address). */
  TRUST_PROXY: bool.default(false),
  /** A request's headers and body must arrive within this (a slow or stalled client is cut off). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** An idle kept-alive connection is closed after this. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  STATIC_DIR: z.string().default('./dist'),
  /** Where invitations and password resets are mailed through, e.g. smtp://user:pass@host:587; unset: no mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The mail's sender; default "<school name> <no-reply@localhost>". */
  MAIL_FROM: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Another name for MAIL_FROM (the notices' specification calls it so); MAIL_FROM wins when both are set. */
  SMTP_FROM: optionalText,
  /** Notices to families by Web Push (DESIGN section 12); off: email only, and `GET v2/config` gives no key. */
  PUSH_ENABLED: bool.default(true),
  /**
   * Who runs this server, for the push services (RFC 8292 `sub`): a `mailto:` or `https:` address; default
   * `mailto:no-reply@` the PUBLIC_URL's host (or localhost).
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * More push service hosts the server may call, `host:port` separated by commas, besides the known ones (Google,
   * Mozilla, Apple, Microsoft): a local stand-in in tests. Plain http is allowed on them for loopback hosts only.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((h) => /^(\[[0-9a-f:]+\]|[a-z0-9.-]+):\d{1,5}$/.test(h)),
      'must be host:port entries',
    ),
  /**
   * The notice worker: `on` sends pending notices every NOTICE_POLL_MS and right after a request writes one; `off`
   * leaves them to another instance (or, in tests, to the test's own drain). Default on, off when NODE_ENV=test.
   */
  NOTICE_WORKER: bool.optional(),
  /** How often the notice worker looks for due notices (held ones, retries, those another instance wrote). */
  NOTICE_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2_000),
  /**
   * The address people open the app at (https://school.example.org), for the setup address and the links in mail and
   * letters; unset: http://localhost:<PORT> for the setup address, the address of the request for the links.
   */
  PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A PEM certificate (its chain after it) and its private key: the server speaks HTTPS with HTTP/2, and HTTP/1.1 for
   * older clients, on PORT. A service worker, Web Push and the camera need a secure origin on a school's own network.
   * `npm run tls:local` makes both for a school without a certificate.
   */
  TLS_CERT: optionalText,
  TLS_KEY: optionalText,
  /** With TLS: a plain HTTP port that answers every request with a redirect to the HTTPS address. */
  HTTP_REDIRECT_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The hour (0-23, school time) of the nightly backup into DATA_DIR/backups; `off`: none. */
  BACKUP_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(2),
  /** How many nightly backups are kept; older ones are removed after a new one is written. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(14),
});

export type Config = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'VAPID_SUBJECT' | 'NOTICE_WORKER'> & {
  SEED_DEMO: boolean;
  NOTICE_WORKER: boolean;
  VAPID_SUBJECT: string;
};

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // A reset is asked for by anyone: its link must not take its address from the request's Host header, which the
  // asker chooses (the link, and the token in it, would go to their host).
  if (c.SMTP_URL && !c.PUBLIC_URL && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be set when SMTP_URL is (the address of the links in mail)',
    );
  }
  if (Boolean(c.TLS_CERT) !== Boolean(c.TLS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  TLS_CERT, TLS_KEY: set both (a certificate and its key) or neither',
    );
  }
  if (c.HTTP_REDIRECT_PORT !== undefined && !c.TLS_CERT) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_REDIRECT_PORT: only with TLS_CERT and TLS_KEY (it redirects to HTTPS)',
    );
  }
  return {
    ...c,
    MAIL_FROM: c.MAIL_FROM ?? c.SMTP_FROM,
    VAPID_SUBJECT: c.VAPID_SUBJECT ?? `mailto:no-reply@${c.PUBLIC_URL ? new URL(c.PUBLIC_URL).hostname : 'localhost'}`,
    SEED_DEMO: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    NOTICE_WORKER: c.NOTICE_WORKER ?? c.NODE_ENV !== 'test',
  };
}
