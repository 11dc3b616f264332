/**
 * Timesheet schedules in Chromium against the real server: a timekeeper sets a staff member's default week,
 * a part day off and special hours on screen, and View Single shows each day's hours, its reason and the week's total.
 * Then the four screens with a person chosen, on two phones, in English and Spanish: nothing scrolls sideways and axe
 * finds no serious or critical violation. The week used lies a year ahead, clear of the demo school's calendar.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday, shiftDate } from '../../src/contract';
import { openInApp, signIn, startDemoServer } from './lib/app';
import { seriousViolations, sidewaysScroll } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { schoolClock } from './lib/check-in';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
/** The school's time zone: the week is the school's, not the machine's UTC one. */
let timeZone: string;
beforeAll(async () => {
  server = await startDemoServer();
  timeZone = ((await (await fetch(`${server.url}/api/v2/config`)).json()) as { time_zone: string }).time_zone;
});
afterAll(() => server?.stop());

/** The Monday 53 weeks after this week's: a week no demo holiday, day off or special hours touch. */
function targetMonday(): string {
  const today = schoolClock(timeZone).day;
  return shiftDate(today, 1 - isoWeekday(today) + 53 * 7);
}

/** Finds a staff member with the screen's staff picker and chooses them. */
async function choosePerson(page: Page | Locator, search: string, name: string) {
  await page.getByRole('searchbox').first().fill(search);
  await page.getByRole('button', { name: `Choose ${name}` }).click();
}

describe('timesheet schedule', () => {
  it('a timekeeper sets a default week, a part day off and special hours, and View Single adds them up', async () => {
    const monday = targetMonday();
    const [tuesday, wednesday] = [shiftDate(monday, 1), shiftDate(monday, 2)];
    const b = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    const { page } = b;
    try {
      await signIn(page, server.url, 'timekeeper@demo.school');
      await page.goto(`${server.url}/timesheet-schedule`);
      await page.getByRole('heading', { level: 1, name: 'Edit Defaults' }).waitFor();
      await choosePerson(page, 'Terry', 'Terry Teacher');

      // A new week from the target Monday: Monday until 17:45, Friday off.
      await page.getByLabel('Effective from', { exact: true }).fill(monday);
      await page.getByLabel('Monday end').fill('17:45');
      await page.getByRole('group', { name: 'Friday' }).getByRole('checkbox').uncheck({ force: true });
      await page.getByText('Week total 32:00').waitFor();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/v2/timesheet_schedules') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save the week' }).click();
      expect((await saved).status()).toBe(201);
      await page.getByText(/^Default week of Terry Teacher from .* saved\.$/).waitFor();

      // A vacation afternoon on the Tuesday, from 12:00 to the end of the day.
      await page.goto(`${server.url}/timesheet-schedule/edit-days-off?tab=staff`);
      await choosePerson(page, 'Terry', 'Terry Teacher');
      await page.getByRole('button', { name: 'Add a day off' }).click();
      const dayOff = page.getByRole('dialog', { name: 'Add a day off for Terry Teacher' });
      await dayOff.getByText('Part of the day').click();
      await dayOff.getByLabel('Date', { exact: true }).fill(tuesday);
      await dayOff.getByLabel('Off from').fill('12:00');
      await dayOff.getByLabel('Off until').fill('15:45');
      await dayOff.getByLabel('Note (optional)').fill('Dentist');
      await dayOff.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Day off of Terry Teacher saved.').waitFor();

      // An open house from 17:00 to 20:00 on the Wednesday, for Terry only.
      // On a 768 px tall laptop the dialog fits: its title and its Save on screen, the form scrolling between them.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(`${server.url}/timesheet-schedule/edit-special`);
      await page.getByRole('button', { name: 'Add special hours' }).click();
      const special = page.getByRole('dialog', { name: 'Add special hours' });
      const onScreen = async () => {
        const dialog = await special.boundingBox();
        const save = await special.getByRole('button', { name: 'Save' }).boundingBox();
        return Boolean(
          dialog && save && dialog.y >= 0 && dialog.y + dialog.height <= 768 && save.y + save.height <= 768,
        );
      };
      await special.getByLabel('Name', { exact: true }).waitFor();
      expect(await onScreen()).toBe(true);
      await special.getByLabel('Name', { exact: true }).fill('Open house');
      await special.getByLabel('Date', { exact: true }).fill(wednesday);
      await special.getByLabel('Start', { exact: true }).fill('17:00');
      await special.getByLabel('End', { exact: true }).fill('20:00');
      await special.getByText('Paid hours: 3:00').waitFor();
      await choosePerson(special, 'Terry', 'Terry Teacher');
      expect(await onScreen()).toBe(true);
      await special.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Open house saved.').waitFor();

      await page.goto(`${server.url}/timesheet-schedule/view-single`);
      await choosePerson(page, 'Terry', 'Terry Teacher');
      await page.goto(`${page.url()}&view=week&date=${monday}`);
      // Monday 9:30, Tuesday 4:15 (07:45–12:00 left, no lunch break), Wednesday 7:30 + 3:00, Thursday 7:30, Friday off.
      await page.getByText('Expected this week: 31:45 over 4 days').waitFor();
      await page.getByText('Vacation, 12:00–15:45 (−3:15): Dentist').waitFor();
      await page.getByText('Open house 17:00–20:00 added').waitFor();
    } finally {
      await b.close();
    }
  }, 120_000);

  it('fits two phones in English and Spanish with a person chosen, and passes axe', async () => {
    const b = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const { page } = b;
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'timekeeper@demo.school');
      await page.goto(`${server.url}/timesheet-schedule/view-single`);
      await choosePerson(page, 'Terry', 'Terry Teacher');
      const staff = new URL(page.url()).searchParams.get('staff');
      const screens = [
        `/timesheet-schedule?staff=${staff}`,
        `/timesheet-schedule/edit-days-off?month=2026-11-15`,
        `/timesheet-schedule/edit-days-off?tab=staff&staff=${staff}`,
        `/timesheet-schedule/edit-days-off?tab=pay`,
        `/timesheet-schedule/edit-special?staff=${staff}`,
        `/timesheet-schedule/view-single?staff=${staff}&view=month`,
        `/timesheet-schedule/view-single?staff=${staff}&view=week`,
      ];
      // The app loads once a language; its screens are then opened in the app, as its links open them, at each phone.
      for (const language of ['en', 'es']) {
        await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
        await page.reload();
        await page.locator('main h1').waitFor();
        for (const [width, height] of [
          [360, 740],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          for (const path of screens) {
            await openInApp(page, path);
            expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
            await page.locator('main h1').waitFor();
            if (path.includes('staff='))
              await page
                .getByText(/Terry Teacher/)
                .first()
                .waitFor();
            await page.waitForTimeout(500);
            const where = `${path} ${width}×${height} ${language}`;
            const scroll = await sidewaysScroll(page);
            if (scroll > 0) problems.push(`${where}: scrolls ${scroll}px sideways`);
            for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
          }
        }
      }
    } finally {
      await b.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
