/**
 * Authorized pick-ups and badges end to end (F5), in Chromium against the real server on a copy of the demo school:
 * an administrator adds a pick-up adult with a photo (a generated PNG through the file input, made smaller in the
 * browser) and, after a reload without network, sees the adult with the photo on Scholar Sign Out; a sibling batch
 * makes one adult for two scholars sharing one photo; an edit with a new photo replaces it; and the badges page
 * lays a homeroom out eight cards to a sheet, with only the sheets printed.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../src/contract';
import { startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import { apiToken, createApi, fetchRoster, kioskName, plain, until } from './lib/check-in';
import { waitForServiceWorker } from './lib/installability';
import { signInSlowly } from './lib/meals';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
const api = createApi(
  () => server.url,
  () => adminToken,
);
const ADMIN = 'admin@demo.school';

/** Scholars no test has used yet: active, with a name no other scholar shares (the screens find them by name). */
let pool: DemographicRecord[] = [];
let roster: DemographicRecord[] = [];
function take(): DemographicRecord {
  const scholar = pool.shift();
  if (!scholar) throw new Error('no scholar left for this test');
  return scholar;
}

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

/** A width×height RGB PNG: a face-coloured oval on a coloured background, different per `hue`. */
function makePng(width: number, height: number, hue: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2) / (height / 3);
      const face = dx * dx + dy * dy < 1;
      row[1 + x * 3] = face ? 224 : (hue * 7 + x) % 256;
      row[2 + x * 3] = face ? 172 : (hue * 13 + y) % 256;
      row[3 + x * 3] = face ? 140 : (hue * 29) % 256;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The width and height in a JPEG's start-of-frame segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error('not a JPEG');
    const marker = bytes[i + 1] as number;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

