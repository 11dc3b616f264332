import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayOffRecord, NonWorkDayRecord, TimekeepingSettings, TimekeepingStaffRecord } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import EditDaysOffPage from './edit-days-off-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}
const STAMP = '2026-11-01T00:00:00Z';
const ANA: TimekeepingStaffRecord = {
  id: '0190f3a4-0000-7000-8000-000000000001',
  fname: 'Ana',
  lname: 'Ruiz',
  nickname: null,
  email: 'ana.ruiz@demo.school',
  exempt: false,
  current_schedule: null,
};
const BREAK: NonWorkDayRecord = {
  id: '0190f3a4-0000-7000-8000-000000000010',
  name: 'Thanksgiving break',
  kind: 'break',
  starts_on: '2026-11-23',
  ends_on: '2026-11-27',
  created_at: STAMP,
  updated_at: STAMP,
};
const SICK: DayOffRecord = {
  id: '0190f3a4-0000-7000-8000-000000000020',
  user_id: ANA.id,
  type: 'sick',
  starts_on: '2026-12-01',
  ends_on: '2026-12-03',
  start_time: null,
  end_time: null,
  note: null,
  created_at: STAMP,
  updated_at: STAMP,
};

/** The calls of Edit Days Off, with the server's overlap refusal for a person's days off. */
class FakeDaysOffServer extends FakeServer<Recorded> {
  settings: TimekeepingSettings = {
    pay_period_rule: 'semi_monthly',
    pay_period_anchor: null,
    timesheet_flags: { weekly_overtime: true, daily_overtime: true, seventh_day: true, meal_break: true },
    updated_at: STAMP,
  };
  daysOff: DayOffRecord[] = [SICK];
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, { path, query, body }: Recorded): Response {
    const get = request.method === 'GET';
    if (path === 'v2/timesheet_schedules/non_work_days' && get) return pageOf([BREAK], query);
    if (path === 'v2/timesheet_schedules/non_work_days') {
      return json(422, {
        message: 'The given data was invalid.',
        errors: { kind: ['Choose holiday, break or other.'], ends_on: ['The last day is within a year of the first.'] },
      });
    }
    if (path === 'v2/timesheet_schedules/staff') return pageOf([ANA], query);
    if (path === `v2/timesheet_schedules/staff/${ANA.id}`) return json(200, { data: ANA });
    if (path === 'v2/timesheet_schedules/days_off' && get) return pageOf(this.daysOff, query);
    if (path === 'v2/timesheet_schedules/days_off') {
      const sent = body as unknown as DayOffRecord;
      const clash = this.daysOff.find((d) => d.starts_on <= sent.ends_on && sent.starts_on <= d.ends_on);
      if (clash) {
        return json(409, {
          message:
            'Ana Ruiz already has a day off on 2026-12-01 to 2026-12-03 (sick): change that one, or choose other dates.',
          record: clash,
        });
      }
      const row = { ...SICK, ...sent, id: '0190f3a4-0000-7000-8000-000000000021' };
      this.daysOff.push(row);
      return json(201, { data: row });
    }
    if (path === 'v2/timesheet_schedules/settings' && get) return json(200, { data: this.settings });
    if (path === 'v2/timesheet_schedules/settings') {
      // As the server does: what is sent replaces what was stored; flags left out stay as they are.
      this.settings = {
        ...this.settings,
        ...(body as unknown as Partial<TimekeepingSettings>),
        updated_at: '2026-11-02T00:00:00Z',
      };
      return json(200, { data: this.settings });
    }
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeDaysOffServer;
beforeEach(() => {
  clearNotifications();
  server = new FakeDaysOffServer().install();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['timesheet_schedules-create', 'timesheet_schedules-update', 'timesheet_schedules-delete'];
const render = (query: string) =>
  renderWithProviders(<EditDaysOffPage permissions={ALL} />, { route: `/timesheet-schedule/edit-days-off?${query}` });

describe('Edit Days Off', () => {
  it("marks a break's days in the month view and lists it with its length in the school year", async () => {
    await render('month=2026-11-10');
    const month = await screen.findByRole('list', { name: 'November 2026' });
    await within(month).findByRole('listitem', { name: 'Thursday, November 26: Thanksgiving break' });
    expect(within(month).getByRole('listitem', { name: 'Monday, November 30' })).toBeTruthy();
    const year = screen.getByRole('list', { name: 'Non-work days of the school year 2026–2027' });
    expect(within(year).getByText('Mon, Nov 23, 2026 – Fri, Nov 27, 2026')).toBeTruthy();
    expect(within(year).getByText('5 days')).toBeTruthy();
    const query = server.requests.find((r) => r.path === 'v2/timesheet_schedules/non_work_days')?.query;
    expect([query?.get('filter[from]'), query?.get('filter[to]')]).toEqual(['2026-07-01', '2027-06-30']);
  });

  it("says a refused non-work day's faults under its fields, and offers no changes to a person who may only look", async () => {
    const view = await render('month=2026-11-10');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a non-work day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a non-work day' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Winter break' } });
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-12-21' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2028-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Choose holiday, break or other.');
    expect(within(dialog).getByText('The last day is within a year of the first.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Winter break');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Winter break',
      kind: 'holiday',
      starts_on: '2026-12-21',
      ends_on: '2028-01-01',
    });
    view.unmount();

    renderWithProviders(<EditDaysOffPage permissions={[]} />, {
      route: '/timesheet-schedule/edit-days-off?month=2026-11-10',
    });
    await screen.findByText('5 days');
    expect(screen.queryByRole('button', { name: 'Add a non-work day' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit Thanksgiving break/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete Thanksgiving break/ })).toBeNull();
  });

  it('adds part of a day off, and says why an overlapping one is refused while keeping the dialog', async () => {
    await render(`tab=staff&staff=${ANA.id}`);
    await screen.findByText('Sick');
    fireEvent.click(screen.getByRole('button', { name: 'Add a day off' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a day off for Ana Ruiz' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'personal' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Part of the day' }));
    await within(dialog).findByLabelText('Off from');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-08' } });
    fireEvent.change(within(dialog).getByLabelText('Off from'), { target: { value: '13:00' } });
    fireEvent.change(within(dialog).getByLabelText('Off until'), { target: { value: '15:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Day off of Ana Ruiz saved.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      user_id: ANA.id,
      type: 'personal',
      starts_on: '2026-12-08',
      ends_on: '2026-12-08',
      start_time: '13:00',
      end_time: '15:30',
      note: null,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Add a day off' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a day off for Ana Ruiz' });
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-12-02' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-12-04' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/^Ana Ruiz already has a day off on 2026-12-01 to 2026-12-03 \(sick\)/);
    expect((within(dialog).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-12-04');
  });

  it('asks for the first day of a bi-weekly period and previews the periods before saving', async () => {
    await render('tab=pay');
    const rule = await screen.findByRole('combobox', { name: 'Pay periods' });
    fireEvent.change(rule, { target: { value: 'biweekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pay periods' }));
    expect(await screen.findByText('Give the first day of a bi-weekly pay period.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First day of a pay period'), { target: { value: '2026-08-03' } });
    const preview = await screen.findByRole('list', { name: 'Pay periods from today' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Save pay periods' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Pay periods saved.'));
    expect(server.settings).toMatchObject({ pay_period_rule: 'biweekly', pay_period_anchor: '2026-08-03' });
  });

  it('switches a compliance flag off and saves it with the pay period rule as it is', async () => {
    await render('tab=pay');
    expect(await screen.findByRole('tab', { name: 'Pay periods and flags' })).toBeTruthy();
    const flags = await screen.findByRole('group', { name: 'Compliance flags' });
    const mealBreak = within(flags).getByRole('checkbox', { name: 'No meal break begun by the end of the fifth hour' });
    expect((mealBreak as HTMLInputElement).checked).toBe(true);
    fireEvent.click(mealBreak);
    await waitFor(() => expect((mealBreak as HTMLInputElement).checked).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Save flags' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Compliance flags saved.'));
    expect(server.settings).toMatchObject({
      pay_period_rule: 'semi_monthly',
      pay_period_anchor: null,
      timesheet_flags: { weekly_overtime: true, daily_overtime: true, seventh_day: true, meal_break: false },
    });
  });
});
