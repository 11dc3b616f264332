import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/client';
import { createOfflineDb, OFFLINE_DB_NAME, type OfflineDb } from '../../offline/db';
import { chooseItem, renderWithProviders } from '../../test/render-with-providers';
import { ROSA } from '../../test/session-user';
import { makeEntry } from '../../ui/sync/test/fake-source';
import { AccountMenu } from './account-menu';
import { logoutSession } from './api/auth-api';
import { session } from './session-instance';

vi.mock('./api/auth-api', () => ({
  checkSession: vi.fn(),
  logoutSession: vi.fn(async () => ({ message: 'Signed out.' })),
}));

const USER = ROSA;

let db: OfflineDb;

beforeAll(async () => {
  // The app's own database name: logging out must leave exactly this one alone.
  db = createOfflineDb(OFFLINE_DB_NAME);
  await db.open();
  // The menu and the dialog are lazy chunks; loaded once here so a cold transform does not outlast `findBy`.
  await Promise.all([import('./log-out-dialog'), import('../../ui/settings-menu-full')]);
});

beforeEach(async () => {
  await db.outbox.clear();
  await db.outbox.bulkAdd([makeEntry(), makeEntry(), makeEntry({ status: 'attention' })]);
  session.signIn('token-1', USER);
  vi.mocked(logoutSession).mockClear();
});

afterEach(() => localStorage.clear());

/** Renders the menu and chooses "Log out…" in it; answers the dialog that asks. */
async function chooseLogOut(readWaiting?: () => number) {
  const view = await renderWithProviders(<AccountMenu readWaiting={readWaiting} />, { route: '/check-in' });
  const trigger = screen.getByRole('button', { name: 'Account and settings: Rosa Diaz' });
  act(() => trigger.click());
  await chooseItem(await screen.findByRole('menuitem', { name: 'Log out…' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
  return { ...view, dialog };
}

describe('<AccountMenu />', () => {
  it('names the signed-in person and holds the settings; no button of the bar ends the session', async () => {
    await renderWithProviders(<AccountMenu />, { route: '/check-in' });
    expect(screen.queryByRole('button', { name: /sign out|log out/i })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Account and settings: Rosa Diaz' }).click());
    expect(await screen.findByText('rosa@school.test')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
  });

  it('is the plain settings menu when nobody is signed in', async () => {
    session.expire();
    await renderWithProviders(<AccountMenu />, { route: '/login' });
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('asks before logging out even with nothing waiting, and staying signed in changes nothing', async () => {
    const { dialog, location } = await chooseLogOut(() => 0);
    expect(within(dialog).getByText('You will need to sign in again to use the app on this device.')).toBeTruthy();
    expect(within(dialog).queryByText(/not been sent/)).toBeNull();
    expect(logoutSession).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(session.getState().loggedIn).toBe(true);
    expect(location().pathname).toBe('/check-in');
  });

  it('says how many entries wait, then logs out and leaves every outbox entry on the device', async () => {
    const { dialog, location } = await chooseLogOut(() => 2);
    expect(
      within(dialog).getByText(
        '2 entries recorded here have not been sent yet. They stay on this device and are sent after the next sign-in on it.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(logoutSession).toHaveBeenCalledOnce();
    expect(getToken()).toBeNull();
    expect(await db.outbox.count()).toBe(3);
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(OFFLINE_DB_NAME);
  });
});
