/** The key's encryption at rest and the backoff of Google calls. */
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './encryption';
import { backoffDelay, GoogleApiError, withBackoff } from './http';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('key encryption', () => {
  it('round-trips, differs each time, and refuses another secret or a changed byte', () => {
    const a = encryptSecret('{"private_key":"x"}', SECRET);
    const b = encryptSecret('{"private_key":"x"}', SECRET);
    expect(a).not.toBe(b);
    expect(a).not.toContain('private_key');
    expect(decryptSecret(a, SECRET)).toBe('{"private_key":"x"}');
    expect(() => decryptSecret(a, `${SECRET}!`)).toThrow();
    const parts = a.split('.');
    const data = Buffer.from(parts[3] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    expect(() => decryptSecret([...parts.slice(0, 3), data.toString('base64url')].join('.'), SECRET)).toThrow();
  });
});

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('backoff', () => {
  it('grows exponentially with full jitter under a cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { random: () => 1 }))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10, { random: () => 1, maxDelayMs: 5000 })).toBe(5000);
    expect(backoffDelay(3, { random: () => 0.5 })).toBe(2000);
  });

  it('retries 429, 403 rateLimitExceeded and 503, honours Retry-After, and gives up after the attempts', async () => {
    const sleeps: number[] = [];
    const replies = [
      answer(429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota' } }),
      answer(403, { error: { code: 403, message: 'Rate', errors: [{ reason: 'userRateLimitExceeded' }] } }),
      answer(503, { error: { code: 503, message: 'Busy' } }, { 'retry-after': '3' }),
      answer(200, { ok: true }),
    ];
    const result = await withBackoff<{ ok: boolean }>(async () => replies.shift() as Response, {
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 1,
    });
    expect(result).toEqual({ ok: true });
    expect(sleeps).toEqual([1000, 2000, 3000]);
    const failing = withBackoff(
      async () => answer(429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota' } }),
      {
        sleep: async () => {},
        maxAttempts: 3,
      },
    );
    await expect(failing).rejects.toMatchObject({ httpStatus: 429, status: 'RESOURCE_EXHAUSTED' });
  });

  it('does not retry other errors (403 permission, 404, 410)', async () => {
    let calls = 0;
    const gone = withBackoff(
      async () => {
        calls++;
        return answer(410, {
          error: { code: 410, message: 'Sync token is no longer valid', errors: [{ reason: 'fullSyncRequired' }] },
        });
      },
      { sleep: async () => {} },
    );
    await expect(gone).rejects.toBeInstanceOf(GoogleApiError);
    await expect(gone).rejects.toMatchObject({ httpStatus: 410, reason: 'fullSyncRequired' });
    expect(calls).toBe(1);
  });
});
