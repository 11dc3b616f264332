import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { SyncIndicator } from './sync-indicator';
import type { SyncStatus } from './sync-source';
import { createFakeApp, createFakeSync } from './test/fake-source';

const MIN = 60_000;

// The panel is a lazy chunk; transforming it cold on a busy machine can take longer than a `findBy` waits.
beforeAll(async () => {
  await import('./device-panel');
});

async function renderIndicator(status: Partial<SyncStatus> = {}) {
  const fake = createFakeSync(status);
  await renderWithProviders(<SyncIndicator source={fake.source} app={createFakeApp()} />);
  return fake;
}

const indicator = () => screen.getByRole('button', { name: /Sync status and this device$/ });

describe('<SyncIndicator />', () => {
  it('says online, all sent and not synced yet on a new device, with no attention badge or progress bar', async () => {
    await renderIndicator();
    expect(indicator().getAttribute('aria-label')).toBe(
      'Online, All sent, Not synced yet. Sync status and this device',
    );
    expect(within(indicator()).getByText('Online')).toBeTruthy();
    expect(within(indicator()).getByText('Not synced yet')).toBeTruthy();
    expect(screen.queryByText(/need/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says offline in words, with the waiting and needs-attention counts and the last sync', async () => {
    await renderIndicator({ online: false, waiting: 3, attention: 2, lastSyncAt: Date.now() - 2 * MIN });
    const button = indicator();
    expect(within(button).getByText('Offline')).toBeTruthy();
    expect(within(button).getByText('3 waiting to send')).toBeTruthy();
    expect(within(button).getByText('2 need attention')).toBeTruthy();
    expect(within(button).getByText('Synced 2 min ago')).toBeTruthy();
    expect(button.getAttribute('aria-label')).toBe(
      'Offline, 3 waiting to send, 2 need attention, Synced 2 min ago. Sync status and this device',
    );
  });

  it('names the roster age when the snapshot is older than 15 minutes, and not before', async () => {
    const fake = await renderIndicator({ lastSyncAt: Date.now() - MIN, snapshotAt: Date.now() - 10 * MIN });
    expect(screen.queryByText(/Roster from/)).toBeNull();
    // The bar's clock was read at its render, a moment before this line: a few minutes spare keep "3 h".
    act(() => fake.setStatus({ snapshotAt: Date.now() - (3 * 60 + 5) * MIN }));
    expect(within(indicator()).getByText('Synced 1 min ago')).toBeTruthy();
    expect(within(indicator()).getByText('Roster from 3 h ago')).toBeTruthy();
  });

  it('shows a progress bar while 20 or more entries are being sent', async () => {
    const fake = await renderIndicator({ sending: true, waiting: 5, progress: { sent: 2, total: 5 } });
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => fake.setStatus({ waiting: 200, progress: { sent: 40, total: 200 } }));
    const bar = screen.getByRole('progressbar', { name: 'Sending 40 of 200' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemax')).toBe('200');
  });

  it('announces count changes politely, but not what was there when the screen opened', async () => {
    const fake = await renderIndicator({ waiting: 2 });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => fake.setStatus({ waiting: 3 }));
    expect(region.textContent).toBe('Online. 3 waiting to send');
    act(() => fake.setStatus({ waiting: 0, attention: 1 }));
    expect(region.textContent).toBe('Online. All sent. 1 needs attention');
    act(() => fake.setStatus({ online: false }));
    expect(region.textContent).toBe('Offline. All sent. 1 needs attention');
  });

  it('opens the device panel', async () => {
    await renderIndicator({ waiting: 1 });
    expect(indicator().getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(indicator());
    const panel = await screen.findByRole('dialog', { name: 'This device' });
    expect(within(panel).getByRole('heading', { name: 'Waiting to send (0)' })).toBeTruthy();
    // The open drawer is modal: the rest of the page, the indicator included, is hidden from assistive technology.
    const hidden = screen.getByRole('button', { name: /Sync status and this device$/, hidden: true });
    expect(hidden.getAttribute('aria-expanded')).toBe('true');
  });
});
