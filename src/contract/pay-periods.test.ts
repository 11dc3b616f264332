import { describe, expect, it } from 'vitest';
import { datesBetween, isoWeekday, mondayOf, monthOf, shiftDate } from './calendar-dates';
import { payPeriodOf, payPeriodsBetween } from './pay-periods';

describe('calendar dates', () => {
  it('counts days across month ends, leap days and daylight-saving weekends alike', () => {
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDate('2026-11-01', 1)).toBe('2026-11-02');
    expect(datesBetween('2027-03-13', '2027-03-15')).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(monthOf('2027-02-10')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });
});

describe('pay periods', () => {
  const semi = { pay_period_rule: 'semi_monthly', pay_period_anchor: null } as const;
  it('semi-monthly: the 1st to the 15th and the 16th to the month end', () => {
    expect(payPeriodOf('2026-11-15', semi)).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(payPeriodOf('2026-11-16', semi)).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(payPeriodOf('2028-02-29', semi)).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(payPeriodsBetween('2026-11-10', '2026-12-20', semi)).toEqual([
      { start: '2026-11-01', end: '2026-11-15' },
      { start: '2026-11-16', end: '2026-11-30' },
      { start: '2026-12-01', end: '2026-12-15' },
      { start: '2026-12-16', end: '2026-12-31' },
    ]);
  });
  it('bi-weekly: fourteen days from the anchor, before it too; monthly: the calendar month', () => {
    const bi = { pay_period_rule: 'biweekly', pay_period_anchor: '2026-08-03' } as const;
    expect(payPeriodOf('2026-08-16', bi)).toEqual({ start: '2026-08-03', end: '2026-08-16' });
    expect(payPeriodOf('2026-08-17', bi)).toEqual({ start: '2026-08-17', end: '2026-08-30' });
    expect(payPeriodOf('2026-08-02', bi)).toEqual({ start: '2026-07-20', end: '2026-08-02' });
    expect(payPeriodOf('2026-12-31', { pay_period_rule: 'monthly', pay_period_anchor: null })).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });
});
