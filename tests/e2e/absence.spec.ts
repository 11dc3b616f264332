/**
 * Absence reports from end to end in Chromium against the real server: a parent on a 390×844 phone opens Report an
 * absence, is told which field is missing, reports a child ill for today, and sees the report (sent after the day
 * started: the run's clock is 11:40); the screen has no sideways scroll and no serious or critical axe violation at
 * 360×740 and 390×844 in English and Spanish. Then the front office's Check In/Out shows the reported absence beside
 * the child, counted and filtered apart.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken } from './lib/check-in';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 740 };
let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name });

/** The parent's first child as the portal names them, and as the staff list does. */
async function firstChild(): Promise<{ portal: string; list: string }> {
  const token = await apiToken(server.url, 'parent@demo.school');
  const res = await fetch(`${server.url}/api/v2/scholar/scholars`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: { fname: string; nickname: string | null; lname: string }[] };
  const child = body.data[0] as { fname: string; nickname: string | null; lname: string };
  return { portal: `${child.nickname || child.fname} ${child.lname}`, list: `${child.fname} ${child.lname}` };
}

describe('Absence reports', () => {
  it('a parent reports a child ill on a phone, and the office sees it at Check In/Out', async () => {
    const child = await firstChild();
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'parent@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page.goto(`${server.url}/scholar/absence`);
      await heading(page, 'Report an absence').waitFor({ timeout: 30_000 });
      await page.getByText('No reports from today on.').waitFor({ timeout: 30_000 });

      // A late arrival without its time: the field says what is missing.
      await page.getByText('Arriving late', { exact: true }).click();
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Give the time.').waitFor();
      await checkPhone(page, 'absence form with an error en 390', problems);

      await page.getByText('Absent', { exact: true }).click();
      await page.getByLabel('Reason').selectOption('ill');
      await page.getByLabel('Note for the office (optional)').fill('Fever since last night');
      await page.getByRole('button', { name: 'Send report' }).click();
      await page.getByText('Report sent. Thank you.').waitFor({ timeout: 30_000 });
      const item = page.getByRole('listitem', { name: child.portal });
      await item.getByText(`${child.portal}: Absent`).waitFor({ timeout: 30_000 });
      await item.getByText('Sent after the day started').waitFor();
      await item.getByText('Not yet seen by the office').waitFor();
      await checkPhone(page, 'absence with a report en 390', problems);

      for (const [language, viewport] of [
        ['en', SMALL],
        ['es', SMALL],
        ['es', PHONE],
      ] as const) {
        await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
        await page.setViewportSize(viewport);
        await page.reload();
        await heading(page, language === 'es' ? 'Avisar una ausencia' : 'Report an absence').waitFor({
          timeout: 30_000,
        });
        await page.getByRole('listitem', { name: child.portal }).waitFor({ timeout: 30_000 });
        await checkPhone(page, `absence ${language} ${viewport.width}`, problems);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    // The office, on a desk (a browser of its own: the phone's device data is the parent's): the sync's snapshot
    // brings the report to Check In/Out.
    const desk = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      const page = desk.page;
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/check-in/view`);
      await page.getByRole('table').waitFor({ timeout: 90_000 });
      await page.getByRole('combobox', { name: 'State' }).selectOption('reported');
      const row = page.getByRole('table').locator('tbody tr').filter({ hasText: child.list });
      await row.getByText('Reported absent').waitFor({ timeout: 60_000 });
      await row.getByText(/· Ill · sent after the day started$/).waitFor();
      await row.getByText('Fever since last night').waitFor();
      const reported = page
        .getByRole('list', { name: "Today's counts", exact: true })
        .getByRole('button', { name: /Reported/ });
      expect(Number((await reported.textContent())?.replace('Reported', ''))).toBeGreaterThanOrEqual(1);
    } finally {
      await desk.close();
    }
  }, 300_000);
});
