/**
 * The Scholar Portal's first visit on a phone (issue 16 "Tests", DESIGN section 8): the scholar opens /scholar on a
 * phone over a cellular connection with nothing cached, and again once the service worker serves the app.
 *
 * Phone profile: Chromium (playwright-core, the project's launch options) at 390×844 CSS pixels (3× device pixels,
 * touch, mobile viewport), the CPU 4× slower (CDP `Emulation.setCPUThrottlingRate`), 1.6 Mbps down, 750 kbps up and
 * 150 ms round trip (`Network.emulateNetworkConditions`), the HTTP cache off (`Network.setCacheDisabled`). The app is
 * the build in dist/ served by the real server (scripts/start.mjs) on a fresh data directory with the demo seed.
 *
 * Each run is a new browser context: no cache, no service worker, empty storage except the sign-in, which is done
 * through the API (`POST v2/auth/login`) and handed to the app as its login screen leaves it (the token and the user
 * in localStorage: src/api/token.ts, src/features/auth/session.ts), so the navigation measured is the portal page
 * itself loading. Measured: largest contentful paint (PerformanceObserver 'largest-contentful-paint', buffered), read
 * once the portal's h1 (the screen's title, inside <main>) is visible and the page has made no request for a while.
 * Then, with the service worker installed and controlling, the same navigation again (the repeat visit: the app's
 * files come from its precache, API answers still over the throttled network). Chromium compiles a module script
 * served from the worker's cache and writes its code cache on that first run from the cache (the repeat visit pays
 * it, about a quarter of a second on the phone profile), and reads it from the next run on: a third visit, printed
 * for information, is every later visit.
 *
 * The floor (DESIGN section 8: the first visit's LCP at most 1.5× "the same first screen's rendered HTML and CSS,
 * saved by the bench from the finished page and served as a static page by the same server, measured on the same
 * profile in the same run"). Before the runs, the portal is opened once unthrottled and, once its h1 shows and the
 * page is quiet, saved as it stands: the document's HTML (page.content()'s DOM) without its scripts, preloads and
 * style elements, and every rule of the document's stylesheets read through the CSSOM (Chakra UI's engine inserts its
 * rules with insertRule, which no style element's text shows). The same server serves it, from a copy of the build
 * given to it as STATIC_DIR, as /portal-floor.html (with .br and .gz copies, as the build's own files): its content
 * security policy allows no inline style (styles come from 'self' or carry a per-response nonce), so the rules are a
 * stylesheet beside the page, /portal-floor.css, linked from its head, and the elements' style attributes (set by the
 * app through the CSSOM, which the policy allows, but refused as markup) become rules of that stylesheet on a data
 * attribute, !important as a style attribute wins. The floor thus pays one request more than a page with its CSS
 * inlined would (a round trip on this profile): a floor that is, if anything, slower than the best static page. Each
 * run visits the app (first visit, repeat, later) and then the floor, in a new context with the same profile.
 *
 * Budgets: DESIGN section 8 says 2.0 s for the first visit, issue 16 says 2.5 s: both are printed, DESIGN's gates
 * (p50 over the runs); the first visit at most 1.5× the floor (p50 against p50); the repeat visit 1.0 s.
 * BENCH_PORTAL_RUNS sets the number of runs (5); BENCH_PORTAL_PATH the page (/scholar); BENCH_PORTAL_SHOTS=<dir>
 * writes screenshots of the app as saved and of the floor page there.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS, ms1, percentile, sleep, startServer, withResources } from './lib-browser.mjs';

const RUNS = Number(process.env.BENCH_PORTAL_RUNS ?? 5);
export const PORTAL_PATH = process.env.BENCH_PORTAL_PATH ?? '/scholar';
const SCHOLAR = 'scholar@demo.school';

/** The phone: a 390×844 screen at 3× (an iPhone 12 to 14's size), touch, mobile viewport. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** CPU 4× slower, 1.6 Mbps down, 750 kbps up, 150 ms round trip (Lighthouse's "slow 4G" mobile profile). */
// BENCH_PORTAL_CPU sets another slowdown for a probe (a lower one makes this machine's CPU behave like a faster one's
// at 4×); the budgets are judged at 4× only.
export const CPU_SLOWDOWN = Number(process.env.BENCH_PORTAL_CPU ?? 4);
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export const FIRST_VISIT_BUDGET_MS = 2000;
export const FIRST_VISIT_ISSUE_BUDGET_MS = 2500;
export const REPEAT_VISIT_BUDGET_MS = 1000;
/** DESIGN section 8: the first visit's LCP at most 1.5× its floor's. */
export const FLOOR_RATIO_BUDGET = 1.5;
const FLOOR_PAGE = '/portal-floor.html';
const FLOOR_CSS = '/portal-floor.css';
/** BENCH_PORTAL_SHOTS=<dir>: screenshots of the app as saved and of the floor page, to see that they are the same. */
const SHOTS = process.env.BENCH_PORTAL_SHOTS;

