import { describe, expect, it } from 'vitest';
import { printOnlyCss } from './print-only';

describe('printOnlyCss', () => {
  it('keeps only the scoped page, its tables in columns, in the given type', () => {
    const css = printOnlyCss('data-x-print', { fontSize: '10pt', cellPadding: '2pt 4pt' });
    expect(css.startsWith('@media print {')).toBe(true);
    expect(css.endsWith('}')).toBe(true);
    expect(css).toContain(
      'body *:not([data-x-print]):not([data-x-print] *):not(:has([data-x-print])) { display: none !important; }',
    );
    expect(css).toContain('[data-x-print] [data-screen-only] { display: none !important; }');
    expect(css).toContain(
      '[data-x-print] table { display: table !important; width: 100% !important; font-size: 10pt; }',
    );
    expect(css).toContain('padding: 2pt 4pt !important;');
    expect(css).not.toContain('@page');
  });

  it("adds the paper's page rule and the screen's own rules, given the scope", () => {
    const css = printOnlyCss('data-y', {
      fontSize: '8pt',
      cellPadding: '1pt 3pt',
      page: 'size: landscape;',
      rules: (scope) => [`${scope} section { break-inside: avoid-page; }`],
    });
    expect(css).toContain('@page { size: landscape; }');
    expect(css).toContain('[data-y] section { break-inside: avoid-page; }');
  });
});
