import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, demoPeople } from '../reports/test/demo-people';
import { FakeTimesheetServer, TIME_ZONE } from '../reports/test/fake-timesheet-server';
import { PeriodRecords } from './period-records';

let server: FakeTimesheetServer;
const PERIOD = { start: '2026-11-01', end: '2026-11-15' };

beforeEach(() => {
  server = new FakeTimesheetServer().install();
  server.people = demoPeople().filter((p) => p.user_id === ANA);
  server.me = ANA;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Ana's period on her Add Record screen at `now` (her records are not what these tests read). */
const render = (now: string) =>
  renderWithProviders(
    <PeriodRecords userId={ANA} period={PERIOD} records={[]} now={Date.parse(now)} timeZone={TIME_ZONE} online />,
    { route: '/timesheet' },
  );

const submitCalls = () => server.requests.filter((r) => r.path === 'v2/timesheets/periods/submit');

describe("the period's submission", () => {
  it('confirms with the summary (worked, expected, flags by name, days with no records) and warns before the end', async () => {
    // Tuesday Nov 10, 11:00 in Los Angeles: the period ends on the 15th.
    await render('2026-11-10T19:00:00Z');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Submit the pay period Sun, Nov 1, 2026 to Sun, Nov 15, 2026?',
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('This period has not ended yet.');
    expect(within(dialog).getByText('Worked 12:00 of 16:00 expected')).toBeTruthy();
    const flags = within(dialog).getByRole('list', { name: 'Compliance flags' });
    expect([...flags.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Over 40 hours this week: Fri, Nov 13, 2026',
    ]);
    const missing = within(dialog).getByRole('list', { name: 'Work days with expected hours and no records' });
    expect([...missing.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Thu, Nov 5, 2026']);
    // Nothing is sent until confirmed; then the period is submitted and the dialog closes.
    expect(submitCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(submitCalls().map((r) => r.body)).toEqual([{ date: '2026-11-01' }]);
    expect(await screen.findByText('Submitted')).toBeTruthy();
  });

  it('says nothing of the end once the period is over; Cancel sends nothing', async () => {
    await render('2026-11-16T19:00:00Z');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for approval' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByText('This period has not ended yet.')).toBeNull();
    // On the 16th, the 5th is still the only past work day with nothing recorded.
    expect(within(dialog).getByRole('list', { name: 'Work days with expected hours and no records' }).textContent).toBe(
      'Thu, Nov 5, 2026',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(submitCalls()).toHaveLength(0);
  });

  it('withdraws a submitted period: the button shows while submitted, and the period is open again', async () => {
    server.setState(ANA, '2026-11-01', 'submitted');
    await render('2026-11-16T19:00:00Z');
    expect(await screen.findByText('Submitted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw submission' }));
    expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw submission' })).toBeNull();
    const calls = server.requests.filter((r) => r.path === 'v2/timesheets/periods/withdraw');
    expect(calls.map((r) => r.body)).toEqual([{ date: '2026-11-01' }]);
    expect(server.states.get(`${ANA}|2026-11-01`)?.state).toBe('open');
  });
});
