import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Clock,
  createNotificationQueue,
  DEFAULT_TIMEOUT_MS,
  type NotificationQueue,
  systemClock,
  type TimerHandle,
} from './queue';

let queue: NotificationQueue;

const shownId = () => queue.getSnapshot().current?.id ?? null;
const queuedIds = () => queue.getSnapshot().queued.map((item) => item.id);

beforeEach(() => {
  vi.useFakeTimers();
  queue = createNotificationQueue(systemClock);
});

afterEach(() => {
  queue.clearNotifications();
  vi.useRealTimers();
});

describe('notification queue', () => {
  it('shows one notification at a time and queues the rest in order', () => {
    queue.addNotification({ text: 'first' });
    queue.addNotification({ text: 'second' });
    queue.addNotification({ text: 'third' });
    expect(shownId()).toBe('first');
    expect(queuedIds()).toEqual(['second', 'third']);
  });

  it('shows the next one after the current closes', () => {
    queue.addNotification({ text: 'first' });
    queue.addNotification({ text: 'second' });
    queue.removeNotification('first');
    expect(shownId()).toBe('second');
    expect(queuedIds()).toEqual([]);
    queue.removeNotification('second');
    expect(shownId()).toBeNull();
  });

  it('closes by itself after 5000 ms by default, then shows the next', () => {
    queue.addNotification({ text: 'first' });
    queue.addNotification({ text: 'second', timeout: 1000 });
    expect(queue.getSnapshot().current?.timeout).toBe(DEFAULT_TIMEOUT_MS);
    vi.advanceTimersByTime(4999);
    expect(shownId()).toBe('first');
    vi.advanceTimersByTime(1);
    expect(shownId()).toBe('second');
    // The next one's timer starts when it is shown, not when it was added.
    vi.advanceTimersByTime(999);
    expect(shownId()).toBe('second');
    vi.advanceTimersByTime(1);
    expect(shownId()).toBeNull();
  });

  it('never closes by itself with a timeout of -1', () => {
    queue.addNotification({ text: 'sticky', timeout: -1 });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(shownId()).toBe('sticky');
    expect(queue.getSnapshot().current?.remaining).toBe(Infinity);
    queue.removeNotification('sticky');
    expect(shownId()).toBeNull();
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    queue.addNotification({ text: 'hover me', timeout: 5000 });
    vi.advanceTimersByTime(3000);
    queue.pauseNotification('hover me');
    expect(queue.getSnapshot().current).toMatchObject({ isPaused: true, remaining: 2000 });

    vi.advanceTimersByTime(60_000);
    expect(shownId()).toBe('hover me');

    queue.resumeNotification('hover me');
    expect(queue.getSnapshot().current?.isPaused).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(shownId()).toBe('hover me');
    vi.advanceTimersByTime(1);
    expect(shownId()).toBeNull();
  });

  it('keeps the remaining time across several pauses', () => {
    queue.addNotification({ text: 'twice', timeout: 5000 });
    vi.advanceTimersByTime(1000);
    queue.pauseNotification('twice');
    queue.resumeNotification('twice');
    vi.advanceTimersByTime(1500);
    queue.pauseNotification('twice');
    expect(queue.getSnapshot().current?.remaining).toBe(2500);
    queue.resumeNotification('twice');
    vi.advanceTimersByTime(2500);
    expect(shownId()).toBeNull();
  });

  it('ignores pause and resume for an id that is not on screen', () => {
    queue.addNotification({ text: 'shown' });
    queue.addNotification({ text: 'waiting' });
    queue.pauseNotification('waiting');
    expect(queue.getSnapshot().current?.isPaused).toBe(false);
    vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS);
    expect(shownId()).toBe('waiting');
  });

  it('defaults the id to the text and the text to General Error', () => {
    const id = queue.addNotification({ text: 'Saved.', type: 'success' });
    expect(id).toBe('Saved.');
    expect(queue.getSnapshot().current).toMatchObject({ id: 'Saved.', text: 'Saved.', type: 'success' });

    queue.clearNotifications();
    queue.addNotification({ type: 'error' });
    expect(queue.getSnapshot().current).toMatchObject({ id: 'General Error', text: 'General Error', type: 'error' });

    queue.clearNotifications();
    queue.addNotification({ id: 'sync', text: 'Sync failed' });
    expect(queue.getSnapshot().current).toMatchObject({ id: 'sync', text: 'Sync failed', type: 'info' });
  });

  it('does not add an id that is already showing or queued', () => {
    queue.addNotification({ text: 'Offline' });
    queue.addNotification({ text: 'Saved.' });
    queue.addNotification({ text: 'Offline' });
    queue.addNotification({ id: 'Saved.', text: 'Saved again' });
    expect(shownId()).toBe('Offline');
    expect(queuedIds()).toEqual(['Saved.']);
    expect(queue.getSnapshot().queued[0]?.text).toBe('Saved.');
  });

  it('removes a queued notification by id without touching the one on screen', () => {
    queue.addNotification({ text: 'shown' });
    queue.addNotification({ text: 'a' });
    queue.addNotification({ text: 'b' });
    queue.removeNotification('a');
    expect(shownId()).toBe('shown');
    expect(queuedIds()).toEqual(['b']);
    // The shown one keeps its original timer.
    vi.advanceTimersByTime(DEFAULT_TIMEOUT_MS);
    expect(shownId()).toBe('b');
  });

  it('removes the showing notification by id and cancels its timer', () => {
    queue.addNotification({ text: 'shown', timeout: 1000 });
    queue.addNotification({ text: 'next', timeout: 5000 });
    vi.advanceTimersByTime(500);
    queue.removeNotification('shown');
    expect(shownId()).toBe('next');
    // The old timer (due at 1000 ms) must not close 'next'.
    vi.advanceTimersByTime(4999);
    expect(shownId()).toBe('next');
  });

  it('allows the same id again once it has closed', () => {
    queue.addNotification({ text: 'Offline' });
    queue.removeNotification('Offline');
    queue.addNotification({ text: 'Offline' });
    expect(shownId()).toBe('Offline');
  });

  it('notifies subscribers and keeps the snapshot stable between changes', () => {
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    const before = queue.getSnapshot();
    expect(queue.getSnapshot()).toBe(before);
    queue.addNotification({ text: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot()).not.toBe(before);
    queue.addNotification({ text: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    queue.removeNotification('x');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('uses the injected clock for its timers', () => {
    let now = 0;
    const pending = new Map<number, { at: number; callback: () => void }>();
    let nextHandle = 1;
    const clock: Clock = {
      now: () => now,
      setTimeout: (callback, ms) => {
        const handle = nextHandle++;
        pending.set(handle, { at: now + ms, callback });
        return handle as unknown as TimerHandle;
      },
      clearTimeout: (handle) => {
        pending.delete(handle as unknown as number);
      },
    };
    const manual = createNotificationQueue(clock);
    manual.addNotification({ text: 'manual', timeout: 100 });
    now = 40;
    manual.pauseNotification('manual');
    expect(manual.getSnapshot().current?.remaining).toBe(60);
    expect(pending.size).toBe(0);
    manual.resumeNotification('manual');
    const [timer] = [...pending.values()];
    expect(timer?.at).toBe(100);
    timer?.callback();
    expect(manual.getSnapshot().current).toBeNull();
  });
});
