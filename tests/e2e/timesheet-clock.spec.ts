/**
 * Clocking from end to end in Chromium against the real server (its end-to-end test): the demo teacher's
 * badge clocks them in at the Arrivals kiosk while the kiosk is offline (saved on the device, sent once when the
 * connection returns); the teacher sees it on a 390×844 phone, clocks out there and submits the pay period; the
 * timekeeper sees the day in View Daily Combined and in View Grid, approves the period from the grid, and the record
 * can no longer be changed (the server answers 409, View Records shows it locked); then those screens and Add Record
 * on a 390×844 phone in Spanish: no sideways scroll, no serious or critical axe violation. The demo has nobody clocked in
 * today and leaves the demo teacher's current pay period open for this test.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimesheetRecord } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { type Api, apiToken, createApi, outboxCount, plain, schoolClock, until } from './lib/check-in';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let api: Api;
let teacherToken: string;
let timeZone: string;
beforeAll(async () => {
  server = await startDemoServer();
  api = createApi(
    () => server.url,
    () => teacherToken,
  );
  teacherToken = await apiToken(server.url, 'teacher@demo.school');
  timeZone = ((await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string }).time_zone;
});
afterAll(() => server?.stop());

/** The teacher's records of today, as the server has them (a staff member reads only their own). */
async function todaysRecords(): Promise<TimesheetRecord[]> {
  const today = schoolClock(timeZone).day;
  const answer = await api(`timesheets?filter[from]=${today}&filter[to]=${today}&per_page=100`);
  if (answer.status !== 200) throw new Error(`GET timesheets answered ${answer.status}`);
  return answer.body.data as TimesheetRecord[];
}

const kioskSearch = (page: Page) =>
  page.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });

