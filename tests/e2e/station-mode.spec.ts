/**
 * Station mode end to end, in Chromium against the real server on a copy of the demo school:
 * a staff member turns the device into the Arrivals kiosk with their PIN; a child finds themselves and checks in,
 * with no way out to a staff screen; the station stays a station through an offline reload; a wrong PIN keeps it, the
 * right one (checked on the device while offline) leaves it. Then the axe sweep of the station at a phone's width.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemographicRecord } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { seriousViolations, sidewaysScroll } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken, createApi, fetchRoster, serverCheckIns, until } from './lib/check-in';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let token: string;
let roster: DemographicRecord[] = [];
const api = createApi(
  () => server.url,
  () => token,
);

beforeAll(async () => {
  server = await startDemoServer();
  token = await apiToken(server.url, 'office@demo.school');
  roster = await fetchRoster(api);
});
afterAll(() => server?.stop());

const PIN = '482613';

/** A scholar whose surname no other active scholar has. */
function uniqueScholar(skip = 0): DemographicRecord {
  const counts = new Map<string, number>();
  for (const s of roster) counts.set(s.lname, (counts.get(s.lname) ?? 0) + 1);
  const found = roster.filter((s) => s.active && counts.get(s.lname) === 1)[skip];
  if (!found) throw new Error('no scholar with a surname of their own');
  return found;
}

/** Signs in as a staff member without a station PIN yet and starts the Arrivals station, choosing the PIN. */
async function startArrivalsStation(page: Page, email: string) {
  await signIn(page, server.url, email);
  await page.getByRole('heading', { name: 'Station mode' }).waitFor();
  await page.getByRole('button', { name: 'Arrivals', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Use this device for Arrivals' });
  await dialog.getByLabel('Choose a station PIN').fill(PIN);
  await dialog.getByLabel('Type the PIN again').fill(PIN);
  await dialog.getByRole('button', { name: 'Start station' }).click();
  await page.waitForURL(`${server.url}/check-in`);
}

/** The transition delay of a button while pressed (`:active` forced through the DevTools protocol). */
async function pressedTransitionDelay(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: ['active'] });
  const delay = await page.locator(selector).evaluate((el) => getComputedStyle(el).transitionDelay);
  await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: [] });
  await cdp.detach();
  return delay;
}

const search = (page: Page) => page.getByRole('searchbox', { name: 'Find a scholar by name or student number' });

