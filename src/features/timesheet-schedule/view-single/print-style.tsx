/**
 * The page on paper: only the page itself (heading, the person's name, the range, the totals and the table), without
 * the app bar, the navigation or the screen's controls (`data-screen-only`). Like the badge sheets' print style it
 * needs nothing from the layout's code: everything that neither is nor holds the page is taken out of the layout.
 * Chakra's breakpoints are `screen` media queries, so on paper the table would fall back to the phone's stacked
 * rows; the style puts it back into columns.
 */
export const PRINT_SCOPE = 'data-schedule-single-print';

const SCOPE = `[${PRINT_SCOPE}]`;

const PRINT_CSS = `@media print {
  body *:not(${SCOPE}):not(${SCOPE} *):not(:has(${SCOPE})) { display: none !important; }
  body *:has(${SCOPE}) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important; background: none !important;
  }
  html, body { background: #fff !important; }
  ${SCOPE} [data-screen-only] { display: none !important; }
  ${SCOPE} table { display: table !important; width: 100% !important; font-size: 10pt; }
  ${SCOPE} thead { display: table-header-group !important; }
  ${SCOPE} tbody { display: table-row-group !important; }
  ${SCOPE} tfoot { display: table-footer-group !important; }
  ${SCOPE} tr { display: table-row !important; break-inside: avoid; }
  ${SCOPE} th, ${SCOPE} td { display: table-cell !important; border-bottom: 1px solid #999 !important; padding: 2pt 4pt !important; }
  ${SCOPE} * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

/** The print-only style sheet of View Single. */
export function PrintStyle() {
  return <style>{PRINT_CSS}</style>;
}
