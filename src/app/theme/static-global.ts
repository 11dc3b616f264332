/**
 * Chakra's global CSS comes with the app's stylesheet, written at build time (scripts/chakra-global-css.mjs): the
 * system's `_global` styles are emptied here so that Chakra's provider does not serialize and insert them again at
 * start (a tenth of a second or more on a slow phone). Assigned, not emptied in place: the build makes `_global`
 * computed on first read (vite.config.ts, lazyChakraGlobal), so it is never computed at all. Imported by main.tsx
 * only: tests render with the full system.
 */
import 'virtual:chakra-global.css';
import { system } from './system';

system._global = [];
