/**
 * The notification queue, free of React so its rules can be unit-tested with fake timers.
 *
 * Rules (product specification): one notification is shown at a time and the next one follows when it closes; the
 * timeout defaults to 5000 ms and -1 means it stays until closed; the id defaults to the text and the text to
 * 'General Error'; adding an id that is already queued or showing adds nothing (a retry loop cannot flood the
 * screen); hovering pauses the timer and leaving resumes it with the time that was left.
 *
 * The clock is injectable so tests and stories control time; the module also exports one app-wide queue.
 */

export type NotificationType = 'error' | 'success' | 'warning' | 'info';

export interface NotificationInput {
  id?: string;
  text?: string;
  type?: NotificationType;
  timeout?: number;
}

export interface Notification {
  id: string;
  text: string;
  type: NotificationType;
  /** Milliseconds it stays on screen; negative (-1) means until closed. */
  timeout: number;
}

export interface ShownNotification extends Notification {
  /** Milliseconds left when the timer last started or paused; `Infinity` when it never closes by itself. */
  remaining: number;
  isPaused: boolean;
}

export interface NotificationSnapshot {
  current: ShownNotification | null;
  queued: readonly Notification[];
}

export type TimerHandle = ReturnType<typeof setTimeout>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_NOTIFICATION_TEXT = 'General Error';
export const DEFAULT_NOTIFICATION_TYPE: NotificationType = 'info';

/** Reads the global timers at call time, so Vitest's fake timers apply even after this module has loaded. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

/** Fills in the defaults of the specification: text 'General Error', id = text, timeout 5000 ms, type 'info'. */
export function normalizeNotification(input: NotificationInput): Notification {
  const text = input.text ?? DEFAULT_NOTIFICATION_TEXT;
  return {
    id: input.id ?? text,
    text,
    type: input.type ?? DEFAULT_NOTIFICATION_TYPE,
    timeout: input.timeout ?? DEFAULT_TIMEOUT_MS,
  };
}

export interface NotificationQueue {
  addNotification(input: NotificationInput): string;
  removeNotification(id: string): void;
  pauseNotification(id: string): void;
  resumeNotification(id: string): void;
  clearNotifications(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): NotificationSnapshot;
}

/** Creates a queue with its own timer; the app uses the shared one exported below. */
export function createNotificationQueue(clock: Clock = systemClock): NotificationQueue {
  let snapshot: NotificationSnapshot = { current: null, queued: [] };
  let timer: TimerHandle | null = null;
  let startedAt = 0;
  const listeners = new Set<() => void>();

  const publish = (next: NotificationSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const stopTimer = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  const startTimer = (shown: ShownNotification) => {
    stopTimer();
    if (!Number.isFinite(shown.remaining)) return;
    startedAt = clock.now();
    timer = clock.setTimeout(() => removeNotification(shown.id), shown.remaining);
  };

  const show = (notification: Notification | undefined, queued: readonly Notification[]) => {
    const current = notification
      ? { ...notification, remaining: notification.timeout < 0 ? Infinity : notification.timeout, isPaused: false }
      : null;
    if (current) startTimer(current);
    publish({ current, queued });
  };

  function addNotification(input: NotificationInput): string {
    const notification = normalizeNotification(input);
    const { current, queued } = snapshot;
    const isKnown = current?.id === notification.id || queued.some((item) => item.id === notification.id);
    if (isKnown) return notification.id;
    if (current) publish({ current, queued: [...queued, notification] });
    else show(notification, queued);
    return notification.id;
  }

  function removeNotification(id: string): void {
    const { current, queued } = snapshot;
    if (current?.id === id) {
      stopTimer();
      const [next, ...rest] = queued;
      show(next, rest);
    } else if (queued.some((item) => item.id === id)) {
      publish({ current, queued: queued.filter((item) => item.id !== id) });
    }
  }

  function pauseNotification(id: string): void {
    const { current, queued } = snapshot;
    if (current?.id !== id || current.isPaused || !Number.isFinite(current.remaining)) return;
    stopTimer();
    const remaining = Math.max(0, current.remaining - (clock.now() - startedAt));
    publish({ current: { ...current, remaining, isPaused: true }, queued });
  }

  function resumeNotification(id: string): void {
    const { current, queued } = snapshot;
    if (current?.id !== id || !current.isPaused) return;
    const resumed = { ...current, isPaused: false };
    startTimer(resumed);
    publish({ current: resumed, queued });
  }

  function clearNotifications(): void {
    stopTimer();
    publish({ current: null, queued: [] });
  }

  return {
    addNotification,
    removeNotification,
    pauseNotification,
    resumeNotification,
    clearNotifications,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

/** The app-wide queue that `<NotificationHost />` shows. */
export const notificationQueue = createNotificationQueue();

/** Shows a notification now, or after the ones before it; returns its id. */
export const addNotification = (input: NotificationInput): string => notificationQueue.addNotification(input);

/** Closes the notification with this id if it is showing, or drops it from the queue. */
export const removeNotification = (id: string): void => notificationQueue.removeNotification(id);

/** Stops the timer of the notification on screen (hover, focus, drag). */
export const pauseNotification = (id: string): void => notificationQueue.pauseNotification(id);

/** Restarts the timer of a paused notification with the time it had left. */
export const resumeNotification = (id: string): void => notificationQueue.resumeNotification(id);

/** Drops every notification, shown or queued (sign-out, tests). */
export const clearNotifications = (): void => notificationQueue.clearNotifications();

/** Subscribes to queue changes (for `useSyncExternalStore`). */
export const subscribe = (listener: () => void): (() => void) => notificationQueue.subscribe(listener);

/** The current state: the notification on screen and those waiting. Same object until something changes. */
export const getSnapshot = (): NotificationSnapshot => notificationQueue.getSnapshot();
