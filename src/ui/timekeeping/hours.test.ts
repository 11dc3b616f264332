import { describe, expect, it } from 'vitest';
import { decimalHours, formatMinutes, staffName } from './hours';

describe('hours', () => {
  it('writes minutes as h:mm, below zero too', () => {
    expect(formatMinutes(450)).toBe('7:30');
    expect(formatMinutes(2400)).toBe('40:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(-75)).toBe('-1:15');
  });
  it('writes decimal hours and names', () => {
    expect(decimalHours(450)).toBe('7.50');
    expect(staffName({ fname: 'Robert', nickname: 'Bob', lname: 'Ito' })).toBe('Bob Ito');
    expect(staffName({ fname: 'Ana', nickname: null, lname: 'Ruiz' })).toBe('Ana Ruiz');
  });
});
