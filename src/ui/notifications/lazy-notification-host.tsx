/**
 * The notification host as the app mounts it: nothing until the first notification, then the real host.
 *
 * Why: the real host animates with framer-motion (16 kB gzip measured, even as `m` + AnimatePresence), which would count
 * against the login and kiosk screens' 170 kB budget (DESIGN section 8) although most sessions never show a
 * notification in their first seconds. This wrapper only subscribes to the queue (plain TypeScript, no framework) and
 * fetches `notification-host.tsx` with `React.lazy` when a notification is first queued. The queue keeps every
 * notification added before the host arrives, so none is lost; the service worker precaches the chunk, so this also
 * works offline. Once loaded the host stays mounted, so exit animations and later notifications are immediate. Should
 * the chunk fail to load (a deployment removed it before the service worker took over), an error boundary keeps the
 * failure to the notifications: the screen underneath, mounted beside this host at the root, stays up.
 *
 * Import it from this file, not through anything that also imports `notification-host.tsx` statically (that would
 * put framer-motion back into the first chunk).
 */
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { NotificationHostProps } from './notification-host';
import { type NotificationQueue, notificationQueue } from './queue';

/**
 * Fetches the real host and, in parallel, the motion features it loads next (the card stays invisible until they are
 * there), so the first notification waits for one round trip, not two. Call it early (say, on idle) to make even
 * that one disappear.
 */
export const loadNotificationHost = () =>
  Promise.all([import('./notification-host'), import('./motion-features')]).then(([host, features]) => {
    host.provideMotionFeatures(features.default);
    return host;
  });

const NotificationHost = lazy(() => loadNotificationHost().then((module) => ({ default: module.NotificationHost })));

/** Renders nothing instead of letting a failed chunk load take the whole app down (React logs the error). */
class HostErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

const hasNotification = (queue: NotificationQueue) => queue.getSnapshot().current !== null;

/** Mount once near the root: renders nothing until a notification is queued, then loads and shows the real host. */
export function LazyNotificationHost({ queue = notificationQueue }: NotificationHostProps) {
  const [isNeeded, setNeeded] = useState(() => hasNotification(queue));

  useEffect(() => {
    if (isNeeded) return;
    const check = () => {
      if (hasNotification(queue)) setNeeded(true);
    };
    // A notification may have been added between the render and this effect.
    check();
    return queue.subscribe(check);
  }, [queue, isNeeded]);

  if (!isNeeded) return null;
  return (
    <HostErrorBoundary>
      <Suspense fallback={null}>
        <NotificationHost queue={queue} />
      </Suspense>
    </HostErrorBoundary>
  );
}
