/**
 * A family's data on request in Chromium against the real server: the administrator opens Family data requests, sees
 * a withdrawn scholar due for an erase, opens the scholar's page, downloads their data (a zip), and erases them with
 * the typed confirmation; the erase log lists it and the scholar is gone. The screen, the scholar's section and the
 * erase dialog fit 360×740 and 390×844 phones in English and Spanish with no serious or critical axe violation.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

const ADMIN = 'admin@demo.school';

let server: ServerProcess;
let token: string;
beforeAll(async () => {
  server = await startDemoServer();
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: 'demo' }),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(() => server?.stop());

const api = async (path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api/v2/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

type Scholar = { id: string; fname: string; lname: string; nickname: string | null; student_number: string };

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

const WORDS = {
  en: {
    title: 'Family data requests',
    due: 'Due for an erase',
    open: (name: string) => `Open ${name}'s page`,
    download: 'Download their data',
    erase: 'Erase their data…',
    dialog: (name: string) => `Erase ${name}'s data`,
    who: /^Who asked for it/,
    note: /^Note/,
    typed: /^Type the scholar's full name/,
    typedHelp: (name: string) => `Type ${name} exactly as shown.`,
    confirm: 'Erase for good',
    cancel: 'Cancel',
    log: 'Erase log',
  },
  es: {
    title: 'Solicitudes de datos de familias',
    due: 'Pendientes de borrar',
    open: (name: string) => `Abrir la página de ${name}`,
    download: 'Descargar sus datos',
    erase: 'Borrar sus datos…',
    dialog: (name: string) => `Borrar los datos de ${name}`,
    who: /^Quién lo pidió/,
    note: /^Nota/,
    typed: /^Escriba el nombre completo/,
    typedHelp: (name: string) => `Escriba ${name} tal como se muestra.`,
    confirm: 'Borrar para siempre',
    cancel: 'Cancelar',
    log: 'Registro de borrados',
  },
} as const;

/** Waits until the dialog's opening animation is over: axe would read the colours of a half-faded page. */
const settled = async (page: Page) => {
  // Two frames first: an animation that starts on the next frame is not running yet when the dialog is attached.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
};

describe('Family data requests', () => {
  it('downloads a scholar’s data and erases a withdrawn scholar on phones in both languages', async () => {
    // A scholar withdrawn long ago: on the reminder list (the setting's 60 days have passed).
    const list = await api('demographics?filter[active]=true&filter[grade]=5&per_page=1&sort=lname');
    const scholar = (list.json.data as Scholar[])[0] as Scholar;
    const withdrawnOn = new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await api(`demographics/${scholar.id}/withdraw`, { withdrawn_on: withdrawnOn, reason: 'Moved' })).status,
    ).toBe(200);
    const name = `${scholar.nickname || scholar.fname} ${scholar.lname}`;

    const b = await launchBrowser({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page } = b;
      await signIn(page, server.url, ADMIN);
      const views = [
        ['en', { width: 360, height: 740 }],
        ['es', { width: 390, height: 844 }],
        ['es', { width: 360, height: 740 }],
        ['en', { width: 390, height: 844 }],
      ] as const;
      for (const [i, [language, viewport]] of views.entries()) {
        const w = WORDS[language];
        const where = `${language} ${viewport.width}x${viewport.height}`;
        await setLanguage(page, language);
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/admin/family-data`);
        await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
        const due = page.getByRole('region', { name: w.due });
        const link = due.getByRole('link', { name: w.open(name) });
        await link.waitFor({ timeout: 30_000 });
        await checkPhone(page, `${where} family data`, problems);
        await link.click();
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        const download = page.getByRole('button', { name: w.download });
        await download.scrollIntoViewIfNeeded();
        if (i === 0) {
          const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
          expect(file.suggestedFilename()).toMatch(
            new RegExp(`^scholar-data-${scholar.student_number}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
          );
          const files = Object.keys(unzipSync(readFileSync(await file.path())));
          expect(files).toContain('README.txt');
          expect(files).toContain('scholar.csv');
        }
        await checkPhone(page, `${where} scholar`, problems);
        await page.getByRole('button', { name: w.erase }).click();
        const dialog = page.getByRole('alertdialog', { name: w.dialog(name) });
        await dialog.waitFor();
        await settled(page);
        const erase = dialog.getByRole('button', { name: w.confirm });
        expect(await erase.isDisabled()).toBe(true);
        // The dialog's body scrolls on a small phone: its end in view, as when one types the name (axe reads a text
        // the scroll hides as lying on the backdrop).
        await dialog.getByText(w.typedHelp(name)).scrollIntoViewIfNeeded();
        await settled(page);
        await checkPhone(page, `${where} erase dialog`, problems);
        if (i < views.length - 1) {
          await dialog.getByRole('button', { name: w.cancel }).click();
          await dialog.waitFor({ state: 'hidden' });
          continue;
        }
        await dialog.getByLabel(w.who).selectOption('guardian');
        await dialog.getByLabel(w.note).fill('Email from the family');
        await dialog.getByLabel(w.typed).fill(`${name.slice(0, -1)}`);
        expect(await erase.isDisabled()).toBe(true);
        await dialog.getByLabel(w.typed).fill(name);
        expect(await erase.isDisabled()).toBe(false);
        const answered = page.waitForResponse((r) => r.url().endsWith(`/api/v2/demographics/${scholar.id}/erase`));
        await erase.click();
        expect((await answered).status()).toBe(200);
        await page.waitForURL(`${server.url}/admin/family-data`);
        const log = page.getByRole('region', { name: w.log });
        await log.getByText('Email from the family').waitFor();
        // The confirmation's notice fades in: read its colours once it is there.
        await settled(page);
        await checkPhone(page, `${where} erase log`, problems);
      }
      // The scholar is gone, and no longer due.
      expect((await api(`demographics/${scholar.id}`)).status).toBe(404);
      const dueNow = await api('erasures/due?per_page=200');
      expect((dueNow.json.data as Scholar[]).map((d) => d.id)).not.toContain(scholar.id);
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  });
});