/** A page with no request in flight for this long has finished loading what the screen shows. */
const QUIET_MS = 1500;
const VISIT_TIMEOUT_MS = 60_000;

/**
 * Installed before the app's scripts: keeps the largest-contentful-paint candidates (buffered, so none is missed)
 * with a short description of each one's element, on `window.__lcp`, and notes whether a service worker controls the
 * page from its start.
 */
export function instrumentLcp() {
  const entries = [];
  window.__lcp = entries;
  // Whether a service worker answered this navigation (it may claim the page later, during the first visit).
  window.__controlledAtStart = navigator.serviceWorker?.controller != null;
  // When the portal's h1 is first in the DOM (the next frame is when it can be painted).
  window.__h1 = null;
  const watch = new MutationObserver(() => {
    if (window.__h1 === null && document.querySelector('main h1')) {
      window.__h1 = performance.now();
      watch.disconnect();
    }
  });
  const observe = () => watch.observe(document.documentElement, { childList: true, subtree: true });
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe);
  const describe = (element) => {
    if (!element) return '(removed)';
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const where = element.closest('main') ? 'main' : element.closest('header') ? 'header' : 'page';
    return `<${element.tagName.toLowerCase()}> in ${where}${text ? ` "${text}"` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      entries.push({ startTime: entry.startTime, size: entry.size, element: describe(entry.element) });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Counts the page's requests in flight, to wait until none has been for `QUIET_MS`. */
export function trackRequests(page) {
  let inFlight = 0;
  let last = Date.now();
  let bytes = 0;
  let requests = 0;
  let compressed = 0;
  page.on('request', () => {
    inFlight++;
    requests++;
    last = Date.now();
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('requestfinished', async (request) => {
    ended();
    try {
      const sizes = await request.sizes();
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if ((await request.response())?.headers()['content-encoding']) compressed++;
    } catch {
      // The page navigated away: the size is lost, not the count.
    }
  });
  page.on('requestfailed', ended);
  return {
    reset() {
      inFlight = 0;
      bytes = 0;
      requests = 0;
      compressed = 0;
      last = Date.now();
    },
    stats: () => ({ bytes, requests, compressed }),
    async quiet(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - last < QUIET_MS) {
        if (Date.now() > deadline) throw new Error(`${page.url()} still loading after ${timeoutMs} ms`);
        await sleep(100);
      }
    },
  };
}

/**
 * Waits until the portal's h1 is in the DOM and visible, asking the page over CDP with one short expression every
 * 50 ms.
 * Not Playwright's locator: its wait injects Playwright's selector engine into the page, a few hundred kilobytes of
 * script that the throttled page would compile during the very load being measured (a phone has no such script).
 */
async function h1Shown(cdp, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const expression = "(() => { const h = document.querySelector('main h1'); return !!h && h.checkVisibility(); })()";
  for (;;) {
    try {
      const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
      if (result.value === true) return;
    } catch {
      // The document is being replaced (the navigation commits): ask the new one.
    }
    if (Date.now() > deadline) throw new Error(`no visible portal h1 within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/**
 * A new page of `context` as every visit of these benches opens one: LCP instrumented before the page's scripts, the
 * cache off, the phone's network and CPU, and its requests tracked.
 */
export async function phonePage(context) {
  await context.addInitScript(`(${instrumentLcp})();`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp, requests: trackRequests(page) };
}

/** One navigation to the portal: LCP (the last candidate), when its h1 showed, and whether the worker served it. */
export async function visit(page, cdp, requests, url, onShown = async () => {}) {
  requests.reset();
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
  await h1Shown(cdp, VISIT_TIMEOUT_MS);
  await onShown();
  await requests.quiet(VISIT_TIMEOUT_MS - (Date.now() - started));
  const { entries, h1, controlled, path } = await page.evaluate(() => ({
    entries: window.__lcp,
    h1: window.__h1,
    controlled: window.__controlledAtStart,
    path: location.pathname,
  }));
  if (process.env.BENCH_PORTAL_TRACE) {
    // The waterfall of the visit (BENCH_PORTAL_TRACE=1): what the page fetched, when, and how big, to find the chain.
    const rows = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => [
          Math.round(r.startTime),
          Math.round(r.responseEnd),
          r.transferSize,
          r.name.replace(location.origin, ''),
        ]),
    );
    const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON());
    if (nav) {
      const at = (key) => Math.round(nav[key]);
      console.log(
        `document: request ${at('requestStart')}, first byte ${at('responseStart')}, end ${at('responseEnd')}, ` +
          `DOMContentLoaded ${at('domContentLoadedEventStart')}, load ${at('loadEventStart')}`,
      );
    }
    for (const [start, end, size, name] of rows)
      console.log(`${String(start).padStart(6)} ${String(end).padStart(6)} ${String(size).padStart(7)} ${name}`);
    for (const entry of entries)
      console.log(`LCP candidate at ${Math.round(entry.startTime)} ms: ${entry.size} px² ${entry.element}`);
    console.log(`main h1 in the DOM at ${Math.round(h1 ?? -1)} ms`);
  }
  const last = entries.at(-1);
  if (!last) throw new Error(`no largest-contentful-paint entry on ${path}`);
  if (!path.startsWith(PORTAL_PATH)) throw new Error(`the app went to ${path}, not ${PORTAL_PATH}`);
  return { lcp: last.startTime, element: last.element, h1, controlled, ...requests.stats() };
}

