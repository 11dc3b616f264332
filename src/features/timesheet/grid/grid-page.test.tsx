import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, BEN, CRUZ, demoPeople } from '../reports/test/demo-people';
import { day, FakeTimesheetServer } from '../reports/test/fake-timesheet-server';
import GridPage from './grid-page';

let server: FakeTimesheetServer;
const TIMEKEEPER = ['timesheets-view_any', 'timesheets-update'];

const page = (route = '/timesheet/view-grid?range=period&date=2026-11-05', permissions = TIMEKEEPER) =>
  renderWithProviders(<GridPage permissions={permissions} />, { route });

/** The row of a person, once the grid is drawn. */
const rowOf = async (userId: string) => {
  await screen.findByRole('region', { name: /Hours worked and expected/ });
  const row = document.querySelector(`tbody tr[data-user="${userId}"]`);
  if (!row) throw new Error(`no row for ${userId}`);
  return row as HTMLElement;
};
const cellOf = (row: HTMLElement, date: string) => row.querySelector(`td[data-date="${date}"]`) as HTMLElement;
const text = (el: Node | null) => el?.textContent?.replace(/\s+/g, ' ').trim();
/** A cell's lines (worked, expected, each mark), as they stack on screen. */
const lines = (el: Element | null) => [...(el?.childNodes ?? [])].map(text).join(' | ');

