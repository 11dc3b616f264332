/**
 * The page on paper: only the page itself (heading, the person's name, the range, the totals and the table), without
 * the app bar, the navigation or the screen's controls (`data-screen-only`), the table back in columns (the shared
 * `printOnlyCss`, which, like the badge sheets' print style, needs nothing from the layout's code).
 */

import { printOnlyCss } from '../../../ui/print-only';
import { styleNonce } from '../../../ui/theme/style-nonce';

export const PRINT_SCOPE = 'data-schedule-single-print';

const PRINT_CSS = printOnlyCss(PRINT_SCOPE, { fontSize: '10pt', cellPadding: '2pt 4pt' });

/** The print-only style sheet of View Single. */
export function PrintStyle() {
  return <style nonce={styleNonce()}>{PRINT_CSS}</style>;
}
