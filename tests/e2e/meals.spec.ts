/**
 * Meals for the National School Lunch Program end to end (F6), in Chromium against the real server on a copy of the
 * demo school: Enter Meals online and offline, two tablets recording the same lunch offline, a second meal not
 * counted, Add Missing with its reason, a void with its reason in View Records, View Who Ate against the server, and
 * the daily counts with the seeded day above the edit check's limit.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemographicRecord, NslpRecord } from '../../src/contract';
import { startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import { apiToken, clockText, createApi, fetchRoster, outboxCount, plain, schoolClock, until } from './lib/check-in';
import { allowCamera, fakeCameraArgs } from './lib/fake-camera';
import { waitForServiceWorker } from './lib/installability';
import {
  daysBefore,
  dayText,
  mealName,
  outboxEntries,
  runningCount,
  serverDailyCounts,
  serverMeals,
  serverMealTotal,
  signInSlowly,
  weekdaysBefore,
} from './lib/meals';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
/** The school's time zone: the server files each meal under the school day of its time in it. */
let timeZone: string;
const api = createApi(
  () => server.url,
  () => adminToken,
);
const CAFETERIA = 'cafeteria@demo.school';

/** Scholars no test has used yet: active, with a name no other scholar shares (the screens find them by name). */
let pool: DemographicRecord[] = [];
function take(fits: (s: DemographicRecord) => boolean = () => true): DemographicRecord {
  const scholar = pool.find(fits);
  if (!scholar) throw new Error('no scholar left for this test');
  pool = pool.filter((s) => s !== scholar);
  return scholar;
}
/** Scholars whose lunch today an earlier test recorded at the line (View Who Ate looks for them). */
const lunchedToday: DemographicRecord[] = [];

const today = () => schoolClock(timeZone).day;
const firstName = (s: DemographicRecord) => s.nickname || s.fname;

async function withBrowser(run: (b: Browser) => Promise<void>) {
  const b = await launchBrowser();
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

/** The scholar's lunches of one day on the server, voided ones too. */
const lunchesOn = (scholar: DemographicRecord, day: string) =>
  serverMeals(api, scholar.id, { served_on: day, meal_type: 'lunch' });

// ---- View Records ----

/**
 * Signs in as the cafeteria and opens View Records on a range (and service), from a link: the screen keeps what is
 * chosen in the URL. Not typed into the fields one after the other: a change made before the router has re-rendered
 * the last one is computed from stale search params and drops it (react-router's functional setSearchParams reads the
 * params of the last render, and BrowserRouter renders navigations in a transition).
 */
async function openRecords(
  page: Page,
  choice: { from: string; to: string; meal?: string; view?: string },
  email = CAFETERIA,
) {
  await signInSlowly(page, server.url, email);
  const params = new URLSearchParams({ from: choice.from, to: choice.to });
  if (choice.meal) params.set('meal', choice.meal);
  await page.goto(`${server.url}/meals/view-records?${params}`);
  const range = page.getByRole('group', { name: 'Dates and service', exact: true });
  await range.waitFor({ timeout: 90_000 });
  expect(await range.getByLabel('From', { exact: true }).inputValue()).toBe(choice.from);
  expect(await range.getByLabel('To', { exact: true }).inputValue()).toBe(choice.to);
  if (choice.meal) expect(await range.getByLabel('Service', { exact: true }).inputValue()).toBe(choice.meal);
}

// ---- Enter Meals ----

const lineSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
const recordButton = (page: Page, scholar: DemographicRecord, meal = 'lunch') =>
  page.getByRole('button', { name: `Record ${meal} for ${mealName(scholar)}`, exact: true });
const countLine = (page: Page) => page.getByText(/^Lunch today: \d+ meals?$/);
const lunchCount = async (page: Page) => runningCount(await countLine(page).textContent(), 'Lunch');

/** Signs in as the cafeteria and opens Enter Meals on Lunch, with the service worker and the roster on the device. */
async function openEnterMeals(page: Page) {
  await signInSlowly(page, server.url, CAFETERIA);
  // The connection goes in some tests: the service worker must have the app first.
  await waitForServiceWorker(page, 90_000);
  await page.goto(`${server.url}/meals`);
  await lineSearch(page).waitFor({ timeout: 90_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const services = page.getByRole('group', { name: 'Meal service', exact: true });
  const lunch = services.getByRole('button', { name: 'Lunch', exact: true });
  await lunch.click();
  expect(await lunch.getAttribute('aria-pressed')).toBe('true');
  expect(await services.getByRole('button', { name: 'Breakfast', exact: true }).getAttribute('aria-pressed')).toBe(
    'false',
  );
  await countLine(page).waitFor();
}

/** Types part of the scholar's name and answers the result's one-tap button. */
async function findOnLine(page: Page, scholar: DemographicRecord): Promise<Locator> {
  await lineSearch(page).fill(`${scholar.lname} ${firstName(scholar).slice(0, 3)}`);
  await page.getByRole('list', { name: 'Scholars found', exact: true }).waitFor();
  const button = recordButton(page, scholar);
  await button.waitFor();
  return button;
}

/** The large outcome of the last tap, for this scholar; answers its text once it says `badge`. */
async function outcome(page: Page, scholar: DemographicRecord, badge: 'Lunch counted' | 'Not counted') {
  const card = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: mealName(scholar), exact: true }) });
  await card.getByText(badge, { exact: true }).waitFor({ timeout: 15_000 });
  return plain(await card.textContent());
}

