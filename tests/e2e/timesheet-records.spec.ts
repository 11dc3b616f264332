/**
 * View Records and View Conferences in Chromium against the real server: a timekeeper adds a
 * conference evening for a teacher, changes its end with a reason (sent with the record's version), sees it in View
 * Conferences with its total, checks both screens on a 390×844 phone in Spanish (no sideways scroll, no serious axe
 * violation), and deletes it. The day used lies a year back (a record is never in the future), clear of the demo
 * school's records and pay periods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekday, shiftDate } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
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

/** The Thursday 52 weeks before this week's. */
function targetThursday(): string {
  const today = schoolClock(timeZone).day;
  return shiftDate(today, 4 - isoWeekday(today) - 52 * 7);
}

describe('timesheet records', () => {
  it('a timekeeper adds a conference evening, changes it with a reason, sees its total and deletes it', async () => {
    const day = targetThursday();
    const b = await launchBrowser({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const { page } = b;
    try {
      await signIn(page, server.url, 'timekeeper@demo.school');
      await page.goto(`${server.url}/timesheet/view-records?from=${day}&to=${day}`);
      await page.getByText('No records in these dates.').waitFor();

      await page.getByRole('button', { name: 'Add a record' }).click();
      const add = page.getByRole('dialog', { name: 'Add a record' });
      await add.getByRole('searchbox', { name: 'Staff member' }).fill('Terry');
      await add.getByRole('button', { name: 'Choose Terry Teacher' }).click();
      await add.getByLabel(/^Date/).fill(day);
      await add.getByLabel(/^Start/).fill('17:00');
      await add.getByLabel(/^End\s*\*?$/).fill('20:00');
      await add.getByLabel('Unpaid break (minutes)').fill('0');
      await add.getByLabel('Category').selectOption('conference');
      await add.getByLabel('Note').fill('Spring conference night');
      await add.getByText('Worked: 3:00').waitFor();
      await add.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Record of Teacher, Terry saved.').waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Teacher, Terry' });
      await row.getByText('3:00').waitFor();
      expect(await row.innerText()).toContain('5:00 PM');

      await row.getByRole('button', { name: /^Edit the record of Teacher, Terry/ }).click();
      const edit = page.getByRole('dialog', { name: 'Change the record of Teacher, Terry' });
      await edit.getByLabel(/^End\s*\*?$/).fill('20:30');
      const answered = page.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/api\/v2\/timesheets\/[^/]+$/.test(r.url()) && r.ok(),
      );
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByText('Say why the record is changed.').first().waitFor();
      await edit.getByLabel(/^Reason for the change/).fill('Stayed for a late family');
      await edit.getByRole('button', { name: 'Save' }).click();
      // The server applied it to the version on screen (1) and counts the next.
      expect(((await (await answered).json()) as { data: { version: number } }).data.version).toBe(2);
      await page.getByText('Record of Teacher, Terry saved.').waitFor();
      await row.getByText('3:30').waitFor();

      await page.goto(`${server.url}/timesheet/view-conferences?from=${day}&to=${day}`);
      await page.getByText('Total: 3:30 worked by 1 person over 1 date').waitFor();
      expect(await page.getByRole('region').filter({ hasText: 'Teacher, Terry' }).innerText()).toContain(
        '3:30 · 1 person',
      );

      // Both screens on a phone in Spanish, with the record on them.
      const problems: string[] = [];
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => localStorage.setItem('settings.language', 'es'));
      await page.reload();
      await page.getByText('Total: 3:30 trabajadas por 1 persona en 1 fecha').waitFor();
      await checkPhone(page, 'view-conferences es 390', problems);
      await page.goto(`${server.url}/timesheet/view-records?from=${day}&to=${day}`);
      await page.getByText('Spring conference night').waitFor();
      await checkPhone(page, 'view-records es 390', problems);
      expect(problems).toEqual([]);

      await page.getByRole('button', { name: /^Eliminar el registro de Teacher, Terry/ }).click();
      const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este registro?' });
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('No hay registros en estas fechas.').waitFor();
    } finally {
      await b.close();
    }
  }, 180_000);
});