/**
 * Where the main thread's time went on the first visit (BENCH_PORTAL_PROFILE=1, first run only; =repeat: the repeat
 * visit): self time by script file and by function until the portal's h1 shows, from the V8 CPU profile, the slowdown
 * included.
 */
function printProfile(profile) {
  // The raw profile too, for reading with the build's source maps (BENCH_PORTAL_PROFILE_OUT=<file>).
  if (process.env.BENCH_PORTAL_PROFILE_OUT)
    writeFileSync(process.env.BENCH_PORTAL_PROFILE_OUT, JSON.stringify(profile));
  const selfByNode = new Map();
  for (const [i, id] of profile.samples.entries()) {
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byFile = new Map();
  const byFunction = new Map();
  for (const node of profile.nodes) {
    const ms = selfByNode.get(node.id) ?? 0;
    const file = node.callFrame.url.replace(/^.*\//, '') || `(${node.callFrame.functionName || 'native'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${name}`)
      .join('\n');
  console.log(`CPU profile until the h1 shows, by file:\n${top(byFile, 15)}\nby function:\n${top(byFunction, 30)}`);
  // When the time went: per 100 ms from the profile's start, how much was idle and which functions ran most.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const buckets = [];
  let at = 0;
  for (const [i, id] of profile.samples.entries()) {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const step = Math.floor(at / 100);
    if (!buckets[step]) buckets[step] = new Map();
    const bucket = buckets[step];
    const frame = nodes.get(id)?.callFrame;
    const name = frame ? `${frame.functionName || '(anon)'}@${frame.url.replace(/^.*\//, '').slice(0, 24)}` : '?';
    bucket.set(name, (bucket.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  const lines = buckets.map((bucket, i) => {
    const idle = bucket?.get('(idle)@') ?? 0;
    const busy = [...(bucket ?? [])]
      .filter(([name]) => name !== '(idle)@')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ');
    return `${String(i * 100).padStart(5)} ms idle ${idle.toFixed(0).padStart(3)}  ${busy}`;
  });
  console.log(`Timeline (100 ms steps from the profile's start):\n${lines.join('\n')}`);
}

/** Runs a visit, with the CPU profiler on until its h1 shows and the profile printed, when `on`. */
async function profiled(cdp, on, visitWith) {
  if (!on) return visitWith(async () => {});
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  return visitWith(async () => printProfile((await cdp.send('Profiler.stop')).profile));
}

/**
 * Runs in the finished portal page: its rendered HTML without scripts, and the CSS it uses. Every rule of every
 * stylesheet the document has (Chakra UI's rules are inserted through the CSSOM, so a style element's text is empty)
 * and, for each element with a style attribute, a rule on a data attribute in its place.
 */
function snapshotPage(cssHref) {
  const rules = [];
  for (const sheet of document.styleSheets) {
    try {
      for (const rule of sheet.cssRules) rules.push(rule.cssText);
    } catch {
      // A cross-origin stylesheet cannot be read; the portal has none.
    }
  }
  const root = document.documentElement.cloneNode(true);
  for (const element of root.querySelectorAll(
    'script, noscript, style, link[rel="stylesheet"], link[rel="modulepreload"], link[rel="preload"], link[rel="manifest"]',
  )) {
    element.remove();
  }
  let n = 0;
  for (const element of root.querySelectorAll('[style]')) {
    const declarations = element.style;
    const parts = [];
    for (let i = 0; i < declarations.length; i++) {
      const name = declarations[i];
      parts.push(`${name}: ${declarations.getPropertyValue(name)} !important`);
    }
    element.removeAttribute('style');
    if (parts.length === 0) continue;
    element.setAttribute('data-floor-style', String(n));
    rules.push(`[data-floor-style="${n}"] { ${parts.join('; ')} }`);
    n++;
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = cssHref;
  root.querySelector('head')?.append(link);
  return { html: `<!doctype html>\n${root.outerHTML}`, css: rules.join('\n'), styled: n };
}

/**
 * Opens the portal once, unthrottled, waits until it is finished (h1 shown, no request for a while), and writes its
 * floor page and stylesheet (with .br and .gz copies) into `staticDir`, which the server serves.
 */
async function saveFloor(browser, serverUrl, signedIn, staticDir) {
  const context = await browser.newContext({
    ...PHONE,
    locale: 'en-US',
    colorScheme: 'light',
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: serverUrl, localStorage: signedIn }] },
  });
  try {
    await context.addInitScript(`(${instrumentLcp})();`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = trackRequests(page);
    const shown = await visit(page, cdp, requests, `${serverUrl}${PORTAL_PATH}`);
    const snapshot = await page.evaluate(snapshotPage, FLOOR_CSS);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'portal-app.png') });
    for (const [name, text] of [
      [FLOOR_PAGE, snapshot.html],
      [FLOOR_CSS, snapshot.css],
    ]) {
      const file = join(staticDir, name.slice(1));
      const bytes = Buffer.from(text, 'utf8');
      writeFileSync(file, bytes);
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
    return { element: shown.element, htmlBytes: snapshot.html.length, cssBytes: snapshot.css.length };
  } finally {
    await context.close();
  }
}

/** One first visit of the floor page on the phone profile: its LCP, once the page has loaded and gone quiet. */
async function visitFloor(browser, serverUrl) {
  const context = await browser.newContext({
    ...PHONE,
    locale: 'en-US',
    colorScheme: 'light',
    serviceWorkers: 'block',
  });
  try {
    const { page, requests } = await phonePage(context);
    requests.reset();
    const response = await page.goto(`${serverUrl}${FLOOR_PAGE}`, { waitUntil: 'load', timeout: VISIT_TIMEOUT_MS });
    if (!response?.ok()) throw new Error(`${FLOOR_PAGE} answered ${response?.status()}`);
    await requests.quiet(VISIT_TIMEOUT_MS);
    const entries = await page.evaluate(() => window.__lcp);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'portal-floor.png') });
    const last = entries.at(-1);
    if (!last) throw new Error(`no largest-contentful-paint entry on ${FLOOR_PAGE}`);
    return { lcp: last.startTime, element: last.element, ...requests.stats() };
  } finally {
    await context.close();
  }
}

