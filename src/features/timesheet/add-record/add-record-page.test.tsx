import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimesheetRecord } from '../../../contract';
import { createSyncEngine, type OfflineDb } from '../../../offline';
import { createOfflineHooks } from '../../../offline/react';
import { FakeSyncServer } from '../../../offline/test/fakes';
import { makeStationHarness } from '../../../offline/test/station-harness';
import { renderWithProviders } from '../../../test/render-with-providers';
import { schoolDayOf } from '../../../ui/school-clock';
import AddRecordPage from './add-record-page';
import { ClockStationProvider } from './clock-station';

const ME = '0190f3a4-0000-7000-8000-000000000001';
let db: OfflineDb | undefined;
afterEach(() => db?.close());

/**
 * Add Record on a device that is offline (the engine never sends, so every write stays in the outbox), with the
 * device's tables filled by `seed`.
 */
async function renderOffline(seed: (db: OfflineDb) => Promise<unknown> = async () => undefined) {
  const harness = await makeStationHarness({ online: false, userId: ME, seed });
  db = harness.db;
  const engine = createSyncEngine({
    db: harness.db,
    api: new FakeSyncServer(),
    locks: null,
    getUserId: () => ME,
    isOnline: () => false,
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
});

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
