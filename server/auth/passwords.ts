/**
 * Password hashing with scrypt from node:crypto (DESIGN section 7) at N=2^16, r=8, p=2: one of the settings the OWASP
 * Password Storage Cheat Sheet ("scrypt") gives as equal in defence to its N=2^17, r=8, p=1, with the same work (N·p)
 * in half the memory, 64 MiB a hash instead of 128. The server on PGlite runs in a school's small machine: at
 * N=2^17, two sign-ins at once held 256 MiB on top of the database, and a morning's forty sign-ins took the server to
 * 401 MB resident against the 400 MB budget (seen with strace: the 128 MiB blocks were scrypt's). The stored
 * form carries its own parameters, `scrypt$N$r$p$salt$hash` (base64url), so an older hash (N=16384 at first,
 * then N=2^17 with p=1) still verifies, and `needsRehash` tells the sign-in to store a new one. At most
 * HASH_CONCURRENCY hashes run at once: a burst of sign-ins queues instead of exhausting memory.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** What new hashes use. */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 16, r: 8, p: 2 };
/** scrypt needs 128·N·r bytes (64 MiB at N=2^16, r=8; p runs one after the other in the same memory); node refuses
 * above maxmem, so leave room (an N=2^17 hash of before still verifies). */
const MAXMEM = 256 * 1024 * 1024;
/** Hashes that run at once (each holds 64 MiB while it runs at the current parameters). */
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

/**
 * True when a stored hash should be replaced on the next sign-in: made with less work than new hashes get (N·p, or a
 * smaller block), or holding more memory at every sign-in than they do (N·r: an N=2^17, p=1 hash of before).
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  const current = SCRYPT_PARAMS;
  return N * p < current.N * current.p || r < current.r || N * r > current.N * current.r;
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
