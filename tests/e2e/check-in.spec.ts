/**
 * The entrance kiosk end to end (F4), in Chromium against the real server on a copy of the demo school: Arrivals
 * online and offline, the late rule with its reasons, one arrival per scholar and day (on the device and on the
 * server), the counts and state filter of Check In/Out, the messenger schedule, and Spanish with its English
 * fallbacks.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInRecord, DemographicRecord, MessengerScheduleRecord, SchoolSettings } from '../../src/contract';
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
  weekdayName,
} from './lib/check-in';
import { allowCamera, fakeCameraArgs } from './lib/fake-camera';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
/** The school's time zone, as the server decides the school day and lateness in it. */
let timeZone: string;
let settings: SchoolSettings;
const api = createApi(
  () => server.url,
  () => adminToken,
);

/**
 * The run's clock stands at 11:40 at the school (scripts/e2e-clock.mjs), when the demo's 08:00 start makes every
 * arrival late. Never late (start 23:59 plus 240 minutes is past midnight): only the late test changes it.
 */
const NEVER_LATE = { start_time: '23:59', late_after_minutes: 240 };
/** School starts at 8:00 and an arrival after 8:15 is late: the run's 11:40 is. */
const LATE_AFTER_8_15 = { start_time: '08:00', late_after_minutes: 15 };
const LATE_REASONS = ['Bus was late', 'Doctor appointment'];

/** Scholars no test has used yet: active, with a name no other scholar shares (the screens find them by name). */
let pool: DemographicRecord[] = [];
function take(fits: (s: DemographicRecord) => boolean = () => true): DemographicRecord {
  const scholar = pool.find(fits);
  if (!scholar) throw new Error('no scholar left for this test');
  pool = pool.filter((s) => s !== scholar);
  return scholar;
}
let activeScholars = 0;

const firstName = (s: DemographicRecord) => s.nickname || s.fname;

async function withBrowser(run: (b: Browser) => Promise<void>) {
  const b = await launchBrowser();
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

async function updateSettings(body: Record<string, unknown>) {
  const answer = await api('school_settings', { method: 'POST', body: JSON.stringify(body) });
  expect(answer.status).toBe(200);
  return answer.body.data as SchoolSettings;
}

/** A check-in created directly on the server, as another device would (201 expected). */
async function arriveOnServer(scholar: DemographicRecord): Promise<CheckInRecord> {
  const answer = await api('check_ins', {
    method: 'POST',
    body: JSON.stringify({
      id: crypto.randomUUID(),
      kind: 'arrival',
      scholar_id: scholar.id,
      occurred_at: new Date().toISOString(),
      method: 'kiosk',
      device_id: 'another-kiosk',
    }),
  });
  expect(answer.status).toBe(201);
  return answer.body.data as CheckInRecord;
}

// ---- Arrivals ----

const kioskSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
const recordButton = (page: Page, scholar: DemographicRecord) =>
  page.getByRole('button', { name: `Record the arrival of ${kioskName(scholar)}`, exact: true });
const kioskRow = (page: Page, scholar: DemographicRecord) =>
  page.getByRole('listitem').filter({ has: recordButton(page, scholar) });

/** Signs in as the front office and opens Arrivals; resolves once the roster is on the device. */
async function openArrivals(page: Page) {
  await signIn(page, server.url, 'office@demo.school');
  await page.goto(`${server.url}/check-in`);
  await kioskSearch(page).waitFor({ timeout: 90_000 });
}

/** Types part of the scholar's name (last name and the first letters of the first) and answers the row's button. */
async function findOnKiosk(page: Page, scholar: DemographicRecord): Promise<Locator> {
  await kioskSearch(page).fill(`${scholar.lname} ${firstName(scholar).slice(0, 3)}`);
  await page.getByRole('heading', { name: 'Scholars found', exact: true }).waitFor();
  const button = recordButton(page, scholar);
  await button.waitFor();
  return button;
}

/** The large confirmation: welcome by name, the time, the photo, 'Late' or not; answers the card. */
async function expectConfirmation(page: Page, scholar: DemographicRecord, opts: { late: boolean; photo: boolean }) {
  const card = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: `Welcome, ${firstName(scholar)}!`, exact: true }) });
  await card.waitFor({ timeout: 10_000 });
  expect(plain(await card.textContent())).toContain(kioskName(scholar));
  expect(plain(await card.textContent())).toMatch(/Arrival recorded at \d{1,2}:\d{2} [AP]M/);
  if (opts.photo) await card.locator(`img[alt="${kioskName(scholar)}"]`).waitFor({ timeout: 3000 });
  expect(await card.getByText('Late', { exact: true }).count()).toBe(opts.late ? 1 : 0);
  return card;
}

