/**
 * The Scholars screens in Chromium against the real server: the Front Office reaches them from the kiosk home's
 * Administration tile (no roles-create), the list and a scholar's page fit phones in English and Spanish with no
 * serious axe finding, and a scholar added with a photo from a file is saved with the photo made smaller.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken, createApi } from './lib/check-in';
import type { ServerProcess } from './lib/server';

const OFFICE = 'office@demo.school';
let server: ServerProcess;
let token: string;
const api = createApi(
  () => server.url,
  () => token,
);

beforeAll(async () => {
  server = await startDemoServer();
  token = await apiToken(server.url, OFFICE);
}, 180_000);
afterAll(() => server?.stop());

// ---- a picture made here (no outside images) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A width×height RGB PNG: a face-coloured oval on a coloured background. */
function makePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2) / (height / 3);
      const face = dx * dx + dy * dy < 1;
      row[1 + x * 3] = face ? 224 : x % 256;
      row[2 + x * 3] = face ? 172 : y % 256;
      row[3 + x * 3] = face ? 140 : 90;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

describe('Scholars administration', () => {
  it('the Front Office opens Scholars from the kiosk; the list and a page fit phones in English and Spanish', async () => {
    const b = await launchBrowser({ bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page } = b;
      await signIn(page, server.url, OFFICE);
      await page.goto(`${server.url}/`);
      await page.getByRole('link', { name: 'Administration' }).click();
      await page.waitForURL(`${server.url}/admin/scholars`);
      for (const [language, viewport, title, tableName] of [
        ['en', { width: 390, height: 844 }, 'Scholars', 'Scholars'],
        ['es', { width: 360, height: 740 }, 'Estudiantes', 'Estudiantes'],
      ] as const) {
        await setLanguage(page, language);
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/admin/scholars`);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        const table = page.getByRole('table', { name: tableName });
        await table.waitFor();
        await checkPhone(page, `${language} list ${viewport.width}x${viewport.height}`, problems);
        await table.getByRole('link').first().click();
        await page.waitForURL(/\/admin\/scholars\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { level: 2, name: language === 'es' ? 'Inscripción' : 'Enrolment' }).waitFor();
        await page
          .getByRole('img', { name: language === 'es' ? /Código QR de la credencial/ : /Badge QR code/ })
          .waitFor();
        await checkPhone(page, `${language} page ${viewport.width}x${viewport.height}`, problems);
      }
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  });

  it('adds a scholar with a photo from a file, made smaller on the phone before it is sent', async () => {
    const b = await launchBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = b;
      await signIn(page, server.url, OFFICE);
      await page.goto(`${server.url}/admin/scholars`);
      await page.getByRole('link', { name: 'Add scholar' }).click();
      await page.getByRole('heading', { name: 'Add a scholar' }).waitFor();
      const number = `E2E${Date.now() % 1_000_000}`;
      await page.getByLabel('First name').fill('Marisol');
      await page.getByLabel('Last name').fill('Fotografía');
      await page.getByLabel('Student number').fill(number);
      await page.getByLabel('Grade').selectOption('7');
      await page.getByLabel('Homeroom').fill('Room 21');
      await page
        .getByLabel('Upload a photo', { exact: true })
        .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(1600, 1200) });
      await page.getByRole('img', { name: 'New photo', exact: true }).waitFor({ timeout: 15_000 });
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/v2/demographics') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Add the scholar' }).click();
      const response = await answered;
      expect(response.status()).toBe(201);
      const created = ((await response.json()) as { data: { id: string; photo_id: string | null } }).data;
      expect(created.photo_id).toBeTruthy();
      await page.waitForURL(`${server.url}/admin/scholars/${created.id}`);
      await page.getByRole('heading', { name: 'Marisol Fotografía', level: 1 }).waitFor();
      await page.getByRole('img', { name: 'Saved photo', exact: true }).waitFor({ timeout: 15_000 });
      // A new scholar's eligibility has held since the record began (no day of its own).
      await page.getByRole('cell', { name: 'Since the record began' }).waitFor();

      const photo = await fetch(`${server.url}/api/v2/photos/${created.photo_id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(photo.status).toBe(200);
      const bytes = Buffer.from(await photo.arrayBuffer());
      // A JPEG no larger than 640 px on its longest side: the browser made it smaller.
      expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(bytes.length).toBeLessThan(200_000);
      const listed = await api(`demographics?search=${number}`);
      expect(listed.status).toBe(200);
      expect((listed.body as { data: { id: string }[] }).data.map((s) => s.id)).toEqual([created.id]);
    } finally {
      await b.close();
    }
  });
});
