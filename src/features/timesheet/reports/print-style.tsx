/**
 * The timesheet reports on paper: only the page itself (heading, range, totals, tables), without the app bar, the
 * navigation or the screen's controls, landscape, in small type (the shared `printOnlyCss`, as View Single in T1). The
 * grid's scroll box lets go of its height and its sticky cells, so every row is printed; the phone's cell labels go.
 */

import { printOnlyCss } from '../../../ui/print-only';
import { styleNonce } from '../../../ui/theme/style-nonce';

export const PRINT_SCOPE = 'data-timesheet-report-print';

const PRINT_CSS = printOnlyCss(PRINT_SCOPE, {
  page: 'size: landscape; margin: 10mm;',
  fontSize: '8pt',
  cellPadding: '1pt 3pt',
  rules: (scope) => [
    `${scope} [data-scroll-box] { overflow: visible !important; max-height: none !important; }`,
    `${scope} th, ${scope} td { position: static !important; }`,
    `${scope} [data-phone-label] { display: none !important; }`,
    `${scope} section { break-inside: avoid-page; }`,
  ],
});

/** The print-only style sheet of the reports. */
export function PrintStyle() {
  return <style nonce={styleNonce()}>{PRINT_CSS}</style>;
}
