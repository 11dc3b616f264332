/**
 * What the Chromium benchmarks (roster-search.mjs, tap-to-confirmed.mjs, meal-tap.mjs, lunch-line.mjs,
 * timesheet-grid.mjs) share: the real server on a fresh data directory, the API calls that prepare the school, Debian's
 * Chromium driven by playwright-core with a temporary profile (the launch options of tests/e2e/lib/browser.ts), signing
 * in through the login form, the service worker, the outbox, the school's day, percentiles, and the pieces their
 * in-page instrumentations share (`pageKit`, installed with `pageScript`).
 *
 * Everything started here is stopped by the `close`/`stop` it returns, which also deletes its temporary folder;
 * `withResources` runs a benchmark body and always releases what it acquired, in reverse order, even on failure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, serverEnv } from './lib-process.mjs';

const READY = 'is running at';
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the server as `npm start` does (scripts/start.mjs, SKIP_BUILD=1) on a new temporary data directory: the
 * demo school is seeded on this first start. `env` adds to its environment (TLS_CERT and TLS_KEY: HTTPS). `stop()`
 * sends SIGTERM (SIGKILL after 15 s), waits for the exit and deletes the data directory.
 */
export async function startServer(root, name = 'bench', { env = {} } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `school-ops-${name}-data-`));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...serverEnv({ port, dataDir }), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${READY}' within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes(READY)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before it was ready:\n${output}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, port, dataDir, stop };
}

/** Signs in through the API; resolves with a function calling `/api/v2/<path>` as that person. */
export async function apiAs(url, email, password = 'demo') {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login as ${email} answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  return async (path, { method = 'GET', body } = {}) => {
    const res = await fetch(`${url}/api/v2/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Every scholar record the API lists (all pages). */
export async function listScholars(api) {
  const all = [];
  for (let page = 1; ; page++) {
    const { data, meta } = await api(`demographics?per_page=500&page=${page}`);
    all.push(...data);
    if (data.length === 0 || all.length >= meta.total) return all;
  }
}

/** A seeded pseudo-random generator (mulberry32): the same scholars and queries on every run. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/**
 * Brings the school to `target` scholars by creating new ones through `POST v2/demographics` (there is no batch
 * create for scholars), as the front office or an administrator would one by one. Names are recombined from the
 * demo roster's first names, nicknames and last names, and grade, homeroom and program copied from a demo scholar, so
 * the new scholars search like real ones; student numbers are new six-digit numbers like the demo's. Resolves with
 * the whole roster afterwards and the records created.
 */
export async function growRoster(api, target, seed = 5000) {
  // In a fixed order (the API lists by name, then by id, and ids differ between runs): the same scholars every run.
  const existing = (await listScholars(api)).sort((a, b) => a.student_number.localeCompare(b.student_number));
  const rnd = seededRandom(seed);
  const numbers = new Set(existing.map((s) => s.student_number));
  const firstNames = [...new Set(existing.map((s) => s.fname))];
  const lastNames = [...new Set(existing.map((s) => s.lname))];
  const inputs = [];
  for (let i = existing.length; i < target; i++) {
    const model = rnd.pick(existing);
    let number;
    do number = String(rnd.int(100000, 999999));
    while (numbers.has(number));
    numbers.add(number);
    inputs.push({
      student_number: number,
      fname: rnd.pick(firstNames),
      lname: rnd.pick(lastNames),
      nickname: rnd.next() < 0.05 ? rnd.pick(firstNames) : null,
      grade: model.grade,
      program: model.program,
      homeroom: model.homeroom,
    });
  }
  const created = [];
  // A few requests at a time: the embedded database writes one transaction at a time anyway.
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++];
      const { data } = await api('demographics', { method: 'POST', body: input });
      created.push(data);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const roster = await listScholars(api);
  if (roster.length !== Math.max(target, existing.length)) {
    throw new Error(`the school has ${roster.length} scholars, not ${target}`);
  }
  return { roster, created };
}

/** Chromium as the project runs it (tests/e2e/lib/browser.ts): Debian's package, headless, nothing reaching out. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Launches Chromium with a fresh persistent profile (as a kiosk runs it) and one page; `close()` deletes it. `args`
 * adds Chromium flags (a fake camera); `serviceWorkers: 'block'` keeps service workers out, so answers the bench
 * routes itself reach the page as given.
 */
export async function launchBrowser(name = 'bench', { args = [], serviceWorkers = 'allow' } = {}) {
  const profile = mkdtempSync(join(tmpdir(), `school-ops-${name}-chromium-`));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM_LAUNCH_OPTIONS,
      args: [...CHROMIUM_LAUNCH_OPTIONS.args, ...args],
      serviceWorkers,
      locale: 'en-US',
      colorScheme: 'light',
      viewport: { width: 1366, height: 900 },
    });
  } catch (err) {
    rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Runs `body(acquire)`; `acquire(resource)` registers something with a `stop()` or `close()` and returns it. Every
 * registered resource is released afterwards, the last first, whether the body succeeded or not.
 */
export async function withResources(body) {
  const held = [];
  const acquire = (resource) => {
    held.push(resource);
    return resource;
  };
  try {
    return await body(acquire);
  } finally {
    const failures = [];
    for (const resource of held.reverse()) {
      try {
        await (resource.close ?? resource.stop).call(resource);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length) console.error(`cleanup: ${failures.map((e) => e.message).join('; ')}`);
  }
}

/** Opens /login and signs in through the form; resolves once the app has left the login page. */
export async function signIn(page, url, email, password = 'demo') {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 60_000 });
}

/**
 * Waits until the device's database (IndexedDB 'school-ops') holds `count` scholars and the app has made no API
 * request for `quietMs` (the snapshot and its photos are in), so the measurements do not share the page with the
 * first download.
 */
export async function waitForLocalRoster(page, count, { timeoutMs = 180_000, quietMs = 2000 } = {}) {
  let inFlight = 0;
  let lastActivity = Date.now();
  const isApi = (request) => new URL(request.url()).pathname.startsWith('/api/');
  const started = (request) => {
    if (!isApi(request)) return;
    inFlight++;
    lastActivity = Date.now();
  };
  const ended = (request) => {
    if (!isApi(request)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const local = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('school-ops');
            open.onerror = () => resolve(-1);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('demographics')) {
                db.close();
                resolve(-1);
                return;
              }
              const req = db.transaction('demographics').objectStore('demographics').count();
              req.onsuccess = () => {
                db.close();
                resolve(req.result);
              };
              req.onerror = () => {
                db.close();
                resolve(-1);
              };
            };
          }),
      );
      if (local >= count && inFlight === 0 && Date.now() - lastActivity >= quietMs) return;
      if (Date.now() > deadline) {
        throw new Error(`the device has ${local} of ${count} scholars after ${timeoutMs} ms (${inFlight} requests)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Rounds a duration in ms to 0.1 ms. */
export const ms1 = (value) => Math.round(value * 10) / 10;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a service worker is active for the page's origin (tests/e2e/lib/installability.ts does the same). */
export async function waitForServiceWorker(page, timeoutMs = 90_000) {
  const state = await page.evaluate(async (timeout) => {
    if (!('serviceWorker' in navigator)) return 'unsupported';
    const ready = navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? 'none');
    const timedOut = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeout));
    return Promise.race([ready, timedOut]);
  }, timeoutMs);
  if (state !== 'activating' && state !== 'activated') {
    throw new Error(`no active service worker on ${page.url()} (${state})`);
  }
}

