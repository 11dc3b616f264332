/**
 * Every screen on a phone: each route of the route table, the login and the kiosk home, at
 * 360×740, in English and Spanish and in the light and dark themes, as an administrator (who may open every route).
 * Nothing may scroll sideways, and axe may find no serious or critical violation (colour contrast included). The
 * routes are read from src/app/route-table.ts itself, so a screen that joins the table joins the sweep. Each language
 * and theme loads the app once; its screens are then opened in the app, as its links open them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInApp, signIn, startDemoServer } from './lib/app';
import { seriousViolations, sidewaysScroll } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { ROOT, type ServerProcess } from './lib/server';

/**
 * Every page path of the route table: each section's path joined with each child's; a child with a `:param` segment
 * once per value its `variants` list (`work/:type`: /scholar/work/current, /scholar/work/overdue...), a record's page
 * once as its new record's form.
 */
function routePaths(): string[] {
  const source = readFileSync(join(ROOT, 'src/app/route-table.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const SECTIONS'), source.indexOf('\n];\n'));
  const paths: string[] = [];
  for (const section of table.split(/\n {2}\{\n/).slice(1)) {
    const base = /^\s{4}path: '([^']+)'/m.exec(section)?.[1];
    if (!base) continue;
    for (const child of section.split(/^\s{6}\{\n/m).slice(1)) {
      const path = /^\s{8}path: '([^']*)'/m.exec(child)?.[1];
      if (path === undefined) continue;
      const full = path ? `${base}/${path}` : base;
      if (!full.includes(':')) {
        paths.push(full);
        continue;
      }
      const values = [...child.matchAll(/\{ value: '([^']+)'/g)].map(([, value]) => value);
      // A record's page (`scholars/:id`) without variants is swept as its form for a new record (`scholars/new`),
      // the one value every such page takes without a record of the demo's.
      if (values.length === 0) values.push('new');
      for (const value of values) paths.push(full.replace(/:[^/]+/, value ?? ''));
    }
  }
  if (paths.length < 10) throw new Error(`only ${paths.length} routes read from the route table`);
  return [...new Set(paths)];
}

/** The stations: every control on them is at least 44×44 px. */
const STATION_PATHS = ['/check-in', '/meals', '/sign-out', '/sign-out/scan', '/sign-out/queue'];

/** The controls of the page's main content smaller than 44×44 px, with their size. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main button, main a, main input, main select')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.width >= 44 && box.height >= 44)) return [];
      const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
      return [
        `${el.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ];
    }),
  );

let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

/** Waits for a screen to settle: its main landmark there, no loading text or spinner left, and nothing changing. */
async function settle(page: Page) {
  await page.locator('main').first().waitFor({ timeout: 60_000 });
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .chakra-spinner') &&
        !/Loading|Cargando/.test(document.body.innerText),
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  // At rest: 300 ms without a change to the page (a list that fills in after its spinner, a late translation), read
  // from the page's own record of its last change (stillPage), so time the page has already been still counts.
  await page
    .waitForFunction(
      () => performance.now() - (window as unknown as { lastChangeAt: number }).lastChangeAt >= 300,
      undefined,
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
}

/**
 * Runs in every swept page before its scripts: transitions and animations off, so axe reads each screen at rest. On a
 * slow machine it once read /timesheet's Clock in button halfway through its fade from disabled to enabled (2.32:1, a
 * contrast nobody sees once the button has settled), and failed the sweep. It also keeps the time of the page's last
 * change (`lastChangeAt`), which settle() waits on.
 */
function stillPage() {
  const w = window as unknown as { lastChangeAt: number };
  w.lastChangeAt = performance.now();
  new MutationObserver(() => {
    w.lastChangeAt = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}

describe('every screen at 360×740', () => {
  const paths = routePaths();

  it(`fits without sideways scroll and passes axe on ${paths.length + 2} screens, en and es, light and dark`, async () => {
    const b = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const { page } = b;
    await b.context.addInitScript(stillPage);
    const problems: string[] = [];
    const swept: string[] = [];
    try {
      for (const language of ['en', 'es'] as const) {
        for (const theme of ['light', 'dark'] as const) {
          await page.goto(`${server.url}/login`);
          await page.evaluate(
            ({ lang, mode }) => {
              localStorage.setItem('settings.language', lang);
              localStorage.setItem('settings.colorMode', mode);
            },
            { lang: language, mode: theme },
          );
          await page.reload();
          await settle(page);
          const check = async (where: string) => {
            const scroll = await sidewaysScroll(page);
            if (scroll > 0) problems.push(`${where}: scrolls ${scroll}px sideways`);
            for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
            swept.push(where);
          };
          await check(`/login ${language} ${theme}`);
          if (language === 'en' && theme === 'light') {
            await signIn(page, server.url, 'admin@demo.school');
          }
          for (const path of ['/', ...paths]) {
            await openInApp(page, path);
            await settle(page);
            const at = new URL(page.url()).pathname;
            if (path !== '/' && at !== path) problems.push(`${path} ${language} ${theme}: went to ${at}`);
            await check(`${path} ${language} ${theme}`);
            if (STATION_PATHS.includes(path) && language === 'en' && theme === 'light') {
              for (const small of await smallTargets(page)) problems.push(`${path}: touch target ${small}`);
            }
          }
        }
      }
    } finally {
      await b.close();
    }
    console.log(`swept ${swept.length} screens; ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 1_200_000);
});
