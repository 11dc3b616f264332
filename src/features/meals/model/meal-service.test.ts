import { describe, expect, it } from 'vitest';
import { addDays, instantAt, schoolDayOf } from '../../../ui/school-clock';
import { defaultMealType, offeredMealTypes } from './meal-service';

const LA = 'America/Los_Angeles';
/** 2 March 2026 in Los Angeles (PST, UTC-8) at a wall-clock time. */
const at = (hhmm: string) => instantAt('2026-03-02', hhmm, LA);

describe('the default meal service', () => {
  it('follows the time of day on the school clock', () => {
    expect(defaultMealType(at('06:45'), LA)).toBe('breakfast');
    expect(defaultMealType(at('10:29'), LA)).toBe('breakfast');
    expect(defaultMealType(at('10:30'), LA)).toBe('lunch');
    expect(defaultMealType(at('13:59'), LA)).toBe('lunch');
    expect(defaultMealType(at('14:00'), LA)).toBe('snack');
    expect(defaultMealType(at('16:59'), LA)).toBe('snack');
    expect(defaultMealType(at('17:00'), LA)).toBe('supper');
    expect(defaultMealType(at('23:30'), LA)).toBe('supper');
  });

  it("reads the school's zone, not the device's or UTC", () => {
    // 11:00 in Los Angeles is 19:00 UTC: lunch at the school, whatever a UTC clock says.
    expect(at('11:00')).toBe('2026-03-02T19:00:00.000Z');
    expect(defaultMealType('2026-03-02T19:00:00.000Z', LA)).toBe('lunch');
    expect(defaultMealType('2026-03-02T19:00:00.000Z', 'UTC')).toBe('supper');
  });
});

describe("the school's meal services", () => {
  const services = { breakfast: { start: '07:30', end: '09:00' }, lunch: { start: '11:00', end: '13:00' } };
  it('offers only those the school serves, in the order of the day; all four when none are known', () => {
    expect(offeredMealTypes({ lunch: services.lunch, breakfast: services.breakfast })).toEqual(['breakfast', 'lunch']);
    expect(offeredMealTypes(null)).toEqual(['breakfast', 'lunch', 'snack', 'supper']);
    expect(offeredMealTypes({})).toEqual(['breakfast', 'lunch', 'snack', 'supper']);
  });

  it('starts on the one whose window holds now, else the next, else the last', () => {
    expect(defaultMealType(at('08:59'), LA, services)).toBe('breakfast');
    expect(defaultMealType(at('09:00'), LA, services)).toBe('lunch');
    expect(defaultMealType(at('06:00'), LA, services)).toBe('breakfast');
    expect(defaultMealType(at('12:30'), LA, services)).toBe('lunch');
    expect(defaultMealType(at('18:00'), LA, services)).toBe('lunch');
    expect(defaultMealType(at('18:00'), LA, { snack: { start: '15:00', end: '16:00' } })).toBe('snack');
  });
});

describe('school clock helpers', () => {
  it('turns a wall-clock time on a school day into an instant, across a clock change', () => {
    // 8 March 2026: clocks go forward in Los Angeles (PDT, UTC-7).
    expect(instantAt('2026-03-08', '12:00', LA)).toBe('2026-03-08T19:00:00.000Z');
    expect(instantAt('2026-03-07', '12:00', LA)).toBe('2026-03-07T20:00:00.000Z');
    expect(schoolDayOf(instantAt('2026-03-02', '23:59', LA), LA)).toBe('2026-03-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
