/**
 * Every JavaScript file Chromium fetches until the login screen is usable, and until the kiosk home is usable after
 * sign-in (issue X1 item 1): the static closure `initial-js.mjs` counts from the manifest, plus every dynamic import
 * the app makes at start (the offline engine, workbox-window, a locale, the notification host...), which the device
 * downloads all the same. Budget: 170 kB gzip each (DESIGN section 8).
 *
 * Each screen is opened in a new browser context (nothing cached, no service worker yet) on the built app served by
 * the real server. "Usable" is the screen's control on screen (the email field; the kiosk's tiles) and then no request
 * for 2 s: whatever the app fetches on its own after the first paint counts. The service worker's own downloads (its
 * precache, after the first screen) are not the page's and are left out. Sizes are gzip level 9 of the built files
 * (what the budget counts), in kB of 1000 bytes; brotli (what the server sends Chromium) for information.
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { compressedSize } from './chunk-graph.mjs';
import { CHROMIUM_LAUNCH_OPTIONS, sleep, startServer, withResources } from './lib-browser.mjs';

export const FETCHED_JS_BUDGET_KB = 170;
const QUIET_MS = 2000;
const kB = (bytes) => Math.round(bytes / 10) / 100;

/** The screens: where to go, who is signed in (null: nobody), and what shows once the screen can be used. */
const SCREENS = [
  { name: 'login', path: '/login', account: null, ready: (page) => page.getByLabel('Email', { exact: true }) },
  {
    name: 'kiosk home',
    path: '/',
    account: 'office@demo.school',
    ready: (page) => page.getByRole('heading', { name: /^Welcome, / }),
  },
];

/** The page's script requests (not the service worker's), by path, until `QUIET_MS` without any request. */
async function scriptsUntilQuiet(page, open) {
  const scripts = new Set();
  let inFlight = 0;
  let last = Date.now();
  page.on('request', (request) => {
    inFlight++;
    last = Date.now();
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) {
      scripts.add(new URL(request.url()).pathname);
    }
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await open();
  const deadline = Date.now() + 60_000;
  while (inFlight > 0 || Date.now() - last < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${page.url()} still loading after 60 s`);
    await sleep(100);
  }
  return [...scripts];
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
      for (const screen of SCREENS) {
        const origins = [];
        if (screen.account) {
          const login = await fetch(`${server.url}/api/v2/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: screen.account, password: 'demo' }),
          });
          if (!login.ok) throw new Error(`login as ${screen.account} answered ${login.status}`);
          const { token, user } = await login.json();
          // What the login screen leaves in localStorage (src/api/token.ts, src/features/auth/session.ts).
          origins.push({
            origin: server.url,
            localStorage: [
              { name: 'auth.token', value: token },
              { name: 'auth.user', value: JSON.stringify(user) },
            ],
          });
        }
        const context = await browser.newContext({ storageState: { cookies: [], origins }, locale: 'en-US' });
        try {
          const page = await context.newPage();
          const paths = await scriptsUntilQuiet(page, async () => {
            await page.goto(`${server.url}${screen.path}`);
            await screen.ready(page).first().waitFor({ state: 'visible', timeout: 60_000 });
          });
          const sizes = paths.map((path) => ({ path, ...compressedSize(join(dist, path)) }));
          const gzip = sizes.reduce((sum, s) => sum + s.gzip, 0);
          const brotli = sizes.reduce((sum, s) => sum + s.brotli, 0);
          const biggest = [...sizes]
            .sort((a, b) => b.gzip - a.gzip)
            .slice(0, 20)
            .map((s) => `${s.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kB(s.gzip)}`)
            .join(', ');
          rows.push(
            {
              metric: `${screen.name}: JS fetched until usable, gzip`,
              value: kB(gzip),
              unit: 'kB',
              budget: FETCHED_JS_BUDGET_KB,
              note: `${sizes.length} files; largest: ${biggest}`,
            },
            { metric: `${screen.name}: JS fetched until usable, brotli`, value: kB(brotli), unit: 'kB' },
          );
        } finally {
          await context.close();
        }
      }
      return rows;
    });
  },
};
