import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarLineEntry } from '../../../contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import SignOutPage from '../line/sign-out-page';
import { ada, type Fixture, jose, makeFixture, PICK_UP_TIME, serverCheckIn, TODAY } from '../station/station-fixture';
import QueuePage from './queue-page';

let fixture: Fixture;

const entry = (scholar: typeof ada, calledAt: string, extra: Partial<CarLineEntry> = {}): CarLineEntry => ({
  id: `0190f3a4-0000-7000-8000-${calledAt.replace(/\D/g, '').slice(-12)}`,
  school_day: TODAY,
  scholar_id: scholar.id,
  scholar_name: `${scholar.fname} ${scholar.lname}`,
  grade: scholar.grade,
  homeroom: scholar.homeroom,
  tag_number: 12,
  called_at: calledAt,
  released_at: null,
  ...extra,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(PICK_UP_TIME));
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  fixture.db.close();
});

async function openQueue(entries: CarLineEntry[], options: Parameters<typeof makeFixture>[0] = {}) {
  fixture = await makeFixture(options);
  await fixture.db.car_line_queue.bulkPut(entries);
  const sound = vi.fn();
  const refresh = vi.fn(async () => undefined);
  await renderWithProviders(fixture.wrap(<QueuePage sound={sound} refresh={refresh} />), {
    route: '/sign-out/queue',
    queryClient: fixture.queryClient,
  });
  await screen.findByRole('heading', { name: 'Car Line Queue' });
  return { sound, refresh };
}

describe('Car Line Queue', () => {
  it('calls the children out in arrival order from the device, offline, and beeps only for later arrivals', async () => {
    const { sound } = await openQueue([
      entry(jose, '2026-03-02T22:59:00.000Z'),
      entry(ada, '2026-03-02T22:58:00.000Z', { tag_number: 7 }),
    ]);
    const list = await screen.findByRole('list', { name: 'Car Line Queue' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace'),
      expect.stringContaining('José Núñez'),
    ]);
    expect(rows[0]?.textContent).toContain('Room 5A · Grade 5 · Tag 7');
    expect(screen.getByText(/Offline: showing the queue as this device last received it/)).toBeTruthy();
    expect(sound).not.toHaveBeenCalled();

    // A new arrival pulled from the server sounds once; muted, the next one does not.
    const other = { ...ada, id: '0190f3a4-0000-7000-8000-00000000c0de', fname: 'Mia' };
    await act(async () => {
      await fixture.db.car_line_queue.put(entry(other, '2026-03-02T23:00:00.000Z'));
    });
    await screen.findByText('Mia Lovelace');
    // The sound is the list's effect, which runs once the new row is on screen.
    await waitFor(() => expect(sound).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Mute the call sound', pressed: false }));
    await act(async () => {
      await fixture.db.car_line_queue.put(
        entry({ ...other, id: '0190f3a4-0000-7000-8000-00000000beef', fname: 'Leo' }, '2026-03-02T23:00:30.000Z'),
      );
    });
    await screen.findByText('Leo Lovelace');
    expect(sound).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('school-ops.car-line.muted')).toBe('true');
  });

  it('asks the server for the queue’s changes every few seconds while online', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(PICK_UP_TIME));
    const { refresh } = await openQueue([entry(ada, '2026-03-02T22:58:00.000Z')], { online: true });
    await screen.findByText('Ada Lovelace');
    expect(refresh).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('drops a child signed out at the curb (on this device or another) and says when no one is waiting', async () => {
    await openQueue([entry(ada, '2026-03-02T22:58:00.000Z')], {
      checkIns: [serverCheckIn({ scholar_id: ada.id })],
    });
    expect(await screen.findByText('No one is waiting. Children appear here when their family arrives.')).toBeTruthy();
  });
});

describe('the curb on Scholar Sign Out', () => {
  it('calls a typed tag out through the outbox, says which field is wrong, and lists who is walking out', async () => {
    fixture = await makeFixture();
    await fixture.db.car_line_queue.bulkPut([entry(jose, '2026-03-02T22:59:00.000Z')]);
    await renderWithProviders(fixture.wrap(<SignOutPage permissions={['check_ins-create']} resetAfterMs={60_000} />), {
      route: '/sign-out',
      queryClient: fixture.queryClient,
    });
    const curb = await screen.findByRole('region', { name: 'Car line' });
    const walking = await within(curb).findByRole('list', { name: 'Walking out' });
    expect(within(walking).getByText('José Núñez')).toBeTruthy();
    const input = within(curb).getByLabelText('Car tag number');
    fireEvent.change(input, { target: { value: 'twelve' } });
    fireEvent.click(within(curb).getByRole('button', { name: 'Call out' }));
    expect(await within(curb).findByText('Use a whole number from 1 to 9999.')).toBeTruthy();
    expect(await fixture.written()).toEqual([]);
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(curb).getByRole('button', { name: 'Call out' }));
    expect(await within(curb).findByText(/Tag 12 is called out/)).toBeTruthy();
    const outbox = await fixture.db.outbox.toArray();
    expect(outbox.map((e) => [e.resource, e.data.tag_number])).toEqual([['car_line_calls', 12]]);
  });
});
