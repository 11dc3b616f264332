import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NslpDailyCount } from '../../../contract';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import RecordsPage from './records-page';
import { FakeMealsServer } from './test/fake-meals-server';
import { renderMealsScreen } from './test/render-meals';

const category = (count: number, eligible: number, factor = 0.9) => ({
  count,
  eligible,
  limit: Math.round(eligible * factor * 100) / 100,
  flagged: count > eligible * factor,
});
const day = (served_on: string, free: number, reduced: number, paid: number): NslpDailyCount => {
  const c = { free: category(free, 100), reduced: category(reduced, 20), paid: category(paid, 80) };
  return {
    served_on,
    meal_type: 'lunch',
    closed: null,
    in_claim: true,
    ...c,
    total: free + reduced + paid,
    flagged: c.free.flagged || c.reduced.flagged || c.paid.flagged,
  };
};

let server: FakeMealsServer;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-04T20:00:00.000Z'));
  server = new FakeMealsServer().install();
  server.counts = {
    data: [day('2030-03-02', 80, 15, 60), day('2030-03-03', 85, 19, 50)],
    meta: { from: '2030-03-01', to: '2030-03-04', attendance_factor: 0.9, by_category: true },
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderCounts(route = '/meals/view-records?view=counts&from=2030-03-01&meal=lunch') {
  await renderMealsScreen(<RecordsPage permissions={['nslp_records-view_any']} />, { route });
  return screen.findByRole('table', { name: 'Daily meal counts by category' });
}

describe('View Records: daily counts', () => {
  it('asks for the range and service, and shows each category with its limit', async () => {
    const table = await renderCounts();
    const query = server.calls('GET', 'v2/nslp_records/daily_counts').at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ from: '2030-03-01', to: '2030-03-04', meal_type: 'lunch' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Sat, Mar 2, 2030')).toBeTruthy();
    expect(first.getByText('80')).toBeTruthy();
    expect(first.getByText('limit 90 of 100 eligible')).toBeTruthy();
    expect(first.getByText('155')).toBeTruthy();
    expect(first.getByText('Within limits')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Totals')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('309')).toBeTruthy();
    expect(screen.getByText(/attendance factor \(0\.9\)/)).toBeTruthy();
  });

  it('flags a day above a limit plainly, in words and not by colour alone', async () => {
    const table = await renderCounts();
    const flagged = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(flagged.getAttribute('data-flagged')).toBe('true');
    expect(within(flagged).getByText('Above the limit: Reduced-price')).toBeTruthy();
    expect(within(flagged).getByText('Above limit')).toBeTruthy();
    expect(within(flagged).getByText('limit 18 of 20 eligible')).toBeTruthy();
    expect(screen.getByText('1 day is above a limit.')).toBeTruthy();
  });

  it('exports the counts as CSV', async () => {
    const downloads = captureDownloads();
    try {
      await renderCounts();
      fireEvent.click(screen.getByRole('button', { name: 'Export counts CSV' }));
      const [file] = await downloads.files();
      expect(file?.name).toBe('meal-counts-2030-03-01-to-2030-03-04.csv');
      const rows = csvRows(file?.text ?? '');
      expect(rows[0]).toBe(
        'Date,Service,Free count,Free eligible,Free limit,Free above limit,Reduced-price count,Reduced-price eligible,' +
          'Reduced-price limit,Reduced-price above limit,Paid count,Paid eligible,Paid limit,Paid above limit,Total,Above a limit,' +
          'School closed,Meal service,In the claim',
      );
      expect(rows[2]).toBe('2030-03-03,Lunch,85,100,90,No,19,20,18,Yes,50,80,72,No,154,Yes,,,Yes');
      expect(rows).toHaveLength(3);
    } finally {
      downloads.restore();
    }
  });

  it('says when nothing was counted, and refuses a range longer than a year', async () => {
    server.counts = {
      data: [],
      meta: { from: '2030-03-04', to: '2030-03-04', attendance_factor: 0.9, by_category: true },
    };
    await renderMealsScreen(<RecordsPage permissions={['nslp_records-view_any']} />, {
      route: '/meals/view-records?view=counts',
    });
    expect(await screen.findByText('No meals counted in this range.')).toBeTruthy();
    const asked = server.calls('GET', 'v2/nslp_records/daily_counts').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2028-01-01' } });
    expect(await screen.findByText('Ask for at most 366 days at a time.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('No meals counted in this range.')).toBeNull());
    expect(server.calls('GET', 'v2/nslp_records/daily_counts')).toHaveLength(asked);
  });

  it('switches between records and counts with the tabs, kept in the URL', async () => {
    const view = await renderMealsScreen(<RecordsPage permissions={['nslp_records-view_any']} />, {
      route: '/meals/view-records',
    });
    await screen.findByText('No meals recorded for these filters.');
    fireEvent.click(screen.getByRole('tab', { name: 'Daily counts' }));
    expect(await screen.findByRole('table', { name: 'Daily meal counts by category' })).toBeTruthy();
    expect(view.location().search).toBe('?view=counts');
  });

  it('shows totals per day and service only, with no category columns, when the server answers without categories', async () => {
    server.counts = {
      data: [
        { served_on: '2030-03-02', meal_type: 'lunch', closed: null, in_claim: true, total: 155 },
        { served_on: '2030-03-03', meal_type: 'lunch', closed: null, in_claim: true, total: 154 },
      ],
      meta: { from: '2030-03-01', to: '2030-03-04', attendance_factor: 0.9, by_category: false },
    };
    await renderMealsScreen(<RecordsPage permissions={['nslp_records-view_any']} />, {
      route: '/meals/view-records?view=counts&from=2030-03-01&meal=lunch',
    });
    const table = await screen.findByRole('table', { name: 'Daily meal totals by service' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Service', 'Total']);
    expect(within(table).getByText('309')).toBeTruthy();
    expect(screen.queryByText(/Free|Reduced-price|Paid/)).toBeNull();
    expect(screen.getByText(/shown to staff who may see meal eligibility/)).toBeTruthy();
    const downloads = captureDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export counts CSV' }));
      const rows = csvRows((await downloads.files())[0]?.text ?? '');
      expect(rows).toEqual([
        'Date,Service,Total,School closed,Meal service,In the claim',
        '2030-03-02,Lunch,155,,,Yes',
        '2030-03-03,Lunch,154,,,Yes',
      ]);
    } finally {
      downloads.restore();
    }
  });
});

describe('View Records: meals on closed days', () => {
  const closedDay = (served_on: string, closed: NslpDailyCount['closed']): NslpDailyCount => ({
    ...day(served_on, 10, 2, 5),
    closed,
    in_claim: closed?.service != null,
  });

  it('says the school was closed, leaves the day out of the totals, and says how many meals that is', async () => {
    server.counts = {
      data: [
        day('2030-03-04', 80, 15, 60),
        closedDay('2030-03-05', { reason: 'closure', name: 'Staff Development Day', service: null }),
        closedDay('2030-03-09', { reason: 'weekend', name: null, service: 'Spring meals' }),
      ],
      meta: { from: '2030-03-01', to: '2030-03-09', attendance_factor: 0.9, by_category: true },
    };
    const table = await renderCounts();
    const rows = within(table).getAllByRole('row');
    const closed = within(rows[2] as HTMLElement);
    expect(closed.getByText('School closed: Staff Development Day')).toBeTruthy();
    expect(closed.getByText('Not in the claim')).toBeTruthy();
    expect(closed.queryByText('Within limits')).toBeNull();
    // No way to count it as a meal service without the permission.
    expect(closed.queryByRole('button')).toBeNull();
    const served = within(rows[3] as HTMLElement);
    expect(served.getByText('School closed: weekend')).toBeTruthy();
    expect(served.getByText('Meal service: Spring meals')).toBeTruthy();
    // Totals: the school day (155) and the weekend's meal service (17), not the closure's 17.
    expect(within(rows[4] as HTMLElement).getByText('172')).toBeTruthy();
    expect(screen.getByText('17 meals of days the school was closed are not in the totals.')).toBeTruthy();
  });

  it('counts a closed day as a meal service from its row, with what is wrong said at the field', async () => {
    server.counts = {
      data: [closedDay('2030-03-05', { reason: 'closure', name: 'Staff Development Day', service: null })],
      meta: { from: '2030-03-01', to: '2030-03-09', attendance_factor: 0.9, by_category: true },
    };
    await renderMealsScreen(
      <RecordsPage permissions={['nslp_records-view_any', 'meal_service_days-create', 'meal_service_days-view_any']} />,
      { route: '/meals/view-records?view=counts&from=2030-03-01&meal=lunch' },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Count the meals of Tue, Mar 5, 2030 as a meal service' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Count Tue, Mar 5, 2030 as a meal service' });
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).value).toBe('2030-03-05');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Count in the claim' }));
    expect(await within(dialog).findByText('Name the meal service.')).toBeTruthy();
    expect(server.calls('POST', 'v2/meal_service_days')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Name of the meal service/), {
      target: { value: 'Community lunch' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2030-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Count in the claim' }));
    expect(await within(dialog).findByText('The last day is on or after the first.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2030-03-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Count in the claim' }));
    await waitFor(() => expect(server.calls('POST', 'v2/meal_service_days')).toHaveLength(1));
    expect(server.calls('POST', 'v2/meal_service_days')[0]?.body).toMatchObject({
      name: 'Community lunch',
      starts_on: '2030-03-05',
      ends_on: '2030-03-05',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The counts are asked again, now with the day in the claim.
    await waitFor(() => expect(server.calls('GET', 'v2/nslp_records/daily_counts').length).toBeGreaterThan(1));
  });
});
