/** Steps the end-to-end tests share: a server on a copy of the demo school, and signing in through the real form. */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { type ServerProcess, seededDataDir, startServer } from './server';

/**
 * Starts a server on a fresh copy of the seeded demo school. A spec signs in many browsers from one address within
 * a minute, more than the ten sign-ins a minute the server allows one address (its own tests cover that limit), so
 * the limit is raised here unless a test sets it.
 */
export function startDemoServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({ dataDir: seededDataDir(inject('seededDataDir')), env: { LOGIN_RATE_LIMIT: '200', ...env } });
}

/** Signs in through the login form (the page must be on /login). */
export async function signInWithForm(page: Page, email: string, password = 'demo'): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login and signs in; resolves once the app has left the login page. */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/login`);
  await signInWithForm(page, email);
  // A minute: on a loaded two-core machine the first sign-in of a fresh browser profile took over 30 s once.
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 60_000 });
}

/**
 * Opens a path (with its query string) of the app already loaded in the page as an in-app link does: a history entry
 * and a popstate, which React Router follows. The app, its chunks and an injected axe stay loaded, where `page.goto`
 * would load them all again (the screen sweep took half the time once its screens were opened so). Resolves once the
 * main landmark's text or the page's title is not what it was (the next screen, or its loading state), or after 5 s;
 * the caller then waits for what the screen must show.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((to) => {
    if (location.pathname + location.search === to) return null;
    const was = { text: document.querySelector('main')?.innerText ?? '', title: document.title };
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return was;
  }, path);
  if (!before) return;
  await page
    .waitForFunction(
      (was) => (document.querySelector('main')?.innerText ?? '') !== was.text || document.title !== was.title,
      before,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