/** A stored photo's bytes and type, through the API. */
async function serverPhoto(id: string): Promise<{ type: string; bytes: Buffer }> {
  const res = await fetch(`${server.url}/api/v2/photos/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The scholar's adults with this name on the server. */
async function serverAdults(scholarId: string, name: string): Promise<AuthorizedPickUpRecord[]> {
  const answer = await api(
    `authorized_pick_ups?filter[scholar_id]=${scholarId}&search=${encodeURIComponent(name)}&per_page=50`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data as AuthorizedPickUpRecord[];
}

/** What the device stored: the adult's row in `authorized_pick_ups` and its photo's size in `photos`. */
const deviceAdult = (page: Page, id: string) =>
  page.evaluate(
    (adultId) =>
      new Promise<{ row: { full_name: string; photo_id: string | null } | null; photoBytes: number | null }>(
        (resolve, reject) => {
          const open = indexedDB.open('school-ops');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['authorized_pick_ups', 'photos']);
            const req = tx.objectStore('authorized_pick_ups').get(adultId);
            req.onsuccess = () => {
              const row = req.result ?? null;
              if (!row?.photo_id) {
                resolve({ row, photoBytes: null });
                return db.close();
              }
              const photo = tx.objectStore('photos').get(row.photo_id);
              photo.onsuccess = () => {
                resolve({ row, photoBytes: photo.result?.blob?.size ?? null });
                db.close();
              };
            };
            req.onerror = () => reject(req.error);
          };
        },
      ),
    id,
  );

// ---- screens ----

async function withBrowser(run: (b: Browser) => Promise<void>) {
  const b = await launchBrowser({ viewport: { width: 1280, height: 1000 } });
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

/** Finds the scholar by student number on the add form and adds them to the scholars the adult is for. */
async function addScholar(page: Page, scholar: DemographicRecord) {
  const search = page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
  await search.fill(scholar.student_number);
  await search.press('Enter');
  await page.getByRole('button', { name: `Add ${kioskName(scholar)}`, exact: true }).click();
  await page
    .getByRole('list', { name: 'Chosen scholars', exact: true })
    .getByText(kioskName(scholar), { exact: false })
    .waitFor();
}

/** Fills the adult's fields and uploads a generated photo through the file input. */
async function fillAdult(page: Page, adult: { name: string; relationship: string; phone: string }, hue: number) {
  await page.getByLabel('Full name', { exact: false }).fill(adult.name);
  await page.getByLabel('Relationship', { exact: true }).fill(adult.relationship);
  await page.getByLabel('Phone', { exact: true }).fill(adult.phone);
  await page
    .getByLabel('Upload a photo', { exact: true })
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: makePng(800, 600, hue) });
  // Made smaller in the browser, then previewed.
  await page.getByRole('img', { name: 'New photo', exact: true }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, ADMIN);
  roster = await fetchRoster(api);
  const seen = new Map<string, number>();
  for (const s of roster) seen.set(kioskName(s), (seen.get(kioskName(s)) ?? 0) + 1);
  pool = roster.filter((s) => s.active && seen.get(kioskName(s)) === 1);
}, 180_000);
afterAll(() => server?.stop());

describe('Authorized pick-ups', () => {
  it('adds an adult with a photo, and Scholar Sign Out shows them with the photo offline after a reload', async () => {
    const scholar = take();
    const adult = {
      name: `Rosa Fotografía ${Date.now() % 100_000}`,
      relationship: 'Grandmother',
      phone: '(213) 555-0199',
    };
    await withBrowser(async ({ page, context }) => {
      await signInSlowly(page, server.url, ADMIN);
      await waitForServiceWorker(page, 90_000);
      await page.goto(`${server.url}/sign-out/add-authorized-pick-ups`);
      await page.getByRole('form', { name: 'Add a pick-up adult', exact: true }).waitFor({ timeout: 90_000 });
      await addScholar(page, scholar);
      await fillAdult(page, adult, 1);
      await page.getByRole('button', { name: 'Save the pick-up adult', exact: true }).click();
      const saved = page.getByRole('status').filter({ hasText: `${adult.name} saved for ${kioskName(scholar)}.` });
      await saved.waitFor({ timeout: 30_000 });
      // Ready for the next adult: the fields are empty again.
      expect(await page.getByLabel('Full name', { exact: false }).inputValue()).toBe('');

      const [stored] = await serverAdults(scholar.id, adult.name);
      expect(stored).toMatchObject({
        scholar_id: scholar.id,
        full_name: adult.name,
        relationship: 'Grandmother',
        phone: '(213) 555-0199',
        status: 'authorized',
        active: true,
      });
      const photo = await serverPhoto(stored?.photo_id as string);
      // The 800×600 PNG was made a 640×480 JPEG in the browser before the upload.
      expect(photo.type).toBe('image/jpeg');
      expect(jpegSize(photo.bytes)).toEqual({ width: 640, height: 480 });

      // The save asked the sync engine to pull: the device has the adult and the photo without waiting.
      await until(
        'the adult and the photo on the device',
        async () => (await deviceAdult(page, stored?.id as string)).photoBytes === photo.bytes.length,
        60_000,
      );

      // Scholar Sign Out, reloaded without network: the adult is there, with the photo.
      const search = page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
      await page.goto(`${server.url}/sign-out`);
      await search.waitFor({ timeout: 90_000 });
      await context.setOffline(true);
      await page.reload();
      await search.waitFor({ timeout: 60_000 });
      await search.fill(`${scholar.lname} ${(scholar.nickname || scholar.fname).slice(0, 3)}`);
      await page
        .getByRole('button', { name: `Open the pick-up list of ${kioskName(scholar)}`, exact: true })
        .click({ timeout: 30_000 });
      await page.getByRole('heading', { name: `Pick-up for ${kioskName(scholar)}`, exact: true }).waitFor();
      const button = page.getByRole('button', {
        name: `Sign ${kioskName(scholar)} out with ${adult.name}`,
        exact: true,
      });
      await button.waitFor({ timeout: 30_000 });
      expect(plain(await button.textContent())).toContain('Grandmother');
      const img = button.getByRole('img', { name: adult.name, exact: true });
      await img.waitFor({ timeout: 30_000 });
      // A real picture from the device, decoded: not the initials in its place.
      await until('the photo decoded', () =>
        img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 640),
      );
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    });
  }, 300_000);

  it('adds one adult for two siblings at once, sharing one photo', async () => {
    const first = take();
    const second = take();
    const adult = { name: `Ana Hermanos ${Date.now() % 100_000}`, relationship: 'Aunt', phone: '626 555 0100' };
    await withBrowser(async ({ page }) => {
      await signInSlowly(page, server.url, ADMIN);
      await page.goto(`${server.url}/sign-out/add-authorized-pick-ups?scholar=${first.id}`);
      await page
        .getByRole('list', { name: 'Chosen scholars', exact: true })
        .getByText(kioskName(first), { exact: false })
        .waitFor({ timeout: 90_000 });
      await addScholar(page, second);
      await fillAdult(page, adult, 2);
      await page.getByRole('button', { name: 'Save for 2 scholars', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${adult.name} saved for 2 scholars` })
        .waitFor({ timeout: 30_000 });
    });
    const [a] = await serverAdults(first.id, adult.name);
    const [b] = await serverAdults(second.id, adult.name);
    expect(a).toMatchObject({ full_name: adult.name, relationship: 'Aunt' });
    expect(b).toMatchObject({ full_name: adult.name, relationship: 'Aunt', phone: '626 555 0100' });
    expect(a?.id).not.toBe(b?.id);
    expect(a?.photo_id).toBeTruthy();
    expect(b?.photo_id).toBe(a?.photo_id);
  }, 300_000);

  it('edits an adult with a new photo, which replaces the old one', async () => {
    const scholar = take();
    const name = `Marco Editado ${Date.now() % 100_000}`;
    const created = await api('authorized_pick_ups', {
      method: 'POST',
      body: JSON.stringify({ scholar_id: scholar.id, full_name: name, relationship: 'Uncle' }),
    });
    expect(created.status).toBe(201);
    const adult = created.body.data as AuthorizedPickUpRecord;
    expect(adult.photo_id).toBeNull();
    await withBrowser(async ({ page }) => {
      await signInSlowly(page, server.url, ADMIN);
      await page.goto(`${server.url}/sign-out/edit-authorized-pick-ups?scholar=${scholar.id}`);
      await page
        .getByRole('heading', { name: `Pick-up adults of ${kioskName(scholar)}`, exact: true })
        .waitFor({ timeout: 90_000 });
      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const form = page.getByRole('form', { name: `Edit ${name}`, exact: true });
      await form.waitFor();
      expect(await form.getByLabel('Relationship', { exact: true }).inputValue()).toBe('Uncle');
      await form.getByLabel('Phone', { exact: true }).fill('818 555 0142');
      await form
        .getByLabel('Upload a photo', { exact: true })
        .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(600, 900, 3) });
      await form.getByRole('img', { name: 'New photo', exact: true }).waitFor({ timeout: 15_000 });
      await form.getByRole('button', { name: 'Save changes', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${name} saved.` })
        .waitFor({ timeout: 30_000 });
      // The list shows the adult with the new photo, from the server.
      const card = page.getByRole('listitem', { name, exact: true });
      await card.getByRole('img', { name, exact: true }).waitFor({ timeout: 30_000 });
    });
    const [after] = await serverAdults(scholar.id, name);
    expect(after).toMatchObject({ id: adult.id, phone: '818 555 0142', relationship: 'Uncle' });
    expect(after?.photo_id).toBeTruthy();
    const photo = await serverPhoto(after?.photo_id as string);
    expect(photo.type).toBe('image/jpeg');
    // Portrait stays portrait: 600×900 became 427×640.
    expect(jpegSize(photo.bytes)).toEqual({ width: 427, height: 640 });
  }, 300_000);
});

describe('Badges', () => {
  it('lays a homeroom out eight cards to a sheet with QR codes, and prints only the sheets', async () => {
    const byRoom = new Map<string, DemographicRecord[]>();
    for (const s of roster) if (s.active && s.homeroom) byRoom.set(s.homeroom, [...(byRoom.get(s.homeroom) ?? []), s]);
    const [room, scholars] =
      [...byRoom].filter(([, list]) => list.length > 8).sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    if (!room || !scholars) throw new Error('the demo school has no homeroom of more than eight scholars');
    const printable = scholars.filter((s) => s.badge_code);
    const sheets = Math.ceil(printable.length / 8);
    await withBrowser(async ({ page }) => {
      await signInSlowly(page, server.url, ADMIN);
      await page.goto(`${server.url}/sign-out/badges`);
      const homeroom = page.getByLabel('Homeroom', { exact: true });
      await homeroom.waitFor({ timeout: 90_000 });
      await homeroom.selectOption(room);
      const sheet = page.getByRole('region', { name: /^Sheet \d+ of \d+$/ });
      await until('the sheets', async () => (await sheet.count()) === sheets, 30_000);
      const cards = (n: number) => sheet.nth(n).getByRole('group', { name: /^Badge of / });
      expect(await cards(0).count()).toBe(8);
      expect(await cards(sheets - 1).count()).toBe(printable.length - 8 * (sheets - 1));
      expect(plain(await page.getByRole('status').filter({ hasText: 'cards' }).textContent())).toBe(
        `${printable.length} cards · ${sheets} sheet${sheets === 1 ? '' : 's'}`,
      );
      const firstCard = cards(0).first();
      const qr = firstCard.getByRole('img', { name: /^Badge QR code of / });
      expect(await qr.getAttribute('shape-rendering')).toBe('crispEdges');

      // The print shows the sheets and nothing of the app around them.
      await page.emulateMedia({ media: 'print' });
      expect(await sheet.first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Badges', exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
      expect(await page.getByLabel('Homeroom', { exact: true }).isVisible()).toBe(false);
      const box = await firstCard.boundingBox();
      // Letter: a card is 3.75 × 2.5 in (96 CSS px an inch).
      expect(Math.round(box?.width ?? 0)).toBe(360);
      expect(Math.round(box?.height ?? 0)).toBe(240);
    });
  }, 300_000);
});
