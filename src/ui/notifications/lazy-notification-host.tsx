/**
 * The notification host as the app mounts it: nothing until the first notification, then the real host.
 *
 * Why: the real host animates with framer-motion (16 kB gzip measured, even as `m` + AnimatePresence), which would count
 * against the login and kiosk screens' 170 kB budget (DESIGN section 8) although most sessions never show a
 * notification in their first seconds. This wrapper only subscribes to the queue (plain TypeScript, no framework) and
 * fetches `notification-host.tsx` with `React.lazy` when a notification is first queued. The queue keeps every
 * notification added before the host arrives, so none is lost; the service worker precaches the chunk, so this also
 * works offline. Once loaded the host stays mounted, so exit animations and later notifications are immediate.
 *
 * Before the service worker has the app (a phone's first visit), a notification raised offline could not fetch the
 * chunk, and the browser keeps a failed module for the page: so the chunk is also fetched by itself a few seconds
 * after the app starts, when the device is online. Should it fail to load all the same (offline from the start, or a
 * deployment removed it before the service worker took over), an error boundary keeps the failure to the host: the
 * screen underneath stays up, and the notifications still show, plainly (`PlainNotification`: no animation, no swipe).
 *
 * Import it from this file, not through anything that also imports `notification-host.tsx` statically (that would
 * put framer-motion back into the first chunk).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationHostProps } from './notification-host';
import { NOTIFICATION_LAYER, notificationSurface } from './notification-style';
import { DEFAULT_NOTIFICATION_TEXT, type NotificationQueue, notificationQueue } from './queue';
import { useNotifications } from './use-notifications';

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

/** When the host's chunk is fetched without a notification: after the first screen, off its critical path. */
export const PRELOAD_AFTER_MS = 3000;

/** Renders `fallback` instead of letting a failed chunk load take the whole app down (React logs the error). */
class HostErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

/**
 * The notification on screen as the host's card shows it, without what needs the host's code (motion, swipe, the
 * countdown bar): closes with its button or by its timeout, and the next one follows.
 */
function PlainNotification({ queue }: { queue: NotificationQueue }) {
  const { t } = useTranslation(['common', 'notifications']);
  const { current, removeNotification } = useNotifications(queue);
  if (!current) return null;
  const text = current.text === DEFAULT_NOTIFICATION_TEXT ? t('notifications:generalError') : current.text;
  return (
    <Box {...NOTIFICATION_LAYER}>
      <Flex
        {...notificationSurface(current.type)}
        align="center"
        gap="2"
        ps="4"
        pe="1"
        py="1"
        w="100%"
        maxW="36rem"
        pointerEvents="auto"
      >
        <Text flex="1" textStyle="sm" fontWeight="medium">
          {text}
        </Text>
        <Box
          as="button"
          aria-label={t('actions.close')}
          onClick={() => removeNotification(current.id)}
          minW="10"
          h="10"
          borderRadius="md"
          fontSize="xl"
          lineHeight="1"
          cursor="pointer"
          _hover={{ bg: 'whiteAlpha.300' }}
        >
          <span aria-hidden="true">×</span>
        </Box>
      </Flex>
    </Box>
  );
}

const hasNotification = (queue: NotificationQueue) => queue.getSnapshot().current !== null;

/**
 * Mount once near the root: renders nothing until a notification is queued, then loads and shows the real host.
 * `preloadAfterMs`: when the host's code is fetched anyway (tests shorten it).
 */
export function LazyNotificationHost({
  queue = notificationQueue,
  preloadAfterMs = PRELOAD_AFTER_MS,
}: NotificationHostProps & { preloadAfterMs?: number }) {
  const [isNeeded, setNeeded] = useState(() => hasNotification(queue));

  useEffect(() => {
    const timer = setTimeout(() => {
      // Offline, the fetch would fail and the browser would keep that failure for the page: wait for a notification.
      if (navigator.onLine) loadNotificationHost().catch(() => {});
    }, preloadAfterMs);
    return () => clearTimeout(timer);
  }, [preloadAfterMs]);

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
    <HostErrorBoundary fallback={<PlainNotification queue={queue} />}>
      <Suspense fallback={null}>
        <NotificationHost queue={queue} />
      </Suspense>
    </HostErrorBoundary>
  );
}
