import { describe, expect, it } from 'vitest';
import { allDayDays, allDayInstants, clockOf, fromLocalInput, toLocalInput } from './school-times';

const LA = 'America/Los_Angeles';

describe('all-day events on the school clock (Los Angeles)', () => {
  it('starts at midnight of the first day and ends at midnight after the last', () => {
    expect(allDayInstants('2027-01-15', '2027-01-15', LA)).toEqual({
      starts_at: '2027-01-15T08:00:00.000Z',
      ends_at: '2027-01-16T08:00:00.000Z',
    });
    expect(allDayInstants('2027-06-01', '2027-06-03', LA)).toEqual({
      starts_at: '2027-06-01T07:00:00.000Z',
      ends_at: '2027-06-04T07:00:00.000Z',
    });
  });

  it('keeps midnight on the days the clocks change (a 23-hour and a 25-hour day)', () => {
    // 14 March 2027: clocks go forward at 2:00, the day has 23 hours.
    expect(allDayInstants('2027-03-14', '2027-03-14', LA)).toEqual({
      starts_at: '2027-03-14T08:00:00.000Z',
      ends_at: '2027-03-15T07:00:00.000Z',
    });
    // 1 November 2026: clocks go back at 2:00, the day has 25 hours.
    expect(allDayInstants('2026-11-01', '2026-11-01', LA)).toEqual({
      starts_at: '2026-11-01T07:00:00.000Z',
      ends_at: '2026-11-02T08:00:00.000Z',
    });
  });

  it('reads the first and last day back from the stored instants', () => {
    expect(allDayDays('2027-03-14T08:00:00.000Z', '2027-03-15T07:00:00.000Z', LA)).toEqual({
      first: '2027-03-14',
      last: '2027-03-14',
    });
    expect(allDayDays('2026-10-31T07:00:00.000Z', '2026-11-02T08:00:00.000Z', LA)).toEqual({
      first: '2026-10-31',
      last: '2026-11-01',
    });
    const span = allDayInstants('2027-03-12', '2027-03-16', LA);
    expect(allDayDays(span.starts_at, span.ends_at, LA)).toEqual({ first: '2027-03-12', last: '2027-03-16' });
  });
});

describe('date-time inputs on the school clock', () => {
  it('shows an instant as the school reads it and reads the input back', () => {
    expect(toLocalInput('2027-03-15T16:30:00.000Z', LA)).toBe('2027-03-15T09:30');
    expect(toLocalInput('2027-01-15T16:30:00.000Z', LA)).toBe('2027-01-15T08:30');
    expect(fromLocalInput('2027-03-15T09:30', LA)).toBe('2027-03-15T16:30:00.000Z');
    expect(fromLocalInput('2027-01-15T08:30', LA)).toBe('2027-01-15T16:30:00.000Z');
    expect(clockOf('2027-01-15T23:05:00.000Z', LA)).toBe('15:05');
  });

  it('answers null for an empty or partial input', () => {
    expect(fromLocalInput('', LA)).toBeNull();
    expect(fromLocalInput('2027-01-15', LA)).toBeNull();
  });
});
