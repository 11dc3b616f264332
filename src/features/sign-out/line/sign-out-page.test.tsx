import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import {
  ada,
  type Fixture,
  father,
  jose,
  makeFixture,
  mother,
  PICK_UP_TIME,
  serverCheckIn,
} from '../station/station-fixture';
import SignOutPage from './sign-out-page';

const LINE = ['check_ins-create', 'authorized_pick_ups-view_any'];
const SEARCH = 'Find a scholar by name or student number';
let fixture: Fixture;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(PICK_UP_TIME));
  // jsdom has no object URLs, and fake-indexeddb stores a jsdom Blob as a plain object: enough to follow the URL.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  fixture.db.close();
});

/** The photo of this adult kept on the device, inside `within`. */
const photoOf = (container: HTMLElement, name: string) =>
  container.querySelector(`img[alt="${name}"][src="blob:photo"]`);

async function renderLine(permissions = LINE, options: Parameters<typeof makeFixture>[0] = {}) {
  fixture = await makeFixture(options);
  const result = await renderWithProviders(
    fixture.wrap(<SignOutPage permissions={permissions} resetAfterMs={60_000} />),
    { route: '/sign-out', queryClient: fixture.queryClient },
  );
  await screen.findByRole('searchbox', { name: SEARCH });
  return result;
}

/** Types into the search and opens the scholar's pick-up screen. */
async function openPickUp(query: string, name: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: SEARCH }), { target: { value: query } });
  fireEvent.click(await screen.findByRole('button', { name: `Open the pick-up list of ${name}` }));
  await screen.findByRole('heading', { name: `Pick-up for ${name}` });
}

const clean = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();

