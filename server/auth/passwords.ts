/**
 * Password hashing with scrypt from node:crypto (DESIGN section 7) at OWASP's current parameters, N=2^17, r=8, p=1
 * (OWASP Password Storage Cheat Sheet, "scrypt"). The stored form carries its own parameters,
 * `scrypt$N$r$p$salt$hash` (base64url), so an older hash (N=16384 before issue H1) still verifies, and `needsRehash`
 * tells the sign-in to store a new one. One hash at N=2^17 takes about 128 MiB and most of a second of one core, so
 * at most HASH_CONCURRENCY run at once: a burst of sign-ins queues instead of exhausting memory.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** What new hashes use. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1 };
/** scrypt needs 128·N·r bytes (128 MiB at N=2^17); node refuses above maxmem, so leave room. */
const MAXMEM = 256 * 1024 * 1024;
/** Hashes that run at once (each holds 128 MiB while it runs). */
export const HASH_CONCURRENCY = 2;
const KEYLEN = 32;

/** A counting semaphore: at most `limit` tasks run at once, the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active--;
    }
  }
}

const hashing = new Semaphore(HASH_CONCURRENCY);

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r, p, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** Hashes a password for storage (with `params` only to make an older-style hash, as tests do). */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** The parts of a stored hash, or null when it is not one of ours (or asks for more than the server will spend). */
function parse(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every(Number.isSafeInteger) || 128 * N * r > MAXMEM || p < 1 || p > 16) return null;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    hash: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/** True when a stored hash was made with weaker parameters than new hashes get (rehash it on the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N < SCRYPT_PARAMS.N || r < SCRYPT_PARAMS.r || p < SCRYPT_PARAMS.p;
}

/** A hash of a random password, compared against when the account is unknown so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Checks a password against a stored hash (at the hash's own parameters) in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}
