/**
 * Chakra's global CSS comes with the app's stylesheet, written at build time (scripts/chakra-global-css.mjs), and the
 * system's `_global` styles are emptied (system-start.ts) so that Chakra's provider does not serialize and insert them
 * again at start (a tenth of a second or more on a slow phone). Imported by main.tsx only: tests render with the full
 * system.
 */
import 'virtual:chakra-global.css';
import './system-start';
