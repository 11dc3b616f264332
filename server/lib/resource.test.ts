/**
 * `iso`: the text PostgreSQL and PGlite write for a timestamp becomes the ISO 8601 that Date would give, whether it
 * takes the rewrite of a UTC session's text or goes through Date.
 */
import { describe, expect, it } from 'vitest';
import { iso } from './resource';

/** PostgreSQL's text of an instant in a UTC session, with `digits` digits of a second (0: none, as it writes it). */
function pgText(ms: number, micros: number, digits: number): string {
  const d = new Date(ms).toISOString();
  const fraction = `${String(d.slice(20, 23))}${String(micros).padStart(3, '0')}`.slice(0, digits);
  return `${d.slice(0, 10)} ${d.slice(11, 19)}${digits ? `.${fraction}` : ''}+00`;
}

describe('iso', () => {
  it('gives what Date gives for the texts PostgreSQL writes in a UTC session', () => {
    let seed = 20261127;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 5000; i++) {
      // From the year 1000 to 9999, every length of fraction PostgreSQL writes (it drops trailing zeros).
      const ms = -30610224000000 + Math.floor(next() * (253402300799999 + 30610224000000));
      const text = pgText(ms, Math.floor(next() * 1000), Math.floor(next() * 7));
      expect(iso(text), text).toBe(new Date(text).toISOString());
    }
  });

  it('keeps the milliseconds as Date does: cut, not rounded', () => {
    expect(iso('2026-11-27 09:28:37.999999+00')).toBe('2026-11-27T09:28:37.999Z');
    expect(iso('2026-11-27 09:28:37.5+00')).toBe('2026-11-27T09:28:37.500Z');
    expect(iso('2026-11-27 09:28:37+00')).toBe('2026-11-27T09:28:37.000Z');
  });

  it('reads other offsets, Dates and nothing through Date', () => {
    expect(iso('2026-11-27 01:28:37.25-08')).toBe('2026-11-27T09:28:37.250Z');
    expect(iso('2026-11-27 14:58:37+05:30')).toBe('2026-11-27T09:28:37.000Z');
    const date = new Date('2026-11-27T09:28:37.123Z');
    expect(iso(date)).toBe(new Date(String(date)).toISOString());
    expect(iso(null)).toBe('');
    expect(iso(undefined)).toBe('');
  });
});
