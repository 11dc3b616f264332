/**
 * A screen on paper with nothing but the page itself: the style sheet (inside `@media print`) that hides everything
 * that neither is nor holds the element carrying the scope attribute, takes the elements that hold it out of the
 * layout (the app bar, the navigation and their boxes), drops the screen's controls (`data-screen-only`) and puts
 * tables back into columns: Chakra's breakpoints are `screen` media queries, so on paper a table would fall back to
 * the phone's stacked rows. It needs nothing from the layout's code. The screen adds its own rules.
 */

export interface PrintOnlyOptions {
  /** The tables' font size on paper ('10pt'). */
  fontSize: string;
  /** Their cells' padding ('2pt 4pt'). */
  cellPadding: string;
  /** An `@page` rule's body (paper size and margins), when the page needs one. */
  page?: string;
  /** The screen's own rules, each with its selector (the scope is the first argument given). */
  rules?: (scope: string) => string[];
}

/** The print style sheet of the element with the attribute `attribute`. */
export function printOnlyCss(attribute: string, { fontSize, cellPadding, page, rules }: PrintOnlyOptions): string {
  const scope = `[${attribute}]`;
  const body = [
    ...(page ? [`@page { ${page} }`] : []),
    `body *:not(${scope}):not(${scope} *):not(:has(${scope})) { display: none !important; }`,
    `body *:has(${scope}) {
    display: block !important; position: static !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; width: auto !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important; background: none !important;
  }`,
    'html, body { background: #fff !important; }',
    `${scope} [data-screen-only] { display: none !important; }`,
    `${scope} table { display: table !important; width: 100% !important; font-size: ${fontSize}; }`,
    `${scope} thead { display: table-header-group !important; }`,
    `${scope} tbody { display: table-row-group !important; }`,
    `${scope} tfoot { display: table-footer-group !important; }`,
    `${scope} tr { display: table-row !important; break-inside: avoid; }`,
    `${scope} th, ${scope} td {
    display: table-cell !important; border-bottom: 1px solid #999 !important; padding: ${cellPadding} !important;
  }`,
    ...(rules ? rules(scope) : []),
    `${scope} * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }`,
  ];
  return `@media print {\n  ${body.join('\n  ')}\n}`;
}
