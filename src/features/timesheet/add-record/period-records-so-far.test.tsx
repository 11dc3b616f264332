/**
 * A person's records of the pay period against the hours expected so far: on a Tuesday afternoon the period's total
 * compares the hours worked with the summary's expected so far, says the hours still expected later apart, and a
 * day cut short shows its hours so far with the rest as later. The summary comes from the reports' fake server.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BEN } from '../reports/test/demo-people';
import { day, FakeTimesheetServer, TIME_ZONE } from '../reports/test/fake-timesheet-server';
import type { ClockRecord } from './model/clock';
import { PeriodRecords } from './period-records';

afterEach(() => {
  vi.unstubAllGlobals();
});

const record = (id: string, date: string, start: string, end: string, breakMinutes = 0): ClockRecord => ({
  id,
  work_date: date,
  started_at: start,
  ended_at: end,
  break_minutes: breakMinutes,
  category: 'regular',
  leave_type: null,
  note: null,
  version: 1,
  confirmed: true,
  pending: false,
  attention: false,
  locked: false,
});

describe('Period records', () => {
  it('compares the hours worked with the hours expected so far and says the hours later apart', async () => {
    const server = new FakeTimesheetServer().install();
    server.people = [
      {
        user_id: BEN,
        user_name: 'Ortiz, Ben',
        days: [
          day('2026-11-16', 450, 480),
          // Clocked out at 13:00 on Tuesday: five hours of the day so far, the break not yet due.
          day('2026-11-17', 300, 480, { expected_so_far_minutes: 300 }),
          ...['2026-11-18', '2026-11-19', '2026-11-20'].map((d) => day(d, 0, 480, { expected_so_far_minutes: 0 })),
        ],
      },
    ];
    await renderWithProviders(
      <PeriodRecords
        userId={BEN}
        period={{ start: '2026-11-16', end: '2026-11-30' }}
        records={[
          // Monday 8:00 to 16:00 with a 30-minute lunch, Tuesday 8:00 to 13:00 (Pacific time).
          record('r1', '2026-11-16', '2026-11-16T16:00:00Z', '2026-11-17T00:00:00Z', 30),
          record('r2', '2026-11-17', '2026-11-17T16:00:00Z', '2026-11-17T21:00:00Z'),
        ]}
        now={Date.parse('2026-11-17T23:30:00Z')}
        timeZone={TIME_ZONE}
        online
      />,
    );
    // Worked from the device's records; expected so far once the summary is in.
    expect(await screen.findByText('Worked 12:30 of 13:00 expected so far (−0:30)')).toBeTruthy();
    // Tuesday's last three hours and Wednesday to Friday.
    expect(screen.getByTestId('period-ahead').textContent).toBe('27:00 expected later in these dates.');
    expect(screen.getByRole('columnheader', { name: 'Expected so far' })).toBeTruthy();
    const rows = [...document.querySelectorAll('tbody tr')] as HTMLElement[];
    const cellsOf = (text: RegExp) =>
      within(rows.find((r) => text.test(r.textContent ?? '')) as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cellsOf(/Tue/).slice(2)).toEqual(['5:00', '5:003:00 later']);
    expect(cellsOf(/Mon/).slice(2)).toEqual(['7:30', '8:00']);
  });
});
