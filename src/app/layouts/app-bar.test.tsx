import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract';
import { RETURN_URL_KEY } from '../../features/auth/session';
import { session } from '../../features/auth/session-instance';
import { renderWithProviders } from '../../test/render-with-providers';
import { createFakeSync, type FakeSync } from '../../ui/sync/test/fake-source';
import { AppBar } from './app-bar';

const offline = vi.hoisted(() => ({ current: null as FakeSync['source'] | null }));
vi.mock('../offline-wiring', () => ({ useOfflineModule: () => offline.current }));

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

beforeAll(async () => {
  // Lazy chunks, loaded once so that a cold transform does not outlast `findBy`.
  await Promise.all([import('../../ui/sync/sync-indicator'), import('../../ui/sync/unauthorized-banner')]);
});

beforeEach(() => session.signIn('token-1', USER));

afterEach(() => {
  offline.current = null;
  localStorage.clear();
});

describe('<AppBar /> and sync', () => {
  it('shows no sync status until the offline layer is loaded', async () => {
    await renderWithProviders(<AppBar />);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Sync status/ })).toBeNull();
  });

  it('shows the indicator of the loaded offline layer to a signed-in person', async () => {
    offline.current = createFakeSync({ waiting: 3 }).source;
    await renderWithProviders(<AppBar />);
    expect(
      await screen.findByRole('button', { name: /^Online, 3 waiting.*Sync status and this device$/ }),
    ).toBeTruthy();
  });

  it('reads the waiting count for the sign-out from the offline layer', async () => {
    offline.current = createFakeSync({ waiting: 3 }).source;
    await renderWithProviders(<AppBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('alertdialog', { name: 'Sign out?' })).toBeTruthy();
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
