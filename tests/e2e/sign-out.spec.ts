/**
 * The pick-up line end to end (F5), in Chromium against the real server on a copy of the demo school: a sign-out to
 * an authorized adult online (the record reaches the server) and offline (after a reload without network, photos
 * included, then sent once when back online), the red custody warning and the adults not valid today, the override
 * to someone not on the list (flagged on the server), a scholar already signed out, the Undo of a release (offline,
 * after a reload: the scholar back, the server's record voided), and a badge's QR code read by
 * Chromium's fake camera on Scan Sign Out.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import {
  apiToken,
  clockText,
  createApi,
  fetchRoster,
  kioskName,
  listName,
  outboxCount,
  plain,
  schoolClock,
  serverCheckIns,
  until,
} from './lib/check-in';
import { allowCamera, fakeCameraArgs } from './lib/fake-camera';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
let timeZone: string;
let today: string;
const api = createApi(
  () => server.url,
  () => adminToken,
);

/** Every scholar's active pick-up adults, by scholar. */
const adultsOf = new Map<string, AuthorizedPickUpRecord[]>();
/** Scholars no test has used yet: active, with a name no other scholar shares (the screens find them by name). */
let pool: DemographicRecord[] = [];
function take(fits: (s: DemographicRecord) => boolean): DemographicRecord {
  const scholar = pool.find(fits);
  if (!scholar) throw new Error('no scholar left for this test');
  // A family's children share adults: take the whole family out of the pool, so tests never share an adult.
  const family = new Set((adultsOf.get(scholar.id) ?? []).map((a) => a.full_name));
  pool = pool.filter((s) => s !== scholar && !(adultsOf.get(s.id) ?? []).some((a) => family.has(a.full_name)));
  return scholar;
}

const inDates = (a: AuthorizedPickUpRecord) =>
  (!a.valid_from || a.valid_from <= today) && (!a.valid_until || a.valid_until >= today);
/** The adults the line offers today. */
const offered = (s: DemographicRecord) =>
  (adultsOf.get(s.id) ?? []).filter((a) => a.status === 'authorized' && inDates(a));
const refused = (s: DemographicRecord) => (adultsOf.get(s.id) ?? []).filter((a) => a.status === 'not_authorized');
const ended = (s: DemographicRecord) =>
  (adultsOf.get(s.id) ?? []).filter((a) => a.status === 'authorized' && a.valid_until && a.valid_until < today);

