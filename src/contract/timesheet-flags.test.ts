import { describe, expect, it } from 'vitest';
import { complianceFlags, enabledFlagCodes, type FlagRecord, workedByDate } from './timesheet-flags';
import { DEFAULT_FLAG_SETTINGS, type TimesheetCategory } from './timesheets';

/** A record on a date, wall-clock times in UTC (the flags work on instants and work dates, not the zone). */
function rec(
  date: string,
  start: string,
  end: string | null,
  break_minutes = 0,
  category: TimesheetCategory = 'regular',
): FlagRecord {
  const endDate = end && end < start ? shift(date, 1) : date;
  return {
    work_date: date,
    started_at: `${date}T${start}:00Z`,
    ended_at: end === null ? null : `${endDate}T${end}:00Z`,
    break_minutes,
    category,
  };
}
const shift = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** Lunch as two records: morning to noon, afternoon from half past. */
const day = (date: string, start = '08:00', end = '16:30') => [rec(date, start, '12:00'), rec(date, '12:30', end)];
const flags = (records: FlagRecord[], settings = DEFAULT_FLAG_SETTINGS) =>
  complianceFlags(records, settings).map((f) => `${f.date} ${f.code}`);

describe('daily overtime', () => {
  it('exactly 8:00 is not over; 8:01 is', () => {
    expect(flags(day('2031-03-03'))).toEqual([]); // 4:00 + 4:00
    expect(flags(day('2031-03-03', '08:00', '16:31'))).toEqual(['2031-03-03 daily_over_8']);
  });

  it('over 12 hours has both flags; exactly 12:00 only the first', () => {
    // 5:00, a half-hour lunch, then 7:30 with a half-hour break.
    expect(flags([rec('2031-03-04', '06:00', '11:00'), rec('2031-03-04', '11:30', '19:00', 30)])).toEqual([
      '2031-03-04 daily_over_8',
    ]);
    expect(flags([rec('2031-03-04', '06:00', '11:00'), rec('2031-03-04', '11:30', '19:01', 30)])).toEqual([
      '2031-03-04 daily_over_8',
      '2031-03-04 daily_over_12',
    ]);
  });

  it('sums the day of all categories of work, less breaks, but not leave and not an open record', () => {
    // 7:30 of work and a 1-hour break, then a conference night: 10:30 of work.
    const conference = [rec('2031-03-05', '08:00', '16:30', 60), rec('2031-03-05', '17:00', '20:00', 0, 'conference')];
    expect(flags(conference)).toEqual(['2031-03-05 daily_over_8']);
    expect(workedByDate(conference).get('2031-03-05')).toBe(630);
    // Four hours of work and five of sick leave: paid 9 hours, worked 4.
    expect(flags([rec('2031-03-06', '08:00', '12:00'), rec('2031-03-06', '12:00', '17:00', 0, 'leave')])).toEqual([]);
    // A missing clock-out has no length.
    expect(flags([rec('2031-03-07', '07:00', '11:00'), rec('2031-03-07', '11:15', null)])).toEqual([]);
  });

  it('counts a record across midnight on the day it started', () => {
    const night = [rec('2031-03-07', '14:00', '18:00'), rec('2031-03-07', '18:30', '01:10', 30)];
    expect(flags(night)).toEqual(['2031-03-07 daily_over_8']); // 4:00 + 6:10
    expect([...workedByDate(night)]).toEqual([['2031-03-07', 610]]);
  });
});

describe('weekly overtime', () => {
  const fiveDays = (monday: string) => [0, 1, 2, 3, 4].flatMap((i) => day(shift(monday, i)));

  it('five days of 8:00 is 40:00, not over; a sixth hour on Saturday crosses on Saturday', () => {
    expect(flags(fiveDays('2031-03-10'))).toEqual([]);
    expect(flags([...fiveDays('2031-03-10'), rec('2031-03-15', '09:00', '09:01')])).toEqual([
      '2031-03-15 weekly_over_40',
    ]);
  });

  it('is flagged once, on the day the running total goes over, even when later days add more', () => {
    const week = [
      ...day('2031-03-10', '06:00', '18:00'), // 11:30
      ...day('2031-03-11', '06:00', '18:00'),
      ...day('2031-03-12', '06:00', '18:00'), // 34:30
      ...day('2031-03-13', '06:00', '13:00'), // 41:00: crosses on Thursday
      ...day('2031-03-14'),
    ];
    expect(flags(week).filter((f) => f.endsWith('weekly_over_40'))).toEqual(['2031-03-13 weekly_over_40']);
  });

  it('a workweek runs Monday to Sunday across a month boundary', () => {
    // Monday 2031-03-31 to Sunday 2031-04-06: 4 days of 8:00 in March and April, then a Saturday of 8:30.
    const week = [
      ...day('2031-03-31'),
      ...day('2031-04-01'),
      ...day('2031-04-02'),
      ...day('2031-04-03'),
      ...day('2031-04-05', '08:00', '17:00'),
    ];
    expect(flags(week)).toEqual(['2031-04-05 weekly_over_40', '2031-04-05 daily_over_8']);
    // The same hours split over two workweeks (Thursday to Wednesday) are under 40 in each.
    const split = [
      ...day('2031-03-27'),
      ...day('2031-03-28'),
      ...day('2031-03-29'),
      ...day('2031-03-31'),
      ...day('2031-04-01'),
    ];
    expect(flags(split)).toEqual([]);
  });

  it('leave does not count toward the 40 hours', () => {
    const week = [
      ...day('2031-03-17'),
      ...day('2031-03-18'),
      ...day('2031-03-19'),
      ...day('2031-03-20'),
      rec('2031-03-21', '08:00', '16:30', 30, 'leave'),
      rec('2031-03-22', '09:00', '10:00'),
    ];
    expect(flags(week)).toEqual([]);
  });
});

