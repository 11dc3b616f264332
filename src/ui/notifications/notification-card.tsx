/**
 * One notification on screen: coloured by kind, announced to screen readers (errors assertively), closable with a
 * button or a vertical swipe, paused while the pointer rests on it (or focus is inside it, or it is being dragged),
 * with a bar that counts down the time left.
 */
import { Box, CloseButton, Flex, Text } from '@chakra-ui/react';
import { m } from 'framer-motion';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationSurface } from './notification-style';
import { DEFAULT_NOTIFICATION_TEXT, type ShownNotification } from './queue';
import { shouldDismissOnSwipe } from './swipe';

type Hold = 'hover' | 'focus' | 'drag';

export interface NotificationCardProps {
  notification: ShownNotification;
  onClose: () => void;
  onPause: () => void;
  onResume: () => void;
}

function CountdownBar({ notification }: { notification: ShownNotification }) {
  // Mounted part-way through (a re-render after a pause), the bar starts where the timer is, not full.
  const [delay] = useState(() => notification.remaining - notification.timeout);
  const state = notification.isPaused ? 'paused' : 'running';
  return (
    <Box
      aria-hidden="true"
      data-part="countdown"
      data-state={state}
      position="absolute"
      insetX="0"
      bottom="0"
      height="1"
      bg="whiteAlpha.800"
      transformOrigin="left"
      animation={`notification-countdown ${notification.timeout}ms linear ${delay}ms forwards`}
      animationPlayState={state}
    />
  );
}

/** A single notification with its close button, swipe gesture, hover pause and countdown bar. */
export function NotificationCard({ notification, onClose, onPause, onResume }: NotificationCardProps) {
  const { t } = useTranslation(['common', 'notifications']);
  const [holds, setHolds] = useState<ReadonlySet<Hold>>(new Set());
  const isHeld = holds.size > 0;

  useEffect(() => {
    if (isHeld) onPause();
    else onResume();
  }, [isHeld, onPause, onResume]);

  const hold = (reason: Hold, on: boolean) =>
    setHolds((prev) => {
      const next = new Set(prev);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });

  const text = notification.text === DEFAULT_NOTIFICATION_TEXT ? t('notifications:generalError') : notification.text;
  const hasCountdown = Number.isFinite(notification.remaining);

  return (
    <m.div
      drag="y"
      dragSnapToOrigin
      dragElastic={0.5}
      onDragStart={() => hold('drag', true)}
      onDragEnd={(_event, info) => {
        if (shouldDismissOnSwipe(info.offset.y)) onClose();
        else hold('drag', false);
      }}
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={() => hold('focus', true)}
      onBlur={() => hold('focus', false)}
      initial={{ opacity: 0, y: -32 }}
      animate={{ opacity: 1, y: 0 }}
      exit={{ opacity: 0, y: -32 }}
      style={{ pointerEvents: 'auto', width: '100%', maxWidth: '36rem' }}
    >
      <Box {...notificationSurface(notification.type)} position="relative" overflow="hidden">
        <Flex align="center" gap="2" ps="4" pe="1" py="2">
          <Text flex="1" textStyle="sm" fontWeight="medium">
            {text}
          </Text>
          <CloseButton
            aria-label={t('actions.close')}
            onClick={onClose}
            color="inherit"
            _hover={{ bg: 'whiteAlpha.300' }}
          />
        </Flex>
        {hasCountdown && <CountdownBar notification={notification} />}
      </Box>
    </m.div>
  );
}
