/**
 * The people the reports' screen tests share, in the first half of November 2026 (a semi-monthly pay period: Sunday
 * the 1st, then the weeks of Nov 2 – 8 and Nov 9 – 15), every day of it in the past:
 *
 * - Ben Ortiz: Monday 8:00 as expected (in 7:58, out 16:28, Pacific time); Tuesday clocked in and never out; Wednesday
 *   9:00 of 8:00 with the daily overtime flag; Thursday 7:50 (within 15 minutes); Friday 6:40 (1:20 under).
 * - Ana Ruiz (exempt): Monday 8:00 with 2:00 of it a conference night; Thursday expected 8:00 and nothing recorded;
 *   Saturday 4:00 with nothing expected; the weekly flag dated Friday the 13th.
 * - Cruz Lee: expected Monday to Friday of the first week and nothing recorded.
 */
import { day, type FakePerson } from './fake-timesheet-server';

export const BEN = '0190f5a0-0000-7000-8000-000000000001';
export const ANA = '0190f5a0-0000-7000-8000-000000000002';
export const CRUZ = '0190f5a0-0000-7000-8000-000000000003';

/** The three people (fresh copies: a test may change them). */
export function demoPeople(): FakePerson[] {
  return [
    {
      user_id: BEN,
      user_name: 'Ortiz, Ben',
      days: [
        day('2026-11-02', 480, 480, {
          first_in: '2026-11-02T15:58:00Z',
          last_out: '2026-11-03T00:28:00Z',
        }),
        day('2026-11-03', 0, 480, { open: true, records: 1, first_in: '2026-11-03T16:02:00Z' }),
        day('2026-11-04', 540, 480, {
          flags: ['daily_over_8'],
          first_in: '2026-11-04T15:00:00Z',
          last_out: '2026-11-05T00:30:00Z',
        }),
        day('2026-11-05', 470, 480, { first_in: '2026-11-05T16:00:00Z', last_out: '2026-11-06T00:20:00Z' }),
        day('2026-11-06', 400, 480, { first_in: '2026-11-06T16:00:00Z', last_out: '2026-11-06T23:10:00Z' }),
      ],
    },
    {
      user_id: ANA,
      user_name: 'Ruiz, Ana',
      exempt: true,
      days: [
        day('2026-09-14', 480, 480),
        day('2026-11-02', 480, 480, {
          by_category: { regular: 360, conference: 120 },
          records: 2,
          first_in: '2026-11-02T16:00:00Z',
          last_out: '2026-11-03T04:00:00Z',
        }),
        day('2026-11-05', 0, 480),
        day('2026-11-07', 240, 0, { first_in: '2026-11-07T17:00:00Z', last_out: '2026-11-07T21:00:00Z' }),
      ],
      flags: [{ code: 'weekly_over_40', date: '2026-11-13' }],
    },
    {
      user_id: CRUZ,
      user_name: 'Lee, Cruz',
      days: ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((d) => day(d, 0, 480)),
    },
  ];
}
