import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BEN, demoPeople } from '../reports/test/demo-people';
import { day, FakeTimesheetServer } from '../reports/test/fake-timesheet-server';
import CumulativePage from './cumulative-page';

let server: FakeTimesheetServer;

const page = (route = '/timesheet/view-cumulative?date=2026-11-05') =>
  renderWithProviders(<CumulativePage permissions={['timesheets-view_any']} />, { route });

/** Each body row as its cells' texts (a category cell: the pay period's, then the year's). */
const table = async () => {
  await screen.findByRole('region', { name: /Running totals/ });
  return [...document.querySelectorAll('tbody tr, tfoot tr')].map((row) =>
    [...row.querySelectorAll('th, td')]
      .map((c) => [...c.childNodes].map((n) => n.textContent?.replace(/\s+/g, ' ').trim()).join('/'))
      .join(' | '),
  );
};

beforeEach(() => {
  server = new FakeTimesheetServer().install();
  server.people = demoPeople();
  // Ben's training day in August, before the pay period: only the year counts it.
  server.people[0]?.days.unshift(day('2026-08-20', 300, 480, { by_category: { training: 300 } }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('View Cumulative', () => {
  it('totals the pay period and the school year to its end, by category, from totals-only summaries', async () => {
    await page();
    expect(await screen.findByText('Pay period Nov 1 – 15, 2026')).toBeTruthy();
    const rows = await table();
    const calls = server.requests
      .filter((r) => r.path === 'v2/timesheets/summary')
      .map((r) => `${r.query.get('from')} ${r.query.get('to')} ${r.query.get('days')}`);
    expect(calls).toEqual(['2026-11-01 2026-11-15 false', '2026-07-01 2026-11-15 false']);

    expect(rows).toEqual([
      // Person | pay period worked, expected, difference | year worked, expected, difference | regular, conference, training
      'Lee, Cruz | 0:00 | 40:00 | −40:00 | 0:00 | 40:00 | −40:00 | 0:00/school year 0:00 | 0:00/school year 0:00 | 0:00/school year 0:00',
      'Ortiz, Ben | 31:30 | 40:00 | −8:30 | 36:30 | 48:00 | −11:30 | 31:30/school year 31:30 | 0:00/school year 0:00 | 0:00/school year 5:00',
      'Ruiz, Ana/Exempt | 12:00 | 16:00 | −4:00 | 20:00 | 24:00 | −4:00 | 10:00/school year 18:00 | 2:00/school year 2:00 | 0:00/school year 0:00',
      'Total (3 people) | 43:30 | 96:00 | −52:30 | 56:30 | 112:00 | −55:30 | 41:30/school year 49:30 | 2:00/school year 2:00 | 0:00/school year 5:00',
    ]);
    expect(screen.getByRole('columnheader', { name: 'Conference' })).toBeTruthy();
    // A past pay period: the year runs to its end.
    expect(
      screen.getByRole('columnheader', { name: /^School year to the period’s end \(Jul 1\s–\sNov 15, 2026\)$/ }),
    ).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Leave' })).toBeNull();
  });

  it('sorts by a difference and steps to the previous pay period', async () => {
    const view = await page();
    await table();
    fireEvent.click(screen.getAllByRole('button', { name: /^Difference/ })[1] as HTMLElement);
    expect((await table()).map((r) => r.split(' | ')[0])).toEqual([
      'Lee, Cruz',
      'Ortiz, Ben',
      'Ruiz, Ana/Exempt',
      'Total (3 people)',
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: /^Difference/ })[1] as HTMLElement);
    expect((await table()).map((r) => r.split(' | ')[0])).toEqual([
      'Ruiz, Ana/Exempt',
      'Ortiz, Ben',
      'Lee, Cruz',
      'Total (3 people)',
    ]);
    expect(new URLSearchParams(view.location().search).get('sort')).toBe('-year');
    const sorted = screen.getAllByRole('columnheader').find((h) => h.getAttribute('aria-sort') === 'descending');
    expect(sorted?.textContent).toContain('Difference');

    fireEvent.click(screen.getByRole('button', { name: 'Previous pay period' }));
    expect(await screen.findByText('Pay period Oct 16 – 31, 2026')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('date')).toBe('2026-10-31');
    const october = await table();
    expect(october.find((r) => r.startsWith('Ruiz'))).toBe(
      'Ruiz, Ana/Exempt | 0:00 | 0:00 | 0:00 | 8:00 | 8:00 | 0:00 | 0:00/school year 8:00 | 0:00/school year 0:00',
    );
  });

  it('runs the school year to today in the current pay period, against the hours expected so far', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-17T23:30:00Z')); // Tuesday 15:30 in Los Angeles
    server.people = [
      {
        user_id: BEN,
        user_name: 'Ortiz, Ben',
        days: [
          day('2026-09-14', 480, 480),
          day('2026-11-16', 480, 480),
          // Gone home at 14:00: 6:00 of the day's 8:00 so far.
          day('2026-11-17', 300, 480, { expected_so_far_minutes: 360 }),
          ...['2026-11-18', '2026-11-19', '2026-11-20'].map((d) => day(d, 0, 480, { expected_so_far_minutes: 0 })),
        ],
      },
    ];
    await page('/timesheet/view-cumulative?date=2026-11-17');
    const rows = await table();
    const calls = server.requests
      .filter((r) => r.path === 'v2/timesheets/summary')
      .map((r) => `${r.query.get('from')} ${r.query.get('to')}`);
    expect(calls).toEqual(['2026-11-16 2026-11-30', '2026-07-01 2026-11-17']);
    expect(rows).toEqual([
      'Ortiz, Ben | 13:00 | 14:00/26:00 later | −1:00 | 21:00 | 22:00/2:00 later | −1:00 | 13:00/school year 21:00',
      'Total (1 person) | 13:00 | 14:00/26:00 later | −1:00 | 21:00 | 22:00/2:00 later | −1:00 | 13:00/school year 21:00',
    ]);
    expect(
      screen.getByRole('columnheader', { name: /^School year to today \(Jul 1\s–\sNov 17, 2026\)$/ }),
    ).toBeTruthy();
    const downloads = captureDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      const [file] = await downloads.files();
      expect(csvRows(file?.text ?? '')).toEqual([
        'Person,Exempt,Pay period: Worked,Pay period: Expected so far,Pay period: Expected later,Pay period: Over expected,Pay period: Under expected,School year: Worked,School year: Expected so far,School year: Expected later,School year: Over expected,School year: Under expected,Pay period: Regular,School year: Regular',
        '"Ortiz, Ben",,13.00,14.00,26.00,0.00,1.00,21.00,22.00,2.00,0.00,1.00,13.00,21.00',
      ]);
    } finally {
      downloads.restore();
    }
    expect(screen.getByTestId('cumulative-intro').textContent).toMatch(
      /^Running totals of the pay period and of the school year to today \(Jul 1\s–\sNov 17, 2026\), against the hours expected so far\.$/,
    );
  });
});
