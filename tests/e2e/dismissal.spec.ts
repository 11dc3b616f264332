/**
 * Dismissal changes from end to end in Chromium against the real server (the run's clock is a school Tuesday at
 * 11:40, before the 2:00 PM cutoff): a parent on a 390×844 phone reports one child sick on Report an absence and asks
 * for the sibling to walk home today on Dismissal changes; the office's Check In/Out shows the absence; the office
 * confirms the change on Changes to confirm; and the pick-up line, with the network cut on the station page after a
 * reload, shows "Walker today" on the sibling's screen. The new screens have no sideways scroll and no serious or
 * critical axe violation at 360×740 and 390×844 in English and Spanish.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken } from './lib/check-in';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 740 };
let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name });

interface Child {
  /** As the portal and the pick-up line name them (nickname, else first name). */
  portal: string;
  /** As the staff lists name them. */
  list: string;
  lname: string;
  first: string;
}

/** The parent's children (the demo's parent has two), as the portal answers them. */
async function children(): Promise<Child[]> {
  const token = await apiToken(server.url, 'parent@demo.school');
  const res = await fetch(`${server.url}/api/v2/scholar/scholars`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { fname: string; nickname: string | null; lname: string }[] };
  return body.data.map((c) => ({
    portal: `${c.nickname || c.fname} ${c.lname}`,
    list: `${c.fname} ${c.lname}`,
    lname: c.lname,
    first: c.nickname || c.fname,
  }));
}

/** Ticks `only` among the children's boxes of the page's form and unticks the others (through their labels). */
async function choose(page: Page, kids: readonly Child[], only: Child) {
  for (const kid of kids) {
    const box = page.getByRole('checkbox', { name: kid.portal, exact: true });
    if ((await box.isChecked()) !== (kid === only)) {
      await page.locator('form label').filter({ hasText: kid.portal }).click();
      await expect.poll(() => box.isChecked()).toBe(kid === only);
    }
  }
}