async function withBrowser(run: (b: Browser) => Promise<void>, args: string[] = []) {
  const b = await launchBrowser({ args, viewport: { width: 1024, height: 1366 } });
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

const searchBox = (page: Page) =>
  page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
const adultButton = (page: Page, scholar: DemographicRecord, adult: AuthorizedPickUpRecord) =>
  page.getByRole('button', { name: `Sign ${kioskName(scholar)} out with ${adult.full_name}`, exact: true });

/** Signs in as the front office and opens Scholar Sign Out; resolves once the roster is on the device. */
async function openLine(page: Page) {
  await signIn(page, server.url, 'office@demo.school');
  await page.goto(`${server.url}/sign-out`);
  await searchBox(page).waitFor({ timeout: 90_000 });
}

/** Types part of the scholar's name and opens their pick-up screen. */
async function openPickUp(page: Page, scholar: DemographicRecord) {
  await searchBox(page).fill(`${scholar.lname} ${(scholar.nickname || scholar.fname).slice(0, 3)}`);
  await page.getByRole('button', { name: `Open the pick-up list of ${kioskName(scholar)}`, exact: true }).click();
  await page.getByRole('heading', { name: `Pick-up for ${kioskName(scholar)}`, exact: true }).waitFor();
}

/** The large confirmation; answers its text. */
async function expectConfirmation(page: Page, scholar: DemographicRecord, adultName: string) {
  const card = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: `${kioskName(scholar)} is signed out`, exact: true }) });
  await card.waitFor({ timeout: 10_000 });
  const text = plain(await card.textContent());
  expect(text).toMatch(new RegExp(`With ${adultName} at \\d{1,2}:\\d{2} [AP]M`));
  return text;
}

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string };
  timeZone = config.time_zone;
  today = schoolClock(timeZone).day;
  for (let page = 1; ; page++) {
    const answer = await api(`authorized_pick_ups?filter[active]=true&per_page=500&page=${page}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data as AuthorizedPickUpRecord[];
    for (const adult of data) adultsOf.set(adult.scholar_id, [...(adultsOf.get(adult.scholar_id) ?? []), adult]);
    if (data.length < 500) break;
  }
  const roster = await fetchRoster(api);
  const seen = new Map<string, number>();
  for (const s of roster) seen.set(kioskName(s), (seen.get(kioskName(s)) ?? 0) + 1);
  pool = roster.filter((s) => s.active && seen.get(kioskName(s)) === 1);
  expect(pool.filter((s) => refused(s).length > 0).length).toBeGreaterThan(1);
}, 180_000);
afterAll(() => server?.stop());

describe('Scholar Sign Out', () => {
  it('signs a scholar out to an authorized adult in one tap: large photo, confirmation, the server has it, and no second sign-out', async () => {
    const scholar = take((s) => offered(s).length > 0 && refused(s).length === 0);
    const adult = offered(scholar)[0] as AuthorizedPickUpRecord;
    await withBrowser(async ({ page }) => {
      await openLine(page);
      await openPickUp(page, scholar);
      const button = adultButton(page, scholar, adult);
      await button.waitFor({ timeout: 60_000 });
      // The adult's photo, kept on the device with the roster.
      await button.locator(`img[alt="${adult.full_name}"]`).waitFor({ timeout: 90_000 });
      if (adult.relationship) expect(plain(await button.textContent())).toContain(adult.relationship);
      expect(await serverCheckIns(api, scholar.id)).toEqual([]);

      await button.click();
      await expectConfirmation(page, scholar, adult.full_name);
      await until('the sign-out on the server', async () => (await serverCheckIns(api, scholar.id)).length === 1);
      const [record] = await serverCheckIns(api, scholar.id);
      expect(record).toMatchObject({
        kind: 'sign_out',
        method: 'manual',
        pick_up_id: adult.id,
        pick_up_name: adult.full_name,
        flagged: false,
        school_day: today,
      });

      // Back to the search for the next car; the same scholar again shows with whom and when, and no second sign-out.
      await page.getByRole('button', { name: 'Tap anywhere to continue', exact: true }).click();
      await openPickUp(page, scholar);
      await page
        .getByText(`Signed out at ${clockText(record?.occurred_at ?? '', timeZone)} with ${adult.full_name}`)
        .waitFor();
      expect(await adultButton(page, scholar, adult).count()).toBe(0);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      expect(await serverCheckIns(api, scholar.id)).toHaveLength(1);
    });
  }, 240_000);

  it('signs out offline after a reload without network, photos included, and sends it once when back online', async () => {
    const scholar = take((s) => offered(s).length > 0);
    const adult = offered(scholar)[0] as AuthorizedPickUpRecord;
    await withBrowser(async ({ page, context }) => {
      await signIn(page, server.url, 'office@demo.school');
      await waitForServiceWorker(page, 90_000);
      await page.goto(`${server.url}/sign-out`);
      await searchBox(page).waitFor({ timeout: 90_000 });
      // The snapshot is complete once this scholar's adult and photo are on the device.
      await openPickUp(page, scholar);
      await adultButton(page, scholar, adult).locator(`img[alt="${adult.full_name}"]`).waitFor({ timeout: 90_000 });

      await context.setOffline(true);
      await page.reload();
      await page.getByText('Offline: sign-outs are kept on this device', { exact: false }).waitFor({ timeout: 30_000 });
      await openPickUp(page, scholar);
      const button = adultButton(page, scholar, adult);
      await button.locator(`img[alt="${adult.full_name}"]`).waitFor({ timeout: 30_000 });
      await button.click();
      await expectConfirmation(page, scholar, adult.full_name);
      expect(await outboxCount(page)).toBe(1);
      expect(await serverCheckIns(api, scholar.id)).toEqual([]);
      await page.getByRole('button', { name: 'Tap anywhere to continue', exact: true }).click();
      await openPickUp(page, scholar);
      await page.getByText('Not sent yet', { exact: true }).waitFor();

      await context.setOffline(false);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      const records = await serverCheckIns(api, scholar.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ kind: 'sign_out', pick_up_id: adult.id, method: 'manual', flagged: false });
      await page.getByText('Not sent yet', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
      await page.waitForTimeout(2000);
      expect(await serverCheckIns(api, scholar.id)).toHaveLength(1);
    });
  }, 240_000);

  it('undoes a release offline after a reload: the scholar is back, and the server keeps the record voided', async () => {
    const scholar = take((s) => offered(s).length > 0);
    const adult = offered(scholar)[0] as AuthorizedPickUpRecord;
    const row = (page: Page) =>
      page.getByRole('button', { name: `Open the pick-up list of ${kioskName(scholar)}`, exact: true });
    await withBrowser(async ({ page, context }) => {
      await signIn(page, server.url, 'office@demo.school');
      await waitForServiceWorker(page, 90_000);
      await page.goto(`${server.url}/sign-out`);
      await searchBox(page).waitFor({ timeout: 90_000 });
      await openPickUp(page, scholar);
      await adultButton(page, scholar, adult).waitFor({ timeout: 90_000 });

      // The network cut: the sign-out and its Undo both wait in the outbox, the Undo after the sign-out.
      await context.setOffline(true);
      await adultButton(page, scholar, adult).click();
      await expectConfirmation(page, scholar, adult.full_name);
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page
        .getByText(`Sign-out undone: ${kioskName(scholar)} is back on the list, not signed out.`, { exact: true })
        .waitFor();
      expect(await outboxCount(page)).toBe(2);
      await searchBox(page).fill(`${scholar.lname} ${(scholar.nickname || scholar.fname).slice(0, 3)}`);
      await row(page).waitFor();
      expect(plain(await row(page).textContent())).not.toContain('Signed out at');

      // After a reload, still offline: still back on the list.
      await page.reload();
      await page.getByText('Offline: sign-outs are kept on this device', { exact: false }).waitFor({ timeout: 30_000 });
      await openPickUp(page, scholar);
      await adultButton(page, scholar, adult).waitFor();
      expect(await page.getByText(`${kioskName(scholar)} is already signed out`, { exact: true }).count()).toBe(0);

      // Back online: both reach the server in order; the lists leave the voided record out, it is kept voided.
      await context.setOffline(false);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      expect(await serverCheckIns(api, scholar.id)).toEqual([]);
      const all = await api(`check_ins?filter[scholar_id]=${scholar.id}&filter[include_voided]=true`);
      const kept = all.body.data as CheckInRecord[];
      expect(kept).toEqual([
        expect.objectContaining({ kind: 'sign_out', pick_up_id: adult.id, void_reason: 'tapped in error' }),
      ]);
      expect(kept[0]?.voided_at).toEqual(expect.any(String));
    });
  }, 240_000);

  it('shows a custody order as a red warning with the photo and the note, never as a choice', async () => {
    const scholar = take((s) => refused(s).length > 0);
    const order = refused(scholar)[0] as AuthorizedPickUpRecord;
    await withBrowser(async ({ page }) => {
      await openLine(page);
      await openPickUp(page, scholar);
      const warning = page.getByRole('region', { name: 'Do not release', exact: true });
      await warning.getByText(`Do not release to ${order.full_name}`, { exact: true }).waitFor({ timeout: 60_000 });
      expect(plain(await warning.textContent())).toContain(order.notes ?? 'no note');
      await warning.locator(`img[alt="${order.full_name}"]`).waitFor({ timeout: 90_000 });
      expect(await warning.getByRole('button').count()).toBe(0);
      expect(await adultButton(page, scholar, order).count()).toBe(0);
      // Red: the warning's background is the error palette's (red well above green and blue).
      const background = await warning
        .getByText(`Do not release to ${order.full_name}`, { exact: true })
        .evaluate((el) => getComputedStyle(el.closest('[role="alert"]') ?? el).backgroundColor);
      const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
      expect(r, background).toBeGreaterThan(g + 60);
      expect(r, background).toBeGreaterThan(b + 60);
      // The other adults of the family are still offered.
      for (const adult of offered(scholar)) await adultButton(page, scholar, adult).waitFor();
    });
  }, 240_000);

  it('says which adults are not valid today and does not offer them', async () => {
    const scholar = take((s) => ended(s).length > 0);
    const past = ended(scholar)[0] as AuthorizedPickUpRecord;
    await withBrowser(async ({ page }) => {
      await openLine(page);
      await openPickUp(page, scholar);
      const list = page.getByRole('list', { name: 'Not valid today', exact: true });
      await list.getByText(past.full_name, { exact: false }).waitFor({ timeout: 60_000 });
      expect(plain(await list.textContent())).toContain('Authorization ended on');
      expect(await adultButton(page, scholar, past).count()).toBe(0);
    });
  }, 240_000);

  it('signs out to someone not on the list with a name, a reason and a second confirmation, flagged on the server', async () => {
    const scholar = take((s) => offered(s).length > 0);
    await withBrowser(async ({ page }) => {
      await openLine(page);
      await openPickUp(page, scholar);
      await page.getByRole('button', { name: 'Someone not on the list', exact: true }).click();
      const form = page.getByRole('dialog', { name: `Sign ${kioskName(scholar)} out to someone not on the list` });
      await form.getByRole('button', { name: 'Continue', exact: true }).click();
      await form.getByText('This field is required.').first().waitFor();
      await form.getByRole('textbox', { name: /Name of the adult picking up/ }).fill('Pat Override');
      await form.getByRole('textbox', { name: /Reason/ }).fill('Mother phoned the office');
      await form.getByRole('button', { name: 'Continue', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirm the override', exact: true });
      await confirm.waitFor();
      expect(await outboxCount(page)).toBe(0);
      await confirm.getByRole('button', { name: 'Yes, sign out', exact: true }).click();
      const text = await expectConfirmation(page, scholar, 'Pat Override');
      expect(text).toContain('Override: flagged for the office to review');

      await until('the override on the server', async () => (await serverCheckIns(api, scholar.id)).length === 1);
      expect((await serverCheckIns(api, scholar.id))[0]).toMatchObject({
        kind: 'sign_out',
        pick_up_id: null,
        pick_up_name: 'Pat Override',
        override_reason: 'Mother phoned the office',
        flagged: true,
      });
      const flagged = await api(`check_ins?filter[flagged]=true&filter[scholar_id]=${scholar.id}`);
      expect(flagged.body.meta?.total).toBe(1);
    });
  }, 240_000);
});

describe('Scan Sign Out', () => {
  it('opens the pick-up screen of the scholar whose badge QR the camera reads', async () => {
    const scholar = take((s) => Boolean(s.badge_code) && offered(s).length > 0);
    const adult = offered(scholar)[0] as AuthorizedPickUpRecord;
    await withBrowser(
      async ({ page, context }) => {
        await allowCamera(context, server.url);
        await signIn(page, server.url, 'office@demo.school');
        await page.goto(`${server.url}/sign-out/scan`);
        await page
          .getByRole('region', { name: 'Camera for badge QR codes', exact: true })
          .locator('video')
          .waitFor({ timeout: 90_000 });
        await page
          .getByRole('heading', { name: `Pick-up for ${kioskName(scholar)}`, exact: true })
          .waitFor({ timeout: 60_000 });
        await adultButton(page, scholar, adult).click();
        await expectConfirmation(page, scholar, adult.full_name);
        await until('the sign-out on the server', async () => (await serverCheckIns(api, scholar.id)).length === 1);
        expect((await serverCheckIns(api, scholar.id))[0]).toMatchObject({ kind: 'sign_out', method: 'scan' });
      },
      fakeCameraArgs(scholar.badge_code ?? '', 'sign-out-badge'),
    );
  }, 240_000);
});

describe('Check In/Out in the sign-out section', () => {
  it('checks a scholar picked up earlier back in the same day: shown signed out, then in, and a sign_in on the server', async () => {
    const scholar = take((s) => offered(s).length > 0);
    const adult = offered(scholar)[0] as AuthorizedPickUpRecord;
    const signedOut = await api('check_ins', {
      method: 'POST',
      body: JSON.stringify({
        id: crypto.randomUUID(),
        kind: 'sign_out',
        scholar_id: scholar.id,
        occurred_at: new Date().toISOString(),
        pick_up_id: adult.id,
        method: 'manual',
      }),
    });
    expect(signedOut.status).toBe(201);
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/sign-out/check-in`);
      await page.getByRole('table').waitFor({ timeout: 90_000 });
      const search = page.getByRole('searchbox', { name: 'Search scholars by name or student number', exact: true });
      await search.fill(listName(scholar));
      const row = page
        .getByRole('table')
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name: listName(scholar), exact: true }) });
      // The sign-out made elsewhere comes with the pull.
      await row.getByText('Signed out', { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: `Check in ${listName(scholar)}`, exact: true }).click();
      await row.getByText('In', { exact: true }).waitFor();
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      expect(await serverCheckIns(api, scholar.id)).toEqual([
        expect.objectContaining({ kind: 'sign_out', pick_up_id: adult.id }),
        expect.objectContaining({ kind: 'sign_in', method: 'manual' }),
      ]);
    });
  }, 240_000);
});