describe('Scholar Sign Out', () => {
  it('shows the adults of today with large photos, the custody warning, the ones not valid today, and signs out in one tap', async () => {
    await renderLine();
    expect(screen.getByText(/Offline: sign-outs are kept on this device/)).toBeTruthy();
    await openPickUp('lovel', 'Ada Lovelace');

    const choose = await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' });
    expect(clean(choose.textContent)).toContain('Mother');
    expect(clean(choose.textContent)).toContain('Phone: (213) 555-0101');
    expect(clean(choose.textContent)).toContain('Drives a blue van.');
    // The photo kept on the device.
    await waitFor(() => expect(photoOf(choose, 'Grace Lovelace')).not.toBeNull());

    // The custody order: red, with the note, and nothing to press.
    const warning = screen.getByRole('region', { name: 'Do not release' });
    expect(within(within(warning).getByRole('alert')).getByText('Do not release to George Byron')).toBeTruthy();
    expect(within(warning).getByText(father.notes ?? '')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /out with George Byron/ })).toBeNull();

    // Outside their dates: named, said why, not offered.
    const notToday = screen.getByRole('list', { name: 'Not valid today' });
    expect(clean(notToday.textContent)).toContain('Anne Byron · Grandmother');
    expect(clean(notToday.textContent)).toContain('Authorization ended on Mar 1, 2026');
    expect(clean(notToday.textContent)).toContain('Valid from Mar 9, 2026');
    expect(screen.queryByRole('button', { name: /out with (Anne Byron|Mary Somerville)/ })).toBeNull();

    fireEvent.click(choose);
    const status = await screen.findByRole('status');
    await within(status).findByRole('heading', { name: 'Ada Lovelace is signed out' });
    expect(clean(status.textContent)).toContain('With Grace Lovelace at 3:00 PM');
    expect(status.textContent).not.toContain('flagged');
    expect(await fixture.written()).toEqual([
      expect.objectContaining({
        kind: 'sign_out',
        scholar_id: ada.id,
        pick_up_id: mother.id,
        method: 'manual',
        occurred_at: PICK_UP_TIME,
      }),
    ]);
    expect((await fixture.written())[0]).not.toHaveProperty('override_reason');

    // A tap goes back to the search for the next car; the scholar now shows as signed out, and cannot be again.
    fireEvent.click(screen.getByRole('button', { name: 'Tap anywhere to continue' }));
    const box = await screen.findByRole('searchbox', { name: SEARCH });
    expect((box as HTMLInputElement).value).toBe('');
    fireEvent.change(box, { target: { value: 'ada' } });
    const row = await screen.findByRole('button', { name: 'Open the pick-up list of Ada Lovelace' });
    await waitFor(() => expect(clean(row.textContent)).toContain('Signed out at 3:00 PM'));
    fireEvent.click(row);
    expect(await screen.findByText('Ada Lovelace is already signed out')).toBeTruthy();
    expect(clean((await screen.findByText(/Signed out at 3:00 PM with/)).textContent)).toBe(
      'Signed out at 3:00 PM with Grace Lovelace',
    );
    expect(screen.queryByRole('button', { name: /Sign Ada Lovelace out with/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Someone not on the list' })).toBeNull();
    expect(screen.getByText('Not sent yet')).toBeTruthy();
    expect(await fixture.written()).toHaveLength(1);

    // The server confirms it (the sync puts its record in place of the entry): no longer 'not sent'.
    const [entry] = await fixture.db.outbox.toArray();
    await fixture.db.transaction('rw', fixture.db.outbox, fixture.db.check_ins, async () => {
      await fixture.db.check_ins.put(
        serverCheckIn({
          id: String(entry?.data.id),
          scholar_id: ada.id,
          occurred_at: PICK_UP_TIME,
          pick_up_id: mother.id,
          pick_up_name: mother.full_name,
          device_id: entry?.device_id ?? null,
        }),
      );
      await fixture.db.outbox.clear();
    });
    await waitFor(() => expect(screen.queryByText('Not sent yet')).toBeNull());
    expect(screen.getByText('Signed out at 3:00 PM with Grace Lovelace')).toBeTruthy();
  });

  it('signs out to someone not on the list only with a name, a reason and a second confirmation, flagged', async () => {
    await renderLine();
    await openPickUp('1001', 'Ada Lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Someone not on the list' }));
    const form = await screen.findByRole('dialog', { name: 'Sign Ada Lovelace out to someone not on the list' });

    // Nothing typed: both fields are required, nothing is recorded.
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(2);
    fireEvent.change(within(form).getByRole('textbox', { name: /Name of the adult picking up/ }), {
      target: { value: '  Charles Babbage ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findAllByText('This field is required.')).toHaveLength(1);
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Mother called the office at 2:40' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));

    // The second confirmation; 'Go back' returns to the form with what was typed, and records nothing.
    let confirm = await screen.findByRole('alertdialog', { name: 'Confirm the override' });
    expect(clean(confirm.textContent)).toContain(
      'Sign Ada Lovelace out to Charles Babbage, who is not on the pick-up list?',
    );
    expect(clean(confirm.textContent)).toContain('Reason: Mother called the office at 2:40');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Go back' }));
    const again = await screen.findByRole('dialog', { name: 'Sign Ada Lovelace out to someone not on the list' });
    expect(
      (within(again).getByRole('textbox', { name: /Name of the adult picking up/ }) as HTMLInputElement).value,
    ).toBe('  Charles Babbage ');
    expect(await fixture.written()).toEqual([]);

    fireEvent.click(within(again).getByRole('button', { name: 'Continue' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Confirm the override' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, sign out' }));

    const status = await screen.findByRole('status');
    await within(status).findByRole('heading', { name: 'Ada Lovelace is signed out' });
    expect(clean(status.textContent)).toContain('With Charles Babbage at 3:00 PM');
    expect(clean(status.textContent)).toContain('Override: flagged for the office to review');
    const written = await fixture.written();
    expect(written).toEqual([
      expect.objectContaining({
        kind: 'sign_out',
        scholar_id: ada.id,
        method: 'manual',
        pick_up_name: 'Charles Babbage',
        override_reason: 'Mother called the office at 2:40',
        flagged: true,
      }),
    ]);
    expect(written[0]).not.toHaveProperty('pick_up_id');
  });

  it('shows a scholar signed out on another device with whom and when, instead of a second sign-out', async () => {
    await renderLine(LINE, {
      checkIns: [
        serverCheckIn({ scholar_id: ada.id, kind: 'arrival', occurred_at: '2026-03-02T15:45:00.000Z' }),
        serverCheckIn({ scholar_id: ada.id, pick_up_id: mother.id, pick_up_name: 'Grace Lovelace' }),
        serverCheckIn({
          scholar_id: jose.id,
          pick_up_name: 'Tío Pepe',
          override_reason: 'Called ahead',
          flagged: true,
          occurred_at: '2026-03-02T22:20:00.000Z',
        }),
      ],
    });
    await openPickUp('ada', 'Ada Lovelace');
    expect(await screen.findByText('Signed out at 2:10 PM with Grace Lovelace')).toBeTruthy();
    await waitFor(() => expect(photoOf(document.body, 'Grace Lovelace')).not.toBeNull());
    expect(screen.queryByRole('button', { name: /Sign Ada Lovelace out with/ })).toBeNull();
    // The custody warning is for choosing an adult: a scholar already gone has nobody to choose.
    expect(screen.queryByText('Do not release to George Byron')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the search' }));
    await openPickUp('nunez', 'José Núñez');
    expect(await screen.findByText('Signed out at 2:20 PM with Tío Pepe')).toBeTruthy();
    expect(screen.getByText('Override: flagged for review')).toBeTruthy();
    expect(await fixture.written()).toEqual([]);
  });

  it('says who to ask when nobody is on file, with the way to add someone for those who may', async () => {
    await renderLine([...LINE, 'authorized_pick_ups-create']);
    await openPickUp('jose', 'José Núñez');
    expect(await screen.findByText('No adult on file may pick up José Núñez today.')).toBeTruthy();
    expect(screen.getByText(/Ask the front office to add the adults/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Add an authorized pick-up for José Núñez' });
    expect(link.getAttribute('href')).toBe(`/sign-out/add-authorized-pick-ups?scholar=${jose.id}`);
    // The override is still there for a scholar with nobody on file.
    expect(screen.getByRole('button', { name: 'Someone not on the list' })).toBeTruthy();
  });

  it('offers no link without the permission, and says when the account cannot see the lists', async () => {
    await renderLine(['check_ins-create']);
    await openPickUp('jose', 'José Núñez');
    expect(await screen.findByText('Your account cannot see the pick-up lists. Ask the front office.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Add an authorized pick-up/ })).toBeNull();
  });

  it('opens the scholar of a badge read by a USB scanner, and says so for an unknown badge', async () => {
    await renderLine();
    act(() => {
      for (const key of [...'ZZZZZZZZZZZZ', 'Enter']) fireEvent.keyDown(document.body, { key });
    });
    expect(await screen.findByText('Unknown badge: no scholar on this device has this code.')).toBeTruthy();
    act(() => {
      for (const key of [...ada.badge_code, 'Enter']) fireEvent.keyDown(document.body, { key });
    });
    await screen.findByRole('heading', { name: 'Pick-up for Ada Lovelace' });
    expect(screen.queryByText(/Unknown badge/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' }));
    await screen.findByRole('heading', { name: 'Ada Lovelace is signed out' });
    expect(await fixture.written()).toEqual([
      expect.objectContaining({ kind: 'sign_out', scholar_id: ada.id, pick_up_id: mother.id, method: 'scan' }),
    ]);
  });

  it('says so while the roster is not on the device yet', async () => {
    fixture = await makeFixture({ scholars: [] });
    await renderWithProviders(fixture.wrap(<SignOutPage permissions={LINE} />), {
      route: '/sign-out',
      queryClient: fixture.queryClient,
    });
    expect(await screen.findByText(/the roster has not been downloaded to this device yet/)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: SEARCH })).toBeNull();
  });
});

describe('Undo after a release', () => {
  it('offers Undo for 10 seconds with the seconds left, then not any more', async () => {
    // The Undo's countdown and its end run on timers, faked with the clock. Testing Library's waits advance fake
    // timers only when it sees a `jest` global: it is given one that advances vitest's.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(PICK_UP_TIME));
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    await renderLine();
    await openPickUp('lovel', 'Ada Lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo).toBeTruthy();
    expect(screen.getByText('Undo for 10 more seconds')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.getByText('Undo for 1 more second')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    // Nothing was voided: the sign-out stands.
    expect(await fixture.written()).toEqual([expect.objectContaining({ kind: 'sign_out', scholar_id: ada.id })]);
  });

  it('voids the sign-out through the outbox and shows the scholar back as not signed out', async () => {
    await renderLine();
    await openPickUp('lovel', 'Ada Lovelace');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' }));
    await screen.findByRole('heading', { name: 'Ada Lovelace is signed out' });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Sign-out undone: Ada Lovelace is back on the list, not signed out.')).toBeTruthy();
    // The void is queued after the sign-out, naming it, with the Undo's reason.
    const entries = await fixture.db.outbox.toArray();
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]?.resource).toBe('check_ins');
    expect(entries[1]?.data).toEqual({
      id: entries[0]?.data.id,
      scholar_id: ada.id,
      void_reason: 'tapped in error',
      voided_at: PICK_UP_TIME,
    });
    // Back on the search, the scholar is not signed out and can be signed out again.
    const box = await screen.findByRole('searchbox', { name: SEARCH });
    fireEvent.change(box, { target: { value: 'ada' } });
    const row = await screen.findByRole('button', { name: 'Open the pick-up list of Ada Lovelace' });
    expect(clean(row.textContent)).not.toContain('Signed out at');
    fireEvent.click(row);
    expect(await screen.findByRole('button', { name: 'Sign Ada Lovelace out with Grace Lovelace' })).toBeTruthy();
    expect(screen.queryByText('Ada Lovelace is already signed out')).toBeNull();
  });

  it('leaves a sign-out voided on the server out of the day', async () => {
    const voided = serverCheckIn({
      scholar_id: ada.id,
      pick_up_id: mother.id,
      pick_up_name: mother.full_name,
      voided_at: '2026-03-02T22:10:05.000Z',
      void_reason: 'tapped in error',
    });
    await renderLine(LINE, { checkIns: [voided] });
    fireEvent.change(screen.getByRole('searchbox', { name: SEARCH }), { target: { value: 'ada' } });
    const row = await screen.findByRole('button', { name: 'Open the pick-up list of Ada Lovelace' });
    expect(clean(row.textContent)).not.toContain('Signed out at');
  });
});