/** Finds the scholar, taps once, and expects 'Lunch counted' with the time; the search is emptied for the next one. */
async function recordLunch(page: Page, scholar: DemographicRecord) {
  const before = await lunchCount(page);
  await (await findOnLine(page, scholar)).click();
  const text = await outcome(page, scholar, 'Lunch counted');
  expect(text).toMatch(/Recorded at \d{1,2}:\d{2} [AP]M/);
  expect(await lineSearch(page).inputValue()).toBe('');
  await until('the running count to go up', async () => (await lunchCount(page)) === before + 1, 15_000);
}

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  // The cafeteria's own account signs in (and the server has hashed a password once before the first browser).
  await apiToken(server.url, CAFETERIA);
  const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string };
  timeZone = config.time_zone;
  const roster = await fetchRoster(api);
  const seen = new Map<string, number>();
  for (const s of roster) seen.set(mealName(s), (seen.get(mealName(s)) ?? 0) + 1);
  pool = roster.filter((s) => s.active && seen.get(mealName(s)) === 1);
  expect(pool.length).toBeGreaterThan(20);
});
afterAll(() => server?.stop());

describe('Enter Meals', () => {
  it('records a lunch online in one tap: confirmation, running count, and once on the server', async () => {
    const scholar = take();
    await withBrowser(async ({ page }) => {
      await openEnterMeals(page);
      const before = await lunchCount(page);
      expect(await serverMeals(api, scholar.id)).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ served_on: today() })]),
      );

      await recordLunch(page, scholar);
      await until('the lunch on the server', async () => (await lunchesOn(scholar, today())).length === 1);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      const [record] = await lunchesOn(scholar, today());
      expect(record).toMatchObject({
        scholar_id: scholar.id,
        meal_type: 'lunch',
        served_on: today(),
        added_as_missing: false,
        voided: false,
      });
      expect(record?.recorded_by).toBeTruthy();
      // The one the line confirmed: the outcome's time is the record's.
      expect(await outcome(page, scholar, 'Lunch counted')).toContain(
        `Recorded at ${clockText(record?.served_at ?? '', timeZone)}`,
      );
      // Sent once, and counted once now that the device's copy comes from the server.
      await page.waitForTimeout(2000);
      expect(await serverMeals(api, scholar.id, { served_on: today() })).toHaveLength(1);
      expect(await lunchCount(page)).toBe(before + 1);
      // The scholar now shows as having had lunch.
      await (await findOnLine(page, scholar)).getByText('Had lunch', { exact: true }).waitFor();
      lunchedToday.push(scholar);
    });
  }, 180_000);

  it("records a lunch from the badge's QR code read by the camera, counted once while the badge stays in view", async () => {
    const scholar = take((s) => Boolean(s.badge_code));
    const b = await launchBrowser({ args: fakeCameraArgs(scholar.badge_code, 'meals-badge') });
    try {
      await allowCamera(b.context, server.url);
      await openEnterMeals(b.page);
      const before = await lunchCount(b.page);
      await b.page.getByRole('button', { name: 'Scan with the camera', exact: true }).click();
      expect(await outcome(b.page, scholar, 'Lunch counted')).toMatch(/Recorded at \d{1,2}:\d{2} [AP]M/);
      await until('the lunch on the server', async () => (await lunchesOn(scholar, today())).length === 1);
      // Still in front of the camera: not a second meal, not even a 'not counted' one.
      await b.page.waitForTimeout(3000);
      expect(await lunchesOn(scholar, today())).toHaveLength(1);
      expect(await lunchCount(b.page)).toBe(before + 1);
      expect(await b.page.getByText('Not counted', { exact: true }).count()).toBe(0);
      lunchedToday.push(scholar);
    } finally {
      await b.close();
    }
  }, 180_000);

  it('records lunches offline: confirmed from the device with the count, kept in the outbox, sent once each', async () => {
    const first = take();
    const second = take();
    await withBrowser(async ({ page, context }) => {
      await openEnterMeals(page);
      const before = await lunchCount(page);

      await context.setOffline(true);
      await page
        .getByText('Offline: the meals you record are kept on this device and sent when the connection returns.', {
          exact: true,
        })
        .waitFor();
      await recordLunch(page, first);
      await recordLunch(page, second);
      expect(await lunchCount(page)).toBe(before + 2);
      const entries = await outboxEntries(page);
      expect(entries).toEqual([
        expect.objectContaining({
          resource: 'nslp_records',
          status: 'pending',
          data: expect.objectContaining({ scholar_id: first.id, meal_type: 'lunch' }),
        }),
        expect.objectContaining({
          resource: 'nslp_records',
          status: 'pending',
          data: expect.objectContaining({ scholar_id: second.id, meal_type: 'lunch' }),
        }),
      ]);
      expect(await lunchesOn(first, today())).toEqual([]);
      expect(await lunchesOn(second, today())).toEqual([]);

      await context.setOffline(false);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      for (const [scholar, entry] of [
        [first, entries[0]],
        [second, entries[1]],
      ] as const) {
        const records = await lunchesOn(scholar, today());
        expect(records).toHaveLength(1);
        expect(records[0]).toMatchObject({ id: entry?.data.id, meal_type: 'lunch', voided: false });
      }
      // Still once each a moment later: the sync does not send them again, and the count does not double.
      await page.waitForTimeout(2000);
      expect(await lunchesOn(first, today())).toHaveLength(1);
      expect(await lunchesOn(second, today())).toHaveLength(1);
      expect(await lunchCount(page)).toBe(before + 2);
      lunchedToday.push(first, second);
    });
  }, 180_000);

  it('two tablets offline record the same lunch: the server keeps one, the second is a conflict, nothing else is lost', async () => {
    const shared = take();
    const other = take();
    const tabletA = await launchBrowser();
    try {
      const tabletB = await launchBrowser();
      try {
        await openEnterMeals(tabletA.page);
        await openEnterMeals(tabletB.page);
        await tabletA.context.setOffline(true);
        await tabletB.context.setOffline(true);

        await recordLunch(tabletA.page, shared);
        await recordLunch(tabletB.page, shared);
        await recordLunch(tabletB.page, other);
        const [fromA] = await outboxEntries(tabletA.page);
        expect(await outboxCount(tabletA.page)).toBe(1);
        expect(await outboxCount(tabletB.page)).toBe(2);
        expect(fromA?.data).toMatchObject({ scholar_id: shared.id, meal_type: 'lunch' });

        // Tablet A reaches the server first.
        await tabletA.context.setOffline(false);
        await until('tablet A sent', async () => (await outboxCount(tabletA.page)) === 0);
        expect(await lunchesOn(shared, today())).toEqual([expect.objectContaining({ id: fromA?.data.id })]);

        await tabletB.context.setOffline(false);
        await until('the other lunch of tablet B applied', async () => (await lunchesOn(other, today())).length === 1);
        await tabletB.page
          .getByText(/1 needs attention/)
          .first()
          .waitFor({ timeout: 60_000 });
        const left = await outboxEntries(tabletB.page);
        expect(left).toEqual([
          expect.objectContaining({
            status: 'attention',
            resource: 'nslp_records',
            data: expect.objectContaining({ scholar_id: shared.id, meal_type: 'lunch' }),
          }),
        ]);
        expect(left[0]?.last_error).toBeTruthy();
        // Exactly one lunch for the scholar: tablet A's.
        expect(await lunchesOn(shared, today())).toEqual([
          expect.objectContaining({ id: fromA?.data.id, voided: false }),
        ]);
        expect(await lunchesOn(other, today())).toEqual([expect.objectContaining({ voided: false })]);
        // Tablet A has nothing waiting and nothing to look at.
        expect(await tabletA.page.getByText(/needs? attention/).count()).toBe(0);

        // Tablet B's device panel names the refused lunch in the school's words: the meal, the scholar, the time
        // on the school's clock, who recorded it and why, and no id anywhere.
        await tabletB.page.getByRole('button', { name: /Sync status and this device/ }).click();
        const panel = tabletB.page.getByRole('dialog', { name: 'This device' });
        const attention = panel.getByRole('region', { name: /^Needs attention/ });
        const servedAt = String(left[0]?.data.served_at ?? '');
        await attention
          .getByText(`Lunch · ${mealName(shared)} · ${clockText(servedAt, timeZone)}`, { exact: true })
          .waitFor();
        await attention.getByText('Recorded by Carmen Cafeteria', { exact: true }).waitFor();
        await attention
          .getByText(`${mealName(shared)} already has lunch recorded that day.`, { exact: false })
          .waitFor();
        const text = plain(await attention.textContent());
        expect(text).not.toMatch(/nslp_records|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
      } finally {
        await tabletB.close();
      }
    } finally {
      await tabletA.close();
    }
    lunchedToday.push(shared, other);
  }, 240_000);

  it('a second lunch the same day shows plainly as not counted and records nothing', async () => {
    const scholar = take();
    // A lunch another tablet recorded before this one opened the line.
    const elsewhere = take();
    const servedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const created = await api('nslp_records', {
      method: 'POST',
      body: JSON.stringify({
        id: crypto.randomUUID(),
        scholar_id: elsewhere.id,
        meal_type: 'lunch',
        served_at: servedAt,
      }),
    });
    expect(created.status).toBe(201);
    const elsewhereRecord = created.body.data as NslpRecord;

    await withBrowser(async ({ page }) => {
      await openEnterMeals(page);
      await recordLunch(page, scholar);
      await until('the lunch on the server', async () => (await lunchesOn(scholar, today())).length === 1);
      await until('the outbox emptied', async () => (await outboxCount(page)) === 0);
      const [first] = await lunchesOn(scholar, today());
      const count = await lunchCount(page);

      // Again on this tablet: the result says 'Had lunch', and the tap records nothing.
      const button = await findOnLine(page, scholar);
      await button.getByText('Had lunch', { exact: true }).waitFor();
      await button.click();
      expect(await outcome(page, scholar, 'Not counted')).toContain(
        `Already had lunch today at ${clockText(first?.served_at ?? '', timeZone)}. Nothing was recorded.`,
      );
      expect(await outboxCount(page)).toBe(0);

      // And the one recorded on another tablet, which this one pulled.
      const again = await findOnLine(page, elsewhere);
      await again.getByText('Had lunch', { exact: true }).waitFor({ timeout: 30_000 });
      await again.click();
      expect(await outcome(page, elsewhere, 'Not counted')).toContain(
        `Already had lunch today at ${clockText(elsewhereRecord.served_at, timeZone)}. Nothing was recorded.`,
      );

      await page.waitForTimeout(2000);
      expect(await outboxCount(page)).toBe(0);
      expect(await lunchCount(page)).toBe(count);
      expect(await lunchesOn(scholar, today())).toEqual([expect.objectContaining({ id: first?.id, voided: false })]);
      expect(await lunchesOn(elsewhere, today())).toEqual([
        expect.objectContaining({ id: elsewhereRecord.id, voided: false }),
      ]);
    });
  }, 180_000);
});

