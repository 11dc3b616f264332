import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpecialHoursRecord, TimekeepingStaffRecord } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import EditSpecialHoursPage from './edit-special-hours-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const staff = (n: number, fname: string, lname: string): TimekeepingStaffRecord => ({
  id: id(n),
  fname,
  lname,
  nickname: null,
  email: `${fname}.${lname}@demo.school`.toLowerCase(),
  exempt: false,
  current_schedule: null,
});
const PEOPLE = [
  staff(1, 'Ana', 'Ruiz'),
  staff(2, 'Ben', 'Ito'),
  staff(3, 'Cy', 'Park'),
  staff(4, 'Dee', 'Lee'),
  staff(5, 'Eli', 'Ng'),
];
const special = (n: number, fields: Partial<SpecialHoursRecord>): SpecialHoursRecord => ({
  id: id(100 + n),
  name: 'Conference night',
  mode: 'add',
  starts_on: '2027-03-11',
  ends_on: '2027-03-11',
  start_time: '17:00',
  end_time: '20:00',
  break_minutes: 0,
  everyone: false,
  user_ids: [],
  note: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...fields,
});

/** The special hours and staff calls, with a 409 for a second replacement on a day a replacement holds. */
class FakeSpecialServer extends FakeServer<Recorded> {
  constructor(public rows: SpecialHoursRecord[]) {
    super();
  }
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, { path, query, body }: Recorded): Response {
    if (path === 'v2/timesheet_schedules/staff') {
      const word = (query.get('search') ?? '').toLowerCase();
      return pageOf(
        PEOPLE.filter((p) => `${p.fname} ${p.lname}`.toLowerCase().includes(word)),
        query,
      );
    }
    if (path === 'v2/timesheet_schedules/special_hours' && request.method === 'GET') return pageOf(this.rows, query);
    if (path === 'v2/timesheet_schedules/special_hours' && request.method === 'POST') {
      const sent = body as unknown as SpecialHoursRecord;
      const clash = this.rows.find(
        (r) => r.mode === 'replace' && sent.mode === 'replace' && r.starts_on === sent.starts_on,
      );
      if (clash) {
        return json(409, {
          message: `${clash.name} (${clash.starts_on}) already sets the hours for some of these people on these days.`,
          record: clash,
        });
      }
      const row = special(this.rows.length + 1, sent);
      this.rows.push(row);
      return json(201, { data: row });
    }
    const deleted = path.match(/^v2\/timesheet_schedules\/special_hours\/(.+)$/);
    if (deleted && request.method === 'DELETE') {
      this.rows = this.rows.filter((r) => r.id !== deleted[1]);
      return json(200, { message: 'Deleted.' });
    }
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeSpecialServer;
beforeEach(() => {
  clearNotifications();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['timesheet_schedules-create', 'timesheet_schedules-update', 'timesheet_schedules-delete'];
const render = (permissions: readonly string[] = ALL) =>
  renderWithProviders(<EditSpecialHoursPage permissions={permissions} />, {
    route: '/timesheet-schedule/edit-special?from=2027-01-01&to=2027-06-30',
  });

describe('Edit Special Hours', () => {
  it('lists who each special hours are for: everyone, or the first names and how many more', async () => {
    server = new FakeSpecialServer([
      special(1, { user_ids: PEOPLE.map((p) => p.id) }),
      special(2, { name: 'Minimum day', mode: 'replace', everyone: true, start_time: '08:00', end_time: '12:30' }),
    ]).install();
    await render();
    const list = await screen.findByRole('list', { name: 'Special hours' });
    await within(list).findByText('For: Ana Ruiz, Ben Ito, Cy Park and 2 more');
    expect(within(list).getByText('For: Everyone on staff')).toBeTruthy();
    expect(within(list).getByText('08:00–12:30, 4:30 paid')).toBeTruthy();
    expect(within(list).getByText("Replaces the day's hours")).toBeTruthy();
    const query = server.requests.find((r) => r.path === 'v2/timesheet_schedules/special_hours')?.query;
    expect(query?.get('filter[from]')).toBe('2027-01-01');
    expect(query?.get('filter[to]')).toBe('2027-06-30');
  });

  it('adds a conference night for two chosen people', async () => {
    server = new FakeSpecialServer([]).install();
    await render();
    await screen.findByText('No special hours in these dates.');
    fireEvent.click(screen.getByRole('button', { name: 'Add special hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special hours' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Conference night' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-03-11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the people, or everyone.')).toBeTruthy();
    for (const name of ['Ana', 'Ben']) {
      fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: name } });
      fireEvent.keyDown(within(dialog).getByRole('searchbox'), { key: 'Enter' });
      fireEvent.click(await within(dialog).findByRole('button', { name: new RegExp(`^Choose ${name}`) }));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Conference night saved.'));
    const sent = server.requests.find((r) => r.method === 'POST')?.body;
    expect(sent).toMatchObject({
      name: 'Conference night',
      mode: 'add',
      starts_on: '2027-03-11',
      ends_on: '2027-03-11',
      start_time: '17:00',
      end_time: '20:00',
      break_minutes: 0,
      everyone: false,
      user_ids: [id(1), id(2)],
    });
  });

  it("shows the server's overlap refusal in the dialog and keeps what was typed", async () => {
    server = new FakeSpecialServer([
      special(1, { name: 'Minimum day', mode: 'replace', everyone: true, start_time: '08:00', end_time: '12:30' }),
    ]).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add special hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add special hours' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Testing day' } });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-03-11' } });
    const replace = within(dialog).getByRole('radio', { name: /Replace the day's hours/ }) as HTMLInputElement;
    fireEvent.click(replace);
    await waitFor(() => expect(replace.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Everyone on staff' }));
    await within(dialog).findByText('Everyone whose default week has that weekday as a work day.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Minimum day (2027-03-11) already sets the hours for some of these people on these days.',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Testing day');
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toMatchObject({
      mode: 'replace',
      everyone: true,
      user_ids: [],
    });
  });

  it('offers only the actions the person may take, and deletes after a confirmation', async () => {
    server = new FakeSpecialServer([special(1, { everyone: true })]).install();
    await render(['timesheet_schedules-delete']);
    const list = await screen.findByRole('list', { name: 'Special hours' });
    expect(screen.queryByRole('button', { name: 'Add special hours' })).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Edit / })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: /^Delete Conference night/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete these special hours?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Conference night was deleted.'));
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(id(101)))).toBe(true);
    await screen.findByText('No special hours in these dates.');
  });
});
