import '../../test/setup';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyNotificationHost } from './lazy-notification-host';
import { createNotificationQueue } from './queue';

// Counts how often the real host's module is evaluated.
const hostModule = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./notification-host', async (importOriginal) => {
  hostModule.loads += 1;
  return importOriginal();
});

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('<LazyNotificationHost /> fetching the host before any notification', () => {
  it('fetches nothing while offline (a failed fetch would stay failed for the page), then fetches it online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = render(<LazyNotificationHost queue={createNotificationQueue()} preloadAfterMs={10} />);
    await wait(60);
    expect(hostModule.loads).toBe(0);
    offline.unmount();

    onLine.mockReturnValue(true);
    render(<LazyNotificationHost queue={createNotificationQueue()} preloadAfterMs={10} />);
    await vi.waitFor(() => expect(hostModule.loads).toBe(1), { timeout: 15_000 });
  });
});
