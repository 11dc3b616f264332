import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, BEN, CRUZ, demoPeople } from '../reports/test/demo-people';
import { day, FakeTimesheetServer } from '../reports/test/fake-timesheet-server';
import DailyPage from './daily-page';

let server: FakeTimesheetServer;

const page = (route = '/timesheet/view-group-by-date?date=2026-11-04') =>
  renderWithProviders(<DailyPage permissions={['timesheets-view_any']} />, { route });

/** The section of a day, once the days are drawn. */
const dayOf = async (date: string) => {
  await screen.findByTestId('range-total');
  const section = document.querySelector(`section[data-date="${date}"]`);
  if (!section) throw new Error(`no day ${date}`);
  return section as HTMLElement;
};
const cells = (row: Element | null) =>
  [...(row?.querySelectorAll('th, td') ?? [])].map((c) =>
    (c.textContent ?? '')
      .replace(/(First in|Last out|Worked|Expected so far|Difference) /, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

beforeEach(() => {
  server = new FakeTimesheetServer().install();
  server.people = demoPeople();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('View Daily Combined', () => {
  it('groups the week by date: each day its people, their hours and flags, and its totals', async () => {
    await page();
    expect(await screen.findByText('Week of Nov 2 – 8, 2026')).toBeTruthy();
    const call = server.requests.find((r) => r.path === 'v2/timesheets/summary');
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({ from: '2026-11-02', to: '2026-11-08' });

    const monday = await dayOf('2026-11-02');
    expect(within(monday).getByRole('heading', { level: 2 }).textContent).toBe('Monday, November 2, 2026');
    const rows = [...monday.querySelectorAll('tbody tr')];
    expect(rows.map((r) => cells(r))).toEqual([
      ['Ortiz, Ben', '7:58 AM', '4:28 PM', '8:00', '8:00', '0:00', ''],
      ['Ruiz, Ana', '8:00 AM', '8:00 PM', '8:00', '8:00', '0:00', ''],
    ]);
    expect(cells(monday.querySelector('tfoot tr')).slice(0, 4)).toEqual([
      'Day total: 2 people',
      '16:00',
      '24:00',
      '−8:00',
    ]);
    expect(within(monday).getByText('Expected, but no time recorded: Lee, Cruz (8:00).')).toBeTruthy();

    const tuesday = await dayOf('2026-11-03');
    expect(cells(tuesday.querySelector(`tbody tr[data-user="${BEN}"]`))).toEqual([
      'Ortiz, Ben',
      '8:02 AM',
      '—',
      '0:00',
      '8:00',
      '−8:00',
      '⚠ Missing clock-out',
    ]);
    const wednesday = await dayOf('2026-11-04');
    expect(within(wednesday).getByText('Over 8 hours this day')).toBeTruthy();
    expect(within(await dayOf('2026-11-08')).getByText('No one recorded time on this day.')).toBeTruthy();
    const thursday = await dayOf('2026-11-05');
    expect(
      within(thursday).getByText('Expected, but no time recorded: Lee, Cruz (8:00); Ruiz, Ana (8:00).'),
    ).toBeTruthy();
    expect(screen.getByTestId('range-total').textContent).toBe(
      '2 people recorded time: worked 43:30 of 96:00 expected so far (−52:30).',
    );
  });

  it('shows one person, and downloads what is shown as CSV', async () => {
    const view = await page();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Person' }), { target: { value: ANA } });
    expect(
      await screen.findByText('1 person recorded time: worked 12:00 of 16:00 expected so far (−4:00).'),
    ).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('staff')).toBe(ANA);
    expect(document.querySelector(`tbody tr[data-user="${BEN}"]`)).toBeNull();
    expect(within(await dayOf('2026-11-03')).getByText('No one recorded time on this day.')).toBeTruthy();

    const downloads = captureDownloads();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      const [file] = await downloads.files();
      expect(file?.name).toBe('timesheet-daily-2026-11-02-2026-11-08.csv');
      expect(csvRows(file?.text ?? '')).toEqual([
        'Date,Person,First in,Last out,Worked hours,Expected hours so far,Expected hours later,Over expected,Under expected,Flags,Status',
        '2026-11-02,"Ruiz, Ana",08:00,20:00,8.00,8.00,0.00,0.00,0.00,,',
        '2026-11-05,"Ruiz, Ana",,,0.00,8.00,0.00,0.00,8.00,,No time recorded',
        '2026-11-07,"Ruiz, Ana",09:00,13:00,4.00,0.00,0.00,4.00,0.00,,',
      ]);
    } finally {
      downloads.restore();
    }
  });

  it('asks the server for dates chosen by hand and refuses an end before the start', async () => {
    const view = await page('/timesheet/view-group-by-date?range=dates&from=2026-11-05&to=2026-11-06');
    expect(await screen.findByText('Nov 5 – 6, 2026')).toBeTruthy();
    expect(await dayOf('2026-11-06')).toBeTruthy();
    expect(document.querySelectorAll('section[data-date]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Previous 2 days' }));
    expect(await screen.findByText('Nov 3 – 4, 2026')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('from')).toBe('2026-11-03');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(document.querySelectorAll('section[data-date]')).toHaveLength(0);
  });

  it('says what failed, with a way to try again', async () => {
    server.failNext('GET', /timesheets\/summary$/, 403, { message: 'You may not see these hours.' });
    await page();
    expect(await screen.findByText('You may not see these hours.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await dayOf('2026-11-02')).toBeTruthy();
  });

  it('on a Tuesday afternoon counts today up to now: the difference, the missing people and the hours later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-17T23:30:00Z')); // Tuesday 15:30 in Los Angeles
    const later = ['2026-11-18', '2026-11-19', '2026-11-20'];
    server.people = [
      {
        user_id: BEN,
        user_name: 'Ortiz, Ben',
        days: [
          day('2026-11-16', 480, 480),
          // Gone home at 14:00, two hours early: 6:00 of the day's 8:00 so far.
          day('2026-11-17', 300, 480, {
            expected_so_far_minutes: 360,
            first_in: '2026-11-17T16:00:00Z',
            last_out: '2026-11-17T22:00:00Z',
          }),
          ...later.map((d) => day(d, 0, 480, { expected_so_far_minutes: 0 })),
        ],
      },
      // Expected 8:00 to 16:00 and nothing recorded: 7:30 of it so far.
      { user_id: CRUZ, user_name: 'Lee, Cruz', days: [day('2026-11-17', 0, 480, { expected_so_far_minutes: 450 })] },
      // An evening shift not begun yet: not missing.
      { user_id: ANA, user_name: 'Ruiz, Ana', days: [day('2026-11-17', 0, 240, { expected_so_far_minutes: 0 })] },
    ];
    await page('/timesheet/view-group-by-date?date=2026-11-17');
    const tuesday = await dayOf('2026-11-17');
    expect(cells(tuesday.querySelector(`tbody tr[data-user="${BEN}"]`))).toEqual([
      'Ortiz, Ben',
      '8:00 AM',
      '2:00 PM',
      '5:00',
      '6:00 2:00 later',
      '−1:00',
      '',
    ]);
    // The day's total: Ben's 6:00 and Cruz's 7:30 so far; later, Ben's 2:00, Cruz's 0:30 and Ana's 4:00.
    expect(cells(tuesday.querySelector('tfoot tr')).slice(0, 4)).toEqual([
      'Day total: 1 person',
      '5:00',
      '13:30 6:30 later',
      '−8:30',
    ]);
    expect(within(tuesday).getByText('Expected, but no time recorded: Lee, Cruz (7:30).')).toBeTruthy();
    expect(within(await dayOf('2026-11-18')).queryByText(/Expected, but no time recorded/)).toBeNull();
    expect(screen.getByTestId('range-total').textContent).toBe(
      '1 person recorded time: worked 13:00 of 21:30 expected so far (−8:30).',
    );
    // Today's 6:30 and Ben's three days to come.
    expect(screen.getByTestId('range-ahead').textContent).toBe('30:30 expected later in these dates.');
  });
});
