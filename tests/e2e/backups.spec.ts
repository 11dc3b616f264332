/**
 * Backups on School Settings, in Chromium against the real server on a PGlite data directory: before any backup the
 * section warns; "Back up now" shows its progress, then the file it wrote (one zip in DATA_DIR/backups with the
 * manifest and the database), and the warning is gone; the section fits phones in English and Spanish with no
 * serious axe finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;

beforeAll(async () => {
  // No nightly backup of its own during the test: the one on screen is the one the test asks for.
  server = await startDemoServer({ BACKUP_HOUR: 'off' });
}, 180_000);
afterAll(() => server?.stop());

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

describe('Backups on School Settings', () => {
  it('warns before the first backup, backs up now, and fits phones in English and Spanish', async () => {
    const b = await launchBrowser({ bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page } = b;
      await signIn(page, server.url, 'admin@demo.school');
      for (const [language, viewport, title] of [
        ['es', { width: 360, height: 740 }, 'Copias de seguridad'],
        ['en', { width: 390, height: 844 }, 'Backups'],
      ] as const) {
        await setLanguage(page, language);
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/admin/school`);
        const heading = page.getByRole('heading', { name: title, level: 2 });
        await heading.waitFor({ timeout: 30_000 });
        await heading.scrollIntoViewIfNeeded();
        await checkPhone(page, `${language} backups ${viewport.width}x${viewport.height}`, problems);
      }
      await page.getByText('No backup has been written yet.').waitFor();
      await page.getByText(/No backup in the last 36 hours/).waitFor();
      await page.getByText(/Nightly backups are off/).waitFor();

      await page.getByRole('button', { name: 'Back up now' }).click();
      await page.getByText(/Writing the backup/).waitFor();
      const done = page
        .getByRole('region', { name: 'Backups' })
        .getByRole('status')
        .filter({ hasText: /Backup written: .*\.zip \(\d+\.\d MB\)/ });
      await done.waitFor({ timeout: 120_000 });
      await page.getByText(/^Last backup: /).waitFor();
      expect(await page.getByText(/No backup in the last 36 hours/).count()).toBe(0);
      await checkPhone(page, 'en backups after a backup 390x844', problems);

      const files = readdirSync(join(server.dataDir, 'backups')).filter((n) => n.endsWith('.zip'));
      expect(files).toHaveLength(1);
      expect(await done.textContent()).toContain(files[0]);
      const zip = unzipSync(new Uint8Array(readFileSync(join(server.dataDir, 'backups', files[0] as string))));
      const manifest = JSON.parse(strFromU8(zip['manifest.json'] as Uint8Array));
      expect(manifest).toMatchObject({ app: 'school-ops', kind: 'manual', source: { kind: 'pglite' } });
      expect(manifest.tables.demographics).toBeGreaterThan(500);
      expect(strFromU8(zip['database.sql'] as Uint8Array)).toContain('INSERT INTO public.demographics');
      expect(problems).toEqual([]);
    } finally {
      await b.close();
    }
  }, 240_000);
});
