/**
 * The device panel in the school's words, in Chromium against the real server on a copy of the demo
 * school: the cafeteria records a lunch offline while the same scholar's lunch reaches the server another way; back
 * online, the server refuses the device's one, and the panel names it as a cafeteria manager says it (the meal, the
 * scholar, the time on the school's clock, who recorded it and why, with what to do), in English and in Spanish, with
 * no id anywhere. While it waits offline, the waiting list names it the same way.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemographicRecord, SessionUser } from '../../src/contract';
import { startDemoServer } from './lib/app';
import { launchBrowser } from './lib/browser';
import { apiToken, clockText, createApi, fetchRoster, plain, schoolClock, until } from './lib/check-in';
import { waitForServiceWorker } from './lib/installability';
import { mealName, outboxEntries, serverMeals, signInSlowly } from './lib/meals';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
/** The school's time zone: the panel gives times on the school's clock. */
let timeZone: string;
/** The cafeteria manager's name as the app shows it. */
let cafeteriaName: string;
let roster: DemographicRecord[] = [];
const api = createApi(
  () => server.url,
  () => adminToken,
);
const CAFETERIA = 'cafeteria@demo.school';

/** Any id the device or the server makes (UUIDs), or a resource's table name. */
const ANY_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|nslp_records|scholar_id|recorded_by/i;

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  const check = await api('auth/check', { method: 'GET', token: await apiToken(server.url, CAFETERIA) });
  const user = check.body.user as SessionUser;
  cafeteriaName = `${user.nickname ?? user.fname} ${user.lname}`;
  const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string };
  timeZone = config.time_zone;
  roster = await fetchRoster(api);
});
afterAll(() => server?.stop());

/** An active scholar whose name no other scholar shares (the line finds them by name) and who has no lunch today. */
async function scholarWithoutLunch(): Promise<DemographicRecord> {
  const seen = new Map<string, number>();
  for (const s of roster) seen.set(mealName(s), (seen.get(mealName(s)) ?? 0) + 1);
  const today = schoolClock(timeZone).day;
  for (const s of roster.filter((r) => r.active && seen.get(mealName(r)) === 1)) {
    if ((await serverMeals(api, s.id, { served_on: today, meal_type: 'lunch' })).length === 0) return s;
  }
  throw new Error('no scholar without a lunch today');
}

const lineSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });

/** Signs in as the cafeteria and opens Enter Meals on Lunch, with the service worker and the roster on the device. */
async function openEnterMeals(page: Page) {
  await signInSlowly(page, server.url, CAFETERIA);
  // The connection goes: the service worker must have the app (and the panel's chunk) first.
  await waitForServiceWorker(page, 90_000);
  await page.goto(`${server.url}/meals`);
  await lineSearch(page).waitFor({ timeout: 90_000 });
  const services = page.getByRole('group', { name: 'Meal service', exact: true });
  await services.getByRole('button', { name: 'Lunch', exact: true }).click();
  await page.getByText(/^Lunch today: \d+ meals?$/).waitFor();
}

/** Opens the device panel from the app bar's sync indicator; answers the drawer. */
async function openPanel(page: Page, button: RegExp, title: string): Promise<Locator> {
  await page.getByRole('button', { name: button }).click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.waitFor();
  return panel;
}

/** When the device's one outbox entry was recorded (ISO 8601), read from IndexedDB as the app stores it. */
const recordedAt = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(String((req.result as { recorded_at?: string }[])[0]?.recorded_at ?? ''));
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/**
 * The text lines (paragraphs) of the one item of a needs-attention list, once they are these (the scholar's name comes
 * from the device's roster, which a pull may be rewriting as the panel opens); the last lines read when they never are.
 */
async function itemLines(attention: Locator, expected: readonly string[]): Promise<string[]> {
  const item = attention.getByRole('listitem');
  await item.waitFor();
  const read = async () => (await item.locator('p').allTextContents()).map(plain);
  let lines = await read();
  for (let tries = 0; tries < 50 && JSON.stringify(lines) !== JSON.stringify(expected); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    lines = await read();
  }
  return lines;
}

