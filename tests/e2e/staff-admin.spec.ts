/**
 * Staff accounts in Users and Roles, in Chromium against the real server: the administrator adds a staff member with
 * a role on a phone (360×740 in Spanish, 390×844 in English), the form and the list fit with no serious or critical
 * axe finding, an email already in use is refused naming whose it is, and the new person is listed with their role.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { type Browser, launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchBrowser({ bypassCSP: true });
  await signIn(browser.page, server.url, 'admin@demo.school');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXTS = {
  en: {
    add: 'Add staff member',
    title: 'Add staff member',
    fname: 'First name',
    lname: 'Last name',
    email: 'Email',
    invite: 'Send the invitation now',
    submit: 'Add',
    inUse: 'This email address is already in use.',
    holder: /^It belongs to .+ \(Staff, Active\)\.$/,
    search: 'Search users by name or email',
  },
  es: {
    add: 'Agregar personal',
    title: 'Agregar miembro del personal',
    fname: 'Nombre',
    lname: 'Apellido',
    email: 'Correo electrónico',
    invite: 'Enviar la invitación ahora',
    submit: 'Agregar',
    inUse: 'Esta dirección de correo ya está en uso.',
    holder: /^Pertenece a .+ \(Personal, Activo\)\.$/,
    search: 'Buscar usuarios por nombre o correo electrónico',
  },
} as const;

/** Waits until the dialog's opening animation is over: axe would read the colours of a half-faded page. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

describe('staff accounts', () => {
  it('adds a staff member with a role on phones in Spanish and English', async () => {
    const { page } = browser;
    const problems: string[] = [];
    for (const [language, viewport, who] of [
      ['es', { width: 360, height: 740 }, { fname: 'Rosa', lname: 'Mendez' }],
      ['en', { width: 390, height: 844 }, { fname: 'Luis', lname: 'Ortega' }],
    ] as const) {
      const text = TEXTS[language];
      const where = `${language} ${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin/users-roles`);
      await setLanguage(page, language);
      await page.reload();
      await page.getByRole('table').waitFor();
      await checkPhone(page, `${where} list`, problems);

      await page.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog', { name: text.title });
      await dialog.getByText('Staff', { exact: true }).waitFor();
      // The dialog is open once it holds the focus (the page behind it is hidden from assistive technology then).
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') != null);
      await settled(page);
      await checkPhone(page, `${where} form`, problems);
      await dialog.getByLabel(text.fname).fill(who.fname);
      await dialog.getByLabel(text.lname).fill(who.lname);
      await dialog.getByLabel(text.email).fill('office@demo.school');
      await dialog.getByText('Staff', { exact: true }).click();
      await dialog.getByText(text.invite).click();
      expect(await dialog.getByRole('checkbox', { name: text.invite }).isChecked()).toBe(false);
      await dialog.getByRole('button', { name: text.submit, exact: true }).click();
      await dialog.getByText(text.inUse).waitFor();
      await dialog.getByText(text.holder).waitFor();
      await settled(page);
      await checkPhone(page, `${where} refused`, problems);
      // Nothing typed is lost: only the address changes.
      expect(await dialog.getByLabel(text.fname).inputValue()).toBe(who.fname);
      const email = `${who.fname}.${who.lname}@demo.school`.toLowerCase();
      await dialog.getByLabel(text.email).fill(email);
      const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/users') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: text.submit, exact: true }).click();
      const answer = await created;
      expect(answer.status()).toBe(201);
      expect((await answer.json()).data.roles.map((r: { name: string }) => r.name)).toEqual(['Staff']);
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('searchbox', { name: text.search }).fill(who.lname);
      const row = page.getByRole('row').filter({ hasText: email });
      await row.getByText('Staff', { exact: true }).first().waitFor();
      expect(await row.count()).toBe(1);
      await checkPhone(page, `${where} added`, problems);
    }
    expect(problems).toEqual([]);
  });
});
