/**
 * Is the built app installable? Asked of Chromium itself (DevTools protocol `Page.getInstallabilityErrors`), the same
 * check that decides whether the browser offers "Install", rather than our own reading of the manifest rules, which
 * change between Chromium versions. Used by `scripts/check-installability.mjs` and by the end-to-end tests.
 */
import type { Page } from 'playwright-core';

/** One reason Chromium gives (the protocol's `Page.InstallabilityError`). */
export interface InstallabilityError {
  errorId: string;
  errorArguments: Array<{ name: string; value: string }>;
}

export { CHROMIUM_LAUNCH_OPTIONS } from './browser';

/** Waits until the page's service worker is active (navigator.serviceWorker.ready), or throws after `timeoutMs`. */
export async function waitForServiceWorker(page: Page, timeoutMs = 30_000): Promise<void> {
  const state = await page.evaluate(async (timeout) => {
    if (!('serviceWorker' in navigator)) return 'unsupported';
    const ready = navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? 'none');
    const timedOut = new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), timeout));
    return Promise.race([ready, timedOut]);
  }, timeoutMs);
  if (state !== 'activating' && state !== 'activated') {
    throw new Error(`No active service worker on ${page.url()} (${state})`);
  }
}

/** Chromium's installability errors for the page as it is now; an empty list means installable. */
export async function getInstallabilityErrors(page: Page): Promise<InstallabilityError[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    return installabilityErrors;
  } finally {
    await session.detach();
  }
}

/** One line per error, e.g. `manifest-missing-suitable-icon (minimum-icon-size-in-pixels=144)`. */
export function formatInstallabilityError(error: InstallabilityError): string {
  const args = error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(', ');
  return args ? `${error.errorId} (${args})` : error.errorId;
}

/**
 * Opens `url`, waits for the service worker, and returns Chromium's installability errors. The page must belong to a
 * persistent context (`chromium.launchPersistentContext`): Playwright's ordinary contexts are incognito, where Chromium
 * answers `in-incognito`. The manifest and icons are
 * fetched asynchronously, so a non-empty answer is asked again for up to `settleMs` before it is believed.
 */
export async function checkInstallability(page: Page, url: string, settleMs = 5_000): Promise<InstallabilityError[]> {
  await page.goto(url, { waitUntil: 'load' });
  await waitForServiceWorker(page);
  const deadline = Date.now() + settleMs;
  let errors = await getInstallabilityErrors(page);
  while (errors.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(250);
    errors = await getInstallabilityErrors(page);
  }
  return errors;
}
