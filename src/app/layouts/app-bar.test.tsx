import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETURN_URL_KEY } from '../../features/auth/session';
import { session } from '../../features/auth/session-instance';
import { chooseItem, renderWithProviders } from '../../test/render-with-providers';
import { ROSA } from '../../test/session-user';
import { createFakeSync, type FakeSync } from '../../ui/sync/test/fake-source';
import { AppBar } from './app-bar';

const offline = vi.hoisted(() => ({ current: null as FakeSync['source'] | null }));
vi.mock('../offline-wiring', () => ({ useOfflineModule: () => offline.current }));

const USER = ROSA;

beforeAll(async () => {
  // Lazy chunks, loaded once so that a cold transform does not outlast `findBy`.
  await Promise.all([
    import('../../ui/sync/sync-indicator'),
    import('../../ui/sync/unauthorized-banner'),
    import('../../ui/settings-menu-full'),
    import('../../features/auth/log-out-dialog'),
  ]);
});

beforeEach(() => session.signIn('token-1', USER));

afterEach(() => {
  offline.current = null;
  localStorage.clear();
});

describe('<AppBar /> and sync', () => {
  it('shows no sync status until the offline layer is loaded', async () => {
    await renderWithProviders(<AppBar />);
    expect(screen.getByRole('button', { name: 'Account and settings: Rosa Diaz' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sync status/ })).toBeNull();
  });

  it('shows the indicator of the loaded offline layer to a signed-in person', async () => {
    offline.current = createFakeSync({ waiting: 3 }).source;
    await renderWithProviders(<AppBar />);
    expect(
      await screen.findByRole('button', { name: /^Online, 3 waiting.*Sync status and this device$/ }),
    ).toBeTruthy();
  });

  it('reads the waiting count for logging out from the offline layer', async () => {
    offline.current = createFakeSync({ waiting: 3 }).source;
    await renderWithProviders(<AppBar />);
    act(() => screen.getByRole('button', { name: 'Account and settings: Rosa Diaz' }).click());
    await chooseItem(await screen.findByRole('menuitem', { name: 'Log out…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out?' });
    expect(dialog.textContent).toContain('3 entries recorded here have not been sent yet.');
    expect(session.getState().loggedIn).toBe(true);
  });

  it('asks for a new sign-in when sending is paused, returning to this page afterwards', async () => {
    const fake = createFakeSync({ waiting: 2 });
    offline.current = fake.source;
    const { location } = await renderWithProviders(<AppBar />, { route: '/check-in/today?grade=3' });
    await screen.findByRole('button', { name: /Sync status and this device$/ });
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => fake.setStatus({ paused: 'unauthorized' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sign in again to send the 2 entries waiting on this device.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(localStorage.getItem(RETURN_URL_KEY)).toBe('/check-in/today?grade=3');
    expect(session.getState().loggedIn).toBe(false);
  });
});
