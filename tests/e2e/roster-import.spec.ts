/**
 * The roster import in Chromium against the real server: the administrator uploads a OneRoster package from the
 * school's information system, reads the preview (counts, a row left out, the roles of new staff), chooses a role,
 * applies it and watches its progress bar; a guardian from the package, invited with the printed letter's link, sets
 * a password on a phone and sees both of their children in the portal. The screen fits 360×740 and 390×844 in English
 * and Spanish with no serious or critical axe finding.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneRosterZip, type PackageUser, schoolYear } from '../../server/test/oneroster-package';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { type Browser, launchBrowser } from './lib/browser';
import { apiToken } from './lib/check-in';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let browser: Browser;
const dir = mkdtempSync(join(tmpdir(), 'roster-import-e2e-'));

/** A small school's package: 60 scholars in two grades, a family with two children, their teacher, classes. */
function packageFile(): string {
  const users: PackageUser[] = [
    {
      sourcedId: 'e2e-kid1',
      role: 'student',
      givenName: 'Inés',
      familyName: 'Quintero',
      identifier: 'E2E-001',
      grades: '03',
      agentSourcedIds: ['e2e-mom'],
    },
    {
      sourcedId: 'e2e-kid2',
      role: 'student',
      givenName: 'Tomás',
      familyName: 'Quintero',
      identifier: 'E2E-002',
      grades: 'KG',
    },
    {
      sourcedId: 'e2e-mom',
      role: 'parent',
      givenName: 'Lucía',
      familyName: 'Quintero',
      email: 'lucia.quintero@family.example',
      agentSourcedIds: ['e2e-kid2'],
    },
    {
      sourcedId: 'e2e-t',
      role: 'teacher',
      givenName: 'Omar',
      familyName: 'Haddad',
      email: 'omar.haddad@school.example',
    },
    {
      sourcedId: 'e2e-odd',
      role: 'student',
      givenName: 'Nadia',
      familyName: 'Grade',
      identifier: 'E2E-999',
      grades: 'PS',
    },
  ];
  for (let i = 0; i < 60; i++)
    users.push({
      sourcedId: `e2e-s${i}`,
      role: 'student',
      givenName: `Kid${i}`,
      familyName: 'Roster',
      identifier: `E2E-${100 + i}`,
      grades: i % 2 ? '04' : '05',
    });
  const zip = oneRosterZip({
    users,
    academicSessions: [schoolYear('2026-08-12', '2027-06-10')],
    classes: [{ sourcedId: 'e2e-c', title: 'Science 3', classType: 'scheduled', location: 'Lab 2' }],
    enrollments: [
      { sourcedId: 'e2e-e1', classSourcedId: 'e2e-c', userSourcedId: 'e2e-kid1', role: 'student' },
      { sourcedId: 'e2e-e2', classSourcedId: 'e2e-c', userSourcedId: 'e2e-t', role: 'teacher', primary: 'true' },
    ],
  });
  const file = join(dir, 'sis-export.zip');
  writeFileSync(file, zip);
  return file;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startDemoServer(),
    launchBrowser({ bypassCSP: true, viewport: { width: 390, height: 844 } }),
  ]);
  await signIn(browser.page, server.url, 'admin@demo.school');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setLanguage = (page: Page, language: 'en' | 'es') =>
  page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);

describe('roster import', () => {
  it('fits phones in English and Spanish with no serious axe finding', async () => {
    const { page } = browser;
    const problems: string[] = [];
    for (const [language, viewport, heading] of [
      ['es', { width: 360, height: 740 }, 'Importación de listas'],
      ['en', { width: 390, height: 844 }, 'Roster import'],
    ] as const) {
      await setLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin/import`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('heading', { level: 2 }).nth(1).waitFor();
      await checkPhone(page, `roster import ${language} ${viewport.width}x${viewport.height}`, problems);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('previews, applies with its progress, and a guardian of the package sees both children', async () => {
    const { page } = browser;
    const problems: string[] = [];
    await page.goto(`${server.url}/admin/import`);
    await page.getByRole('heading', { name: 'Roster import', level: 1 }).waitFor();
    await page.getByLabel('Choose a zip file', { exact: true }).setInputFiles(packageFile());
    await page.getByRole('heading', { name: 'Preview of sis-export.zip: nothing has been written yet' }).waitFor();
    const counts = page.getByRole('region', { name: 'What the import does' });
    const scholars = counts.getByRole('row').filter({ hasText: 'Scholars' });
    expect((await scholars.getByRole('cell').allTextContents()).map((t) => t.trim())).toEqual([
      'Scholars',
      '62',
      '0',
      '0',
      '0',
    ]);
    await page.getByText('1 row cannot be used').waitFor();
    await page.getByText(/grades: .*PS/).waitFor();
    await checkPhone(page, 'roster import preview en 390x844', problems);
    await page.getByRole('combobox', { name: '1 new teacher' }).selectOption({ label: 'Timekeeper' });
    await page.getByRole('button', { name: 'Apply the import' }).click();
    await page.getByRole('progressbar').waitFor();
    await page.getByText('The roster is imported.', { exact: false }).waitFor({ timeout: 60_000 });
    await page.getByRole('region', { name: 'Imports so far' }).getByText('sis-export.zip').waitFor();

    // The guardian's invitation, as the office hands it over without mail: the letter's link.
    const token = await apiToken(server.url, 'admin@demo.school');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const found = await fetch(`${server.url}/api/v2/guardians?search=${encodeURIComponent('lucia.quintero')}`, {
      headers,
    });
    const guardian = ((await found.json()) as { data: { id: string }[] }).data[0];
    expect(guardian).toBeDefined();
    const invited = await fetch(`${server.url}/api/v2/invitations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ user_id: guardian?.id }),
    });
    const { link } = ((await invited.json()) as { data: { link: string } }).data;
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    try {
      await phone.page.goto(link);
      await phone.page.getByRole('heading', { name: /^Welcome, Lucía/ }).waitFor();
      await phone.page.getByLabel('New password', { exact: true }).fill('a family password');
      await phone.page.getByLabel('Confirm the password', { exact: true }).fill('a family password');
      await phone.page.getByRole('button', { name: 'Save and sign in' }).click();
      await phone.page.waitForURL((url) => url.pathname.startsWith('/scholar'), { timeout: 60_000 });
      // One child linked from the mother's side, the other from the child's side only: both are hers to choose.
      const children = phone.page.locator('option', { hasText: 'Quintero' });
      await children.first().waitFor({ state: 'attached', timeout: 60_000 });
      const names = (await children.allTextContents()).map((t) => t.replace(/\s*\(.*\)$/, '')).sort();
      expect(names).toEqual(['Inés Quintero', 'Tomás Quintero']);
      await checkPhone(phone.page, "the imported guardian's portal en 360x740", problems);
    } finally {
      await phone.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