describe('clocking in and out', () => {
  it('a teacher clocks in offline at the kiosk with a badge and out on a phone; the timekeeper approves, and the record is locked', async () => {
    expect(await todaysRecords()).toEqual([]);
    // ---- The teacher's phone: makes their badge on Add Record (the server answers its code this once).
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 } });
    let badge = '';
    try {
      await signIn(phone.page, server.url, 'teacher@demo.school');
      await phone.page.goto(`${server.url}/timesheet`);
      await phone.page.getByRole('button', { name: 'Make my badge', exact: true }).click();
      const issued = phone.page.waitForResponse((r) => r.url().endsWith('/api/v2/timesheets/badge') && r.ok());
      issued.catch(() => undefined);
      await phone.page.getByRole('alertdialog').getByRole('button', { name: 'Make my badge', exact: true }).click();
      badge = ((await (await issued).json()) as { data: { text: string } }).data.text;
      expect(badge).toMatch(/^STAFF:[\w-]{24}$/);
      await phone.page.getByRole('img', { name: /^Badge QR code of .*Terry/ }).waitFor();
    } catch (error) {
      await phone.close();
      throw error;
    }

    // ---- The kiosk, offline: the badge read is saved on the device and sent once the connection returns.
    const kiosk = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await signIn(kiosk.page, server.url, 'office@demo.school');
      await waitForServiceWorker(kiosk.page, 90_000);
      await kiosk.page.goto(`${server.url}/check-in`);
      await kioskSearch(kiosk.page).waitFor({ timeout: 90_000 });
      await kiosk.context.setOffline(true);
      await kiosk.page.getByText('Offline: what you record is kept on this device', { exact: false }).waitFor();
      // A badge scanner types the code into the search box.
      await kioskSearch(kiosk.page).fill(badge);
      await kiosk.page.getByRole('heading', { name: /^Badge read at \d{1,2}:\d{2} [AP]M$/ }).waitFor();
      await kiosk.page.getByText('Saved on this device.', { exact: false }).waitFor();
      expect(await outboxCount(kiosk.page)).toBe(1);
      expect(await todaysRecords()).toEqual([]);

      await kiosk.context.setOffline(false);
      await until('the punch left the outbox', async () => (await outboxCount(kiosk.page)) === 0);
      const records = await todaysRecords();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ method: 'badge', ended_at: null, category: 'regular' });
      // Once, a moment later too.
      await kiosk.page.waitForTimeout(1500);
      expect(await todaysRecords()).toHaveLength(1);
    } finally {
      await kiosk.close();
    }
    const [record] = await todaysRecords();
    if (!record) throw new Error('no record');
    const since = plain(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
        new Date(record.started_at),
      ),
    );

    // ---- The teacher's phone: clocked in since the kiosk's time; clock out, then submit the pay period.
    try {
      await phone.page.reload();
      await phone.page.getByText(`Clocked in since ${since}`, { exact: false }).waitFor({ timeout: 60_000 });
      await phone.page.getByRole('button', { name: 'Clock out', exact: true }).click();
      await phone.page.getByText(/Clocked out at \d{1,2}:\d{2}\s[AP]M\./).waitFor();
      await until('the clock-out reached the server', async () => (await todaysRecords())[0]?.ended_at != null);
      const closed = (await todaysRecords())[0];
      expect(closed).toMatchObject({ id: record.id, version: record.version + 1 });
      const submit = phone.page.getByRole('button', { name: 'Submit for approval', exact: true });
      await submit.click();
      // The confirmation with the period's summary; on the set clock (the 17th) the period runs to the 30th.
      const confirm = phone.page.getByRole('alertdialog');
      await confirm.getByText('This period has not ended yet.').waitFor();
      await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
      await phone.page.getByText('Pay period submitted for approval.').waitFor();
      expect(
        await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }

    // ---- The timekeeper: the day in Daily Combined and in the Grid; approves the period there.
    const desk = await launchBrowser({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
    try {
      const { page } = desk;
      const today = schoolClock(timeZone).day;
      await signIn(page, server.url, 'timekeeper@demo.school');
      await page.goto(`${server.url}/timesheet/view-group-by-date?range=dates&from=${today}&to=${today}`);
      const daily = page.getByRole('row').filter({ hasText: 'Teacher, Terry' });
      await daily.first().waitFor({ timeout: 60_000 });
      expect(plain(await daily.first().innerText())).toContain(since);

      await page.goto(`${server.url}/timesheet/view-grid?range=period`);
      const review = page.getByRole('button', { name: /^Submitted: review (this|the) pay period of Teacher, Terry/ });
      await review.first().waitFor({ timeout: 60_000 });
      await review.first().click();
      const dialog = page.getByRole('dialog', { name: 'Pay period of Teacher, Terry' });
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: /^Approved: review (this|the) pay period of Teacher, Terry/ })
        .first()
        .waitFor();
      // A few days: the grid's frame is as wide as its table, no empty band on the right.
      await page.goto(`${server.url}/timesheet/view-grid?range=dates&from=${today}&to=${today}`);
      const frame = page.locator('[data-scroll-box]').first();
      await frame.locator('table').waitFor({ timeout: 60_000 });
      const widths = await frame.evaluate((el) => ({
        frame: el.clientWidth,
        table: (el.querySelector('table') as HTMLTableElement).getBoundingClientRect().width,
      }));
      expect(Math.abs(widths.frame - widths.table)).toBeLessThanOrEqual(2);

      // ---- Locked: the server refuses a change, and View Records says so.
      const keeper = createApi(
        () => server.url,
        () => '',
      );
      const keeperToken = await apiToken(server.url, 'timekeeper@demo.school');
      const change = await keeper(`timesheets/${record.id}`, {
        method: 'PATCH',
        token: keeperToken,
        body: JSON.stringify({
          note: 'Changed after approval',
          base_version: record.version + 1,
          reason: 'A test of the lock',
        }),
      });
      expect(change.status, JSON.stringify(change.body)).toBe(409);
      await page.goto(`${server.url}/timesheet/view-records?from=${today}&to=${today}`);
      const row = page.getByRole('row').filter({ hasText: 'Teacher, Terry' });
      await row.getByText('Locked', { exact: true }).waitFor({ timeout: 30_000 });

      // ---- The timekeeper's screens of the day on a phone in Spanish, and their own Add Record with a badge.
      const problems: string[] = [];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => localStorage.setItem('settings.language', 'es'));
      const screens = [
        ['view-group-by-date', `?range=dates&from=${today}&to=${today}`],
        ['view-grid', '?range=period'],
        ['view-cumulative', ''],
      ] as const;
      for (const [path, query] of screens) {
        await page.goto(`${server.url}/timesheet/${path}${query}`);
        await page.getByRole('rowheader').filter({ hasText: 'Teacher, Terry' }).first().waitFor({ timeout: 60_000 });
        await checkPhone(page, `${path} es 390`, problems);
      }
      await page.goto(`${server.url}/timesheet`);
      await page.getByRole('button', { name: 'Crear mi credencial', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Crear mi credencial', exact: true }).click();
      await page.getByRole('img', { name: /Código QR de (la|su) credencial/ }).waitFor();
      // The confirmation closes with an exit animation: axe reads the page once it has gone.
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await checkPhone(page, 'add-record es 390', problems);
      expect(problems).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 300_000);
});
