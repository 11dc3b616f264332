import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { notificationQueue } from '../../../ui/notifications/queue';
import { BottomBar } from './bottom-bar';
import type { NavEntry } from './portal-entries';

// The menu's code cannot be fetched: the phone went offline before the service worker had the app.
vi.mock('./more-menu', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const ENTRIES: NavEntry[] = ['', 'work', 'schedule', 'calendar', 'resources', 'covid-screening'].map((path) => ({
  path,
  to: path ? `/scholar/${path}` : '/scholar',
  title: path || 'Home',
}));

afterEach(() => {
  vi.unstubAllGlobals();
  notificationQueue.clearNotifications();
});

describe('the bottom bar when the More menu cannot load', () => {
  it('keeps the screen, keeps More, and says why on a tap offline', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await renderWithProviders(
      <>
        <h1>Home</h1>
        <BottomBar entries={ENTRIES} />
      </>,
      { route: '/scholar' },
    );
    // A tap before the code is here asks for it and for the menu to open: it fails, and the person hears why.
    fireEvent.click(screen.getByRole('button', { name: 'More entries' }));
    const offline = 'More is not on this device yet: connect to the internet and tap it again.';
    await waitFor(() => expect(notificationQueue.getSnapshot().current?.text).toBe(offline));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();

    // Tapped again: the same answer, and the screen and More still there.
    act(() => notificationQueue.clearNotifications());
    fireEvent.click(screen.getByRole('button', { name: 'More entries' }));
    expect(notificationQueue.getSnapshot().current?.text).toBe(offline);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    consoleError.mockRestore();
  });
});
