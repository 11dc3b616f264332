import '../../test/setup';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyNotificationHost } from './lazy-notification-host';
import { createNotificationQueue } from './queue';

// The host's chunk cannot be fetched (say, removed by a deployment before the service worker took over).
vi.mock('./notification-host', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('<LazyNotificationHost /> when its chunk fails to load', () => {
  it('renders nothing and leaves the rest of the app on screen', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queue = createNotificationQueue();
    render(
      <main>
        <p>Kiosk</p>
        <LazyNotificationHost queue={queue} />
      </main>,
    );
    act(() => void queue.addNotification({ text: 'Saved.', timeout: -1 }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Kiosk')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    consoleError.mockRestore();
  });
});
