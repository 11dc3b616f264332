import { describe, expect, it } from 'vitest';
import { browserTimeZone, dateTimeFormat, isValidTimeZone } from './intl-format';

describe('intl-format', () => {
  it('makes one formatter per locale and options, and formats as Intl does', () => {
    const a = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' });
    expect(dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' })).toBe(a);
    expect(dateTimeFormat('es-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Los_Angeles' })).not.toBe(
      a,
    );
    expect(dateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/Los_Angeles' })).not.toBe(a);
    expect(a.format(Date.parse('2026-11-21T19:50:00Z')).replace(/\s/g, ' ')).toBe('11:50 AM');
  });

  it('tells known time zones from unknown ones, the same answer every time', () => {
    expect(isValidTimeZone('America/Los_Angeles')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(browserTimeZone())).toBe(true);
  });
});
