import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { demoPeople } from '../reports/test/demo-people';
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
});
