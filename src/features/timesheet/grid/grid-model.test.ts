import { describe, expect, it } from 'vitest';
import type { SummaryPerson, SummaryResponse } from '../../../contract';
import { day } from '../reports/test/fake-timesheet-server';
import { buildGridModel, cellMarks, weeksOf } from './grid-model';

const FLAGS = { weekly_overtime: true, daily_overtime: true, seventh_day: true, meal_break: true };

function person(id: string, name: string, extra: Partial<SummaryPerson> = {}): SummaryPerson {
  return {
    user_id: id,
    user_name: name,
    exempt: false,
    worked_minutes: 0,
    expected_minutes: 0,
    expected_so_far_minutes: 0,
    expected_ahead_minutes: 0,
    by_category: {},
    days: [],
    flags: [],
    periods: [{ start: '2026-11-01', end: '2026-11-15', state: 'open', note: null }],
    ...extra,
  };
}

/** The first half of November 2026 (a semi-monthly pay period: Sunday the 1st, then two whole weeks). */
const summary: SummaryResponse = {
  from: '2026-11-01',
  to: '2026-11-15',
  time_zone: 'America/Los_Angeles',
  as_of: '2026-11-17T19:40:00.000Z',
  flag_settings: FLAGS,
  people: [
    person('ruiz', 'Ruiz, Ana', {
      days: [day('2026-11-07', 240, 0), day('2026-11-09', 480, 480)],
      flags: [{ code: 'weekly_over_40', date: '2026-11-13' }],
      periods: [{ start: '2026-11-01', end: '2026-11-15', state: 'approved', note: null }],
    }),
    person('ortiz', 'Ortiz, Ben', {
      days: [
        day('2026-11-02', 480, 480),
        day('2026-11-03', 0, 480, { open: true, records: 1 }),
        day('2026-11-04', 540, 480, { flags: ['daily_over_8'] }),
        day('2026-11-05', 470, 480),
        day('2026-11-06', 400, 480),
        day('2026-11-10', 480, 480),
      ],
    }),
  ],
};

