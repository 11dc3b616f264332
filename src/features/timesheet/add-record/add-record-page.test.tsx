import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffBadgeText, type TimesheetRecord } from '../../../contract';
import { createSyncEngine, type OfflineDb, setUserIdSource, setUserNameSource } from '../../../offline';
import { createOfflineHooks } from '../../../offline/react';
import { FakeSyncServer } from '../../../offline/test/fakes';
import { makeStationHarness } from '../../../offline/test/station-harness';
import { type BaseRecordedRequest, FakeServer, json, jsonBody } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { qrMatrix, qrPath } from '../../../ui/qr/qr-svg';
import { schoolDayOf } from '../../../ui/school-clock';
import AddRecordPage from './add-record-page';
import { ClockStationProvider } from './clock-station';

const ME = '0190f3a4-0000-7000-8000-000000000001';
let db: OfflineDb | undefined;
afterEach(() => {
  db?.close();
  vi.unstubAllGlobals();
  setUserIdSource(() => null);
  setUserNameSource(() => null);
});

/**
 * Add Record on a device that is offline (the engine never sends, so every write stays in the outbox), with the
 * device's tables filled by `seed`. With `online` the sync status says online (the engine is still never started), so
 * the calls that need the network are made, to the fake server a test installed.
 */
async function renderOffline(seed: (db: OfflineDb) => Promise<unknown> = async () => undefined, online = false) {
  const harness = await makeStationHarness({ online, userId: ME, seed });
  db = harness.db;
  const engine = createSyncEngine({
    db: harness.db,
    api: new FakeSyncServer(),
    locks: null,
    getUserId: () => ME,
    isOnline: () => online,
  });
  const hooks = createOfflineHooks({ db: harness.db, engine });
  const station = {
    useRecords: hooks.useStationRecords,
    useWaiting: hooks.useWaitingEntries,
    useAttention: hooks.useAttentionEntries,
    useWrite: hooks.useStationWrite,
    useAmend: hooks.useStationAmend,
    useSyncStatus: hooks.useSyncStatus,
  };
  await renderWithProviders(
    <ClockStationProvider station={station}>
      <AddRecordPage permissions={['timesheets-create']} userId={ME} />
    </ClockStationProvider>,
    { route: '/timesheet', queryClient: harness.queryClient },
  );
  return harness;
}

describe('Add Record', () => {
  it('clocks in and out offline: the state follows, and the clock-in amended by its clock-out is one entry', async () => {
    const harness = await renderOffline();
    expect(await screen.findByText('Not clocked in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clock in' }));
    expect(await screen.findByText(/^Clocked in since/)).toBeTruthy();
    expect(screen.getByText('Saved on this device; it is sent when the connection is back.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('Not clocked in')).toBeTruthy();
    const entries = await harness.db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      resource: 'timesheets',
      action: 'create',
      data: { user_id: ME, method: 'clock' },
    });
    expect(entries[0]?.data.ended_at).toEqual(expect.any(String));
  });

  it('clocks out of a record the server has with an update naming its version', async () => {
    const started = new Date(Date.now() - 3_600_000).toISOString();
    const harness = await renderOffline((seedDb) => seedDb.timesheets.put(openRecordOnServer(started)));
    expect(await screen.findByText(/^Clocked in since/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clock out' }));
    await waitFor(async () => expect(await harness.db.outbox.count()).toBe(1));
    const [update] = await harness.db.outbox.toArray();
    expect(update).toMatchObject({ action: 'update', data: { id: RECORD_ID, base_version: 4 } });
  });

  it('says which field is wrong in a past record, and queues a good one', async () => {
    const harness = await renderOffline();
    fireEvent.change(await screen.findByLabelText('Unpaid break (minutes)'), { target: { value: '600' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    expect(await screen.findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(await harness.db.outbox.count()).toBe(0);
    fireEvent.change(screen.getByLabelText('Unpaid break (minutes)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add record' }));
    await waitFor(async () => expect(await harness.db.outbox.count()).toBe(1));
    const [entry] = await harness.db.outbox.toArray();
    expect(entry?.data).toMatchObject({ method: 'manual', break_minutes: 30, category: 'regular' });
  });

  it('makes my badge after asking, shows its QR with my name, and prints', async () => {
    const server = new BadgeServer().install();
    setUserIdSource(() => ME);
    setUserNameSource(() => 'Rosa Diaz');
    await renderOffline(undefined, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Make my badge' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Your old badge, if you have one, stops working.')).toBeTruthy();
    expect(badgeCalls(server)).toHaveLength(0);
    const release = server.holdWhen((r) => r.path === 'v2/timesheets/badge');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make my badge' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Make my badge' }).hasAttribute('data-loading')).toBe(true),
    );
    release();
    const qr = await screen.findByRole('img', { name: 'Badge QR code of Rosa Diaz' });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(qrMatrix(staffBadgeText(CODE))));
    expect(screen.getByText('Rosa Diaz')).toBeTruthy();
    expect(badgeCalls(server)).toEqual([expect.objectContaining({ method: 'POST', body: {} })]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('cannot make a badge offline, and says why', async () => {
    await renderOffline();
    expect(((await screen.findByRole('button', { name: 'Make my badge' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Making a badge needs the network.')).toBeTruthy();
  });

  it("shows the server's refusal and lets me try again", async () => {
    const server = new BadgeServer().install();
    server.failNext('POST', /^v2\/timesheets\/badge$/, 404, { message: 'No active staff member with this id.' });
    await renderOffline(undefined, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Make my badge' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make my badge' }));
    expect(await screen.findByText('No active staff member with this id.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Your badge QR code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make my badge' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make my badge' }));
    expect(await screen.findByRole('img', { name: 'Your badge QR code' })).toBeTruthy();
    expect(badgeCalls(server)).toHaveLength(2);
  });
});

const CODE = 'Zm9vYmFyYmF6cXV4MTIzNDU2';

/** The server's side of My badge: `POST v2/timesheets/badge` answers a new badge; anything else (the summary) 404. */
class BadgeServer extends FakeServer<BaseRecordedRequest & { body: Record<string, unknown> | null }> {
  protected override async readRequest(request: Request, base: BaseRecordedRequest) {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, recorded: BaseRecordedRequest): Response {
    return request.method === 'POST' && recorded.path === 'v2/timesheets/badge'
      ? json(200, { data: { user_id: ME, code: CODE, text: staffBadgeText(CODE) } })
      : json(404, { message: 'Not found.' });
  }
}

const badgeCalls = (server: BadgeServer) => server.requests.filter((r) => r.path === 'v2/timesheets/badge');

const RECORD_ID = '0190f3a4-0000-7000-8000-0000000000a1';

/** A clock-in the server has, at version 4 (changed three times since). */
const openRecordOnServer = (started: string): TimesheetRecord => ({
  id: RECORD_ID,
  user_id: ME,
  user_name: 'Diaz, Rosa',
  work_date: schoolDayOf(started, 'America/Los_Angeles'),
  started_at: started,
  ended_at: null,
  break_minutes: 0,
  worked_minutes: null,
  category: 'regular',
  leave_type: null,
  note: null,
  method: 'clock',
  version: 4,
  locked: false,
  recorded_by: ME,
  device_id: null,
  created_at: started,
  updated_at: started,
});
