/** axe-core in the page: the serious and critical violations, each with the markup of its nodes so a failure says where. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the page (the browser needs `bypassCSP`) and answers its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (options: { resultTypes: string[] }) => Promise<{
            violations: { id: string; impact: string; nodes: { html: string; failureSummary?: string }[] }[];
          }>;
        };
      }
    ).axe;
    // Only violations are read: axe then keeps one node of each passing or inapplicable rule instead of all of them.
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.html.slice(0, 200)} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
            .join(' | ')}`,
      );
  });
}

/** How far the page scrolls sideways, in CSS pixels (0: it fits). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** A phone check of the page as it is: sideways scroll and serious or critical axe violations, added to `problems`. */
export async function checkPhone(page: Page, where: string, problems: string[]): Promise<void> {
  const scroll = await sidewaysScroll(page);
  if (scroll > 0) problems.push(`${where}: scrolls ${scroll}px sideways`);
  for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
}
