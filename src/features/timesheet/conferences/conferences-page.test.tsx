import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, BEN, CY, FakeRecordsServer, record } from '../records/test/fake-records-server';
import ConferencesPage from './conferences-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Two conference nights of the fall (Los Angeles, UTC-8 in November, UTC-7 in October) and a regular day. */
function seed() {
  return [
    record(ANA, '2026-10-15', '2026-10-16T00:00:00Z', '2026-10-16T03:00:00Z', { category: 'conference' }),
    record(BEN, '2026-10-15', '2026-10-16T00:30:00Z', '2026-10-16T03:30:00Z', { category: 'conference' }),
    record(ANA, '2026-11-19', '2026-11-20T01:00:00Z', '2026-11-20T03:15:00Z', {
      category: 'conference',
      break_minutes: 15,
    }),
    record(CY, '2026-11-19', '2026-11-20T01:00:00Z', null, { category: 'conference' }),
    record(BEN, '2026-11-19', '2026-11-19T16:00:00Z', '2026-11-20T00:00:00Z'),
  ];
}

describe('View Conferences', () => {
  it("groups this school year's conference records by date and by person, with totals and a CSV of each", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const server = new FakeRecordsServer(seed()).install();
    const downloads = captureDownloads();
    try {
      await renderWithProviders(<ConferencesPage permissions={['timesheets-view_any']} />, {
        route: '/timesheet/view-conferences',
      });
      const october = await screen.findByRole('region', { name: 'Thu, Oct 15, 2026' });
      const query = server.requests.find((r) => r.path === 'v2/timesheets')?.query;
      expect(query?.get('filter[category]')).toBe('conference');
      expect(query?.get('filter[from]')).toBe('2026-07-01');
      expect(query?.get('filter[to]')).toBe('2027-06-30');
      expect(within(october).getByText('6:00 · 2 people')).toBeTruthy();
      expect(within(october).getByText('5:00 PM – 8:00 PM')).toBeTruthy();
      const november = screen.getByRole('region', { name: 'Thu, Nov 19, 2026' });
      expect(within(november).getByText('2:00 · 2 people')).toBeTruthy();
      expect(within(november).getByText('Missing clock-out')).toBeTruthy();
      expect(screen.getByText('Total: 8:00 worked by 3 people over 2 dates')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'By person' }));
      const table = await screen.findByRole('table', { name: 'Conference hours by person' });
      const rows = within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent).join('|'));
      expect(rows).toEqual([
        'Person|Dates|Records|Worked',
        'Ito, Ben|1|1|3:00',
        'Park, Cy|1|1|0:00',
        'Ruiz, Ana|2|2|5:00',
        'Total|2|4|8:00',
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      fireEvent.click(screen.getByRole('button', { name: 'By date' }));
      await screen.findByRole('region', { name: 'Thu, Oct 15, 2026' });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(2));
      const [byPerson, byDate] = await downloads.files();
      expect(byPerson?.name).toBe('conferences-by-person-2026-07-01-to-2027-06-30.csv');
      expect(csvRows(byPerson?.text ?? '')).toEqual([
        'Person,Dates,Records,Worked hours',
        '"Ito, Ben",1,1,3.00',
        '"Park, Cy",1,1,0.00',
        '"Ruiz, Ana",2,2,5.00',
        'Total,2,4,8.00',
      ]);
      expect(csvRows(byDate?.text ?? '')).toEqual([
        'Date,Person,In,Out,Break minutes,Worked hours,Note',
        '2026-10-15,"Ito, Ben",2026-10-15 17:30,2026-10-15 20:30,0,3.00,',
        '2026-10-15,"Ruiz, Ana",2026-10-15 17:00,2026-10-15 20:00,0,3.00,',
        '2026-11-19,"Park, Cy",2026-11-19 17:00,,0,,',
        '2026-11-19,"Ruiz, Ana",2026-11-19 17:00,2026-11-19 19:15,15,2.00,',
      ]);
    } finally {
      downloads.restore();
    }
  });
});