/** Taps the confirmation (or 'already here') away, back to the search. */
async function tapToContinue(page: Page) {
  await page.getByRole('button', { name: 'Tap anywhere to continue', exact: true }).click();
  await kioskSearch(page).waitFor();
}

// ---- Check In/Out ----

const STATE_LABELS = { total: 'All', not_arrived: 'Not arrived', in: 'In', left: 'Left', signed_out: 'Signed out' };
type Counts = Record<keyof typeof STATE_LABELS, number>;

/** The count tiles at the top of Check In/Out, by state. */
async function readCounts(page: Page): Promise<Counts> {
  const tiles = await page
    .getByRole('list', { name: "Today's counts", exact: true })
    .evaluate((list) =>
      [...list.querySelectorAll('button')].map((button) =>
        [...button.querySelectorAll(':scope > span')].map((span) => span.textContent ?? ''),
      ),
    );
  const byLabel = new Map(tiles.map(([count, label]) => [label, Number(count)]));
  const counts = {} as Counts;
  for (const [key, label] of Object.entries(STATE_LABELS)) {
    const n = byLabel.get(label);
    if (n === undefined || Number.isNaN(n)) throw new Error(`no count for '${label}' in ${JSON.stringify(tiles)}`);
    counts[key as keyof Counts] = n;
  }
  return counts;
}

const listSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Search scholars by name or student number', exact: true });
const tableRows = (page: Page) => page.getByRole('table').locator('tbody tr');
const listRow = (page: Page, scholar: DemographicRecord) =>
  tableRows(page).filter({ has: page.getByRole('cell', { name: listName(scholar), exact: true }) });

/** The name and state of each row of the page shown. */
const shownRows = (page: Page) =>
  tableRows(page).evaluateAll((rows) =>
    (rows as HTMLTableRowElement[]).map((row) => ({
      name: row.cells[0]?.textContent ?? '',
      state: row.cells[4]?.querySelector('span')?.textContent ?? '',
    })),
  );

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string };
  timeZone = config.time_zone;
  settings = await updateSettings(NEVER_LATE);
  const roster = await fetchRoster(api);
  const active = roster.filter((s) => s.active);
  activeScholars = active.length;
  const seen = new Map<string, number>();
  for (const s of roster)
    for (const name of new Set([kioskName(s), listName(s)])) seen.set(name, (seen.get(name) ?? 0) + 1);
  pool = active.filter((s) => seen.get(kioskName(s)) === 1 && seen.get(listName(s)) === 1);
  expect(pool.length).toBeGreaterThan(20);
});
afterAll(() => server?.stop());

