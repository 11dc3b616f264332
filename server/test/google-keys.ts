/**
 * A locally generated RS256 key set served on 127.0.0.1, standing in for Google's certificates URL so that Google
 * sign-in is tested for real (signature, audience, issuer, expiry) without reaching Google.
 */
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface GoogleKeys {
  jwksUrl: string;
  /** Signs an ID token with the served key (or with a key that is not served, for a forged one). */
  sign(
    claims: JWTPayload & Record<string, unknown>,
    opts?: { forged?: boolean; expiresIn?: string | number },
  ): Promise<string>;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** Starts the key server. */
export async function startGoogleKeys(): Promise<GoogleKeys> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const forged = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    async sign(claims, opts = {}) {
      const jwt = new SignJWT({
        iss: 'https://accounts.google.com',
        aud: TEST_CLIENT_ID,
        email_verified: true,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .setIssuedAt();
      if (typeof claims.exp !== 'number') jwt.setExpirationTime(opts.expiresIn ?? '1h');
      return jwt.sign(opts.forged ? forged.privateKey : good.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
