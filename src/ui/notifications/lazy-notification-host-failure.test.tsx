import '../../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppThemeProvider, initI18n } from '../../test/render-with-providers';
import { LazyNotificationHost } from './lazy-notification-host';
import { createNotificationQueue } from './queue';

// The host's chunk cannot be fetched (a phone offline before the service worker had the app, or a deployment that
// removed it before the service worker took over).
vi.mock('./notification-host', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

describe('<LazyNotificationHost /> when its chunk fails to load', () => {
  it('leaves the rest of the app on screen and still shows each notification, plainly, one after the other', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = createNotificationQueue();
    render(
      <AppThemeProvider>
        <main>
          <p>Kiosk</p>
          <LazyNotificationHost queue={queue} />
        </main>
      </AppThemeProvider>,
    );
    act(() => {
      queue.addNotification({ text: 'Saved on this device.', type: 'success', timeout: -1 });
      queue.addNotification({ text: 'Could not send.', type: 'error', timeout: -1 });
    });
    expect((await screen.findByRole('status')).textContent).toContain('Saved on this device.');
    expect(screen.getByText('Kiosk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not send.');
    expect(screen.queryByRole('status')).toBeNull();
    consoleError.mockRestore();
  });
});
