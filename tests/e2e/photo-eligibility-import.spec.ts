/**
 * The imports in Chromium against the real server, on a phone (390×844): the administrator uploads a zip of photos
 * made here with sharp through Photos and reads the report; the front office previews a meal eligibility CSV and
 * applies it. Each screen, empty and with its answer, fits the phone with no serious axe finding, in English and in
 * Spanish, and the server holds what the screens said.
 */
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemographicRecord, MealEligibilityHistoryEntry } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken, createApi, fetchRoster } from './lib/check-in';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
let server: ServerProcess;
let token: string;
let roster: DemographicRecord[];
const api = createApi(
  () => server.url,
  () => token,
);

beforeAll(async () => {
  server = await startDemoServer();
  token = await apiToken(server.url, 'admin@demo.school');
  roster = (await fetchRoster(api)).filter((s) => s.active);
}, 180_000);
afterAll(() => server?.stop());

/**
 * Runs in each page before its scripts: transitions and animations off, as the sweep has them (sweep.spec.ts), so
 * axe reads the screen at rest; the chooser fading from disabled back to enabled when the upload is answered was
 * once read halfway (4.39:1, a contrast nobody sees once it has settled).
 */
function stillPage() {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  };
  if (document.head) add();
  else document.addEventListener('DOMContentLoaded', add, { once: true });
}

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

/** A photo-like JPEG: a face-coloured oval on a background of this hue. */
const photo = (hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><rect width="100%" height="100%" fill="hsl(${hue},60%,60%)"/><ellipse cx="600" cy="700" rx="330" ry="430" fill="#e0ac8c"/></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

describe('imports on a phone', () => {
  it('Photos: a zip goes up, the report says what became of each file, the scholars have their photos', async () => {
    const [first, second, third] = roster as [DemographicRecord, DemographicRecord, DemographicRecord];
    const zip = zipSync({
      [`class photos/${first.student_number}.jpg`]: new Uint8Array(await photo(200)),
      [`${second.student_number.toLowerCase()}.JPG`]: new Uint8Array(await photo(20)),
      'nobody-0000.jpg': new Uint8Array(await photo(90)),
      [`${third.student_number}.png`]: new TextEncoder().encode('not a picture'),
      '__MACOSX/._nobody-0000.jpg': new Uint8Array([0, 5, 22, 7]),
    });
    const b = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    await b.context.addInitScript(stillPage);
    const problems: string[] = [];
    try {
      const { page } = b;
      await signIn(page, server.url, 'admin@demo.school');
      for (const [language, title, button, done] of [
        ['en', 'Photos', 'Import photos', '2 scholars have a new photo.'],
        // The same zip again: both photos are the scholars' already.
        ['es', 'Fotos', 'Importar fotos', '2 fotos ya eran las de los estudiantes.'],
      ] as const) {
        await setLanguage(page, language);
        await page.goto(`${server.url}/admin/import/photos`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await checkPhone(page, `photos ${language} empty`, problems);
        const field = language === 'es' ? 'Archivo zip de fotos' : 'Zip file of photos';
        // The field's group and its file input share the name: the input inside the group.
        await page
          .getByRole('group', { name: field })
          .getByLabel(field, { exact: true })
          .setInputFiles({ name: 'class-photos.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/v2/photo_imports'));
        await page.getByRole('button', { name: button }).click();
        expect((await answered).status()).toBe(200);
        await page.getByText(done).waitFor();
        await page.getByText('nobody-0000.jpg', { exact: true }).waitFor();
        await page.getByText(`${third.student_number}.png`, { exact: true }).waitFor();
        await checkPhone(page, `photos ${language} report`, problems);
      }
      for (const scholar of [first, second]) {
        const record = (await api(`demographics/${scholar.id}`)).body.data as DemographicRecord;
        expect(record.photo_id).not.toBe(scholar.photo_id);
        const res = await fetch(`${server.url}/api/v2/photos/${record.photo_id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 640]);
      }
      const untouched = (await api(`demographics/${third.id}`)).body.data as DemographicRecord;
      expect(untouched.photo_id).toBe(third.photo_id);
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  });

  it('Meal eligibility import: the front office previews a CSV, applies it, and the scholars have it', async () => {
    const office = await apiToken(server.url, 'office@demo.school');
    const [a, b] = roster.slice(10, 12) as [DemographicRecord, DemographicRecord];
    // A day after each scholar's latest determination, so the file's row becomes the current one.
    const nextDay = async (scholar: DemographicRecord) => {
      const history = (await api(`demographics/${scholar.id}/meal_eligibility_history`, { token: office })).body
        .data as MealEligibilityHistoryEntry[];
      const latest = history.map((h) => h.effective_from).find((d) => /^\d{4}-/.test(d)) ?? '2026-01-01';
      const day = new Date(`${latest}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1);
      return day;
    };
    const [dayA, dayB] = [await nextDay(a), await nextDay(b)];
    const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
    const csv = [
      '\uFEFFStudent ID,Eligibility,Effective',
      `${a.student_number},F,${us(dayA)}`,
      `"${b.student_number}",reducido,${dayB.toISOString().slice(0, 10)}`,
      '999999999,free,2026-09-01',
    ].join('\r\n');
    const browser = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    await browser.context.addInitScript(stillPage);
    const problems: string[] = [];
    try {
      const { page } = browser;
      await signIn(page, server.url, 'office@demo.school');
      for (const [language, title, label] of [
        ['es', 'Importar elegibilidad de comidas', 'Archivo CSV de elegibilidad de comidas'],
        ['en', 'Meal eligibility import', 'CSV file of meal eligibility'],
      ] as const) {
        await setLanguage(page, language);
        await page.goto(`${server.url}/admin/meal-eligibility`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await checkPhone(page, `eligibility ${language} empty`, problems);
        await page
          .getByRole('group', { name: label })
          .getByLabel(label, { exact: true })
          .setInputFiles({ name: 'direct-cert.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        const table = page.getByRole('table', { name: language === 'es' ? 'Lo que cambia' : 'What changes' });
        await table.waitFor();
        await page
          .getByRole('cell', {
            name:
              language === 'es'
                ? 'Ningún estudiante tiene el número de estudiante 999999999.'
                : 'No scholar has the student number 999999999.',
          })
          .waitFor();
        await checkPhone(page, `eligibility ${language} preview`, problems);
      }
      const applied = page.waitForResponse((r) =>
        /\/api\/v2\/meal_eligibility_imports\/[0-9a-f]{64}\/apply$/.test(r.url()),
      );
      await page.getByRole('button', { name: 'Apply 2 changes' }).click();
      expect((await applied).status()).toBe(200);
      await page.getByText('Saved 2 determinations.').waitFor();
      await checkPhone(page, 'eligibility en applied', problems);
      for (const [scholar, eligibility, day] of [
        [a, 'free', dayA],
        [b, 'reduced', dayB],
      ] as const) {
        const record = (await api(`demographics/${scholar.id}`, { token: office })).body.data as DemographicRecord;
        expect([record.meal_eligibility, record.meal_eligibility_effective]).toEqual([
          eligibility,
          day.toISOString().slice(0, 10),
        ]);
      }
    } finally {
      await browser.close();
    }
    expect(problems).toEqual([]);
  });
});
