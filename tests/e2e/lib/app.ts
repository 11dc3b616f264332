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
