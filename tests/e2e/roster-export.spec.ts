/**
 * The way out, in Chromium against the real server: on School Settings the administrator downloads the roster as a
 * OneRoster 1.1 zip (fetched with the session's bearer token, saved under the server's name) whose files Node reads
 * back; the card fits phones in English and Spanish with no serious axe finding; and the guardians list downloads as
 * CSV.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

const ADMIN = 'admin@demo.school';
let server: ServerProcess;

beforeAll(async () => {
  server = await startDemoServer();
}, 180_000);
afterAll(() => server?.stop());

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

describe('Export the roster (OneRoster 1.1)', () => {
  it('downloads the zip from School Settings, and the card fits phones in English and Spanish', async () => {
    const b = await launchBrowser({ bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page } = b;
      await signIn(page, server.url, ADMIN);
      for (const [language, viewport, title] of [
        ['es', { width: 360, height: 740 }, 'Exportar la lista (OneRoster 1.1)'],
        ['en', { width: 390, height: 844 }, 'Export the roster (OneRoster 1.1)'],
      ] as const) {
        await setLanguage(page, language);
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/admin/school`);
        await page.getByRole('heading', { name: title, level: 2 }).waitFor({ timeout: 30_000 });
        await page.getByRole('heading', { name: title, level: 2 }).scrollIntoViewIfNeeded();
        await checkPhone(page, `${language} /admin/school ${viewport.width}x${viewport.height}`, problems);
      }
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Download the roster' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-oneroster-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
      const text = (name: string) => strFromU8(files[name] as Uint8Array);
      expect(text('manifest.csv')).toContain('oneroster.version,1.1');
      const users = parse(text('users.csv'), { columns: true }) as Record<string, string>[];
      expect(users.find((u) => u.email === ADMIN)?.role).toBe('administrator');
      expect(users.filter((u) => u.role === 'student').length).toBeGreaterThan(100);
      await page.getByText(`Saved ${download.suggestedFilename()}.`).waitFor();
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  });

  it('downloads the guardians list as CSV', async () => {
    const b = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = b;
      await signIn(page, server.url, ADMIN);
      await page.goto(`${server.url}/admin/guardians`);
      await page.getByRole('list', { name: 'Guardians' }).waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('guardians.csv');
      const rows = parse(readFileSync(await download.path(), 'utf8'), { bom: true }) as string[][];
      expect(rows[0]).toEqual([
        'Last name',
        'First name',
        'Email',
        'Phone',
        'Language',
        'Scholars',
        'Status',
        'Has a password',
      ]);
      expect(rows.length).toBeGreaterThan(2);
    } finally {
      await b.close();
    }
  });
});