beforeEach(() => {
  server = new FakeTimesheetServer().install();
  server.people = demoPeople();
  server.setState(BEN, '2026-11-01', 'submitted');
  server.setState(ANA, '2026-11-01', 'approved');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('View Grid', () => {
  it('shows a pay period by weeks with totals, each state, and the marks in words', async () => {
    await page();
    expect(await screen.findByText('Pay period Nov 1 – 15, 2026')).toBeTruthy();
    const summaryCall = server.requests.find((r) => r.path === 'v2/timesheets/summary');
    expect(Object.fromEntries(summaryCall?.query ?? [])).toMatchObject({ from: '2026-11-01', to: '2026-11-15' });

    const ben = await rowOf(BEN);
    expect(within(ben).getByRole('rowheader').textContent).toContain('Ortiz, Ben');
    expect(
      within(ben).getByRole('button', { name: /^Submitted: review the pay period of Ortiz, Ben, Nov 1\s–\s15$/ }),
    ).toBeTruthy();
    expect(lines(cellOf(ben, '2026-11-02'))).toBe('8:00 | expected 8:00');
    expect(cellOf(ben, '2026-11-02').dataset.a).toBeUndefined();
    expect(lines(cellOf(ben, '2026-11-03'))).toBe('0:00 | expected 8:00 | No clock-out');
    expect(cellOf(ben, '2026-11-03').dataset.a).toBe('missingOut');
    expect(lines(cellOf(ben, '2026-11-04'))).toBe(
      '9:00 | expected 8:00 | 8+ day Over 8 hours this day | Over expected by +1:00',
    );
    expect(lines(cellOf(ben, '2026-11-05'))).toBe('7:50 | expected 8:00');
    expect(lines(cellOf(ben, '2026-11-06'))).toBe('6:40 | expected 8:00 | Under expected by −1:20');
    // After each week its total; the period's total last.
    const benTotals = [...ben.querySelectorAll('td[data-week], td[data-total]')].map(lines);
    expect(benTotals).toEqual([
      '0:00 | expected 0:00',
      '31:30 | expected 40:00',
      '0:00 | expected 0:00',
      '31:30 | expected 40:00',
    ]);

    const ana = await rowOf(ANA);
    expect(within(ana).getByText('Exempt')).toBeTruthy();
    expect(within(ana).getByRole('button', { name: /^Approved: review the pay period of Ruiz, Ana/ })).toBeTruthy();
    expect(lines(cellOf(ana, '2026-11-05'))).toBe('0:00 | expected 8:00 | Under expected by −8:00');
    expect(lines(cellOf(ana, '2026-11-07'))).toBe('4:00 | expected 0:00 | Over expected by +4:00');
    expect(lines(cellOf(ana, '2026-11-13'))).toBe('0:00 | expected 0:00 | 40+ week Over 40 hours this week');
    expect(within(await rowOf(CRUZ)).getByRole('button', { name: /^Open: review/ })).toBeTruthy();

    const footer = document.querySelector('tfoot tr') as HTMLElement;
    expect(text(within(footer).getByRole('rowheader'))).toBe('Day totals');
    expect([...footer.querySelectorAll('td')].map(lines).slice(2, 4)).toEqual([
      '16:00 | expected 24:00',
      '0:00 | expected 16:00',
    ]);
    expect(screen.getByTestId('grid-total').textContent).toBe(
      'Everyone: worked 43:30 of 96:00 expected so far (−52:30).',
    );
    expect(screen.getByText('11 days need attention.')).toBeTruthy();
    // Every day of the period is past: nothing is still ahead.
    expect(screen.queryByTestId('grid-ahead')).toBeNull();
    expect(screen.getByText('Over expected by 15 minutes or more')).toBeTruthy();
  });

  it('approves a submitted period, and the badge says so', async () => {
    await page();
    fireEvent.click(
      within(await rowOf(BEN)).getByRole('button', { name: /^Submitted: review the pay period of Ortiz, Ben/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay period of Ortiz, Ben' });
    expect(within(dialog).queryByRole('button', { name: 'Reopen…' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(await rowOf(BEN)).findByRole('button', { name: /^Approved: review/ })).toBeTruthy();
    const call = server.requests.find((r) => r.path === 'v2/timesheets/periods/approve');
    expect(call?.body).toEqual({ user_id: BEN, date: '2026-11-01' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('returns a period only with a note, and shows a refusal of the note under it', async () => {
    await page();
    fireEvent.click(within(await rowOf(BEN)).getByRole('button', { name: /^Submitted: review/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return the pay period' }));
    expect(await within(dialog).findByText('Say what to fix.')).toBeTruthy();
    expect(server.requests.some((r) => r.path === 'v2/timesheets/periods/return')).toBe(false);

    const note = within(dialog).getByRole('textbox', { name: /What to fix/ });
    fireEvent.change(note, { target: { value: 'Tuesday has no clock-out' } });
    server.failNext('POST', /periods\/return$/, 422, {
      message: 'The given data was invalid.',
      errors: { note: ['The note is too long.'] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return the pay period' }));
    expect(await within(dialog).findByText('The note is too long.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Return the pay period' }));
    expect(await within(await rowOf(BEN)).findByRole('button', { name: /^Returned: review/ })).toBeTruthy();
    const calls = server.requests.filter((r) => r.path === 'v2/timesheets/periods/return');
    expect(calls.at(-1)?.body).toEqual({ user_id: BEN, date: '2026-11-01', note: 'Tuesday has no clock-out' });
  });

  it('reopens an approved period with a reason, and shows the server refusing it', async () => {
    await page();
    fireEvent.click(within(await rowOf(ANA)).getByRole('button', { name: /^Approved: review/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen…' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Why it is reopened' }), {
      target: { value: 'A missed conference night' },
    });
    server.failNext('POST', /periods\/reopen$/, 409, { message: 'This pay period was changed meanwhile.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen the pay period' }));
    expect(await within(dialog).findByText('This pay period was changed meanwhile.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Why it is reopened' })).toHaveProperty(
      'value',
      'A missed conference night',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen the pay period' }));
    expect(await within(await rowOf(ANA)).findByRole('button', { name: /^Open: review/ })).toBeTruthy();
    expect(server.requests.filter((r) => r.path === 'v2/timesheets/periods/reopen').at(-1)?.body).toEqual({
      user_id: ANA,
      date: '2026-11-01',
      reason: 'A missed conference night',
    });
  });

  it('approves the ticked submitted periods after one confirmation listing each person, and says who was refused', async () => {
    server.setState(CRUZ, '2026-11-01', 'submitted');
    server.refusals.set(`${CRUZ}|2026-11-01`, 'Lee, Cruz has a record with no clock-out on 2026-11-03 from 8:02 AM.');
    await page();
    const approveSelected = await screen.findByRole('button', { name: 'Approve selected (0)' });
    expect(approveSelected).toHaveProperty('disabled', true);
    // Only submitted periods tick: Ana's is approved.
    expect(within(await rowOf(ANA)).queryByRole('checkbox')).toBeNull();
    fireEvent.click(
      within(await rowOf(BEN)).getByRole('checkbox', { name: /^Select the pay period of Ortiz, Ben, Nov 1\s–\s15$/ }),
    );
    fireEvent.click(within(await rowOf(CRUZ)).getByRole('checkbox', { name: /^Select the pay period of Lee, Cruz/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Approve 2 pay periods?' });
    const items = await within(dialog).findAllByRole('listitem');
    const ben = items.find((li) => li.textContent?.startsWith('Ortiz, Ben')) as HTMLElement;
    const cruz = items.find((li) => li.textContent?.startsWith('Lee, Cruz')) as HTMLElement;
    expect(await within(ben).findByText('Worked 31:30 of 40:00 expected')).toBeTruthy();
    expect(within(ben).getByText(/^Over 8 hours this day: /)).toBeTruthy();
    expect(within(ben).getByRole('link', { name: 'The records of Ortiz, Ben' }).getAttribute('href')).toBe(
      `/timesheet/view-records?staff=${BEN}&from=2026-11-01&to=2026-11-15`,
    );
    expect(within(cruz).getByText('Worked 0:00 of 40:00 expected')).toBeTruthy();
    expect(within(cruz).queryByRole('list', { name: /flags/i })).toBeNull();
    expect(server.requests.some((r) => r.path === 'v2/timesheets/periods/approve_many')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve 2 pay periods' }));
    // Ben approved; Cruz stays listed with the server's reason.
    expect(await within(dialog).findByText('1 pay period was not approved:')).toBeTruthy();
    expect(within(dialog).getByText(/^Lee, Cruz has a record with no clock-out/)).toBeTruthy();
    expect(within(dialog).queryByText(/^Ortiz, Ben/)).toBeNull();
    const call = server.requests.find((r) => r.path === 'v2/timesheets/periods/approve_many');
    expect(call?.body).toEqual({
      periods: [
        { user_id: BEN, start: '2026-11-01' },
        { user_id: CRUZ, start: '2026-11-01' },
      ],
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The grid shows the new states: Ben's approved (no box), Cruz's still submitted and still ticked.
    expect(await within(await rowOf(BEN)).findByRole('button', { name: /^Approved: review/ })).toBeTruthy();
    expect(within(await rowOf(BEN)).queryByRole('checkbox')).toBeNull();
    expect(within(await rowOf(CRUZ)).getByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Approve selected (1)' })).toBeTruthy();
  });

  it('shows the states without actions to someone who may not decide, and says when offline', async () => {
    const view = await page('/timesheet/view-grid?range=week&date=2026-11-04', ['timesheets-view_any']);
    const ben = await rowOf(BEN);
    expect(within(ben).queryByRole('button')).toBeNull();
    expect(within(ben).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Approve selected/ })).toBeNull();
    expect(within(ben).getByText('Submitted')).toBeTruthy();
    expect(document.querySelectorAll('td[data-total]')).toHaveLength(0);
    view.unmount();

    server.offline = true;
    await page('/timesheet/view-grid?range=week&date=2026-10-20');
    expect(await screen.findByText(/You are offline\. Timesheet reports show the hours the server has/)).toBeTruthy();
  });

  it('on a Tuesday afternoon compares with the hours so far and shows the rest of the week as ahead', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-17T23:30:00Z')); // Tuesday 15:30 in Los Angeles
    server.people = [
      {
        user_id: BEN,
        user_name: 'Ortiz, Ben',
        days: [
          day('2026-11-16', 480, 480),
          // Gone home at 14:00: 6:00 of the day's 8:00 so far (the summary counts to the clock-out).
          day('2026-11-17', 300, 480, { expected_so_far_minutes: 360 }),
          ...['2026-11-18', '2026-11-19', '2026-11-20'].map((d) => day(d, 0, 480, { expected_so_far_minutes: 0 })),
        ],
      },
    ];
    await page('/timesheet/view-grid?range=week&date=2026-11-17');
    const ben = await rowOf(BEN);
    expect(lines(cellOf(ben, '2026-11-16'))).toBe('8:00 | expected 8:00');
    expect(lines(cellOf(ben, '2026-11-17'))).toBe('5:00 | expected so far 6:00 | expected later 2:00 later');
    expect(cellOf(ben, '2026-11-17').dataset.a).toBeUndefined();
    // Days to come: their hours only as ahead, never tinted or marked as short.
    expect(lines(cellOf(ben, '2026-11-18'))).toBe('0:00 | expected later 8:00 later');
    expect(cellOf(ben, '2026-11-18').dataset.a).toBeUndefined();
    expect(cellOf(ben, '2026-11-18').querySelector('[data-ahead]')).toBeTruthy();
    expect(lines(ben.querySelector('td[data-week]'))).toBe(
      '13:00 | expected so far 14:00 | expected later 26:00 later',
    );
    expect(screen.getByTestId('grid-total').textContent).toBe(
      'Everyone: worked 13:00 of 14:00 expected so far (−1:00).',
    );
    expect(screen.getByTestId('grid-ahead').textContent).toBe('26:00 expected later in these dates.');
    expect(screen.getByText('Nothing needs attention.')).toBeTruthy();

    // The CSV carries the same figures: the week and total expected so far, and the total expected later apart.
    const downloads = captureDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      const [file] = await downloads.files();
      const [header, row] = csvRows(file?.text ?? '');
      expect(header?.split(',').slice(-7)).toEqual([
        'Week 2026-11-16 to 2026-11-22 worked',
        'Week 2026-11-16 to 2026-11-22 expected so far',
        'Total worked',
        'Total expected so far',
        'Total expected later',
        'Over expected',
        'Under expected',
      ]);
      expect(row?.split(',').slice(-7)).toEqual(['13.00', '14.00', '13.00', '14.00', '26.00', '0.00', '1.00']);
    } finally {
      downloads.restore();
    }
  });
});
