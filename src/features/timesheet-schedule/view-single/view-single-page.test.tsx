import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FakeScheduleServer, makeStaff } from './test/fake-schedule-server';
import ViewSinglePage from './view-single-page';

let server: FakeScheduleServer;

/** Thanksgiving week of 2026 for Ana: a part day off, special hours added, and the school closed Thursday and Friday. */
function seedThanksgivingWeek() {
  server.setDay('ana', {
    date: '2026-11-24',
    minutes: 330,
    blocks: [
      { start: '08:00', end: '13:00', break_minutes: 0 },
      { start: '15:30', end: '16:30', break_minutes: 0 },
    ],
    reason: 'day_off',
    details: [
      { kind: 'default', schedule_id: 'week-1', effective_from: '2026-08-01' },
      {
        kind: 'day_off',
        id: 'off-1',
        type: 'vacation',
        start_time: '13:00',
        end_time: '15:30',
        minutes_off: 150,
        note: null,
      },
    ],
  });
  server.setDay('ana', {
    date: '2026-11-25',
    minutes: 660,
    blocks: [
      { start: '08:00', end: '16:30', break_minutes: 30 },
      { start: '17:00', end: '20:00', break_minutes: 0 },
    ],
    reason: 'special',
    details: [
      { kind: 'default', schedule_id: 'week-1', effective_from: '2026-08-01' },
      {
        kind: 'special',
        id: 'sp-1',
        name: 'Conference night',
        mode: 'add',
        start: '17:00',
        end: '20:00',
        break_minutes: 0,
      },
    ],
  });
  for (const date of ['2026-11-26', '2026-11-27']) {
    server.setDay('ana', {
      date,
      minutes: 0,
      blocks: [],
      reason: 'holiday',
      details: [{ kind: 'holiday', id: 'nw-1', name: 'Thanksgiving break', non_work_kind: 'break' }],
    });
  }
}

const page = (route: string) =>
  renderWithProviders(<ViewSinglePage permissions={['timesheet_schedules-view']} />, { route });

/** The body row of a date. */
const rowOf = (date: string) => {
  const time = document.querySelector(`tbody time[datetime="${date}"]`);
  if (!time) throw new Error(`no row for ${date}`);
  return time.closest('tr') as HTMLElement;
};

