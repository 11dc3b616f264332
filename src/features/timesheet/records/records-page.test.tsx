import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import RecordsPage from './records-page';
import { ANA, BEN, CY, FakeRecordsServer, record } from './test/fake-records-server';

const ALL = ['timesheets-view_any', 'timesheets-create', 'timesheets-update', 'timesheets-delete'];
let server: FakeRecordsServer;

// 06:30 UTC on 1 December is still 22:30 on 30 November at the school (Los Angeles): "this month" and "last month"
// are November and October there, December and November on a machine's UTC clock.
const SCHOOL_EVENING = '2026-12-01T06:30:00Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SCHOOL_EVENING);
  clearNotifications();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = (query = '?from=2026-11-01&to=2026-11-30') =>
  renderWithProviders(<RecordsPage permissions={ALL} />, { route: `/timesheet/view-records${query}` });

/** The last list call's query. */
const lastList = () => server.requests.filter((r) => r.path === 'v2/timesheets' && r.method === 'GET').at(-1)?.query;

/** Ana's Monday in Los Angeles (7:58 to 16:02, half an hour's break), Ben's open day, Cy's locked one. */
function seed() {
  return [
    record(ANA, '2026-11-23', '2026-11-23T15:58:00Z', '2026-11-24T00:02:00Z', {
      break_minutes: 30,
      note: 'Covered lunch duty',
      version: 3,
    }),
    record(BEN, '2026-11-20', '2026-11-20T16:00:00Z', null),
    record(CY, '2026-11-02', '2026-11-02T16:00:00Z', '2026-11-02T20:00:00Z', {
      category: 'leave',
      leave_type: 'sick',
      method: 'manual',
      locked: true,
    }),
  ];
}

describe('View Records', () => {
  it("shows each record on the school's clock and sends every filter in the query string", async () => {
    server = new FakeRecordsServer(seed()).install();
    await render();
    const table = await screen.findByRole('table', { name: 'Timesheet records' });
    const ana = (await within(table).findByText('Ruiz, Ana')).closest('tr') as HTMLElement;
    expect(within(ana).getByText('7:58 AM')).toBeTruthy();
    expect(within(ana).getByText('4:02 PM')).toBeTruthy();
    expect(within(ana).getByText('7:34')).toBeTruthy();
    expect(within(ana).getByRole('button', { name: 'Edit the record of Ruiz, Ana, Mon, Nov 23, 2026' })).toBeTruthy();
    const ben = within(table).getByText('Ito, Ben').closest('tr') as HTMLElement;
    expect(within(ben).getByText('Missing clock-out')).toBeTruthy();
    const cy = within(table).getByText('Park, Cy').closest('tr') as HTMLElement;
    expect(within(cy).getByText('Leave (Sick)')).toBeTruthy();
    expect(within(cy).getByText('Locked')).toBeTruthy();
    expect(within(cy).queryByRole('button')).toBeNull();

    expect(lastList()?.toString()).toBe(
      'sort=-started_at&page=1&per_page=50&filter%5Bfrom%5D=2026-11-01&filter%5Bto%5D=2026-11-30',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Conference' }));
    await waitFor(() => expect(lastList()?.get('filter[category]')).toBe('conference'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Leave' }));
    await waitFor(() => expect(lastList()?.get('filter[category]')).toBe('conference,leave'));
    const search = screen.getByRole('searchbox', { name: 'Search notes and names' });
    fireEvent.change(search, { target: { value: 'lunch' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(lastList()?.get('search')).toBe('lunch'));
    const picker = screen.getByRole('searchbox', { name: 'Staff member' });
    fireEvent.change(picker, { target: { value: 'Ben' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: /^Choose Ben Ito/ }));
    await waitFor(() => expect(lastList()?.get('filter[user_id]')).toBe(BEN.id));
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(lastList()?.get('filter[from]')).toBe('2026-10-01'));
    expect(lastList()?.get('filter[to]')).toBe('2026-10-31');
    expect(lastList()?.get('filter[category]')).toBe('conference,leave');
    await screen.findByText('No records in these dates.');
  });

  it("opens on this month of the school's clock, not the machine's", async () => {
    server = new FakeRecordsServer(seed()).install();
    await render('');
    await screen.findByRole('table', { name: 'Timesheet records' });
    expect(lastList()?.get('filter[from]')).toBe('2026-11-01');
    expect(lastList()?.get('filter[to]')).toBe('2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(lastList()?.get('filter[from]')).toBe('2026-11-30'));
    expect(lastList()?.get('filter[to]')).toBe('2026-12-06');
  });

  it('requires a reason for a change, and sends it with the version the change was made from', async () => {
    server = new FakeRecordsServer(seed()).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the record of Ruiz, Ana/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the record of Ruiz, Ana' });
    expect((within(dialog).getByLabelText(/^Start/) as HTMLInputElement).value).toBe('07:58');
    fireEvent.change(within(dialog).getByLabelText(/^End\s*\*?$/), { target: { value: '16:30' } });
    expect(within(dialog).getByText('Worked: 8:02')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Say why the record is changed.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Reason for the change/), {
      target: { value: 'Forgot to clock out' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Record of Ruiz, Ana saved.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      _method: 'PATCH',
      started_at: '2026-11-23T15:58:00.000Z',
      ended_at: '2026-11-24T00:30:00.000Z',
      break_minutes: 30,
      category: 'regular',
      leave_type: null,
      note: 'Covered lunch duty',
      base_version: 3,
      reason: 'Forgot to clock out',
    });
  });

  it("shows the server's conflict in the dialog with what is stored now, and saves again from that version", async () => {
    server = new FakeRecordsServer(seed()).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the record of Ruiz, Ana/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the record of Ruiz, Ana' });
    // Someone else changes the record meanwhile.
    Object.assign(server.rows[0] ?? {}, { version: 4, break_minutes: 45 });
    fireEvent.change(within(dialog).getByLabelText(/^Reason for the change/), { target: { value: 'Typo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This record was changed since you opened it. Here is what is stored now.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/7:58 AM – 4:02 PM · 45 min break · Regular/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Record of Ruiz, Ana saved.'));
    const posts = server.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.body?.base_version)).toEqual([3, 4]);
  });

  it('exports the whole filtered range as CSV with decimal hours, and says when the list needs a connection', async () => {
    server = new FakeRecordsServer(seed()).install();
    const downloads = captureDownloads();
    try {
      await render();
      await screen.findByText('Ruiz, Ana');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const [file] = await downloads.files();
      expect(file?.name).toBe('timesheet-records-2026-11-01-to-2026-11-30.csv');
      expect(csvRows(file?.text ?? '')).toEqual([
        'Person,Date,In,Out,Break minutes,Worked hours,Category,Leave type,Note,Method,Locked',
        '"Ruiz, Ana",2026-11-23,2026-11-23 07:58,2026-11-23 16:02,30,7.57,Regular,,Covered lunch duty,Clocked,no',
        '"Ito, Ben",2026-11-20,2026-11-20 08:00,,0,,Regular,,,Clocked,no',
        '"Park, Cy",2026-11-02,2026-11-02 08:00,2026-11-02 12:00,0,4.00,Leave,Sick,,Entered,yes',
      ]);
      const exported = server.requests.filter((r) => r.path === 'v2/timesheets').at(-1)?.query;
      expect(exported?.get('per_page')).toBe('500');
      expect(exported?.get('filter[from]')).toBe('2026-11-01');
    } finally {
      downloads.restore();
    }
    server.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(
      await screen.findByText('You are offline. Timesheet records are read and changed online: connect and try again.'),
    ).toBeTruthy();
  });
});
