/**
 * How a notification looks, shared by the host's animated card (notification-card.tsx, a lazy chunk) and the plain
 * one shown when that chunk cannot load (lazy-notification-host.tsx, the first chunk): the layer at the top of the
 * screen, and the coloured surface announced to screen readers (errors assertively).
 */
import type { NotificationType } from './queue';

const PALETTE: Record<NotificationType, string> = {
  error: 'red',
  success: 'green',
  warning: 'orange',
  info: 'blue',
};

/** The fixed layer the notification sits in: the top of the screen, above every dialog and drawer. */
export const NOTIFICATION_LAYER = {
  position: 'fixed',
  top: '0',
  insetX: '0',
  zIndex: 'toast',
  display: 'flex',
  justifyContent: 'center',
  px: '2',
  pt: '2',
  pointerEvents: 'none',
} as const;

/** The notification's own box: its role, its colours by kind, its shape. */
export const notificationSurface = (type: NotificationType) =>
  ({
    role: type === 'error' ? 'alert' : 'status',
    'data-type': type,
    colorPalette: PALETTE[type],
    bg: 'colorPalette.700',
    color: 'white',
    borderRadius: 'md',
    boxShadow: 'lg',
  }) as const;