/** How many entries the device's outbox (IndexedDB 'school-ops', store 'outbox') holds, by status. */
export function outboxStatuses(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve({ total: 0 });
            return;
          }
          const req = db.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            db.close();
            const counts = { total: req.result.length };
            for (const entry of req.result) counts[entry.status] = (counts[entry.status] ?? 0) + 1;
            resolve(counts);
          };
          req.onerror = () => {
            db.close();
            reject(req.error);
          };
        };
      }),
  );
}

/** Today's date (YYYY-MM-DD) in the school's time zone, as `v2/config` gives it. */
export async function schoolToday(url) {
  const { time_zone: timeZone } = await (await fetch(`${url}/api/v2/config`)).json();
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/**
 * What the in-page instrumentations share (roster-search.mjs, tap-instrument.mjs, timesheet-grid.mjs). It runs in the
 * page, installed as source text by `pageScript`, so it uses nothing from this module:
 * - `hookReactCommits(onCommit)`: a minimal React DevTools hook; React calls `onCommit` after each commit.
 * - `whenPainted(sample, done)`: notes on `sample` the next animation frame (`frame`) and the task after it
 *   (`painted`: the frame showing the DOM as it is now has been painted), then calls `done`.
 * - `oneAtATime(timeoutMs, timeoutMessage)`: the measurements, one at a time. `start(sample)` makes a sample the
 *   `current()` one; `finish(sample)` adds it to `samples` and clears the current one. `settled(ms = timeoutMs)`
 *   resolves once no sample is current; when `ms` pass first, it clears the current one and rejects with
 *   `timeoutMessage(sample, ms)`.
 */
export function pageKit() {
  return {
    hookReactCommits(onCommit) {
      Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
        configurable: true,
        value: {
          supportsFiber: true,
          isDisabled: false,
          renderers: new Map(),
          inject: () => 1,
          checkDCE() {},
          onScheduleFiberRoot() {},
          onCommitFiberRoot: onCommit,
          onPostCommitFiberRoot() {},
          onCommitFiberUnmount() {},
        },
      });
    },
    whenPainted(sample, done) {
      requestAnimationFrame(() => {
        sample.frame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          sample.painted = performance.now();
          done();
        };
        channel.port2.postMessage(0);
      });
    },
    oneAtATime(timeoutMs, timeoutMessage) {
      const samples = [];
      let current = null;
      let waiting = [];
      return {
        samples,
        current: () => current,
        start(sample) {
          current = sample;
        },
        finish(sample) {
          samples.push(sample);
          current = null;
          for (const resolve of waiting) resolve();
          waiting = [];
        },
        settled: (ms = timeoutMs) =>
          new Promise((resolve, reject) => {
            if (current === null) {
              resolve();
              return;
            }
            const timer = setTimeout(() => {
              const sample = current;
              current = null;
              reject(new Error(timeoutMessage(sample, ms)));
            }, ms);
            waiting.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
      };
    },
  };
}

/**
 * The init script (for `page.addInitScript`) that runs `instrument(options, kit)` in the page before the app's
 * scripts, `kit` being `pageKit()`'s helpers; `instrument` and `options` travel as source text and JSON.
 */
export const pageScript = (instrument, options = null) =>
  `(${instrument})(${JSON.stringify(options)}, (${pageKit})());`;
