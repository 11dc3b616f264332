import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { schoolTimeZoneKey } from '../../api/school-time-zone';
import type { MessengerScheduleRecord } from '../../contract';
import { createOfflineDb, createSyncEngine, type OfflineDb } from '../../offline';
import { createOfflineHooks } from '../../offline/react';
import { FakeSyncServer, freshDbName, scholar } from '../../offline/test/fakes';
import { createTestQueryClient, renderWithProviders } from '../../test/render-with-providers';
import MessengerPage from './messenger-page';
import { createMessengerStation, MessengerStationProvider } from './station/station';

const EDIT = [
  'demographics-view_any',
  'messenger_schedules-view_any',
  'messenger_schedules-create',
  'messenger_schedules-update',
  'messenger_schedules-delete',
];
/** Monday 2 March 2026, 10:15 in Los Angeles. */
const MONDAY_1015 = '2026-03-02T18:15:00.000Z';

const ada = scholar({ fname: 'Ada', lname: 'Lovelace', student_number: '1001' });
const jose = scholar({ fname: 'José', lname: 'Núñez', student_number: '1002' });

function duty(id: string, scholarId: string, weekday: number, start: string, end: string, post: string) {
  const record: MessengerScheduleRecord = {
    id,
    scholar_id: scholarId,
    weekday,
    start_time: start,
    end_time: end,
    post,
    notes: null,
    created_at: MONDAY_1015,
    updated_at: MONDAY_1015,
  };
  return record;
}
const ID = (n: number) => `0190f3a4-0000-7000-8000-00000000000${n}`;
const duties = [
  duty(ID(1), ada.id, 1, '10:00', '10:30', 'Front office'),
  duty(ID(2), jose.id, 1, '11:00', '11:30', 'Library'),
  duty(ID(3), jose.id, 3, '08:00', '09:00', 'Front office'),
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let db: OfflineDb;
let calls: Call[];
let syncNow: Mock<() => Promise<void>>;

/** Answers the REST calls of the schedule: 201 with the record, or no network at all. */
function stubApi(network = true) {
  calls = [];
  const Base = globalThis.Request;
  class RelativeRequest extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new RelativeRequest(input, init);
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    if (!network) throw new TypeError('Failed to fetch');
    const data = request.method === 'DELETE' ? { message: 'Deleted.' } : { data: { id: ID(9), ...JSON.parse(text) } };
    return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

async function renderSchedule(permissions = EDIT, { online = true, records = duties } = {}) {
  db = createOfflineDb(freshDbName());
  await db.demographics.bulkPut([ada, jose]);
  await db.messenger_schedules.bulkPut(records);
  const engine = createSyncEngine({
    db,
    api: new FakeSyncServer(),
    locks: null,
    getUserId: () => null,
    isOnline: () => online,
  });
  const hooks = createOfflineHooks({ db, engine });
  syncNow = vi.fn(async () => undefined);
  const station = createMessengerStation(db, {
    useRecords: hooks.useStationRecords,
    useSyncStatus: hooks.useSyncStatus,
    syncNow,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(schoolTimeZoneKey, 'America/Los_Angeles');
  await renderWithProviders(
    <MessengerStationProvider station={station}>
      <MessengerPage permissions={permissions} />
    </MessengerStationProvider>,
    { route: '/messenger', queryClient },
  );
  await screen.findByRole('heading', { name: 'On duty now' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(MONDAY_1015));
  stubApi();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  db.close();
});

const onDuty = () => screen.getByRole('heading', { name: 'On duty now' }).closest('section') as HTMLElement;

describe('Messenger schedule', () => {
  it('shows who is on duty now and the week with today highlighted, from the device', async () => {
    await renderSchedule(['demographics-view_any']);
    await waitFor(() => expect(within(onDuty()).getByText('Ada Lovelace')).toBeTruthy());
    expect(within(onDuty()).getByText('Front office')).toBeTruthy();
    expect(within(onDuty()).queryByText('José Núñez')).toBeNull();

    const monday = screen.getByRole('region', { name: 'Monday' });
    expect(monday.getAttribute('aria-current')).toBe('date');
    expect(within(monday).getByText('Today')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wednesday' }).getAttribute('aria-current')).toBeNull();
    const names = within(monday)
      .getAllByText(/Lovelace|Núñez/)
      .map((n) => n.textContent);
    expect(names).toEqual(['Ada Lovelace', 'José Núñez']);
    expect(within(screen.getByRole('region', { name: 'Tuesday' })).getByText('No duties')).toBeTruthy();
    // No editing without the permissions.
    expect(screen.queryByRole('button', { name: 'Add duty' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the duty/ })).toBeNull();
  });

  it('says who comes next when nobody is on duty', async () => {
    vi.setSystemTime(new Date('2026-03-02T18:45:00.000Z'));
    await renderSchedule();
    expect(await within(onDuty()).findByText('No messenger is on duty right now.')).toBeTruthy();
    expect(within(onDuty()).getByText(/Next: José Núñez at 11:00/)).toBeTruthy();
  });

  it('validates the form with the contract schema before sending anything', async () => {
    await renderSchedule();
    fireEvent.click(screen.getByRole('button', { name: 'Add duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a duty' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(4);

    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Scholar/ }), { target: { value: jose.id } });
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '13:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '12:00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Post/ }), { target: { value: 'Gym' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end is after the start.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('creates a duty online and refreshes the device copy', async () => {
    await renderSchedule();
    fireEvent.click(screen.getByRole('button', { name: 'Add duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a duty' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Find a scholar' }), { target: { value: 'nunez' } });
    const select = within(dialog).getByRole('combobox', { name: /^Scholar/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a scholar', 'Núñez, José · 5 · #1002']);
    fireEvent.change(select, { target: { value: jose.id } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Day/ }), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '12:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '12:30' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Post/ }), { target: { value: ' Gym ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v2/messenger_schedules',
        body: { scholar_id: jose.id, weekday: 2, start_time: '12:00', end_time: '12:30', post: 'Gym', notes: null },
      },
    ]);
    expect(syncNow).toHaveBeenCalledOnce();
  });

  it('edits and deletes a duty', async () => {
    await renderSchedule();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the duty of Ada Lovelace on Monday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the duty' });
    const post = within(dialog).getByRole('textbox', { name: /^Post/ }) as HTMLInputElement;
    expect(post.value).toBe('Front office');
    fireEvent.change(post, { target: { value: 'Nurse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/api/v2/messenger_schedules/${ID(1)}`,
      body: { _method: 'PATCH', post: 'Nurse', start_time: '10:00', weekday: 1 },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete the duty of José Núñez on Wednesday' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this duty?' });
    expect(within(confirm).getByText(/José Núñez, Wednesday 8:00/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls[1]).toMatchObject({ method: 'DELETE', path: `/api/v2/messenger_schedules/${ID(3)}` }),
    );
    expect(syncNow).toHaveBeenCalledTimes(2);
  });

  it('says clearly that editing needs a connection, and keeps what was typed', async () => {
    stubApi(false);
    await renderSchedule(EDIT, { online: false });
    expect(screen.getByText(/You are offline. This is the schedule kept on this device/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the duty of Ada Lovelace on Monday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the duty' });
    expect(within(dialog).getByText(/changing it needs a connection/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Post/ }), { target: { value: 'Nurse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Saving needs a connection/)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Post/ }) as HTMLInputElement).value).toBe('Nurse');
    expect(syncNow).not.toHaveBeenCalled();
  });

  it('says when there is no schedule yet', async () => {
    await renderSchedule(EDIT, { records: [] });
    expect(screen.getByText('No messenger duties are scheduled yet.')).toBeTruthy();
    expect(within(onDuty()).getByText('No messenger is on duty right now.')).toBeTruthy();
  });
});