describe('station mode', () => {
  it('a child checks in at the Arrivals station with no way out; it survives an offline reload and leaves with the PIN', async () => {
    const b = await launchBrowser();
    const { page, context } = b;
    try {
      await startArrivalsStation(page, 'office@demo.school');
      const header = page.getByRole('banner');
      await header.getByText('Demo School', { exact: true }).waitFor();
      await header.locator('time').waitFor();
      await search(page).waitFor({ timeout: 90_000 });
      // Nothing of the staff app: no section navigation, no account menu, no Check In/Out, records, CSV or print.
      expect(await page.getByRole('button', { name: /Account and settings/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Check In\/Out|View Records|Administration/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Export CSV|Print/ }).count()).toBe(0);
      expect(await page.getByRole('navigation').count()).toBe(0);
      // Staff pages and the sign-in page lead back to the station.
      for (const path of ['/check-in/view', '/admin', '/login', '/']) {
        await page.goto(`${server.url}${path}`);
        await page.waitForURL(`${server.url}/check-in`);
      }

      // The language button: Spanish for one child's turn, never remembered on the device.
      const language = page.getByRole('button', { name: 'English / Español' });
      await language.click();
      await page.getByText('Escribe tu nombre o tu número para encontrarte.').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.evaluate(() => localStorage.getItem('settings.language'))).not.toBe('es');
      await language.click();
      await page.getByText('Type your name or your number to find yourself.').waitFor();

      // A child finds themselves and checks in.
      const child = uniqueScholar();
      const first = child.nickname || child.fname;
      await search(page).fill(child.lname);
      const here = page.getByRole('button', { name: `I'm here: ${first} ${child.lname.slice(0, 1)}.`, exact: true });
      // Touch feedback follows the seed's ripple delay: a pressed station button darkens after 80 ms.
      await here.waitFor();
      expect(
        await pressedTransitionDelay(page, `button[aria-label="I'm here: ${first} ${child.lname.slice(0, 1)}."]`),
      ).toBe('0.08s');
      await here.click();
      // After the school's start time the kiosk asks a late child why; the reasons are big buttons.
      const welcome = page.getByRole('heading', { name: `Welcome, ${first}! You're checked in.` });
      const why = page.getByText('You are late. Why?');
      await welcome.or(why).waitFor();
      if (await why.isVisible()) await page.getByRole('button', { name: 'Transportation', exact: true }).click();
      await welcome.waitFor();
      expect(await page.getByText(`${first} ${child.lname}`, { exact: true }).count()).toBe(0);
      await until('the arrival on the server', async () => (await serverCheckIns(api, child.id)).length === 1);

      // Offline, reloaded: still the station.
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await search(page).waitFor({ timeout: 60_000 });
      expect(await page.getByRole('button', { name: /Account and settings/ }).count()).toBe(0);

      // A wrong PIN keeps the station; the right one, checked on the device, leaves it.
      await page.getByRole('button', { name: 'Leave station mode' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave station mode?' });
      await leave.getByLabel('Station PIN').fill('000000');
      await leave.getByRole('button', { name: 'Leave station mode' }).click();
      await leave.getByText('That PIN is not right.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/check-in');
      await leave.getByLabel('Station PIN').fill(PIN);
      await leave.getByRole('button', { name: 'Leave station mode' }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      await context.setOffline(false);
    } finally {
      await b.close();
    }
  }, 240_000);

  it('the cafeteria leaves Enter Meals as a station, and a staff sign-in leaves it for good', async () => {
    const b = await launchBrowser();
    const { page } = b;
    try {
      await signIn(page, server.url, 'cafeteria@demo.school');
      await page.getByRole('heading', { name: 'Station mode' }).waitFor();
      // The cafeteria may run Enter Meals only: no Arrivals or pick-up line to start.
      const section = page.getByRole('region', { name: 'Station mode' });
      expect(await section.getByRole('button').allTextContents()).toEqual(['Enter Meals']);
      await section.getByRole('button', { name: 'Enter Meals' }).click();
      const dialog = page.getByRole('dialog', { name: 'Use this device for Enter Meals' });
      await dialog.getByLabel('Choose a station PIN').fill('2580');
      await dialog.getByLabel('Type the PIN again').fill('2581');
      await dialog.getByRole('button', { name: 'Start station' }).click();
      await dialog.getByText('The two PINs are not the same.').waitFor();
      await dialog.getByLabel('Type the PIN again').fill('2580');
      await dialog.getByRole('button', { name: 'Start station' }).click();
      await page.waitForURL(`${server.url}/meals`);
      await page.getByRole('group', { name: 'Meal service' }).waitFor({ timeout: 90_000 });
      expect(await page.getByRole('link', { name: /View Records|Add Missing|View Who Ate/ }).count()).toBe(0);
      await page.goto(`${server.url}/meals/view-records`);
      await page.waitForURL(`${server.url}/meals`);

      // Another staff member signs in instead of the PIN: the station ends and the device is theirs.
      await page.getByRole('button', { name: 'Leave station mode' }).click();
      const leave = page.getByRole('dialog', { name: 'Leave station mode?' });
      await leave.getByRole('button', { name: 'Sign in as a staff member instead' }).click();
      await leave.getByLabel('Email', { exact: true }).fill('office@demo.school');
      await leave.getByLabel('Password', { exact: true }).fill('demo');
      await leave.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('heading', { name: 'Welcome, Olivia' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Olivia' }).waitFor();
    } finally {
      await b.close();
    }
  }, 240_000);

  it('has no serious or critical axe violation on a phone, and nothing scrolls sideways, in English and Spanish, light and dark', async () => {
    const b = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const { page } = b;
    try {
      await startArrivalsStation(page, 'admin@demo.school');
      await search(page).waitFor({ timeout: 90_000 });
      const child = uniqueScholar(1);
      const problems: string[] = [];
      for (const language of ['en', 'es']) {
        for (const theme of ['light', 'dark']) {
          await page.evaluate(
            ({ lang, mode }) => {
              localStorage.setItem('settings.language', lang);
              localStorage.setItem('settings.colorMode', mode);
            },
            { lang: language, mode: theme },
          );
          await page.reload();
          const box = page.getByRole('searchbox');
          await box.waitFor({ timeout: 60_000 });
          await box.fill(child.lname);
          await page.locator('.row-here').first().waitFor();
          const scroll = await sidewaysScroll(page);
          if (scroll > 0) problems.push(`${language} ${theme}: scrolls ${scroll}px sideways`);
          for (const v of await seriousViolations(page)) problems.push(`${language} ${theme}: ${v}`);
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await b.close();
    }
  }, 240_000);
});