describe('Add Missing', () => {
  it('adds a lunch of an earlier school day with its reason, and refuses an empty reason on its field', async () => {
    // A scholar without a lunch on one of the seeded school days.
    const days = weekdaysBefore(today(), 10);
    let scholar: DemographicRecord | undefined;
    let day: string | undefined;
    for (let tries = 0; tries < 10 && !day; tries++) {
      scholar = take();
      const had = new Set((await serverMeals(api, scholar.id, { meal_type: 'lunch' })).map((r) => r.served_on));
      day = days.find((d) => !had.has(d));
    }
    if (!scholar || !day) throw new Error('no scholar without a lunch on a recent school day');
    const reason = 'Scanner was down; on the paper roster';

    await withBrowser(async ({ page }) => {
      await signInSlowly(page, server.url, CAFETERIA);
      await page.goto(`${server.url}/meals/add-meals-missing`);
      const form = page.getByRole('form', { name: 'Add a missing meal', exact: true });
      await form.waitFor({ timeout: 90_000 });
      await form.getByLabel(/^Day served/).fill(day as string);
      await form.getByLabel(/^Meal service/).selectOption('lunch');
      await form
        .getByRole('searchbox', { name: 'Find the scholar', exact: true })
        .fill(`${scholar?.lname} ${firstName(scholar as DemographicRecord).slice(0, 3)}`);
      await form.getByRole('combobox', { name: /^Scholar/ }).selectOption(scholar?.id as string);
      const reasonBox = form.getByRole('textbox', { name: /^Reason/ });

      // Only spaces: refused on the field, nothing sent.
      await reasonBox.fill('   ');
      await form.getByRole('button', { name: 'Add meal', exact: true }).click();
      await form.getByText('Say why the meal was not recorded at the line.', { exact: true }).waitFor();
      expect(await reasonBox.getAttribute('aria-invalid')).toBe('true');
      expect(plain(await form.getByRole('alert').textContent())).toContain(
        'This form is incomplete. Please correct the fields in red.',
      );
      expect(await lunchesOn(scholar as DemographicRecord, day as string)).toEqual([]);

      await reasonBox.fill(reason);
      expect(await form.getByText('Say why the meal was not recorded at the line.').count()).toBe(0);
      const sent = page.waitForResponse(
        (r) => r.url().endsWith('/api/v2/nslp_records') && r.request().method() === 'POST',
      );
      await form.getByRole('button', { name: 'Add meal', exact: true }).click();
      expect((await sent).status()).toBe(201);
      await form
        .getByRole('status')
        .getByText(`Lunch added for ${mealName(scholar as DemographicRecord)}.`, { exact: true })
        .waitFor();
      // Ready for the next one: scholar and reason cleared.
      expect(await reasonBox.inputValue()).toBe('');
      expect(await form.getByRole('combobox', { name: /^Scholar/ }).inputValue()).toBe('');
    });

    const records = await lunchesOn(scholar, day);
    expect(records).toEqual([
      expect.objectContaining({
        scholar_id: scholar.id,
        meal_type: 'lunch',
        served_on: day,
        added_as_missing: true,
        missing_reason: reason,
        voided: false,
      }),
    ]);
  }, 180_000);
});

