import { describe, expect, it } from 'vitest';
import { checkMissing, type MissingValues } from './missing-form';

const LA = 'America/Los_Angeles';
const NOW = Date.parse('2026-03-02T21:30:00.000Z');
const context = { today: '2026-03-02', timeZone: LA, now: NOW };
const valid: MissingValues = {
  served_on: '2026-02-27',
  meal_type: 'lunch',
  scholar_id: '0190f3a4-0000-7000-8000-0000000000a1',
  reason: ' Scanner was down ',
};

describe('the Add Missing form', () => {
  it('names every missing field', () => {
    expect(checkMissing({ served_on: '', meal_type: '', scholar_id: '', reason: '  ' }, context)).toEqual({
      errors: {
        served_on: 'missing.errors.dayRequired',
        meal_type: 'missing.errors.mealRequired',
        scholar_id: 'missing.errors.scholarRequired',
        reason: 'missing.errors.reasonRequired',
      },
    });
  });

  it('refuses a day after today on the school calendar', () => {
    expect(checkMissing({ ...valid, served_on: '2026-03-03' }, context)).toEqual({
      errors: { served_on: 'missing.errors.dayInFuture' },
    });
  });

  it('records an earlier day at the usual time of its service, and today at the moment it is added', () => {
    expect(checkMissing(valid, context)).toEqual({
      meal: {
        scholar_id: valid.scholar_id,
        meal_type: 'lunch',
        served_at: '2026-02-27T20:00:00.000Z',
        missing_reason: 'Scanner was down',
      },
    });
    expect(checkMissing({ ...valid, served_on: '2026-03-02', meal_type: 'breakfast' }, context)).toMatchObject({
      meal: { meal_type: 'breakfast', served_at: '2026-03-02T21:30:00.000Z' },
    });
  });
});
