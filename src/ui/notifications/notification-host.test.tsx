import '../../test/setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppThemeProvider, initI18n } from '../../test/render-with-providers';
import { NotificationHost } from './notification-host';
import { createNotificationQueue, type NotificationQueue } from './queue';
import { SWIPE_DISMISS_PX, shouldDismissOnSwipe } from './swipe';

const frames = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

async function renderHost(queue: NotificationQueue) {
  const view = render(
    <AppThemeProvider>
      <NotificationHost queue={queue} />
    </AppThemeProvider>,
  );
  // Let LazyMotion load its (lazy) features, so the drag gesture is live.
  await act(async () => {
    await import('./motion-features');
    await frames(0);
  });
  return view;
}

/** A real pointer drag through framer-motion's gesture code: down on the card, move, up `dy` px lower. */
async function swipe(card: HTMLElement, dy: number) {
  const at = (y: number) => ({ clientX: 100, clientY: y, pageX: 100, pageY: y, isPrimary: true, pointerId: 1 });
  await act(async () => {
    fireEvent.pointerDown(card, { ...at(100), button: 0, buttons: 1 });
    fireEvent.pointerMove(window, { ...at(100 + dy / 2), buttons: 1 });
    await frames();
    fireEvent.pointerMove(window, { ...at(100 + dy), buttons: 1 });
    await frames();
    fireEvent.pointerUp(window, at(100 + dy));
    await frames();
  });
}

const cardOf = (element: HTMLElement) => element.parentElement as HTMLElement;

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
});

describe('shouldDismissOnSwipe', () => {
  it('dismisses only beyond 50 px, up or down', () => {
    expect(SWIPE_DISMISS_PX).toBe(50);
    expect(shouldDismissOnSwipe(51)).toBe(true);
    expect(shouldDismissOnSwipe(-51)).toBe(true);
    expect(shouldDismissOnSwipe(50)).toBe(false);
    expect(shouldDismissOnSwipe(49)).toBe(false);
    expect(shouldDismissOnSwipe(-49)).toBe(false);
    expect(shouldDismissOnSwipe(0)).toBe(false);
  });
});

describe('<NotificationHost />', () => {
  it('shows one notification at a time, with role alert for errors and status otherwise', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'Could not save', type: 'error', timeout: -1 });
    queue.addNotification({ text: 'Saved.', type: 'success', timeout: -1 });
    await renderHost(queue);
    expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Could not save');
    expect(screen.queryByText('Saved.')).toBeNull();

    await act(async () => queue.removeNotification('Could not save'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with the Close button and then shows the next one', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'First', timeout: -1 });
    queue.addNotification({ text: 'Second', timeout: -1 });
    await renderHost(queue);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(queue.getSnapshot().current?.id).toBe('Second');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Second'));
  });

  it('dismisses on a vertical swipe of 51 px but not of 49 px', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'Swipe me', timeout: -1 });
    await renderHost(queue);

    await swipe(cardOf(screen.getByRole('status')), 49);
    expect(queue.getSnapshot().current?.id).toBe('Swipe me');

    await swipe(cardOf(screen.getByRole('status')), -49);
    expect(queue.getSnapshot().current?.id).toBe('Swipe me');

    await swipe(cardOf(screen.getByRole('status')), 51);
    expect(queue.getSnapshot().current).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    act(() => void queue.addNotification({ text: 'Swipe me up', timeout: -1 }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Swipe me up'));
    await swipe(cardOf(screen.getByRole('status')), -51);
    expect(queue.getSnapshot().current).toBeNull();
  });

  it('pauses the timer and the countdown bar while hovered, and resumes on leave', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ text: 'Hover me', timeout: 5000 });
    await renderHost(queue);
    const status = screen.getByRole('status');
    const bar = status.querySelector('[data-part="countdown"]');
    expect(bar?.getAttribute('data-state')).toBe('running');

    fireEvent.mouseEnter(cardOf(status));
    expect(queue.getSnapshot().current?.isPaused).toBe(true);
    expect(status.querySelector('[data-part="countdown"]')?.getAttribute('data-state')).toBe('paused');

    fireEvent.mouseLeave(cardOf(status));
    expect(queue.getSnapshot().current?.isPaused).toBe(false);
    expect(status.querySelector('[data-part="countdown"]')?.getAttribute('data-state')).toBe('running');
  });

  it('has no countdown bar when it never closes by itself, and translates the default text', async () => {
    const queue = createNotificationQueue();
    queue.addNotification({ type: 'error', timeout: -1 });
    await renderHost(queue);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('General Error');
    expect(alert.querySelector('[data-part="countdown"]')).toBeNull();
  });
});
