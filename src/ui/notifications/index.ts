/**
 * Public surface of the notifications: `addNotification` from anywhere (also outside React, e.g. the sync engine),
 * `<LazyNotificationHost />` once near the root.
 *
 * Only light pieces are exported here (the queue, its React binding, the swipe rule and the lazy host): the real host
 * animates with framer-motion, and exporting it from this index would pull that into every chunk that imports
 * `addNotification`, the first screens included (DESIGN section 8). The real host is imported only by
 * `lazy-notification-host.tsx`, which loads it when the first notification is queued.
 */
export { LazyNotificationHost, loadNotificationHost } from './lazy-notification-host';
export type { NotificationHostProps } from './notification-host';
export {
  addNotification,
  clearNotifications,
  createNotificationQueue,
  getSnapshot,
  type Notification,
  type NotificationInput,
  type NotificationQueue,
  type NotificationSnapshot,
  type NotificationType,
  pauseNotification,
  removeNotification,
  resumeNotification,
  type ShownNotification,
  subscribe,
} from './queue';
export { SWIPE_DISMISS_PX, shouldDismissOnSwipe } from './swipe';
export { type UseNotifications, useNotifications } from './use-notifications';