describe('View Records', () => {
  it('voids a record with a reason: shown voided with the reason, voided on the server, listed with voided ones', async () => {
    // A seeded lunch of an earlier day.
    let scholar: DemographicRecord | undefined;
    let record: NslpRecord | undefined;
    for (let tries = 0; tries < 10 && !record; tries++) {
      scholar = take();
      record = (await serverMeals(api, scholar.id, { meal_type: 'lunch' })).find(
        (r) => !r.voided && !r.added_as_missing && r.served_on < today(),
      );
    }
    if (!scholar || !record) throw new Error('no seeded lunch found');
    const name = mealName(scholar);
    const reason = 'Scanned the wrong badge at the line';

    await withBrowser(async ({ page }) => {
      await openRecords(page, { from: record?.served_on as string, to: record?.served_on as string, meal: 'lunch' });
      const filters = page.getByRole('group', { name: 'Filters', exact: true });
      const search = filters.getByRole('searchbox', { name: 'Scholar', exact: true });
      await search.fill(`${scholar?.lname} ${scholar?.fname}`);
      await search.press('Enter');
      await filters.getByRole('button', { name: `Show only ${name}`, exact: true }).click();
      await filters.getByText(`Only ${name}`, { exact: true }).waitFor();

      const table = page.getByRole('table', { name: 'Meal records', exact: true });
      const rows = table.locator('tbody tr');
      const voidButton = table.getByRole('button', {
        name: `Void the lunch of ${name} on ${dayText(record?.served_on as string)}`,
        exact: true,
      });
      await voidButton.waitFor({ timeout: 30_000 });
      // The list of the day stays on screen while the scholar's own loads: wait for that one alone.
      await until('the scholar’s lunch alone', async () => (await rows.count()) === 1);
      await voidButton.click();

      const dialog = page.getByRole('alertdialog', { name: 'Void this meal?', exact: true });
      await dialog.waitFor();
      // No reason: refused under the field, nothing sent.
      await dialog.getByRole('button', { name: 'Void meal', exact: true }).click();
      await dialog.getByText('Voiding needs a reason.', { exact: true }).waitFor();
      expect((await api(`nslp_records/${record?.id}`)).body.data).toMatchObject({ voided: false });

      await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
      await dialog.getByRole('button', { name: 'Void meal', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`The lunch of ${name} was voided.`, { exact: true }).first().waitFor();
      // Left out of the list by default...
      await page.getByText('No meals recorded for these filters.', { exact: true }).waitFor({ timeout: 30_000 });

      // ...and listed, marked voided with the reason, when voided ones are included.
      const includeVoided = filters.getByRole('checkbox', { name: 'Include voided', exact: true });
      await filters.getByText('Include voided', { exact: true }).click();
      expect(await includeVoided.isChecked()).toBe(true);
      const voided = rows.filter({ hasText: name });
      await voided.getByText('Voided', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(1);
      expect(plain(await voided.textContent())).toContain(`Voided${reason}`);
      expect(await voided.getAttribute('data-voided')).toBe('true');
      expect(await voided.getByRole('button', { name: /^Void / }).count()).toBe(0);
    });

    const stored = (await api(`nslp_records/${record.id}`)).body.data as NslpRecord;
    expect(stored).toMatchObject({ id: record.id, voided: true, void_reason: reason });
    expect(stored.voided_at).toBeTruthy();
    expect(stored.voided_by).toBeTruthy();
    expect(await serverMeals(api, scholar.id, { served_on: record.served_on, meal_type: 'lunch' })).toEqual([
      expect.objectContaining({ id: record.id, voided: true }),
    ]);
    expect(
      await serverMealTotal(api, { scholar_id: scholar.id, served_on: record.served_on, meal_type: 'lunch' }),
    ).toBe(0);
  }, 180_000);

  it('shows the daily counts by category for the seeded weeks, with the flagged day as the server has it', async () => {
    const to = today();
    const from = daysBefore(to, 35);
    const expected = await serverDailyCounts(api, from, to);
    // The seed serves breakfast and lunch on its 15 school days before the day it ran, and puts every free-meal
    // scholar at lunch on the third most recent one.
    const seededFlag = weekdaysBefore(to, 3)[2] as string;
    const flaggedLunch = expected.find((d) => d.served_on === seededFlag && d.meal_type === 'lunch');
    expect(flaggedLunch).toMatchObject({ flagged: true, free: { flagged: true } });
    expect(flaggedLunch?.free.count).toBeGreaterThan(flaggedLunch?.free.limit ?? Number.POSITIVE_INFINITY);
    expect(expected.length).toBeGreaterThanOrEqual(30);
    const flaggedDays = expected.filter((d) => d.flagged);

    const n = (value: number) => value.toLocaleString('en-US');
    const categories = ['free', 'reduced', 'paid'] as const;
    const labels = { free: 'Free', reduced: 'Reduced-price', paid: 'Paid' };
    const rowsWanted = expected.map((d) => [
      dayText(d.served_on),
      d.meal_type === 'lunch' ? 'Lunch' : d.meal_type === 'breakfast' ? 'Breakfast' : d.meal_type,
      ...categories.map((c) =>
        [
          n(d[c].count),
          `limit ${n(d[c].limit)} of ${n(d[c].eligible)} eligible`,
          ...(d[c].flagged ? ['Above limit'] : []),
        ].join(' | '),
      ),
      n(d.total),
      [
        // A day the school calendar closed (Add Missing above may have put a lunch on Veterans Day): said first.
        ...(d.closed
          ? [
              d.closed.name ? `School closed: ${d.closed.name}` : 'School closed: weekend',
              d.closed.service ? `Meal service: ${d.closed.service}` : 'Not in the claim',
            ]
          : []),
        ...(d.flagged
          ? [
              `Above the limit: ${categories
                .filter((c) => d[c].flagged)
                .map((c) => labels[c])
                .join(', ')}`,
            ]
          : d.closed
            ? []
            : ['Within limits']),
      ].join(' | '),
    ]);

    await withBrowser(async ({ page }) => {
      // By category only for those who may see meal eligibility (the administrator here; the cafeteria sees totals).
      await openRecords(page, { from, to }, 'admin@demo.school');
      await page.getByRole('tab', { name: 'Daily counts', exact: true }).click();
      const table = page.getByRole('table', { name: 'Daily meal counts by category', exact: true });
      await table.waitFor({ timeout: 60_000 });
      await page
        .getByText(
          flaggedDays.length === 1 ? '1 day is above a limit.' : `${flaggedDays.length} days are above a limit.`,
          { exact: true },
        )
        .waitFor();
      await until(
        'the counts of the whole range',
        async () => (await table.locator('tbody tr').count()) === expected.length,
      );
      const shown = await table.locator('tbody tr').evaluateAll((rows) =>
        (rows as HTMLTableRowElement[]).map((row) =>
          [...row.cells].map((cell) => {
            const lines = [...cell.querySelectorAll('p')].map((p) => (p.textContent ?? '').trim());
            return lines.length > 0 ? lines.join(' | ') : (cell.textContent ?? '').trim();
          }),
        ),
      );
      expect(shown).toEqual(rowsWanted);

      // The seeded day, plainly: a warning in words on the day and on its free count.
      const flaggedRow = table
        .locator('tbody tr[data-flagged]')
        .filter({ hasText: dayText(seededFlag) })
        .filter({ hasText: 'Lunch' });
      expect(await flaggedRow.count()).toBe(1);
      expect(plain(await flaggedRow.textContent())).toContain('Above the limit: Free');
      expect(await table.locator('tbody tr[data-flagged]').count()).toBe(flaggedDays.length);

      const totals = await table
        .locator('tfoot tr')
        .evaluate((row) => [...(row as HTMLTableRowElement).cells].map((c) => (c.textContent ?? '').trim()));
      // The claim's totals add up the days in the claim only.
      const claimed = expected.filter((d) => d.in_claim);
      const sum = (pick: (d: (typeof expected)[number]) => number) => n(claimed.reduce((a, d) => a + pick(d), 0));
      expect(totals).toEqual([
        'Totals',
        sum((d) => d.free.count),
        sum((d) => d.reduced.count),
        sum((d) => d.paid.count),
        sum((d) => d.total),
        '',
      ]);
    });
  }, 180_000);
});

describe('View Who Ate', () => {
  it("shows today's lunch: a scholar recorded at the line under 'Ate', and the counts the server has", async () => {
    const scholar = lunchedToday[0];
    if (!scholar) throw new Error('no lunch was recorded today by the tests above');
    const [record] = await lunchesOn(scholar, today());
    expect(record).toMatchObject({ voided: false });
    const roster = await fetchRoster(api);
    const lunches: NslpRecord[] = (
      await api(`nslp_records?filter[served_on]=${today()}&filter[meal_type]=lunch&per_page=500`)
    ).body.data as NslpRecord[];
    const ate = new Set(lunches.map((r) => r.scholar_id));
    expect(ate.size).toBe(lunches.length);
    expect(ate.size).toBe(await serverMealTotal(api, { served_on: today(), meal_type: 'lunch' }));
    const shownScholars = roster.filter((s) => s.active || ate.has(s.id));
    const expectedOverall = `${ate.size} ate, ${shownScholars.length - ate.size} did not, ${shownScholars.length} in all`;

    await withBrowser(async ({ page }) => {
      await signInSlowly(page, server.url, CAFETERIA);
      await page.goto(`${server.url}/meals/view-who-ate`);
      const filters = page.getByRole('group', { name: 'Day, service and scholars', exact: true });
      await filters.waitFor({ timeout: 90_000 });
      expect(await filters.getByLabel('Day', { exact: true }).inputValue()).toBe(today());
      await filters.getByLabel('Service', { exact: true }).selectOption('lunch');
      const overall = page.getByRole('region', { name: 'Everyone shown', exact: true });
      await until(
        'the overall counts',
        async () => (await overall.count()) === 1 && plain(await overall.textContent()).includes(expectedOverall),
      );
      expect(plain(await overall.textContent())).toContain(
        `Ate: ${ate.size}Did not eat: ${shownScholars.length - ate.size}Total: ${shownScholars.length}`,
      );

      await filters.getByRole('searchbox', { name: 'Search a name', exact: true }).fill(mealName(scholar));
      const title = `Grade ${scholar.grade} · ${scholar.homeroom ?? 'No homeroom'}`;
      const ateList = page.getByRole('list', { name: `${title}: Ate`, exact: true });
      const item = ateList.getByRole('listitem').filter({ hasText: mealName(scholar) });
      await item.waitFor({ timeout: 30_000 });
      expect(plain(await item.textContent())).toContain(`Served at ${clockText(record?.served_at ?? '', timeZone)}`);
      expect(
        await page
          .getByRole('list', { name: `${title}: Did not eat`, exact: true })
          .getByText(mealName(scholar), { exact: true })
          .count(),
      ).toBe(0);
    });
  }, 180_000);
});
