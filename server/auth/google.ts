/**
 * Verifies a Google ID token (DESIGN section 7): signature against the key set at GOOGLE_JWKS_URL, `aud` equal to
 * GOOGLE_CLIENT_ID, `iss` Google's, not expired, `email_verified`, and the hosted domain when one is configured.
 */
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name?: string;
}

export class GoogleTokenError extends Error {}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Builds a verifier bound to one key set and client id; the key set is fetched once and cached by jose. */
export function createGoogleVerifier(opts: { jwksUrl: string; clientId?: string; hostedDomain?: string }) {
  const jwks = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async function verify(idToken: string): Promise<GoogleIdentity> {
    if (!opts.clientId) throw new GoogleTokenError('Google sign-in is not configured (GOOGLE_CLIENT_ID).');
    let payload: JWTPayload & { email?: unknown; email_verified?: unknown; hd?: unknown; name?: unknown };
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        audience: opts.clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        clockTolerance: 30,
      }));
    } catch (err) {
      throw new GoogleTokenError(`ID token rejected: ${(err as Error).message}`);
    }
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new GoogleTokenError('ID token lacks sub or email.');
    }
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw new GoogleTokenError('Email address not verified by Google.');
    }
    if (opts.hostedDomain && payload.hd !== opts.hostedDomain) {
      throw new GoogleTokenError(`Account is not in the hosted domain ${opts.hostedDomain}.`);
    }
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
