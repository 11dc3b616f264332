/**
 * The Scholar Portal from end to end in Chromium against the real server (its end-to-end test), on a
 * 390×844 phone: the demo scholar signs in on the one login screen and lands on /scholar, opens Home, Calendar and
 * Scholar Resources, goes offline and reloads, and the last answers show with their "as of"; the demo parent signs in
 * and switches between their two children; on the scholar's phone a parent signs in inside the scholar's session and
 * ends it, and the scholar stays signed in. Then every portal screen at 360×740 and 390×844, in English and Spanish:
 * no sideways scroll, no serious or critical axe violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInApp, signIn, signInWithForm, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The demo family's scholars as the parent's portal lists them (the names the switcher shows). */
async function familyNames(): Promise<{ id: string; name: string }[]> {
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'parent@demo.school', password: 'demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/v2/scholar/scholars`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { id: string; fname: string; nickname: string | null; lname: string }[] };
  return body.data.map((s) => ({ id: s.id, name: `${s.nickname ?? s.fname} ${s.lname}` }));
}

describe('the Scholar Portal on a phone', () => {
  it('the scholar signs in, opens home, calendar and resources, and reads them offline after a reload with "as of"', async () => {
    const { page, context, close } = await launchBrowser({ viewport: PHONE });
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await page.waitForURL((url) => url.pathname === '/scholar', { timeout: 60_000 });
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page
        .getByText(/Not checked in yet today|Checked in/)
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Announcements' }).waitFor();
      // The bottom bar on a phone: four entries and More.
      const bar = page.getByRole('navigation', { name: 'Main entries' });
      expect(await bar.getByRole('link').count()).toBe(4);
      await bar.getByRole('link', { name: 'Calendar' }).click();
      await heading(page, 'Calendar').waitFor();
      await page.getByText('Picture Day').first().waitFor({ timeout: 30_000 });
      await bar.getByRole('button', { name: 'More entries' }).click();
      await page.getByRole('menuitem', { name: 'Scholar Resources' }).click();
      await heading(page, 'Demo School Scholar Resources').waitFor();
      await page.getByRole('link', { name: /Khan Academy/ }).waitFor();

      // Offline: the service worker serves the screens, the device its last answers, each with its "as of".
      await waitForServiceWorker(page, 90_000);
      await context.setOffline(true);
      await page.reload();
      await heading(page, 'Demo School Scholar Resources').waitFor({ timeout: 30_000 });
      await page
        .getByText(/showing what this device saved, as of/)
        .first()
        .waitFor();
      await page.getByRole('link', { name: /Khan Academy/ }).waitFor();
      await page.goto(`${server.url}/scholar`).catch(() => undefined);
      await heading(page, 'Home').waitFor({ timeout: 30_000 });
      await page
        .getByText(/showing what this device saved, as of/)
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Announcements' }).waitFor();
      await context.setOffline(false);
    } finally {
      await close();
    }
  }, 240_000);

  it('the parent signs in on the same login screen and switches between their children', async () => {
    const family = await familyNames();
    expect(family).toHaveLength(2);
    const { page, close } = await launchBrowser({ viewport: PHONE });
    try {
      await signIn(page, server.url, 'parent@demo.school');
      await page.waitForURL((url) => url.pathname === '/scholar', { timeout: 60_000 });
      const switcher = page.getByLabel('Scholar', { exact: true });
      await switcher.waitFor({ timeout: 60_000 });
      const [first, second] = family as [{ id: string; name: string }, { id: string; name: string }];
      expect(await switcher.inputValue()).toBe(first.id);
      expect(await switcher.locator('option').allTextContents()).toEqual(
        family.map((s) => expect.stringContaining(s.name) as unknown as string),
      );
      await switcher.selectOption(second.id);
      await page.getByRole('navigation', { name: 'Main entries' }).getByRole('link', { name: 'Schedule' }).click();
      await heading(page, 'Schedule').waitFor();
      // The choice holds across screens and a reload.
      await page.reload();
      await heading(page, 'Schedule').waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Scholar', { exact: true }).inputValue()).toBe(second.id);
      await page
        .getByText(/^Math /)
        .first()
        .waitFor();
    } finally {
      await close();
    }
  }, 180_000);

  it("a parent signs in inside the scholar's session and ends it; the scholar stays signed in", async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE });
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page.goto(`${server.url}/scholar/parent-login`);
      await page.getByText(/signs in here to sign or answer for them/).waitFor();
      // Someone else's account is refused, and the scholar's session stays.
      await signInWithForm(page, 'office@demo.school');
      await page.getByText('Username or password is incorrect.').waitFor();
      await signInWithForm(page, 'parent@demo.school');
      await page.waitForURL((url) => url.pathname === '/scholar', { timeout: 30_000 });
      // The portal says a parent is signed in on this phone, with the way to end it.
      await page
        .getByRole('status')
        .filter({ hasText: /^Parent signed in: / })
        .waitFor();
      await page.goto(`${server.url}/scholar/parent-login`);
      await page.getByText(/is signed in as a parent for/).waitFor();
      await page.getByRole('button', { name: 'End parent sign-in' }).click();
      await page.getByLabel('Email', { exact: true }).waitFor();
      // The parent's token no longer works; the scholar's does.
      expect(await page.evaluate(() => sessionStorage.getItem('auth.parentSession'))).toBeNull();
      await page.goto(`${server.url}/scholar`);
      await heading(page, 'Home').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/scholar');
      expect(await page.getByText(/^Parent signed in: /).count()).toBe(0);
    } finally {
      await close();
    }
  }, 180_000);

  it('every portal screen on 360×740 and 390×844 phones, in English and Spanish: no sideways scroll, no serious axe violation', async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      const screens = [
        '',
        '/this-week',
        '/schedule',
        ...['current', 'overdue', 'missing-autowork', 'completed', 'submissions'].map((type) => `/work/${type}`),
        '/independent-study',
        '/conferences',
        // The demo school screens (P3): the entry is there.
        '/covid-screening',
        '/calendar',
        '/resources',
        '/library',
        '/arrivals',
        '/check-in',
      ];
      for (const [language, viewport] of [
        ['en', { width: 360, height: 740 }],
        ['es', PHONE],
      ] as const) {
        await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
        await page.setViewportSize(viewport);
        // The app loads once a language; its screens are then opened in the app, as its links open them.
        await page.reload();
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
        for (const screen of screens) {
          await openInApp(page, `/scholar${screen}`);
          expect(new URL(page.url()).pathname).toBe(`/scholar${screen}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
          // The screen's data, not its skeleton.
          await page.waitForFunction(() => !document.querySelector('.chakra-skeleton, [data-scope="skeleton"]'), null, {
            timeout: 30_000,
          });
          await checkPhone(page, `/scholar${screen} ${language} ${viewport.width}`, problems);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 300_000);
});