/** Checks the page at both phone sizes in both languages, reloading it each time; `ready` waits for its content. */
async function everyPhone(
  page: Page,
  where: string,
  problems: string[],
  ready: (language: 'en' | 'es') => Promise<void>,
) {
  for (const [language, viewport] of [
    ['en', PHONE],
    ['en', SMALL],
    ['es', SMALL],
    ['es', PHONE],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
    await page.setViewportSize(viewport);
    await page.reload();
    await ready(language);
    await checkPhone(page, `${where} ${language} ${viewport.width}`, problems);
  }
  await page.evaluate(() => localStorage.setItem('settings.language', 'en'));
}

describe('Dismissal changes', () => {
  it('a parent reports one child sick and asks for the sibling to walk home; the office confirms; the curb shows it offline', async () => {
    const kids = await children();
    expect(kids.length).toBeGreaterThanOrEqual(2);
    const [sick, sibling] = kids as [Child, Child];
    const problems: string[] = [];

    // The parent's phone.
    const phone = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    try {
      const page = phone.page;
      await signIn(page, server.url, 'parent@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page.goto(`${server.url}/scholar/absence`);
      await heading(page, 'Report an absence').waitFor({ timeout: 30_000 });
      await page.getByText('No reports from today on.').waitFor({ timeout: 30_000 });
      // Only the sick child: the form starts with the portal's chosen child; make sure it is that one alone.
      await choose(page, kids, sick);
      await page.getByText('Absent', { exact: true }).click();
      await page.getByLabel('Reason').selectOption('ill');
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Report sent. Thank you.').waitFor({ timeout: 30_000 });

      await page.goto(`${server.url}/scholar/dismissal`);
      await heading(page, 'Dismissal changes').waitFor({ timeout: 30_000 });
      await page.getByText('No changes from today on.').waitFor({ timeout: 30_000 });
      await checkPhone(page, 'dismissal form en 390', problems);
      await choose(page, kids, sibling);
      expect(await page.getByRole('checkbox', { name: sibling.portal }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: sick.portal }).isChecked()).toBe(false);
      // A pick-up without an adult: the field says what is missing.
      await page.getByText('Picked up', { exact: true }).click();
      await page.getByRole('button', { name: 'Send change' }).click();
      await page.getByText('Choose who picks the child up.').waitFor();
      await page.getByText('Walks home', { exact: true }).click();
      await page.getByRole('button', { name: 'Send change' }).click();
      await page.getByText('Change sent. The office will confirm it.').waitFor({ timeout: 30_000 });
      const item = page.getByRole('listitem', { name: sibling.portal });
      await item.getByText('Waiting for the office').waitFor({ timeout: 30_000 });
      await everyPhone(page, 'dismissal', problems, async (language) => {
        await heading(page, language === 'es' ? 'Cambios de salida' : 'Dismissal changes').waitFor({ timeout: 30_000 });
        await page.getByRole('listitem', { name: sibling.portal }).waitFor({ timeout: 30_000 });
      });
    } finally {
      await phone.close();
    }

    // The office on a desk: the absence at Check In/Out, then the change confirmed.
    const desk = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      const page = desk.page;
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/check-in/view`);
      await page.getByRole('table').waitFor({ timeout: 90_000 });
      await page.getByRole('combobox', { name: 'State' }).selectOption('reported');
      const row = page.getByRole('table').locator('tbody tr').filter({ hasText: sick.list });
      await row.getByText('Reported absent').waitFor({ timeout: 60_000 });

      await page.goto(`${server.url}/dismissal/changes`);
      await heading(page, 'Changes to confirm').waitFor({ timeout: 30_000 });
      const change = page.getByRole('listitem', { name: sibling.portal });
      await change.getByText('Walks home').waitFor({ timeout: 30_000 });
      await change.getByRole('button', { name: 'Confirm' }).click();
      await change.waitFor({ state: 'detached', timeout: 30_000 });
      await page.getByText('No changes are waiting.').waitFor({ timeout: 30_000 });

      await page.goto(`${server.url}/dismissal`);
      await heading(page, 'Dismissal list').waitFor({ timeout: 30_000 });
      await page.getByLabel('Search by name or homeroom').fill(sibling.lname);
      const walkers = page.getByRole('region', { name: /^Walks home/ });
      await walkers.getByText(sibling.portal).waitFor({ timeout: 30_000 });
    } finally {
      await desk.close();
    }

    // The office's new screens on phones, in both languages.
    const small = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    try {
      const page = small.page;
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/dismissal`);
      await everyPhone(page, 'dismissal list', problems, async (language) => {
        await heading(page, language === 'es' ? 'Lista de salida' : 'Dismissal list').waitFor({ timeout: 30_000 });
        await page.getByRole('table').first().waitFor({ timeout: 60_000 });
      });
      await page.goto(`${server.url}/dismissal/changes`);
      await everyPhone(page, 'changes to confirm', problems, async (language) => {
        await page
          .getByText(language === 'es' ? 'No hay cambios esperando.' : 'No changes are waiting.')
          .waitFor({ timeout: 30_000 });
      });
    } finally {
      await small.close();
    }

    // The pick-up line: the snapshot brings the confirmed change; with the network cut it still shows.
    const line = await launchBrowser({ viewport: { width: 1024, height: 1366 } });
    try {
      const { page, context } = line;
      await signIn(page, server.url, 'office@demo.school');
      await waitForServiceWorker(page, 90_000);
      await page.goto(`${server.url}/sign-out`);
      const search = page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
      await search.waitFor({ timeout: 90_000 });
      const open = async () => {
        await search.fill(`${sibling.lname} ${sibling.first.slice(0, 3)}`);
        await page.getByRole('button', { name: `Open the pick-up list of ${sibling.portal}`, exact: true }).click();
        await page.getByRole('heading', { name: `Pick-up for ${sibling.portal}`, exact: true }).waitFor();
      };
      await open();
      await page
        .getByRole('region', { name: 'Going home today' })
        .getByText('Walker today')
        .waitFor({ timeout: 90_000 });

      await context.setOffline(true);
      await page.reload();
      await page.getByText('Offline: sign-outs are kept on this device', { exact: false }).waitFor({ timeout: 30_000 });
      await open();
      const plan = page.getByRole('region', { name: 'Going home today' });
      await plan.getByText('Walker today', { exact: true }).waitFor({ timeout: 30_000 });
      await plan.getByText(/Usually:/).waitFor();
    } finally {
      await line.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
