/**
 * A service account with domain-wide delegation: the key's JSON is read and checked, a JWT is signed
 * with its private key (RS256, node:crypto) naming the administrator it acts for (`sub`) and the read-only scopes,
 * and exchanged at Google's token endpoint for an access token (OAuth 2.0 JWT bearer grant, RFC 7523), which is kept
 * until a minute before it expires.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { z } from 'zod';
import { type GoogleHttpOptions, withBackoff } from './http';

/** The read-only scopes the school delegates to the service account (Admin console → Domain-wide delegation). */
export const CLASSROOM_SCOPES = [
  'https://www.googleapis.com/auth/classroom.courses.readonly',
  'https://www.googleapis.com/auth/classroom.rosters.readonly',
  'https://www.googleapis.com/auth/classroom.profile.emails',
  'https://www.googleapis.com/auth/classroom.coursework.students.readonly',
  'https://www.googleapis.com/auth/classroom.topics.readonly',
] as const;
export const CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.readonly'] as const;

/** The fields of a service account's JSON key the sync uses (Google's file has more). */
export const ServiceAccountKeySchema = z.object({
  type: z.literal('service_account', { message: 'The key must be a service account key (type service_account).' }),
  client_email: z.email({ message: 'The key has no valid client_email.' }),
  private_key: z
    .string()
    .refine((k) => k.includes('PRIVATE KEY'), { message: 'The key has no PEM private_key.' })
    .refine(
      (k) => {
        try {
          return createPrivateKey(k).asymmetricKeyType === 'rsa';
        } catch {
          return false;
        }
      },
      { message: 'The private_key is not a readable RSA key.' },
    ),
  private_key_id: z.string().optional(),
  token_uri: z.string().optional(),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKeySchema>;

/** Parses a key's JSON text; answers the key or the reason it is not one. */
export function parseServiceAccountKey(text: string): { key: ServiceAccountKey } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'The key is not JSON: paste or upload the service account key file as downloaded.' };
  }
  const parsed = ServiceAccountKeySchema.safeParse(json);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Not a service account key.' };
  return { key: parsed.data };
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Signs the JWT bearer assertion (RS256). */
export function signAssertion(
  key: ServiceAccountKey,
  claims: { sub: string; scope: string; aud: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const payload = { iss: key.client_email, ...claims, iat: nowSeconds, exp: nowSeconds + 3600 };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = sign('RSA-SHA256', Buffer.from(input), createPrivateKey(key.private_key));
  return `${input}.${signature.toString('base64url')}`;
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  token_type: string;
}

/** An access token source for one key, subject and set of scopes; tokens are reused until shortly before expiry. */
export function accessTokenSource(
  key: ServiceAccountKey,
  subject: string,
  scopes: readonly string[],
  tokenUrl: string,
  http: GoogleHttpOptions = {},
): () => Promise<string> {
  let cached: { token: string; until: number } | null = null;
  return async () => {
    if (cached && Date.now() < cached.until) return cached.token;
    const assertion = signAssertion(key, { sub: subject, scope: scopes.join(' '), aud: tokenUrl });
    const doFetch = http.fetch ?? fetch;
    const answer = await withBackoff<TokenAnswer>(
      () =>
        doFetch(tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        }),
      http,
    );
    cached = { token: answer.access_token, until: Date.now() + Math.max(0, answer.expires_in - 60) * 1000 };
    return answer.access_token;
  };
}
