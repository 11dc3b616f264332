/**
 * The timesheet reports on paper: only the page itself (heading, range, totals, tables), without the app bar, the
 * navigation or the screen's controls (`data-screen-only`). As in View Single (T1), everything that neither is nor
 * holds the page is taken out of the layout, and the tables go back to columns (Chakra's breakpoints are `screen`
 * media queries, so on paper they would fall back to the phone's stacked rows). The grid's scroll box lets go of its
 * height and its sticky cells, so every row is printed.
 */
export const PRINT_SCOPE = 'data-timesheet-report-print';

const SCOPE = `[${PRINT_SCOPE}]`;

const PRINT_CSS = `@media print {
  @page { size: landscape; margin: 10mm; }
  body *:not(${SCOPE}):not(${SCOPE} *):not(:has(${SCOPE})) { display: none !important; }
  body *:has(${SCOPE}) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important; background: none !important;
  }
  html, body { background: #fff !important; }
  ${SCOPE} [data-screen-only] { display: none !important; }
  ${SCOPE} [data-scroll-box] { overflow: visible !important; max-height: none !important; }
  ${SCOPE} table { display: table !important; width: 100% !important; font-size: 8pt; }
  ${SCOPE} thead { display: table-header-group !important; }
  ${SCOPE} tbody { display: table-row-group !important; }
  ${SCOPE} tfoot { display: table-footer-group !important; }
  ${SCOPE} tr { display: table-row !important; break-inside: avoid; }
  ${SCOPE} th, ${SCOPE} td {
    display: table-cell !important; position: static !important; border-bottom: 1px solid #999 !important;
    padding: 1pt 3pt !important;
  }
  ${SCOPE} [data-phone-label] { display: none !important; }
  ${SCOPE} section { break-inside: avoid-page; }
  ${SCOPE} * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;

/** The print-only style sheet of the reports. */
export function PrintStyle() {
  return <style>{PRINT_CSS}</style>;
}