describe('Arrivals', () => {
  it('finds a scholar by part of the name, records the arrival with a large confirmation, resets, and the server has it', async () => {
    const scholar = take();
    await withBrowser(async ({ page }) => {
      await openArrivals(page);
      // The page reads the run's set clock (scripts/e2e-clock.mjs), as the test and the server do.
      const pageNow = await page.evaluate(() => Date.now());
      expect(schoolClock(timeZone, pageNow).day).toBe(schoolClock(timeZone).day);
      expect(Math.abs(pageNow - Date.now())).toBeLessThan(60_000);
      const button = await findOnKiosk(page, scholar);
      // The photos are kept on the device after the roster: the row shows this scholar's.
      await button.locator(`img[alt="${kioskName(scholar)}"]`).waitFor({ timeout: 90_000 });
      expect(await serverCheckIns(api, scholar.id)).toEqual([]);

      await button.click();
      await expectConfirmation(page, scholar, { late: false, photo: true });
      // The screen goes back to the search by itself, ready for the next person, with the scholar in 'Recent'.
      await page
        .getByRole('heading', { name: `Welcome, ${firstName(scholar)}!` })
        .waitFor({ state: 'detached', timeout: 15_000 });
      expect(await kioskSearch(page).inputValue()).toBe('');
      await page.getByRole('heading', { name: 'Recent', exact: true }).waitFor();
      await recordButton(page, scholar).waitFor();

      await until('the arrival on the server', async () => (await serverCheckIns(api, scholar.id)).length === 1);
      const [record] = await serverCheckIns(api, scholar.id);
      expect(record).toMatchObject({ kind: 'arrival', method: 'kiosk', reason: null, late: false });
      expect(record?.school_day).toBe(schoolClock(timeZone).day);
      expect(record?.recorded_by).toBeTruthy();
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      const recent = kioskRow(page, scholar);
      await recent.getByText(`Arrived at`).waitFor();
      expect(plain(await recent.textContent())).toContain(
        `Arrived at ${clockText(record?.occurred_at ?? '', timeZone)}`,
      );
    });
  }, 180_000);

  it('records an arrival offline: confirmed from the device, kept in the outbox, sent once when back online', async () => {
    const scholar = take();
    await withBrowser(async ({ page, context }) => {
      await signIn(page, server.url, 'office@demo.school');
      // The service worker must have the app before the connection goes.
      await waitForServiceWorker(page, 90_000);
      await page.goto(`${server.url}/check-in`);
      await kioskSearch(page).waitFor({ timeout: 90_000 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      const button = await findOnKiosk(page, scholar);

      await context.setOffline(true);
      await page.getByText('Offline: what you record is kept on this device', { exact: false }).waitFor();
      await button.click();
      await expectConfirmation(page, scholar, { late: false, photo: false });
      expect(await outboxCount(page)).toBe(1);
      await tapToContinue(page);
      const recent = kioskRow(page, scholar);
      await recent.getByText('Not sent yet', { exact: true }).waitFor();
      expect(plain(await recent.textContent())).toMatch(/Arrived at \d{1,2}:\d{2} [AP]M/);
      expect(await serverCheckIns(api, scholar.id)).toEqual([]);

      await context.setOffline(false);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      const records = await serverCheckIns(api, scholar.id);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ kind: 'arrival', method: 'kiosk', late: false });
      await recent.getByText('Not sent yet', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
      // Still once a moment later: the sync does not send it again.
      await page.waitForTimeout(2000);
      expect(await serverCheckIns(api, scholar.id)).toHaveLength(1);
      expect(await outboxCount(page)).toBe(0);
    });
  }, 180_000);

  it("records an arrival from the badge's QR code read by the camera, once while the badge stays in view", async () => {
    const scholar = take((s) => Boolean(s.badge_code));
    const b = await launchBrowser({ args: fakeCameraArgs(scholar.badge_code ?? '', 'arrivals-badge') });
    try {
      await allowCamera(b.context, server.url);
      await openArrivals(b.page);
      await b.page.getByRole('button', { name: 'Scan with the camera', exact: true }).click();
      await b.page.getByRole('region', { name: 'Camera', exact: true }).locator('video').waitFor({ timeout: 30_000 });
      await expectConfirmation(b.page, scholar, { late: false, photo: true });
      await until('the arrival reached the server', async () => (await serverCheckIns(api, scholar.id)).length === 1);
      // The badge is still in front of the camera: it is not an arrival again.
      await b.page.waitForTimeout(3000);
      expect(await serverCheckIns(api, scholar.id)).toHaveLength(1);
      expect((await serverCheckIns(api, scholar.id))[0]).toMatchObject({ kind: 'arrival', method: 'scan' });
      // The camera stays chosen on this kiosk after a reload.
      await b.page.reload();
      await b.page.getByRole('button', { name: 'Close the camera', exact: true }).waitFor({ timeout: 30_000 });
    } finally {
      await b.close();
    }
  }, 180_000);

  it('asks a late arrival for a reason, records nothing without one, and records it late with the reason', async () => {
    const listed = take();
    const other = take();
    const original = settings;
    try {
      settings = await updateSettings({ ...LATE_AFTER_8_15, late_reasons: LATE_REASONS });
      // The server's own rule: a late arrival without a reason is refused.
      const refused = await api('check_ins', {
        method: 'POST',
        body: JSON.stringify({
          id: crypto.randomUUID(),
          kind: 'arrival',
          scholar_id: listed.id,
          occurred_at: new Date().toISOString(),
        }),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('reason');

      await withBrowser(async ({ page }) => {
        await openArrivals(page);
        expect(schoolClock(timeZone).minutes).toBeGreaterThan(8 * 60 + 15);
        let button = await findOnKiosk(page, other);
        await button.click();
        await page.getByRole('heading', { name: 'You are late. Why?', exact: true }).waitFor();
        for (const reason of LATE_REASONS) await page.getByRole('button', { name: reason, exact: true }).waitFor();
        expect(await outboxCount(page)).toBe(0);
        // 'Other' with nothing typed is refused on the spot.
        await page.getByRole('button', { name: 'Other', exact: true }).click();
        await page.getByRole('button', { name: 'Record', exact: true }).click();
        await page.getByText('This field is required.', { exact: true }).waitFor();
        expect(await outboxCount(page)).toBe(0);
        await page.getByRole('textbox', { name: /Other reason/ }).fill('  Flat tyre on the way ');
        await page.getByRole('button', { name: 'Record', exact: true }).click();
        await expectConfirmation(page, other, { late: true, photo: false });
        await tapToContinue(page);

        button = await findOnKiosk(page, listed);
        await button.click();
        await page.getByRole('button', { name: 'Bus was late', exact: true }).click();
        await expectConfirmation(page, listed, { late: true, photo: false });

        await until('both on the server', async () => {
          const [a, b] = await Promise.all([serverCheckIns(api, other.id), serverCheckIns(api, listed.id)]);
          return a.length === 1 && b.length === 1;
        });
        expect(await serverCheckIns(api, other.id)).toEqual([
          expect.objectContaining({ kind: 'arrival', late: true, reason: 'Other: Flat tyre on the way' }),
        ]);
        expect(await serverCheckIns(api, listed.id)).toEqual([
          expect.objectContaining({ kind: 'arrival', late: true, reason: 'Bus was late' }),
        ]);
        expect(await outboxCount(page)).toBe(0);
      });
    } finally {
      settings = await updateSettings({ ...NEVER_LATE, late_reasons: original.late_reasons });
    }
  }, 180_000);

  it('refuses a second arrival the same day: the kiosk says already arrived, and the server answers 409', async () => {
    const elsewhere = take();
    const here = take();
    // Another kiosk recorded this one's arrival already.
    const earlier = await arriveOnServer(elsewhere);
    await withBrowser(async ({ page }) => {
      await openArrivals(page);
      let button = await findOnKiosk(page, elsewhere);
      const arrivedAt = `Arrived at ${clockText(earlier.occurred_at, timeZone)}`;
      await kioskRow(page, elsewhere).getByText(arrivedAt).waitFor({ timeout: 60_000 });
      await button.click();
      const already = `Already arrived at ${clockText(earlier.occurred_at, timeZone)}`;
      await page.getByRole('status').getByText(already).waitFor();
      await page.getByRole('heading', { name: kioskName(elsewhere), exact: true }).waitFor();
      expect(await outboxCount(page)).toBe(0);
      await page.getByRole('button', { name: 'Done', exact: true }).click();

      // Recorded here, then tapped again from 'Recent'.
      button = await findOnKiosk(page, here);
      await button.click();
      await expectConfirmation(page, here, { late: false, photo: false });
      await tapToContinue(page);
      await until('the first arrival sent', async () => (await outboxCount(page)) === 0);
      const [first] = await serverCheckIns(api, here.id);
      expect(first).toMatchObject({ kind: 'arrival' });
      await recordButton(page, here).click();
      await page
        .getByRole('status')
        .getByText(`Already arrived at ${clockText(first?.occurred_at ?? '', timeZone)}`)
        .waitFor();
      expect(await outboxCount(page)).toBe(0);
      expect(await serverCheckIns(api, here.id)).toHaveLength(1);
      expect(await serverCheckIns(api, elsewhere.id)).toHaveLength(1);

      // The server itself refuses a second arrival of the day, with the first one.
      const second = await api('check_ins', {
        method: 'POST',
        body: JSON.stringify({
          id: crypto.randomUUID(),
          kind: 'arrival',
          scholar_id: here.id,
          occurred_at: new Date().toISOString(),
          method: 'kiosk',
        }),
      });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        code: 'conflict',
        message: 'This scholar already arrived today.',
        record: { id: first?.id, scholar_id: here.id, kind: 'arrival' },
      });
      expect(await serverCheckIns(api, here.id)).toHaveLength(1);
    });
  }, 180_000);
});

describe('Check In/Out', () => {
  it('checks one scholar in and one out: the counts follow, the server has both, and the state filter works', async () => {
    const arriving = take();
    const leaving = take();
    const reason = settings.departure_reasons[0] ?? '';
    expect(reason).not.toBe('');
    const earlier = await arriveOnServer(leaving);
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/check-in/view`);
      await page.getByRole('table').waitFor({ timeout: 90_000 });
      // Wait for the pull to bring the arrival made elsewhere: the scholar can be checked out.
      await listSearch(page).fill(listName(leaving));
      await page
        .getByRole('button', { name: `Check out ${listName(leaving)}`, exact: true })
        .waitFor({ timeout: 60_000 });
      await listSearch(page).fill('');
      await until('the whole list', async () => (await readCounts(page)).total === activeScholars);
      const before = await readCounts(page);
      expect(before.not_arrived + before.in + before.left + before.signed_out).toBe(before.total);
      expect(before.in).toBeGreaterThanOrEqual(1);

      await listSearch(page).fill(listName(arriving));
      await listRow(page, arriving).getByText('Not arrived', { exact: true }).waitFor();
      await page.getByRole('button', { name: `Check in ${listName(arriving)}`, exact: true }).click();
      await listRow(page, arriving).getByText('In', { exact: true }).waitFor();
      await page.getByRole('button', { name: `Check out ${listName(arriving)}`, exact: true }).waitFor();

      await listSearch(page).fill(listName(leaving));
      await page.getByRole('button', { name: `Check out ${listName(leaving)}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Check out ${listName(leaving)}`, exact: true });
      await dialog.getByRole('button', { name: reason, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await listRow(page, leaving).getByText('Left', { exact: true }).waitFor();
      await listRow(page, leaving).getByText(reason, { exact: true }).waitFor();

      await listSearch(page).fill('');
      const expected: Counts = {
        total: before.total,
        not_arrived: before.not_arrived - 1,
        in: before.in,
        left: before.left + 1,
        signed_out: before.signed_out,
      };
      await until(
        'the counts after one in and one out',
        async () => {
          const now = await readCounts(page);
          return JSON.stringify(now) === JSON.stringify(expected);
        },
        30_000,
      ).catch(async (err) => {
        throw new Error(
          `${(err as Error).message}: ${JSON.stringify(await readCounts(page))} instead of ${JSON.stringify(expected)}`,
        );
      });

      await until('both on the server', async () => (await outboxCount(page)) === 0);
      expect(await serverCheckIns(api, arriving.id)).toEqual([
        expect.objectContaining({ kind: 'arrival', method: 'manual', reason: null, late: false }),
      ]);
      expect(await serverCheckIns(api, leaving.id)).toEqual([
        expect.objectContaining({ id: earlier.id, kind: 'arrival' }),
        expect.objectContaining({ kind: 'departure', method: 'manual', reason }),
      ]);

      // The state filter: only scholars in that state, the tile pressed with it.
      const state = page.getByLabel('State', { exact: true });
      await state.selectOption('left');
      await until('only those who left', async () => {
        const rows = await shownRows(page);
        return rows.length === expected.left && rows.every((r) => r.state === 'Left');
      });
      expect((await shownRows(page)).map((r) => r.name)).toContain(listName(leaving));
      const leftTile = page
        .getByRole('list', { name: "Today's counts", exact: true })
        .getByRole('button')
        .filter({ hasText: /Left$/ });
      expect(await leftTile.getAttribute('aria-pressed')).toBe('true');

      await state.selectOption('in');
      await listSearch(page).fill(listName(arriving));
      await until('the one who arrived, as in', async () => {
        const rows = await shownRows(page);
        return rows.length === 1 && rows[0]?.name === listName(arriving) && rows[0]?.state === 'In';
      });
      await listSearch(page).fill(listName(leaving));
      await page.getByText('No scholar matches these filters.', { exact: true }).waitFor();

      // A count tile is the same filter: 'Not arrived' shows neither of them, and only scholars not arrived.
      await listSearch(page).fill('');
      await page
        .getByRole('list', { name: "Today's counts", exact: true })
        .getByRole('button')
        .filter({ hasText: /Not arrived$/ })
        .click();
      expect(await state.inputValue()).toBe('not_arrived');
      await until('only those not arrived', async () => {
        const rows = await shownRows(page);
        return rows.length === Math.min(50, expected.not_arrived) && rows.every((r) => r.state === 'Not arrived');
      });
      const names = (await shownRows(page)).map((r) => r.name);
      expect(names).not.toContain(listName(arriving));
      expect(names).not.toContain(listName(leaving));
    });
  }, 180_000);
});

describe('messenger schedule', () => {
  it('shows the week with today highlighted; the office adds, edits and deletes a duty, on the server and after a reload', async () => {
    // A scholar of a grade the demo schedule does not use, so this duty is the only one with that name.
    const scholar = take((s) => !['5', '6', '7', '8'].includes(s.grade));
    const mine = async () =>
      (await api(`messenger_schedules?filter[scholar_id]=${scholar.id}`)).body.data as MessengerScheduleRecord[];
    expect(await mine()).toEqual([]);
    const seededTuesday = (await api('messenger_schedules?filter[weekday]=2&per_page=1')).body.meta?.total ?? -1;
    expect(seededTuesday).toBeGreaterThan(0);
    const name = kioskName(scholar);

    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/messenger`);
      await page.getByRole('heading', { name: 'On duty now', exact: true }).waitFor({ timeout: 90_000 });
      const day = (weekday: number) => page.getByRole('region', { name: weekdayName(weekday), exact: true });
      const tuesdayDuties = day(2).getByRole('listitem');
      await until('the schedule from the device', async () => (await tuesdayDuties.count()) === seededTuesday);

      const today = schoolClock(timeZone).weekday;
      for (let weekday = 1; weekday <= 5; weekday++) {
        const column = day(weekday);
        expect(await column.getAttribute('aria-current')).toBe(weekday === today ? 'date' : null);
        expect(await column.getByText('Today', { exact: true }).count()).toBe(weekday === today ? 1 : 0);
      }
      // Saturday and Sunday highlight no column.
      expect(await page.locator('[aria-current="date"]').count()).toBe(today <= 5 ? 1 : 0);

      // Add.
      await page.getByRole('button', { name: 'Add duty', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: 'Add a duty', exact: true });
      await dialog.getByRole('searchbox', { name: 'Find a scholar', exact: true }).fill(scholar.lname);
      await dialog.getByRole('combobox', { name: /^Scholar/ }).selectOption(scholar.id);
      await dialog.getByRole('combobox', { name: /^Day/ }).selectOption('2');
      await dialog.getByLabel(/^Start/).fill('13:05');
      await dialog.getByLabel(/^End/).fill('13:40');
      await dialog.getByRole('textbox', { name: /^Post/ }).fill('Library desk');
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/v2/messenger_schedules') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await created).status()).toBe(201);
      await dialog.waitFor({ state: 'hidden' });
      const [duty] = await mine();
      expect(duty).toMatchObject({ weekday: 2, start_time: '13:05', end_time: '13:40', post: 'Library desk' });
      const item = () => day(2).getByRole('listitem').filter({ hasText: name });
      await item().getByText('Library desk', { exact: true }).waitFor({ timeout: 60_000 });

      await page.reload();
      await item().getByText('Library desk', { exact: true }).waitFor({ timeout: 60_000 });
      expect(plain(await item().textContent())).toContain('1:05 PM–1:40 PM');

      // Edit.
      await page.getByRole('button', { name: `Edit the duty of ${name} on Tuesday`, exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Edit the duty', exact: true });
      const post = dialog.getByRole('textbox', { name: /^Post/ });
      expect(await post.inputValue()).toBe('Library desk');
      await post.fill('Nurse office');
      await dialog.getByLabel(/^End/).fill('14:00');
      const updated = page.waitForResponse(
        (r) => r.url().endsWith(`/api/v2/messenger_schedules/${duty?.id}`) && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      expect((await updated).status()).toBe(200);
      await dialog.waitFor({ state: 'hidden' });
      expect(await mine()).toEqual([
        expect.objectContaining({ id: duty?.id, post: 'Nurse office', start_time: '13:05', end_time: '14:00' }),
      ]);
      await item().getByText('Nurse office', { exact: true }).waitFor({ timeout: 60_000 });
      await page.reload();
      await item().getByText('Nurse office', { exact: true }).waitFor({ timeout: 60_000 });
      expect(await item().getByText('Library desk').count()).toBe(0);

      // Delete.
      await page.getByRole('button', { name: `Delete the duty of ${name} on Tuesday`, exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this duty?', exact: true });
      expect(plain(await confirm.textContent())).toContain(`${name}, Tuesday 1:05 PM–2:00 PM, Nurse office.`);
      const deleted = page.waitForResponse(
        (r) => r.url().endsWith(`/api/v2/messenger_schedules/${duty?.id}`) && r.request().method() === 'DELETE',
      );
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      expect((await deleted).status()).toBe(200);
      await confirm.waitFor({ state: 'hidden' });
      expect(await mine()).toEqual([]);
      expect((await api(`messenger_schedules/${duty?.id}`)).status).toBe(404);
      await until('the duty gone from the week', async () => (await item().count()) === 0);
      await page.reload();
      await until('the week after the reload', async () => (await tuesdayDuties.count()) === seededTuesday);
      expect(await item().count()).toBe(0);
    });
  }, 180_000);
});

describe('languages', () => {
  it('shows Arrivals in Spanish, the section titles too', async () => {
    const scholar = take();
    await withBrowser(async ({ page }) => {
      await openArrivals(page);
      await page.getByRole('button', { name: /^Account and settings: / }).click();
      await page.getByRole('menuitemradio', { name: 'Español', exact: true }).click();
      const search = page.getByRole('searchbox', {
        name: 'Buscar un alumno por nombre o número de estudiante',
        exact: true,
      });
      await search.waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

      const check = async () => {
        await page.getByRole('heading', { name: 'Recientes', exact: true }).waitFor();
        // The search box's hint text, in Spanish, and the section titles too.
        expect(await search.getAttribute('placeholder')).toBe('Escriba su nombre o número, o escanee su credencial');
        await page.getByRole('link', { name: 'Entrada/Salida', exact: true }).waitFor();
        expect(await page.getByRole('heading', { level: 1, name: 'Llegadas', exact: true }).count()).toBe(1);
        expect(await page.getByRole('heading', { level: 1, name: 'Control de entrada', exact: true }).count()).toBe(1);
        expect(await page.getByRole('link', { name: 'Llegadas', exact: true }).count()).toBe(1);
        expect(await page.getByText(/^(Arrivals|Check In)$/).count()).toBe(0);
        expect(await page.getByText('sections.', { exact: false }).count()).toBe(0);
        expect(await page.getByText('Find a scholar by name', { exact: false }).count()).toBe(0);
      };
      await check();

      await search.fill(`${scholar.lname} ${firstName(scholar).slice(0, 3)}`);
      await page.getByRole('heading', { name: 'Alumnos encontrados', exact: true }).waitFor();
      await page.getByRole('button', { name: `Registrar la llegada de ${kioskName(scholar)}`, exact: true }).waitFor();
      await page.getByRole('button', { name: `${kioskName(scholar)} sale temprano`, exact: true }).waitFor();

      // Remembered on this device.
      await page.reload();
      await search.waitFor({ timeout: 60_000 });
      await check();
    });
  }, 180_000);
});
