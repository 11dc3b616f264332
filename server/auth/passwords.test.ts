import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { startTestServer, type TestServer } from '../test/helpers';
import { HASH_CONCURRENCY, hashPassword, needsRehash, SCRYPT_PARAMS, Semaphore, verifyPassword } from './passwords';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const storedHash = async (email: string) => {
  const [row] = await s.database.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, email));
  return row?.hash ?? '';
};

describe('password hashes', () => {
  it('are scrypt at N=2^16, r=8, p=2 (64 MiB, two at most at once), with the parameters in the stored string', async () => {
    expect(128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * HASH_CONCURRENCY).toBeLessThanOrEqual(128 * 1024 * 1024);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse!', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('the demo seed stores hashes at the current parameters', async () => {
    expect(await storedHash('office@demo.school')).toMatch(/^scrypt\$65536\$8\$2\$/);
  });

  it.each([
    ['N=16384, less work', { N: 16384, r: 8, p: 1 }],
    ['N=2^17, p=1, 128 MiB at every sign-in', { N: 2 ** 17, r: 8, p: 1 }],
  ])('an older hash (%s) still signs in and is replaced by one at the current parameters', async (_name, params) => {
    const old = await hashPassword('an-old-password-1', params);
    expect(needsRehash(old)).toBe(true);
    await s.database.db.update(users).set({ password_hash: old }).where(eq(users.email, 'teacher@demo.school'));
    await s.login('teacher@demo.school', 'an-old-password-1');
    const stored = await storedHash('teacher@demo.school');
    expect(stored).not.toBe(old);
    expect(stored).toMatch(/^scrypt\$65536\$8\$2\$/);
    // The new hash is of the same password.
    await s.login('teacher@demo.school', 'an-old-password-1');
    expect(await storedHash('teacher@demo.school')).toBe(stored);
  });

  it('keeps a hash with more work in no more memory', () => {
    expect(needsRehash(`scrypt$65536$8$3$${'A'.repeat(22)}$${'A'.repeat(43)}`)).toBe(false);
    expect(needsRehash(`scrypt$65536$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`)).toBe(true);
  });

  it('refuses a stored hash that asks for more memory than the server allows, without trying it', async () => {
    expect(await verifyPassword('x', 'scrypt$4194304$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('the hashing semaphore', () => {
  it(`runs at most ${HASH_CONCURRENCY} at once and the rest in order`, async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = [0, 1, 2, 3, 4].map((i) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    // Every pending promise reaction runs before the next turn of the event loop: after it, whatever may start has.
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    releases.shift()?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (let n = 0; n < 4; n++) {
      releases.shift()?.();
      await settle();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
