/**
 * React binding of the notification queue through `useSyncExternalStore`: the queue stays framework-free and every
 * component that shows or adds notifications reads the same snapshot without a context provider.
 */
import { useSyncExternalStore } from 'react';
import { type NotificationQueue, type NotificationSnapshot, notificationQueue } from './queue';

export interface UseNotifications extends NotificationSnapshot {
  addNotification: NotificationQueue['addNotification'];
  removeNotification: NotificationQueue['removeNotification'];
  pauseNotification: NotificationQueue['pauseNotification'];
  resumeNotification: NotificationQueue['resumeNotification'];
}

/** The notification on screen, the ones waiting, and the queue's actions (the app-wide queue unless given one). */
export function useNotifications(queue: NotificationQueue = notificationQueue): UseNotifications {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return {
    ...snapshot,
    addNotification: queue.addNotification,
    removeNotification: queue.removeNotification,
    pauseNotification: queue.pauseNotification,
    resumeNotification: queue.resumeNotification,
  };
}
