/**
 * The guardians' screens in Chromium against the real server: the front office adds a guardian on a phone, links a
 * scholar who they may pick up, and the guardian appears among the scholar's pick-up adults; an email another account
 * holds is refused with that account's name and nothing typed is lost. The guardian's page fits 360×740 and 390×844
 * in English and Spanish with no serious or critical axe finding.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { type Browser, launchBrowser } from './lib/browser';
import { apiToken } from './lib/check-in';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let browser: Browser;
let scholar: DemographicRecord;
let guardianPath = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startDemoServer(),
    launchBrowser({ bypassCSP: true, viewport: { width: 390, height: 844 } }),
  ]);
  const token = await apiToken(server.url, 'office@demo.school');
  const found = await fetch(`${server.url}/api/v2/demographics?search=a&per_page=1&sort=lname&filter[active]=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  scholar = ((await found.json()) as { data: DemographicRecord[] }).data[0] as DemographicRecord;
  await signIn(browser.page, server.url, 'office@demo.school');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const setLanguage = (page: Page, language: 'en' | 'es') =>
  page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);

describe('guardians (administration)', () => {
  it('the office adds a guardian on a phone, refused a taken email by name, and links a scholar they may pick up', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/guardians`);
    await page.getByRole('heading', { name: 'Guardians', level: 1 }).waitFor();
    // The office's navigation lists the scholars, the guardians, the meal eligibility import (the office takes the
    // families' applications) and the notices' delivery log (it answers what families were told), not the pages
    // opened from them (a guardian's, a new one).
    await page.getByRole('button', { name: 'Administration: Navigation' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Administration: Navigation' });
    await nav.getByRole('link', { name: 'Guardians' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Scholars',
      'Guardians',
      'Meal eligibility import',
      'Notices to families',
    ]);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Add guardian' }).click();
    await page.getByRole('heading', { name: 'New guardian' }).waitFor();
    await page.getByLabel('First name').fill('Marisol');
    await page.getByLabel('Last name').fill('Prueba');
    await page.getByLabel('Email').fill('teacher@demo.school');
    await page.getByLabel('Phone').fill('(555) 010-4242');
    await page.getByRole('combobox', { name: 'Preferred language' }).selectOption('es');
    await page.getByRole('button', { name: 'Add guardian' }).click();
    await page.getByText(/\(staff\) already uses this email\./).waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('(555) 010-4242');
    await page.getByLabel('Email').fill('marisol.prueba@example.com');
    await page.getByRole('button', { name: 'Add guardian' }).click();
    await page.getByRole('heading', { name: 'Marisol Prueba', level: 1 }).waitFor();
    guardianPath = new URL(page.url()).pathname;
    expect(guardianPath).toMatch(/^\/admin\/guardians\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Link a scholar' }).click();
    await page.getByRole('searchbox', { name: 'Search scholars by name or student number' }).fill(scholar.lname);
    const name = `${scholar.fname} ${scholar.lname}`;
    await page
      .getByRole('button', { name: `Choose ${name}` })
      .first()
      .click();
    await page.getByRole('combobox', { name: 'Relationship' }).selectOption('grandparent');
    await page.getByText('May pick up', { exact: true }).click();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('button', { name: `Unlink ${name}` }).waitFor();

    const token = await apiToken(server.url, 'office@demo.school');
    const adults = await fetch(
      `${server.url}/api/v2/authorized_pick_ups?filter[scholar_id]=${scholar.id}&per_page=100`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const rows = ((await adults.json()) as { data: AuthorizedPickUpRecord[] }).data;
    expect(rows.find((r) => r.full_name === 'Marisol Prueba')).toMatchObject({
      phone: '(555) 010-4242',
      relationship: 'Grandparent',
      status: 'authorized',
      active: true,
    });
  });

  it("the guardian's page fits phones in English and Spanish with no serious axe finding", async () => {
    const { page } = browser;
    const problems: string[] = [];
    for (const [language, viewport, details, scholars] of [
      ['en', { width: 360, height: 740 }, 'Details', 'Scholars'],
      ['es', { width: 360, height: 740 }, 'Datos', 'Alumnos'],
      ['en', { width: 390, height: 844 }, 'Details', 'Scholars'],
      ['es', { width: 390, height: 844 }, 'Datos', 'Alumnos'],
    ] as const) {
      await setLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}${guardianPath}`);
      await page.getByRole('heading', { name: 'Marisol Prueba', level: 1 }).waitFor();
      await page.getByRole('heading', { name: details }).waitFor();
      await page.getByRole('heading', { name: scholars, exact: true }).waitFor();
      await page.getByText(language === 'es' ? 'Abuelo(a)' : 'Grandparent', { exact: true }).waitFor();
      await checkPhone(page, `${language} ${viewport.width}x${viewport.height}`, problems);
    }
    // The Spanish list too, where the office finds the guardian.
    await page.goto(`${server.url}/admin/guardians?search=prueba`);
    await page.getByRole('heading', { name: 'Padres y tutores', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Marisol Prueba' }).waitFor();
    await checkPhone(page, 'es list 390x844', problems);
    await setLanguage(page, 'en');
    expect(problems).toEqual([]);
  });
});