beforeEach(() => {
  server = new FakeScheduleServer().install();
  server.staff = [makeStaff('ana', 'Ana', 'Ruiz'), makeStaff('ben', 'Ben', 'Ortiz', { current_schedule: null })];
  server.noWeek.add('ben');
  seedThanksgivingWeek();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('View Single', () => {
  it('shows each day of the week with its spans, reason and details, and the week total', async () => {
    await page('/timesheet-schedule/view-single?staff=ana&view=week&date=2026-11-25');

    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Ruiz' })).toBeTruthy();
    expect(screen.getByText('Non-exempt')).toBeTruthy();
    expect(await screen.findByText('Expected this week: 24:30 over 3 days')).toBeTruthy();
    const call = server.requests.find((r) => r.path === 'v2/timesheet_schedules/expected');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ from: '2026-11-23', to: '2026-11-29', user_id: 'ana' });

    const monday = within(rowOf('2026-11-23'));
    expect(monday.getByText('08:00–16:30, break 0:30')).toBeTruthy();
    expect(monday.getByText('Default week')).toBeTruthy();
    expect(monday.getByText('Default week from Aug 1, 2026')).toBeTruthy();

    const tuesday = within(rowOf('2026-11-24'));
    expect(tuesday.getByText('5:30')).toBeTruthy();
    expect(tuesday.getByText('Day off')).toBeTruthy();
    expect(tuesday.getByText('Vacation, 13:00–15:30 (−2:30)')).toBeTruthy();

    const wednesday = within(rowOf('2026-11-25'));
    expect(wednesday.getByText('17:00–20:00')).toBeTruthy();
    expect(wednesday.getByText('11:00')).toBeTruthy();
    expect(wednesday.getByText('Conference night 17:00–20:00 added')).toBeTruthy();

    const thursday = within(rowOf('2026-11-26'));
    expect(thursday.getByText('School closed')).toBeTruthy();
    expect(thursday.getByText('Thanksgiving break (Break)')).toBeTruthy();
    expect(thursday.getByText('No hours')).toBeTruthy();
    expect(within(rowOf('2026-11-29')).getByText('Not a work day')).toBeTruthy();

    const total = document.querySelector('tfoot tr') as HTMLElement;
    expect(within(total).getByText('Week total')).toBeTruthy();
    expect(within(total).getByText('24:30')).toBeTruthy();
  });

  it('closes each week of the month with a subtotal and totals the month; previous goes to October', async () => {
    const view = await page('/timesheet-schedule/view-single?staff=ana&view=week&date=2026-11-25');
    fireEvent.click(await screen.findByRole('button', { name: 'Month' }));

    // Nov 1, 2026 is a Sunday: six weeks, the first of one day and the last of one (Monday the 30th).
    expect(await screen.findByText('Expected this month: 152:30 over 19 days')).toBeTruthy();
    const subtotals = [...document.querySelectorAll('tbody tr[data-total="subtotal"]')].map((row) =>
      [...row.querySelectorAll('td')]
        .map((cell) => cell.textContent?.replace(/\s+/g, ' '))
        .filter(Boolean)
        .join(' | '),
    );
    expect(subtotals).toEqual([
      'Week of Nov 1 | 0:00',
      'Week of Nov 2 – 8 | 40:00',
      'Week of Nov 9 – 15 | 40:00',
      'Week of Nov 16 – 22 | 40:00',
      'Week of Nov 23 – 29 | 24:30',
      'Week of Nov 30 | 8:00',
    ]);
    // Each subtotal follows its Sunday (or the month's last day).
    expect(document.querySelector('tbody tr[data-total="subtotal"]')?.previousElementSibling?.textContent).toContain(
      'Sun, Nov 1',
    );
    expect(within(document.querySelector('tfoot') as HTMLElement).getByText('152:30')).toBeTruthy();
    expect(view.location().search).toContain('view=month');

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('October 2026')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('date')).toBe('2026-10-01');
  });

  it('downloads the month as CSV, a row per day with decimal hours, reason and details', async () => {
    const downloads = captureDownloads();
    try {
      await page('/timesheet-schedule/view-single?staff=ana&view=month&date=2026-11-05');
      fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      const [file] = await downloads.files();
      expect(file?.name).toBe('expected-hours-ana-ruiz-2026-11.csv');
      const rows = csvRows(file?.text ?? '');
      expect(rows).toHaveLength(31);
      expect(rows[0]).toBe('Date,Weekday,Start,End,Break minutes,Expected hours,Reason,Details');
      expect(rows[1]).toBe('2026-11-01,Sunday,,,,0.00,Not a work day,"Off in the default week from Aug 1, 2026"');
      expect(rows[24]).toBe(
        '2026-11-24,Tuesday,08:00; 15:30,13:00; 16:30,0,5.50,Day off,"Default week from Aug 1, 2026; Vacation, 13:00–15:30 (−2:30)"',
      );
      expect(rows[25]).toBe(
        '2026-11-25,Wednesday,08:00; 17:00,16:30; 20:00,30,11.00,Special hours,"Default week from Aug 1, 2026; Conference night 17:00–20:00 added"',
      );
      expect(rows[26]).toBe('2026-11-26,Thursday,,,,0.00,School closed,Thanksgiving break (Break)');
    } finally {
      downloads.restore();
    }
  });

  it('asks for a person first, then shows a person without a default week with a link to set one', async () => {
    const view = await page('/timesheet-schedule/view-single');
    expect(screen.getByText(/Choose a staff member/)).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Staff member' }), { target: { value: 'Ortiz' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ben Ortiz' }));

    expect(await screen.findByText('Expected this week: 0:00 over 0 days')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('staff')).toBe('ben');
    expect(screen.getAllByText('No default week')).toHaveLength(7);
    expect(screen.getByText(/Ben Ortiz has no default week for these days/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set a default week in Edit Defaults' });
    expect(link.getAttribute('href')).toBe('/timesheet-schedule?staff=ben');
  });

  it('says so when offline', async () => {
    server.offline = true;
    await page('/timesheet-schedule/view-single?staff=ana');
    expect(await screen.findByText(/You are offline\. Timesheet schedules are edited online/)).toBeTruthy();
  });
});
