/**
 * Shows the app-wide notification queue: the one notification on screen at the top, above every dialog and drawer.
 *
 * framer-motion stays small: `LazyMotion` + the `m` component render at once, and the animation and drag features are
 * fetched lazily (`motion-features.ts`). `strict` makes a stray `motion.*` component fail loudly instead of pulling the
 * full bundle back in.
 *
 * The app mounts it through `LazyNotificationHost` (lazy-notification-host.tsx), which loads this module only when the
 * first notification is queued: framer-motion, even this small part of it, stays out of the first screens' budget.
 */
import { Box } from '@chakra-ui/react';
import { AnimatePresence, LazyMotion, MotionConfig } from 'framer-motion';
import { useCallback } from 'react';
import { NotificationCard } from './notification-card';
import { NOTIFICATION_LAYER } from './notification-style';
import { type NotificationQueue, notificationQueue } from './queue';
import { useNotifications } from './use-notifications';

type MotionFeatures = typeof import('./motion-features')['default'];

/** The features once fetched: given to LazyMotion as they are, so the first card can animate (and exit) at once. */
let loadedFeatures: MotionFeatures | null = null;

/**
 * Hands over the features fetched beside this module (lazy-notification-host.tsx). Without them LazyMotion loads them
 * itself, a promise later: a card removed in between (a notification withdrawn by code) never finished its exit, and
 * AnimatePresence's `wait` then held every notification behind it.
 */
export function provideMotionFeatures(features: MotionFeatures): void {
  loadedFeatures = features;
}

const loadMotionFeatures = () =>
  import('./motion-features').then((module) => {
    loadedFeatures = module.default;
    return module.default;
  });

export interface NotificationHostProps {
  /** The queue to show; the app-wide one unless a test or story brings its own. */
  queue?: NotificationQueue;
}

/** Renders the notification on screen (if any); mount it once, near the root of the app. */
export function NotificationHost({ queue = notificationQueue }: NotificationHostProps) {
  const { current, removeNotification, pauseNotification, resumeNotification } = useNotifications(queue);
  const id = current?.id;
  const close = useCallback(() => {
    if (id !== undefined) removeNotification(id);
  }, [id, removeNotification]);
  const pause = useCallback(() => {
    if (id !== undefined) pauseNotification(id);
  }, [id, pauseNotification]);
  const resume = useCallback(() => {
    if (id !== undefined) resumeNotification(id);
  }, [id, resumeNotification]);

  return (
    <LazyMotion features={loadedFeatures ?? loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <Box {...NOTIFICATION_LAYER}>
          <AnimatePresence mode="wait">
            {current && (
              <NotificationCard
                key={current.id}
                notification={current}
                onClose={close}
                onPause={pause}
                onResume={resume}
              />
            )}
          </AnimatePresence>
        </Box>
      </MotionConfig>
    </LazyMotion>
  );
}