/** The most frequent value of a list, with its count. */
function mostCommon(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const [value, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return `${value} (${count} of ${values.length})`;
}

export default {
  name: 'Scholar Portal first visit (phone: CPU 4×, 1.6 Mbps, 150 ms RTT, Chromium)',
  needsBuild: true,
  async run({ root, dist }) {
    return withResources(async (acquire) => {
      // A copy of the build, so the floor page written beside it is served by the same server as the app.
      const staticDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-portal-static-'));
      acquire({ close: () => rmSync(staticDir, { recursive: true, force: true }) });
      cpSync(dist, staticDir, { recursive: true });
      const server = acquire(await startServer(root, 'bench-portal', { env: { STATIC_DIR: staticDir } }));
      const login = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: SCHOLAR, password: 'demo' }),
      });
      if (!login.ok) throw new Error(`login as ${SCHOLAR} answered ${login.status}: ${await login.text()}`);
      const { token, user } = await login.json();
      // What the login screen leaves in localStorage (src/api/token.ts, src/features/auth/session.ts).
      const signedIn = [
        { name: 'auth.token', value: token },
        ...(user ? [{ name: 'auth.user', value: JSON.stringify(user) }] : []),
      ];

      const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
      acquire({ close: () => browser.close() });
      const saved = await saveFloor(browser, server.url, signedIn, staticDir);
      const first = [];
      const repeat = [];
      const later = [];
      const floor = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({
          ...PHONE,
          locale: 'en-US',
          colorScheme: 'light',
          serviceWorkers: 'allow',
          storageState: { cookies: [], origins: [{ origin: server.url, localStorage: signedIn }] },
        });
        try {
          const { page, cdp, requests } = await phonePage(context);
          const url = `${server.url}${PORTAL_PATH}`;

          const profile = process.env.BENCH_PORTAL_PROFILE;
          const cold = await profiled(cdp, Boolean(profile) && profile !== 'repeat' && run === 0, (onShown) =>
            visit(page, cdp, requests, url, onShown),
          );
          if (cold.controlled) throw new Error('the first visit was served by a service worker: not a first visit');
          first.push(cold);

          // The worker installs (precaching the app) during the first visit; wait until it is active, then visit again.
          await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
          const warm = await profiled(cdp, profile === 'repeat' && run === 0, (onShown) =>
            visit(page, cdp, requests, url, onShown),
          );
          if (!warm.controlled) throw new Error('the repeat visit was not served by the service worker');
          repeat.push(warm);
          // Every later visit: the code cache written on the repeat visit is read.
          const third = await visit(page, cdp, requests, url, async () => {});
          if (!third.controlled) throw new Error('the third visit was not served by the service worker');
          later.push(third);
        } finally {
          await context.close();
        }
        floor.push(await visitFloor(browser, server.url));
      }

      const lcp = first.map((v) => v.lcp);
      const floorLcp = percentile(
        floor.map((v) => v.lcp),
        50,
      );
      const ratio = percentile(lcp, 50) / floorLcp;
      const warmLcp = repeat.map((v) => v.lcp);
      const kB = (bytes) => Math.round(bytes / 100) / 10;
      const runs = `${RUNS} runs, ${PORTAL_PATH}`;
      return [
        {
          metric: 'first visit LCP, p50',
          value: ms1(percentile(lcp, 50)),
          unit: 'ms',
          budget: FIRST_VISIT_BUDGET_MS,
          note: `DESIGN section 8: 2.0 s; ${runs}`,
        },
        {
          metric: 'first visit LCP, p50 (issue 16 budget)',
          value: ms1(percentile(lcp, 50)),
          unit: 'ms',
          budget: FIRST_VISIT_ISSUE_BUDGET_MS,
          gate: false,
          note: 'issue 16: 2.5 s',
        },
        {
          metric: 'floor: the saved first screen as a static page, LCP p50',
          value: ms1(floorLcp),
          unit: 'ms',
          note: `${FLOOR_PAGE} from the same server, ${Math.round(saved.htmlBytes / 1024)} kB HTML + ${Math.round(
            saved.cssBytes / 1024,
          )} kB CSS; LCP element: ${mostCommon(floor.map((v) => v.element))}`,
        },
        {
          metric: 'first visit LCP / floor LCP (p50s)',
          // Rounded up, so the printed figure never hides an overrun of the budget.
          value: Math.ceil(ratio * 100) / 100,
          unit: '×',
          budget: FLOOR_RATIO_BUDGET,
          note: `the app's LCP element when saved: ${saved.element}`,
        },
        { metric: 'first visit LCP, p95', value: ms1(percentile(lcp, 95)), unit: 'ms', note: `max of ${RUNS}` },
        {
          metric: 'first visit: portal h1 in the DOM, p50',
          value: ms1(
            percentile(
              first.map((v) => v.h1),
              50,
            ),
          ),
          unit: 'ms',
          note: `LCP element: ${mostCommon(first.map((v) => v.element))}`,
        },
        {
          metric: 'first visit: transferred, p50',
          value: kB(
            percentile(
              first.map((v) => v.bytes),
              50,
            ),
          ),
          unit: 'kB',
          note: `${first[0]?.requests} requests (app, fonts, API), ${first[0]?.compressed} of them compressed (first run)`,
        },
        {
          metric: 'repeat visit (service worker) LCP, p50',
          value: ms1(percentile(warmLcp, 50)),
          unit: 'ms',
          budget: REPEAT_VISIT_BUDGET_MS,
          note: `DESIGN section 8: 1.0 s; LCP element: ${mostCommon(repeat.map((v) => v.element))}`,
        },
        { metric: 'repeat visit (service worker) LCP, p95', value: ms1(percentile(warmLcp, 95)), unit: 'ms' },
        {
          metric: 'later visits (service worker, code cache read) LCP, p50',
          value: ms1(
            percentile(
              later.map((v) => v.lcp),
              50,
            ),
          ),
          unit: 'ms',
          note: 'information: the third visit of each run',
        },
      ];
    });
  },
};
