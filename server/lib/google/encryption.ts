/**
 * The service account's key at rest: AES-256-GCM under a key derived (scrypt) from the server's secret. The stored
 * form is `v1.<iv>.<tag>.<ciphertext>` in base64url; a wrong secret or a changed byte fails to decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SALT = 'school-ops google sync key v1';

const derive = (secret: string) => scryptSync(secret, SALT, 32);

/** Encrypts a text with the server's secret. */
export function encryptSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts what encryptSecret made; throws when the secret is not the one it was made with. */
export function decryptSecret(stored: string, secret: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown encrypted key format');
  const decipher = createDecipheriv('aes-256-gcm', derive(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The server's secret: GOOGLE_SYNC_SECRET, or (one instance on the embedded database) a random one kept in
 * DATA_DIR/google-sync.secret, readable only by the server's user. Several instances must share GOOGLE_SYNC_SECRET.
 */
export function serverSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  const file = join(dataDir, 'google-sync.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