describe('device panel', () => {
  it('names a refused lunch by meal, scholar, time and recorder, with the reason in words, in English and Spanish', async () => {
    const scholar = await scholarWithoutLunch();
    const name = mealName(scholar);
    const b = await launchBrowser();
    try {
      const { page, context } = b;
      await openEnterMeals(page);

      // Offline, the cafeteria records the scholar's lunch: the device keeps it.
      await context.setOffline(true);
      await lineSearch(page).fill(`${scholar.lname} ${(scholar.nickname || scholar.fname).slice(0, 3)}`);
      await page.getByRole('button', { name: `Record lunch for ${name}`, exact: true }).click();
      await page.getByText('Lunch counted', { exact: true }).waitFor({ timeout: 15_000 });
      await until('the lunch in the outbox', async () => (await outboxEntries(page)).length === 1);
      const [entry] = await outboxEntries(page);
      const servedAt = String(entry?.data.served_at ?? '');
      expect(entry).toMatchObject({
        resource: 'nslp_records',
        data: expect.objectContaining({ scholar_id: scholar.id }),
      });
      const title = `Lunch · ${name} · ${clockText(servedAt, timeZone)}`;

      // While it waits, the panel's waiting list names it the same way.
      let panel = await openPanel(page, /Sync status and this device/, 'This device');
      const waiting = panel.getByRole('region', { name: /^Waiting to send/ });
      const row = waiting.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      const [what, recorded, state] = (await row.getByRole('cell').allTextContents()).map(plain);
      expect(what).toBe(`${title}Recorded by ${cafeteriaName}`);
      // When it was recorded, on the school's clock (not the device's), and how sending goes, in words.
      const onSchoolClock = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone });
      expect(recorded).toBe(plain(onSchoolClock.format(new Date(await recordedAt(page)))));
      expect(state).toMatch(/^(Not sent yet\.|Tried (once|\d+ times)\. The server could not be reached\. .+)$/);
      expect(plain(await waiting.textContent())).not.toMatch(ANY_ID);
      // The storage part says what is at stake in the same words: the one entry waiting here.
      expect(plain(await panel.getByRole('region', { name: 'Storage' }).textContent())).toMatch(
        /keeps the 1 entry waiting here safe until it is sent|may delete the 1 entry not yet sent/,
      );
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      // Meanwhile the scholar's lunch reaches the server from another station.
      const created = await api('nslp_records', {
        method: 'POST',
        body: JSON.stringify({
          id: crypto.randomUUID(),
          scholar_id: scholar.id,
          meal_type: 'lunch',
          served_at: new Date().toISOString(),
        }),
      });
      expect(created.status).toBe(201);

      // Back online, the server refuses the device's lunch: it needs a person.
      await context.setOffline(false);
      await until('the lunch in needs attention', async () =>
        (await outboxEntries(page)).some((e) => e.status === 'attention'),
      );
      await page
        .getByText(/1 needs attention/)
        .first()
        .waitFor({ timeout: 60_000 });

      panel = await openPanel(page, /Sync status and this device/, 'This device');
      const attention = panel.getByRole('region', { name: /^Needs attention/ });
      const englishLines = [
        title,
        `Recorded by ${cafeteriaName}`,
        `${name} already has lunch recorded that day. Discard this one unless the other is a mistake.`,
        'Already on the server',
      ];
      expect(await itemLines(attention, englishLines)).toEqual(englishLines);
      await panel
        .getByRole('region', { name: /^Waiting to send/ })
        .getByText('Nothing is waiting to be sent.')
        .waitFor();
      expect(plain(await panel.textContent())).not.toMatch(ANY_ID);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      // The same in Spanish, with the time as Spanish writes it.
      await page.evaluate(() => localStorage.setItem('settings.language', 'es'));
      await page.reload();
      await page
        .getByText(/1 requiere atención/)
        .first()
        .waitFor({ timeout: 90_000 });
      panel = await openPanel(page, /Estado de sincronización y este dispositivo/, 'Este dispositivo');
      const hora = plain(
        new Intl.DateTimeFormat('es', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(servedAt)),
      );
      const spanishLines = [
        `Almuerzo · ${name} · ${hora}`,
        `Anotado por ${cafeteriaName}`,
        `${name} ya tiene almuerzo anotado ese día. Descarte este, salvo que el otro sea un error.`,
        'Ya está en el servidor',
      ];
      expect(await itemLines(panel.getByRole('region', { name: /^Requieren atención/ }), spanishLines)).toEqual(
        spanishLines,
      );
      expect(plain(await panel.textContent())).not.toMatch(ANY_ID);
    } finally {
      await b.close();
    }
  }, 300_000);
});
