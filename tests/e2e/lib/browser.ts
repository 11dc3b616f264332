/**
 * Debian's Chromium driven by playwright-core (Playwright cannot download browsers here). A persistent profile in a
 * temporary folder: Chromium treats a plain new context as incognito, where installability is never reported and
 * storage persistence differs from a real kiosk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type LaunchOptions, type Page } from 'playwright-core';

/** Chromium as the project runs it: Debian's package, headless, without anything that reaches out to Google. */
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
