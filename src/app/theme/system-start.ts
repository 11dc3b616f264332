/**
 * The Chakra system, built as soon as this module runs, and without the global CSS that the app's stylesheet already
 * holds (static-global.ts). The build makes it an entry of its own, which index.html loads `async` beside the app's
 * entry (scripts/early-system.mjs): on a phone's first visit it arrives first and builds the system while the page
 * waits for the app's code. The app imports it through static-global.ts; the page evaluates it once either way.
 */
import { system } from '../../ui/theme/system';

// Assigned, not emptied in place: the build makes `_global` computed on first read (vite.config.ts,
// lazyChakraGlobal), so it is never computed at all.
system._global = [];
