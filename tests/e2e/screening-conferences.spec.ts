/**
 * COVID Screening and Scholar Led Conferences from end to end (its end-to-end tests) in Chromium against the
 * real server on a 390×844 phone: the demo scholar finds COVID Screening in the portal's navigation (the demo school
 * screens), submits an incomplete form and is told which fields, then reports a cough and is told to stay home; the
 * answer goes through the outbox and the server's answer says the same. Then the scholar opens the conference's
 * sign-in sheet, loses the connection, clicks to sign in (kept on the phone, shown as not sent), reconnects, and the
 * office sees the sign-in on its conference screen. Each screen: no sideways scroll, no serious or critical axe
 * violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
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

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name });

/** The demo scholar's name as the portal's API gives it. */
async function scholarName(): Promise<string> {
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'scholar@demo.school', password: 'demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${server.url}/api/v2/scholar/scholars`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { fname: string; nickname: string | null; lname: string }[] };
  const me = body.data[0] as { fname: string; nickname: string | null; lname: string };
  return `${me.nickname || me.fname} ${me.lname}`;
}

/** The device's outbox entries (resource and status). */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ resource: string; status: string; last_error: string | null }[]>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            resolve(
              (req.result as { resource: string; status: string; last_error: string | null }[]).map((e) => ({
                resource: e.resource,
                status: e.status,
                last_error: e.last_error,
              })),
            );
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

