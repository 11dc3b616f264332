import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/client';
import type { SessionUser } from '../../contract';
import { createOfflineDb, OFFLINE_DB_NAME, type OfflineDb } from '../../offline/db';
import { renderWithProviders } from '../../test/render-with-providers';
import { makeEntry } from '../../ui/sync/test/fake-source';
import { logoutSession } from './api/auth-api';
import { session } from './session-instance';
import { SignOutButton } from './sign-out-button';

vi.mock('./api/auth-api', () => ({
  checkSession: vi.fn(),
  logoutSession: vi.fn(async () => ({ message: 'Signed out.' })),
}));

const USER: SessionUser = {
  id: 'user-1',
  email: 'rosa@school.test',
  nickname: null,
  fname: 'Rosa',
  lname: 'Diaz',
  type: 'staff',
  user_number: null,
  start_date: null,
  grade: null,
  program: 'Secondary',
  permissions: [],
};

let db: OfflineDb;

beforeAll(async () => {
  // The app's own database name: sign-out must leave exactly this one alone.
  db = createOfflineDb(OFFLINE_DB_NAME);
  await db.open();
  // The dialog is a lazy chunk; loaded once here so a cold transform does not outlast `findBy`.
  await import('../../ui/sync/sign-out-dialog');
});

beforeEach(async () => {
  await db.outbox.clear();
  await db.outbox.bulkAdd([makeEntry(), makeEntry(), makeEntry({ status: 'attention' })]);
  session.signIn('token-1', USER);
  vi.mocked(logoutSession).mockClear();
});

afterEach(() => localStorage.clear());

async function renderButton(readWaiting?: () => number) {
  const view = await renderWithProviders(<SignOutButton readWaiting={readWaiting} />, { route: '/check-in' });
  return { ...view, button: screen.getByRole('button', { name: 'Sign out' }) };
}

describe('<SignOutButton />', () => {
  it('signs out at once while the offline layer is not loaded (nothing to read)', async () => {
    const { button, location } = await renderButton();
    fireEvent.click(button);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(session.getState().loggedIn).toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('signs out at once when nothing is waiting', async () => {
    const { button, location } = await renderButton(() => 0);
    fireEvent.click(button);
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(logoutSession).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks first when entries are waiting, and staying signed in changes nothing', async () => {
    const { button, location } = await renderButton(() => 2);
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(
      within(dialog).getByText(
        '2 entries have not been sent yet. They stay on this device and are sent after the next sign-in on it.',
      ),
    ).toBeTruthy();
    expect(logoutSession).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(session.getState().loggedIn).toBe(true);
    expect(location().pathname).toBe('/check-in');
  });

  it('signs out after the confirmation and leaves every outbox entry on the device', async () => {
    const { button, location } = await renderButton(() => 2);
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(logoutSession).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
    expect(await db.outbox.count()).toBe(3);
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(OFFLINE_DB_NAME);
  });
});
