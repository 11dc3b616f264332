/**
 * Touch feedback on station buttons: the seed's ripple delay. A press shows (a darker button)
 * only after 80 ms, so a finger that scrolls a list does not flash every button it crosses; a real tap still shows at
 * once to the eye. Applied by the station screens to every button inside them.
 */
export const RIPPLE_DELAY_MS = 80;

export const TOUCH_FEEDBACK = {
  '& button': { transitionProperty: 'background-color, filter, transform', transitionDuration: '120ms' },
  '& button:active:not(:disabled)': { filter: 'brightness(0.88)', transitionDelay: `${RIPPLE_DELAY_MS}ms` },
} as const;