describe('grid model', () => {
  const model = buildGridModel(summary, '2026-11-25');

  it('splits a pay period into Monday-to-Sunday weeks cut at its edges', () => {
    expect(model.dates).toHaveLength(15);
    expect(model.weeks.map((w) => [w.from, w.to, w.first, w.length])).toEqual([
      ['2026-11-01', '2026-11-01', 0, 1],
      ['2026-11-02', '2026-11-08', 1, 7],
      ['2026-11-09', '2026-11-15', 8, 7],
    ]);
    expect(weeksOf(['2026-11-23', '2026-11-24'])).toHaveLength(1);
  });

  it('orders people by name and totals each week, each person, each day and everything', () => {
    expect(model.rows.map((r) => r.name)).toEqual(['Ortiz, Ben', 'Ruiz, Ana']);
    const [ben, ana] = model.rows;
    expect(ben?.weeks).toEqual([
      { worked: 0, expected: 0, soFar: 0 },
      { worked: 1890, expected: 2400, soFar: 2400 },
      { worked: 480, expected: 480, soFar: 480 },
    ]);
    expect(ben?.total).toEqual({ worked: 2370, expected: 2880, soFar: 2880 });
    expect(ana?.weeks).toEqual([
      { worked: 0, expected: 0, soFar: 0 },
      { worked: 240, expected: 0, soFar: 0 },
      { worked: 480, expected: 480, soFar: 480 },
    ]);
    expect(model.weekTotals).toEqual([
      { worked: 0, expected: 0, soFar: 0 },
      { worked: 2130, expected: 2400, soFar: 2400 },
      { worked: 960, expected: 960, soFar: 960 },
    ]);
    expect(model.dayTotals[8]).toEqual({ worked: 480, expected: 480, soFar: 480 });
    expect(model.dayTotals[9]).toEqual({ worked: 480, expected: 480, soFar: 480 });
    expect(model.total).toEqual({ worked: 3090, expected: 3360, soFar: 3360 });
    expect(ana?.periods.map((p) => p.state)).toEqual(['approved']);
  });

  it('marks a missing clock-out, over and under expected by 15 minutes or more, and flags', () => {
    const ben = model.rows[0];
    const marks = Object.fromEntries((ben?.cells ?? []).map((c) => [c.date, c.marks]));
    expect(marks['2026-11-02']).toEqual([]);
    expect(marks['2026-11-03']).toEqual(['missingOut']);
    expect(ben?.cells[2]?.open).toBe('missingOut');
    expect(marks['2026-11-04']).toEqual(['flag', 'over']);
    expect(marks['2026-11-05']).toEqual([]);
    expect(marks['2026-11-06']).toEqual(['under']);
    expect(marks['2026-11-07']).toEqual([]);
    const ana = model.rows[1];
    const anaMarks = Object.fromEntries((ana?.cells ?? []).map((c) => [c.date, c.marks]));
    expect(anaMarks['2026-11-07']).toEqual(['over']);
    expect(ana?.cells.find((c) => c.date === '2026-11-13')?.flags).toEqual(['weekly_over_40']);
    expect(anaMarks['2026-11-13']).toEqual(['flag']);
    expect(ben?.attention).toBe(3);
    expect(model.attention).toBe(5);
  });

  it('leaves today and later days alone: clocked in now, not under yet', () => {
    expect(cellMarks({ date: '2026-11-25', worked: 0, soFar: 480, flags: [], hasOpen: true }, '2026-11-25')).toEqual(
      [],
    );
    expect(cellMarks({ date: '2026-11-25', worked: 200, soFar: 480, flags: [], hasOpen: false }, '2026-11-25')).toEqual(
      [],
    );
    expect(cellMarks({ date: '2026-11-24', worked: 465, soFar: 480, flags: [], hasOpen: false }, '2026-11-25')).toEqual(
      ['under'],
    );
    expect(cellMarks({ date: '2026-11-26', worked: 495, soFar: 480, flags: [], hasOpen: false }, '2026-11-25')).toEqual(
      ['over'],
    );
    const today = buildGridModel(
      {
        ...summary,
        from: '2026-11-25',
        to: '2026-11-25',
        people: [person('x', 'X', { days: [day('2026-11-25', 0, 480, { open: true })] })],
      },
      '2026-11-25',
    );
    expect(today.rows[0]?.cells[0]?.open).toBe('clockedIn');
  });

  it('compares worked with the expected so far: today up to now, later days all ahead and never short', () => {
    // Tuesday 2026-11-17 in the afternoon: Monday is past, Tuesday 6:00 of its 8:00 so far, the rest of the week ahead.
    const week = buildGridModel(
      {
        ...summary,
        from: '2026-11-16',
        to: '2026-11-22',
        people: [
          person('x', 'X', {
            days: [
              day('2026-11-16', 480, 480),
              day('2026-11-17', 350, 480, { expected_so_far_minutes: 360 }),
              day('2026-11-18', 0, 480, { expected_so_far_minutes: 0 }),
              day('2026-11-19', 0, 480, { expected_so_far_minutes: 0 }),
            ],
          }),
        ],
      },
      '2026-11-17',
    );
    const [row] = week.rows;
    const cells = row?.cells ?? [];
    expect(cells.map((c) => [c.date, c.soFar, c.ahead, c.difference, c.marks])).toEqual([
      ['2026-11-16', 480, false, 0, []],
      ['2026-11-17', 360, false, -10, []],
      ['2026-11-18', 0, true, 0, []],
      ['2026-11-19', 0, true, 0, []],
      ['2026-11-20', 0, false, 0, []],
      ['2026-11-21', 0, false, 0, []],
      ['2026-11-22', 0, false, 0, []],
    ]);
    expect(row?.total).toEqual({ worked: 830, expected: 1920, soFar: 840 });
    expect(week.total).toEqual({ worked: 830, expected: 1920, soFar: 840 });
    expect(week.attention).toBe(0);
  });
});
