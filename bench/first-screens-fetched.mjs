/**
 * Every JavaScript file Chromium fetches until the login screen is usable, and until the kiosk home is usable after
 * sign-in (DESIGN section 8): dynamic imports made at start included, which the device downloads all
 * the same. Budget: 170 kB gzip each.
 *
 * How it is measured, on the built app served by the real server, in Chromium:
 * - login: a new browser context (nothing cached, no service worker yet) opens /login. Counted: every script the page
 *   requests from the navigation until the email field is visible and no request has been made for 2 s.
 * - kiosk home after sign-in: in that same context, as a person does, the login screen's form is filled in as
 *   office@demo.school / demo and submitted. Counted: every script the page requests from the click on "Sign in" until
 *   the kiosk home's heading (/^Welcome, /) is visible and no request has been made for 2 s, except the files the page
 *   already fetched for the login screen (they are in the browser's module map or HTTP cache and not fetched again).
 *   A file the page requests now counts even when the HTTP cache or the service worker answers it: the service
 *   worker registers a few seconds after the first screen and precaches every file, so whether it got to a file first
 *   depends on how fast the person types, not on what the kiosk home needs.
 * - kiosk home, cold device (information, no budget): a new context holding a signed-in office account (what the login
 *   screen leaves in localStorage) opens / with nothing cached; counted as the login row. It is about the two
 *   budgeted rows together without the login screen's own chunks: the whole download of a signed-in kiosk whose
 *   cache was lost, kept in view so that moving code from one budgeted row to the other does not hide it.
 * Only the page's requests count: the service worker's own downloads (its precache of every file, after the first
 * screen) are not the page's and are left out. Sizes are gzip level 9 of the built files (what the budget counts), in
 * kB of 1000 bytes; brotli (what the server sends Chromium) for information.
 *
 *   npx vite build --outDir /tmp/d && BENCH_DIST=/tmp/d node scripts/bench.mjs fetched
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { compressedSize } from './chunk-graph.mjs';
import { CHROMIUM_LAUNCH_OPTIONS, sleep, startServer, withResources } from './lib-browser.mjs';

export const FETCHED_JS_BUDGET_KB = 170;
const QUIET_MS = 2000;
const KIOSK_ACCOUNT = 'office@demo.school';
const kB = (bytes) => Math.round(bytes / 10) / 100;

const loginReady = (page) => page.getByLabel('Email', { exact: true });
const kioskReady = (page) => page.getByRole('heading', { name: /^Welcome, / });

/**
 * Watches a page's requests (not the service worker's). `until(open)` runs `open`, then waits until the page has made
 * no request for `QUIET_MS`; it answers the paths of the scripts the page requested meanwhile that it had not
 * requested before (in an earlier `until` of this page).
 */
function watchScripts(page) {
  let inFlight = 0;
  let last = Date.now();
  /** Script paths in request order, for the current phase; and every one the page requested before it. */
  let phase = [];
  const before = new Set();
  page.on('request', (request) => {
    inFlight++;
    last = Date.now();
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || path.endsWith('.js')) phase.push(path);
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async until(open) {
      phase = [];
      await open();
      const deadline = Date.now() + 60_000;
      while (inFlight > 0 || Date.now() - last < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`${page.url()} still loading after 60 s`);
        await sleep(100);
      }
      const fetched = [...new Set(phase)].filter((path) => !before.has(path));
      for (const path of fetched) before.add(path);
      return fetched;
    },
  };
}

/** The rows of one screen: gzip against the budget (or none), brotli for information. */
function rowsOf(name, paths, dist, budget) {
  const sizes = paths.map((path) => ({ path, ...compressedSize(join(dist, path)) }));
  const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const brotli = sizes.reduce((sum, s) => sum + s.brotli, 0);
  const biggest = [...sizes]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 20)
    .map((s) => `${s.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kB(s.gzip)}`)
    .join(', ');
  return [
    {
      metric: `${name}, gzip`,
      value: kB(gzip),
      unit: 'kB',
      ...(budget === undefined ? {} : { budget }),
      note: `${sizes.length} files; largest: ${biggest}`,
    },
    { metric: `${name}, brotli`, value: kB(brotli), unit: 'kB' },
  ];
}

/** A signed-in office account as the login screen leaves it in localStorage (src/api/token.ts, auth/session.ts). */
async function signedInStorage(url, email) {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  if (!login.ok) throw new Error(`login as ${email} answered ${login.status}`);
  const { token, user } = await login.json();
  return {
    origin: url,
    localStorage: [
      { name: 'auth.token', value: token },
      { name: 'auth.user', value: JSON.stringify(user) },
    ],
  };
}

export default {
  name: 'JavaScript fetched until the first screens are usable (Chromium, dynamic imports included)',
  needsBuild: true,
  async run({ root, dist }) {
    return withResources(async (acquire) => {
      const server = acquire(await startServer(root, 'bench-fetched'));
      const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
      acquire({ close: () => browser.close() });
      const rows = [];

      // The login screen, then the kiosk home after signing in through it, in one context as a person does.
      const person = await browser.newContext({ locale: 'en-US' });
      try {
        const page = await person.newPage();
        const watch = watchScripts(page);
        const login = await watch.until(async () => {
          await page.goto(`${server.url}/login`);
          await loginReady(page).first().waitFor({ state: 'visible', timeout: 60_000 });
        });
        rows.push(...rowsOf('login: JS fetched until usable', login, dist, FETCHED_JS_BUDGET_KB));
        await page.getByLabel('Email', { exact: true }).fill(KIOSK_ACCOUNT);
        await page.getByLabel('Password', { exact: true }).fill('demo');
        const kiosk = await watch.until(async () => {
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await kioskReady(page).first().waitFor({ state: 'visible', timeout: 60_000 });
        });
        rows.push(
          ...rowsOf('kiosk home after sign-in: JS fetched from submit until usable', kiosk, dist, FETCHED_JS_BUDGET_KB),
        );
      } finally {
        await person.close();
      }

      // For information: a signed-in kiosk opening / with a cold cache (after a restart that lost the cache).
      const origins = [await signedInStorage(server.url, KIOSK_ACCOUNT)];
      const device = await browser.newContext({ storageState: { cookies: [], origins }, locale: 'en-US' });
      try {
        const page = await device.newPage();
        const watch = watchScripts(page);
        const cold = await watch.until(async () => {
          await page.goto(`${server.url}/`);
          await kioskReady(page).first().waitFor({ state: 'visible', timeout: 60_000 });
        });
        rows.push(...rowsOf('kiosk home, signed-in device, cold cache (info): JS fetched until usable', cold, dist));
      } finally {
        await device.close();
      }
      return rows;
    });
  },
};