describe('seventh day', () => {
  it('work on all seven days of a workweek flags the Sunday', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((i) => rec(shift('2031-03-24', i), '09:00', '11:00'));
    expect(flags(week)).toEqual(['2031-03-30 seventh_day']);
  });

  it('seven days in a row across two workweeks, or six days and leave on the seventh, are not', () => {
    const acrossWeeks = [0, 1, 2, 3, 4, 5, 6].map((i) => rec(shift('2031-03-26', i), '09:00', '11:00'));
    expect(flags(acrossWeeks)).toEqual([]);
    const withLeave = [0, 1, 2, 3, 4, 5].map((i) => rec(shift('2031-03-24', i), '09:00', '11:00'));
    withLeave.push(rec('2031-03-30', '09:00', '11:00', 0, 'leave'));
    expect(flags(withLeave)).toEqual([]);
  });
});

describe('meal break', () => {
  it('five hours without a break is fine; past five hours is flagged', () => {
    expect(flags([rec('2031-04-07', '08:00', '13:00')])).toEqual([]);
    expect(flags([rec('2031-04-07', '08:00', '13:01')])).toEqual(['2031-04-07 meal_break']);
  });

  it('a gap of 30 minutes between records is a meal break; 29 minutes joins them', () => {
    expect(flags([rec('2031-04-08', '08:00', '12:00'), rec('2031-04-08', '12:30', '16:30')])).toEqual([]);
    expect(flags([rec('2031-04-08', '08:00', '12:00'), rec('2031-04-08', '12:29', '16:30')])).toEqual([
      '2031-04-08 daily_over_8',
      '2031-04-08 meal_break',
    ]);
  });

  it('the fifth hour counts elapsed time from the stretch start, short gaps and breaks included', () => {
    // 8:00-10:00, a 20-minute gap, 10:20-13:10: 5:10 elapsed (4:50 worked) without a meal break.
    expect(flags([rec('2031-04-09', '08:00', '10:00'), rec('2031-04-09', '10:20', '13:10')])).toEqual([
      '2031-04-09 meal_break',
    ]);
  });

  it('a recorded break of 30 minutes counts as taken in time; a shorter one does not', () => {
    expect(flags([rec('2031-04-10', '08:00', '16:30', 30)])).toEqual([]);
    expect(flags([rec('2031-04-10', '08:00', '16:30', 29)])).toEqual([
      '2031-04-10 daily_over_8',
      '2031-04-10 meal_break',
    ]);
  });

  it('a break recorded only on a record that started after the fifth hour was too late', () => {
    const late = [rec('2031-04-11', '07:00', '12:10'), rec('2031-04-11', '12:20', '15:00', 30)];
    expect(flags(late)).toEqual(['2031-04-11 meal_break']);
  });

  it('a night stretch across midnight is flagged on the day it started; leave and open records are not work', () => {
    expect(flags([rec('2031-04-12', '21:00', '02:30')])).toEqual(['2031-04-12 meal_break']);
    expect(flags([rec('2031-04-13', '08:00', '17:00', 0, 'leave')])).toEqual([]);
    expect(flags([rec('2031-04-14', '06:00', null)])).toEqual([]);
  });
});

describe('settings', () => {
  const long = [
    ...[0, 1, 2, 3, 4, 5].map((i) => rec(shift('2031-05-05', i), '06:00', '13:00')),
    rec('2031-05-11', '06:00', '13:00'),
  ];
  it('all flags are on by default and each setting turns its own off', () => {
    expect(flags(long)).toContain('2031-05-11 seventh_day');
    expect(flags(long)).toContain('2031-05-10 weekly_over_40');
    expect(flags(long)).toContain('2031-05-05 meal_break');
    const none = { weekly_overtime: false, daily_overtime: false, seventh_day: false, meal_break: false };
    expect(flags(long, none)).toEqual([]);
    expect(flags(long, { ...DEFAULT_FLAG_SETTINGS, meal_break: false }).some((f) => f.endsWith('meal_break'))).toBe(
      false,
    );
    expect(flags(long, { ...none, seventh_day: true })).toEqual(['2031-05-11 seventh_day']);
    expect(flags(long, { ...none, weekly_overtime: true })).toEqual(['2031-05-10 weekly_over_40']);
    expect([...enabledFlagCodes({ ...none, daily_overtime: true })]).toEqual(['daily_over_8', 'daily_over_12']);
  });
});
