/**
 * When a vertical swipe closes a notification: more than 50 px up or down (product specification). Kept as a pure
 * function so the threshold is tested without simulating pointer gestures.
 */

export const SWIPE_DISMISS_PX = 50;

/** True when a drag that ended `offsetY` px from where it started should dismiss the notification. */
export function shouldDismissOnSwipe(offsetY: number): boolean {
  return Math.abs(offsetY) > SWIPE_DISMISS_PX;
}
