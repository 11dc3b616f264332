import { describe, expect, it } from 'vitest';
import { formatWallTime, isoWeekdayOf, mondayOf, scholarName, shiftMonth, weekdayName } from './portal-format';

describe('portal dates and times', () => {
  it("writes the school's wall-clock times in the language, whatever the device's zone", () => {
    expect(formatWallTime('07:52', 'en')).toBe('7:52 AM');
    expect(formatWallTime('13:05', 'en')).toBe('1:05 PM');
    expect(formatWallTime('13:05', 'es')).toBe('13:05');
  });

  it('names ISO weekdays, Monday first', () => {
    expect([1, 7].map((d) => weekdayName(d, 'en'))).toEqual(['Monday', 'Sunday']);
    expect(weekdayName(3, 'es')).toBe('miércoles');
  });

  it("finds a day's weekday and its week's Monday, across a month's and a year's end", () => {
    expect(isoWeekdayOf('2026-11-27')).toBe(5);
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-02')).toBe('2026-12-28');
  });

  it('moves by months across the year', () => {
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('calls a scholar by their nickname when they have one', () => {
    expect(scholarName({ fname: 'Leonardo', nickname: 'Leo', lname: 'García' })).toBe('Leo García');
    expect(scholarName({ fname: 'Ana', nickname: null, lname: 'García' })).toBe('Ana García');
  });
});
