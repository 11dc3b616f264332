import { describe, expect, it } from 'vitest';
import { fullName, namesMatch, normalizeName } from './name-match';

describe('the typed name of a signature', () => {
  const record = fullName({ fname: 'Ana María', lname: 'López' });

  it('matches the full name on record with case and spacing aside', () => {
    expect(namesMatch('Ana María López', record)).toBe(true);
    expect(namesMatch('ana maría lópez', record)).toBe(true);
    expect(namesMatch('  ANA   MARÍA\tLÓPEZ  ', record)).toBe(true);
  });

  it('treats composed and decomposed accents as the same letter', () => {
    expect(namesMatch('Ana Mari\u0301a Lo\u0301pez', record)).toBe(true);
  });

  it('refuses another name, a part of the name, a missing accent or an empty name', () => {
    expect(namesMatch('Ana Lopez', record)).toBe(false);
    expect(namesMatch('Ana María Lopez', record)).toBe(false);
    expect(namesMatch('Ana María', record)).toBe(false);
    expect(namesMatch('AnaMaría López', record)).toBe(false);
    expect(namesMatch('', record)).toBe(false);
    expect(namesMatch('   ', '  ')).toBe(false);
  });

  it('normalizes to one lower-case spaced form', () => {
    expect(normalizeName('  Jo   SMITH ')).toBe('jo smith');
    expect(fullName({ fname: ' Jo ', lname: 'Smith ' })).toBe('Jo Smith');
  });
});
