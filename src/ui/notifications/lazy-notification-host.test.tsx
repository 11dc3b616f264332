import '../../test/setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { AppThemeProvider } from '../../app/theme';
import { LazyNotificationHost } from './lazy-notification-host';
import { createNotificationQueue } from './queue';

// Counts how often the real host's module is evaluated: it (and framer-motion with it) must wait for a notification.
const hostModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./notification-host', async (importOriginal) => {
  hostModule.loads += 1;
  return importOriginal();
});

const renderLazyHost = (queue = createNotificationQueue()) => {
  render(
    <AppThemeProvider>
      <LazyNotificationHost queue={queue} />
    </AppThemeProvider>,
  );
  return queue;
};

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

describe('<LazyNotificationHost />', () => {
  it('renders nothing and loads nothing while no notification is queued, then loads the host for the first one', async () => {
    const queue = renderLazyHost();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(hostModule.loads).toBe(0);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => void queue.addNotification({ text: 'Saved.', type: 'success', timeout: -1 }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    expect(hostModule.loads).toBe(1);
  });

  it('keeps the notifications queued before it loaded, in order', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'Could not sync', type: 'error', timeout: -1 });
    queue.addNotification({ text: 'Back online', timeout: -1 });
    renderLazyHost(queue);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not sync');

    act(() => queue.removeNotification('Could not sync'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Back online'));
  });
});
