import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { retryDelay } from './backoff';

describe('retryDelay', () => {
  it('stays within [0, base * 2^attempt) and reaches its ceiling with the top of the random range', () => {
    expect(retryDelay(0, { random: () => 0 })).toBe(0);
    expect(retryDelay(0, { random: () => 0.999_999 })).toBe(999);
    expect(retryDelay(3, { random: () => 0.999_999 })).toBe(7999);
    for (let attempt = 0; attempt < 12; attempt++) {
      const d = retryDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(300_000, 1000 * 2 ** attempt));
    }
  });

  it('doubles its ceiling with each attempt', () => {
    const half = () => 0.5;
    expect([0, 1, 2, 3, 4].map((a) => retryDelay(a, { random: half }))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('never waits longer than the cap, even after very many attempts', () => {
    const top = () => 0.999_999;
    expect(retryDelay(8, { random: top })).toBe(255_999);
    expect(retryDelay(9, { random: top })).toBe(299_999);
    expect(retryDelay(50, { random: top })).toBe(299_999);
    expect(retryDelay(5000, { random: top })).toBe(299_999);
    expect(retryDelay(4, { baseMs: 100, capMs: 1000, random: top })).toBe(999);
  });

  it('takes its jitter from the random source it is given (full jitter)', () => {
    const draws = [0.1, 0.9, 0.25];
    let calls = 0;
    const random = () => draws[calls++] ?? 0;
    expect([retryDelay(2, { random }), retryDelay(2, { random }), retryDelay(2, { random })]).toEqual([
      400, 3600, 1000,
    ]);
    expect(calls).toBe(3);
  });

  it('treats a negative or fractional attempt as the whole attempts before it', () => {
    expect(retryDelay(-3, { random: () => 0.5 })).toBe(500);
    expect(retryDelay(2.7, { random: () => 0.5 })).toBe(2000);
  });
});
