/**
 * The new school year in Chromium against the real server: the administrator opens it from School Settings, fills
 * the new year (with a non-work day), previews it and starts it. The form, the preview, the confirm and the result fit
 * 360×740 and 390×844 phones in English and Spanish with no serious or critical axe violation; after the start a
 * scholar of the demo school is a grade up and a twelfth grader has left the roster, still readable by id.
 */
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

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api/v2/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

type Scholar = { id: string; grade: string; active: boolean; withdrawal_reason: string | null };

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

/** The screen's words in each language. */
const WORDS = {
  en: {
    title: 'New School Year',
    year: 'The new year',
    first: /^First day/,
    last: /^Last day/,
    keep: 'Keep the homerooms as they are',
    add: 'Add a non-work day',
    day: 'Non-work day 1',
    name: /^Name/,
    preview: 'Preview',
    summary: 'What the new year will do',
    moves: 'Grade moves',
    start: 'Start the new school year',
    confirm: 'Start the new school year?',
    cancel: 'Cancel',
    done: 'The new school year has started',
  },
  es: {
    title: 'Nuevo año escolar',
    year: 'El nuevo año',
    first: /^Primer día/,
    last: /^Último día/,
    keep: 'Conservar los salones como están',
    add: 'Agregar un día no laborable',
    day: 'Día no laborable 1',
    name: /^Nombre/,
    preview: 'Vista previa',
    summary: 'Lo que hará el nuevo año',
    moves: 'Cambios de grado',
    start: 'Comenzar el nuevo año escolar',
    confirm: '¿Comenzar el nuevo año escolar?',
    cancel: 'Cancelar',
    done: 'El nuevo año escolar ha comenzado',
  },
} as const;

/** Waits until the dialog's opening animation is over: axe would read the colours of a half-faded page. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const next = new Date().getUTCFullYear() + 1;
const YEAR = { starts_on: `${next}-08-12`, ends_on: `${next + 1}-06-04` };

/** Fills the form and previews it; resolves once the summary is on the screen. */
async function fillAndPreview(page: Page, w: (typeof WORDS)['en' | 'es']) {
  const year = page.getByRole('group', { name: w.year });
  await year.getByLabel(w.first).fill(YEAR.starts_on);
  await year.getByLabel(w.last).fill(YEAR.ends_on);
  await page.getByRole('radio', { name: w.keep }).check({ force: true });
  await page.getByRole('button', { name: w.add }).click();
  const day = page.getByRole('listitem', { name: w.day });
  await day.getByLabel(w.name).fill('Labor Day');
  await day.getByLabel(w.first).fill(`${next}-09-06`);
  await day.getByLabel(w.last).fill(`${next}-09-06`);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/school_year/preview'));
  await page.getByRole('button', { name: w.preview, exact: true }).click();
  expect((await answered).status()).toBe(200);
  const summary = page.getByRole('region', { name: w.summary });
  await summary.getByRole('table', { name: w.moves }).waitFor();
  return summary;
}

describe('New school year', () => {
  it('previews on phones in both languages, then starts the year; graduates leave the roster', async () => {
    const b = await launchBrowser({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page } = b;
      const [tk] = (await api<{ data: Scholar[] }>('demographics?filter[grade]=TK&filter[active]=true&per_page=1'))
        .data;
      const [twelfth] = (await api<{ data: Scholar[] }>('demographics?filter[grade]=12&filter[active]=true&per_page=1'))
        .data;
      await signIn(page, server.url, ADMIN);
      await page.goto(`${server.url}/admin/school`);
      await page.getByRole('link', { name: 'New School Year' }).click();
      await page.waitForURL(`${server.url}/admin/school-year`);

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
        await page.goto(`${server.url}/admin/school-year`);
        await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
        await page.getByRole('button', { name: w.preview, exact: true }).waitFor();
        await checkPhone(page, `${where} form`, problems);
        await fillAndPreview(page, w);
        await checkPhone(page, `${where} preview`, problems);
        await page.getByRole('button', { name: w.start }).click();
        const dialog = page.getByRole('alertdialog', { name: w.confirm });
        await dialog.waitFor();
        await settled(page);
        await checkPhone(page, `${where} confirm`, problems);
        if (i < views.length - 1) {
          await dialog.getByRole('button', { name: w.cancel }).click();
          await dialog.waitFor({ state: 'hidden' });
          continue;
        }
        const applied = page.waitForResponse(
          (r) => r.url().endsWith('/api/v2/school_year') && r.request().method() === 'POST',
        );
        await dialog.getByRole('button', { name: w.start }).click();
        expect((await applied).status()).toBe(201);
        await page.getByRole('region', { name: w.done }).waitFor();
        await checkPhone(page, `${where} started`, problems);
      }

      // The year is started once: the TK scholar is in K, the twelfth grader graduated and is still readable.
      expect((await api<{ data: Scholar }>(`demographics/${tk?.id}`)).data.grade).toBe('K');
      expect((await api<{ data: Scholar }>(`demographics/${twelfth?.id}`)).data).toMatchObject({
        active: false,
        withdrawal_reason: 'Graduated',
      });
      expect(await api('school_year')).toEqual({ data: YEAR });
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  });
});
