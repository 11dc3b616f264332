import '../../test/setup';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MotionGlobalConfig } from 'framer-motion';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppThemeProvider, initI18n } from '../../test/render-with-providers';
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
  // These tests are about loading and queueing, not motion: with the exit animation skipped, the next notification
  // shows as soon as the first is gone, instead of after frames that a busy machine may hold back past waitFor's limit.
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

/** A ceiling for conditions, not a wait: a loaded machine may take seconds to import the host on first use. */
const SLOW = { timeout: 15_000 };

describe('<LazyNotificationHost />', () => {
  it('renders nothing and loads nothing while no notification is queued, then loads the host for the first one', async () => {
    const queue = renderLazyHost();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(hostModule.loads).toBe(0);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => void queue.addNotification({ text: 'Saved.', type: 'success', timeout: -1 }));
    expect(await screen.findByRole('status', {}, SLOW)).toHaveProperty('textContent', 'Saved.');
    expect(hostModule.loads).toBe(1);
  });

  it('keeps the notifications queued before it loaded, in order', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'Could not sync', type: 'error', timeout: -1 });
    queue.addNotification({ text: 'Back online', timeout: -1 });
    renderLazyHost(queue);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Could not sync');

    act(() => queue.removeNotification('Could not sync'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Back online'), SLOW);
  });
});
