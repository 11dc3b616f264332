import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schoolTimeZoneKey } from '../../../api/school-time-zone';
import type { Week } from '../../../contract';
import { createTestQueryClient, renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import EditDefaultsPage from './edit-defaults-page';
import { standardWeek } from './model/week-form';
import { FakeDefaultsServer, person, week } from './test/fake-defaults-server';

const ALL = ['timesheet_schedules-create', 'timesheet_schedules-update', 'timesheet_schedules-delete'];
/** Monday 2 March 2026, 10:15 at the school (Los Angeles). */
const NOW = '2026-03-02T18:15:00.000Z';
const TODAY = '2026-03-02';

const STANDARD = standardWeek();
const DAY = { start: '08:00', end: '16:30', break_minutes: 30 };
const FRIDAY_OFF: Week = [DAY, DAY, DAY, DAY, null, null, null];
const ana = person(1, 'Ana', 'Ruiz');
const bob = person(2, 'Bob', 'Ito');
const cy = person(3, 'Cy', 'Chen');
const dee = person(4, 'Dee', 'Diaz');
const inEffect = week(1, ana.id, '2025-08-18', STANDARD);
const later = week(2, ana.id, '2026-04-06', FRIDAY_OFF);

let server: FakeDefaultsServer;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  server = new FakeDefaultsServer([ana, bob, cy, dee], [inEffect, later], TODAY).install();
  clearNotifications();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderPage(route: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(schoolTimeZoneKey, 'America/Los_Angeles');
  return renderWithProviders(<EditDefaultsPage permissions={ALL} />, { route, queryClient });
}
const day = (name: string) => screen.getByRole('group', { name });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the week' }));

describe('Edit Defaults', () => {
  it('finds a person, shows their weeks, and saves a changed Tuesday as a new week from today', async () => {
    const view = await renderPage('/timesheet-schedule');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Staff member' }), { target: { value: 'ana' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Ana Ruiz' }));
    await waitFor(() => expect(view.location().search).toBe(`?staff=${ana.id}`));

    const weeks = await screen.findByRole('list', { name: 'Default weeks' });
    const [first, second] = within(weeks).getAllByRole('listitem');
    expect(first?.textContent).toMatch(/Effective from Mon, Apr 6, 2026.*Starts later.*32:00 a week/);
    expect(second?.textContent).toMatch(/Effective from Mon, Aug 18, 2025.*In effect today.*40:00 a week/);

    // A new week from today, filled from the week in effect.
    expect(screen.getByRole('heading', { name: 'New default week' })).toBeTruthy();
    expect(input('Effective from').value).toBe(TODAY);
    expect(screen.getByText('Week total 40:00')).toBeTruthy();
    fireEvent.change(input('Tuesday end'), { target: { value: '15:30' } });
    expect(within(day('Tuesday')).getByText('7:00')).toBeTruthy();
    expect(screen.getByText('Week total 39:00')).toBeTruthy();
    save();

    await screen.findByRole('heading', { name: 'The week from Mon, Mar 2, 2026' });
    expect(server.calls('POST', 'v2/timesheet_schedules').map((r) => r.body)).toEqual([
      {
        user_id: ana.id,
        effective_from: TODAY,
        days: [DAY, { ...DAY, end: '15:30' }, DAY, DAY, DAY, null, null],
        note: null,
      },
    ]);
    expect(getSnapshot().current?.text).toBe('Default week of Ana Ruiz from Mon, Mar 2, 2026 saved.');
    await waitFor(() => expect(within(weeks).getAllByRole('listitem')).toHaveLength(3));
    expect(within(weeks).getAllByRole('listitem')[1]?.textContent).toMatch(/Mar 2, 2026.*In effect today.*39:00/);
  });

  it("checks the days before sending, and puts the server's 422 on Tuesday's end", async () => {
    await renderPage(`/timesheet-schedule?staff=${ana.id}`);
    fireEvent.change(await screen.findByLabelText('Wednesday end'), { target: { value: '07:00' } });
    save();
    expect(await within(day('Wednesday')).findByText('The end is after the start.')).toBeTruthy();
    expect(server.calls('POST', 'v2/timesheet_schedules')).toEqual([]);

    fireEvent.change(input('Wednesday end'), { target: { value: '16:30' } });
    expect(within(day('Wednesday')).queryByText('The end is after the start.')).toBeNull();
    server.failNext('POST', /^v2\/timesheet_schedules$/, 422, {
      message: 'The given data was invalid.',
      errors: { 'days.1.end': ['The end must be on the same day.'] },
    });
    save();
    expect(await within(day('Tuesday')).findByText('The end must be on the same day.')).toBeTruthy();
    expect(input('Tuesday end').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
  });

  it('edits a later week with Monday copied to Tuesday–Friday, and deletes it after confirming', async () => {
    await renderPage(`/timesheet-schedule?staff=${ana.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the week from Mon, Apr 6, 2026' }));
    expect(await screen.findByRole('heading', { name: 'The week from Mon, Apr 6, 2026' })).toBeTruthy();
    expect(within(day('Friday')).getByText('Off')).toBeTruthy();
    expect(screen.getByText('Ana Ruiz has a week from this date: saving changes it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }));
    expect(screen.getByText('Week total 40:00')).toBeTruthy();
    save();
    await waitFor(() => expect(server.calls('POST', `v2/timesheet_schedules/${later.id}`)).toHaveLength(1));
    expect(server.calls('POST', `v2/timesheet_schedules/${later.id}`)[0]?.body).toEqual({
      _method: 'PATCH',
      effective_from: '2026-04-06',
      days: STANDARD,
      note: null,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete the week from Mon, Apr 6, 2026' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this default week?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls('DELETE', `v2/timesheet_schedules/${later.id}`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'New default week' })).toBeTruthy();
  });

  it('copies a week to two other people from a date', async () => {
    await renderPage(`/timesheet-schedule?staff=${ana.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy to others: the week from Mon, Aug 18, 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the week from Mon, Aug 18, 2025 to others' });
    expect((within(dialog).getByLabelText('Effective from') as HTMLInputElement).value).toBe(TODAY);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Copy to' }), { target: { value: 'demo' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose Cy Chen' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose Dee Diaz' }));
    expect(within(dialog).queryByRole('button', { name: 'Choose Ana Ruiz' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Effective from'), { target: { value: '2026-03-09' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls('POST', 'v2/timesheet_schedules/copy').map((r) => r.body)).toEqual([
      { schedule_id: inEffect.id, user_ids: [cy.id, dee.id], effective_from: '2026-03-09' },
    ]);
    expect(getSnapshot().current?.text).toBe('Copied to 2 people from Mon, Mar 9, 2026.');
  });

  it('starts a person without a week on Monday to Friday 08:00–16:30, and saves the exempt flag at once', async () => {
    await renderPage(`/timesheet-schedule?staff=${bob.id}`);
    expect(await screen.findByText('No default week yet')).toBeTruthy();
    expect(screen.getByText(/No default week yet: this one starts as Monday to Friday/)).toBeTruthy();
    expect(input('Monday start').value).toBe('08:00');
    expect(input('Friday end').value).toBe('16:30');
    expect(input('Friday unpaid break in minutes').value).toBe('30');
    expect(within(day('Saturday')).getByText('Off')).toBeTruthy();
    expect(screen.getByText('Week total 40:00')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Exempt (salaried): no overtime or meal-break flags' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Bob Ito is now exempt.'));
    expect(server.calls('POST', `v2/timesheet_schedules/staff/${bob.id}`)[0]?.body).toEqual({
      _method: 'PATCH',
      exempt: true,
    });
  });
});
