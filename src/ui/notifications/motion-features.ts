/**
 * framer-motion features for the notification card, loaded lazily by `LazyMotion`.
 *
 * `domAnimation` has no drag gesture: drag only ships in `domMax` (animations, gestures, drag and layout). Importing
 * it from this separate module lets Vite split it into its own chunk, so the initial bundle only carries the small
 * `m` component and the swipe-to-dismiss code arrives right after the first render.
 */
import { domMax } from 'framer-motion';

export default domMax;