describe('COVID Screening and Scholar Led Conferences on a phone', () => {
  it('a screening that reports a cough ends in stay home', async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      // The demo school screens: the entry is in the navigation (behind More on a phone).
      const bar = page.getByRole('navigation', { name: 'Main entries' });
      await bar.getByRole('button', { name: 'More entries' }).click();
      await page.getByRole('menuitem', { name: 'COVID Screening' }).click();
      await heading(page, 'COVID Screening').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Submit', exact: true }).waitFor({ timeout: 30_000 });
      await checkPhone(page, 'COVID Screening form', problems);

      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('This form is incomplete. Please correct the fields in red.').waitFor();
      await page.getByText('Choose at least one answer: a symptom, or No symptoms.').waitFor();
      expect(await page.getByText('This field is required.').count()).toBe(2);

      await page.getByText('Cough', { exact: true }).click();
      const contact = page.getByRole('group', { name: /close contact/ });
      await contact.getByText('No', { exact: true }).click();
      const household = page.getByRole('group', { name: /household have symptoms/ });
      await household.getByText('No', { exact: true }).click();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('Please stay home, contact a medical provider and get a free test.').waitFor();
      // Sent: the waiting mark goes, and the server's answer (read again) says the same.
      await page.getByText(/^Not sent yet/).waitFor({ state: 'detached', timeout: 30_000 });
      await page.reload();
      await page.getByText('Please stay home, contact a medical provider and get a free test.').waitFor({
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Make a correction' }).waitFor();
      await page.getByRole('button', { name: 'Declare remote attendance' }).waitFor();
      await checkPhone(page, 'COVID Screening outcome', problems);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('a parent answering after the school day is told the screening is for the next school day, and it is filed so', async () => {
    // The run's clock stands at 11:40 on Tuesday 17 November (scripts/e2e-clock.mjs): a school that ends its day at
    // 11:00 is, for the screening, where a 7 PM answer is with the usual 15:30 end.
    const token = async (email: string) => {
      const res = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo' }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const admin = await token('admin@demo.school');
    const setEnd = (end_time: string) =>
      fetch(`${server.url}/api/v2/school_settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ end_time }),
      });
    expect((await setEnd('11:00')).status).toBe(200);
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'parent@demo.school');
      await page.goto(`${server.url}/scholar/covid-screening`);
      await heading(page, 'COVID Screening').waitFor({ timeout: 60_000 });
      await page.getByText('The school day is over: this screening is for Wednesday, November 18.').waitFor({
        timeout: 30_000,
      });
      await page.getByText(/^Screening for .+ for Wednesday, November 18\. Answer every question\.$/).waitFor();
      await checkPhone(page, 'COVID Screening after the school day', problems);
      await page.getByText('No symptoms', { exact: true }).click();
      await page
        .getByRole('group', { name: /close contact/ })
        .getByText('No', { exact: true })
        .click();
      await page
        .getByRole('group', { name: /household have symptoms/ })
        .getByText('No', { exact: true })
        .click();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText(/^Not sent yet/).waitFor({ state: 'detached', timeout: 30_000 });
      // The entrance finds it on Wednesday's list, not on today's.
      const office = await token('office@demo.school');
      const list = async (date: string) => {
        const res = await fetch(`${server.url}/api/v2/covid_screenings?date=${date}&per_page=200`, {
          headers: { authorization: `Bearer ${office}` },
        });
        return ((await res.json()) as { data: { screening: { answered_by: string | null } }[] }).data;
      };
      const me = await fetch(`${server.url}/api/v2/auth/check`, {
        headers: { authorization: `Bearer ${await token('parent@demo.school')}` },
      });
      const parentId = ((await me.json()) as { user: { id: string } }).user.id;
      // The outbox sends it in the background: wait for the server to have it.
      const mine = async (date: string) => (await list(date)).filter((r) => r.screening.answered_by === parentId);
      for (let i = 0; i < 60 && (await mine('2026-11-18')).length === 0; i++) await page.waitForTimeout(500);
      expect(await mine('2026-11-18')).toHaveLength(1);
      expect(await mine('2026-11-17')).toHaveLength(0);
      expect(problems).toEqual([]);
    } finally {
      await close();
      await setEnd('15:30');
    }
  }, 240_000);

  it('a conference sign-in made offline is sent on reconnecting and seen by the office', async () => {
    // The demo's conference day is the day it was seeded: the run's clock (scripts/e2e-clock.mjs) keeps it today.
    const name = await scholarName();
    const { page, context, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    const said: string[] = [];
    page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => said.push(`pageerror: ${e.message}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && said.push(`navigated: ${f.url()}`));
    page.on('requestfailed', (r) => said.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page.goto(`${server.url}/scholar/conferences`);
      await heading(page, 'Scholar Led Conferences').waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { name: 'Fall Scholar Led Conferences' }).waitFor({ timeout: 30_000 });
      await checkPhone(page, 'Scholar Led Conferences', problems);

      // The app on the phone (its code cached by the service worker), as a scholar who has used it has it. Offline
      // before that, the More menu's code could not load (the next test).
      await waitForServiceWorker(page, 90_000);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Click to Sign In' }).click();
      await page.getByText('You are signed in. Thank you for coming.').waitFor();
      await page.getByText(/^Not sent yet/).waitFor();
      // Still offline a moment later: the sign-in waits on the phone.
      await page.waitForTimeout(1500);
      const entries = await outbox(page);
      expect(entries.map((e) => [e.resource, e.status])).toEqual([['conference_sign_ins', 'pending']]);
      // Polled, and a failure says what the page showed, where it was, whether the service worker controlled it, and
      // what it logged, failed and navigated: in three full runs of the suite the notice was gone here, the third time
      // with no <main> at all (the More menu's code failed to load offline and the route's error screen replaced the
      // page; the test went offline before the service worker had the app).
      await expect
        .poll(() => page.getByText(/^Not sent yet/).count(), { timeout: 10_000 })
        .toBe(1)
        .catch(async (err: Error) => {
          const shown = await page
            .evaluate(
              () => `${location.href} sw:${Boolean(navigator.serviceWorker.controller)}\n${document.body.innerText}`,
            )
            .catch((e: Error) => `(no page: ${e.message})`);
          throw new Error(
            `${err.message}\nThe screen showed:\n${shown.slice(0, 1500)}\n${said.join('\n').slice(-3000)}`,
          );
        });

      await context.setOffline(false);
      await page.getByText(/^Not sent yet/).waitFor({ state: 'detached', timeout: 60_000 });
      // Sent and accepted: nothing left on the device, nothing needing attention.
      expect(await outbox(page)).toEqual([]);
      await page.reload();
      await page.getByText(new RegExp(`^${name} signed in at`)).waitFor({ timeout: 30_000 });
    } finally {
      await close();
    }

    const staff = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    try {
      await signIn(staff.page, server.url, 'office@demo.school');
      await staff.page.goto(`${server.url}/portal-content/conferences`);
      await heading(staff.page, 'Scholar Led Conferences').waitFor({ timeout: 60_000 });
      const item = staff.page.getByRole('listitem').filter({ hasText: 'Fall Scholar Led Conferences' });
      await item.getByRole('button', { name: 'Sign-ins' }).click();
      await staff.page.getByRole('cell', { name, exact: true }).waitFor({ timeout: 30_000 });
      await checkPhone(staff.page, 'Scholar Led Conferences (staff)', problems);
      await staff.page.goto(`${server.url}/check-in/covid-screenings`);
      await heading(staff.page, 'COVID Screening').waitFor({ timeout: 30_000 });
      await staff.page.getByText(/^Cleared \d+ · Stay home \d+/).waitFor({ timeout: 30_000 });
      await checkPhone(staff.page, 'COVID Screening (staff)', problems);
      expect(problems).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 300_000);

  it('keeps its screen when the More menu cannot load, and a tap then reloads the page, which brings it', async () => {
    // No service worker, and the menu's code refused as a phone offline before the app was on it has it refused.
    const { page, close } = await launchBrowser({ viewport: PHONE, serviceWorkers: 'block' });
    const menuCode = /\/assets\/more-menu-[^/]+\.js$/;
    await page.route(menuCode, (route) => route.abort('internetdisconnected'));
    // Loaded (and refused) by itself a few seconds after the first screen; React reports the failure it caught.
    const failed = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'error' && /dynamically imported module.*more-menu/.test(m.text()),
      timeout: 90_000,
    });
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await failed;
      // The screen stays (it was replaced by the route's error screen, a sign-in waiting to be sent with it).
      await page.getByText(/^Today, /).waitFor();
      expect(await heading(page, 'Home').count()).toBe(1);
      expect(await page.getByText('Something went wrong.').count()).toBe(0);

      // The browser keeps a failed module for the page: a tap (online) reloads it, and the menu's code comes.
      await page.unroute(menuCode);
      const bar = page.getByRole('navigation', { name: 'Main entries' });
      await Promise.all([page.waitForEvent('load'), bar.getByRole('button', { name: 'More entries' }).click()]);
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await bar.getByRole('button', { name: 'More entries' }).click();
      await page.getByRole('menuitem', { name: 'COVID Screening' }).waitFor({ timeout: 30_000 });
    } finally {
      await close();
    }
  }, 180_000);
});
