/**
 * Debian's Chromium driven by playwright-core (Playwright cannot download browsers here). A persistent profile in a
 * temporary folder: Chromium treats a plain new context as incognito, where installability is never reported and
 * storage persistence differs from a real kiosk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type LaunchOptions, type Page } from 'playwright-core';

/**
 * The machine's environment without libfaketime: Chromium stays on the machine's clock (under libfaketime it runs
 * about fifteen times slower), and its pages get the run's offset through `shiftPageClock` instead.
 */
function withoutFaketime(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && key !== 'LD_PRELOAD' && !key.startsWith('FAKETIME')) out[key] = value;
  }
  return out;
}

/** Chromium as the project runs it: Debian's package, headless, without anything that reaches out to Google. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  env: withoutFaketime(process.env),
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
} satisfies LaunchOptions;

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile and one page. */
export async function launchBrowser(
  opts: {
    args?: string[];
    locale?: string;
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    /** Lets a test inject a script (axe-core) past the app's content security policy. */
    bypassCSP?: boolean;
    /** 'block' keeps the service worker out, so `page.route` sees every request of the page. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'school-ops-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [...CHROMIUM_LAUNCH_OPTIONS.args, ...(opts.args ?? [])],
    locale: opts.locale ?? 'en-US',
    colorScheme: opts.colorScheme ?? 'light',
    viewport: opts.viewport ?? { width: 1366, height: 900 },
    bypassCSP: opts.bypassCSP ?? false,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
  });
  await shiftPageClock(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Moves every page's `Date` by the end-to-end clock's offset (scripts/e2e-clock.mjs), so the app reads the same
 * instant as the servers and the test; timers, animation frames and `performance` are left as they are. Pages opened
 * before the call (the persistent context's first, still blank) get it at their next navigation.
 */
async function shiftPageClock(context: BrowserContext): Promise<void> {
  const offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);
  if (!offset) return;
  // A string, not a function: the test's transpiler may wrap a function's code in helpers the page does not have.
  await context.addInitScript(`(() => {
    const Real = Date;
    const now = () => Real.now() + ${offset};
    const Shifted = function (...args) {
      if (!new.target) return new Real(now()).toString();
      return Reflect.construct(Real, args.length ? args : [now()], new.target);
    };
    Object.defineProperties(Shifted, {
      now: { value: now },
      parse: { value: Real.parse },
      UTC: { value: Real.UTC },
      prototype: { value: Real.prototype },
    });
    globalThis.Date = Shifted;
  })();`);
}
