/**
 * The Independent Study Learning Agreement from end to end on a 390×844 phone: the office
 * sends an agreement for the demo scholar; the scholar signs it on their phone (the form's messages first); offline
 * the sign button says so and keeps the typed name; the parent signs on the same phone through the parent login; the
 * supervising teacher countersigns on the staff screen; the signed PDF downloads on the teacher's screen and on the
 * scholar's phone. The portal screen (English at 390, Spanish at 360) and the staff screen have no serious or
 * critical axe violation.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInWithForm, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
const DURATION = 'End-to-end term';
let server: ServerProcess;
let agreementId: string;
const names = { scholar: '', parent: '', teacher: '' };

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v2/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
const login = async (email: string) => {
  const r = await api<{ token: string; user: { id: string; fname: string; lname: string } }>('auth/login', null, {
    email,
    password: 'demo',
  });
  return r;
};
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startDemoServer();
  const [office, scholar, parent, teacher] = await Promise.all([
    login('office@demo.school'),
    login('scholar@demo.school'),
    login('parent@demo.school'),
    login('teacher@demo.school'),
  ]);
  names.scholar = `${scholar.user.fname} ${scholar.user.lname}`;
  names.parent = `${parent.user.fname} ${parent.user.lname}`;
  names.teacher = `${teacher.user.fname} ${teacher.user.lname}`;
  const mine = await api<{ data: { id: string }[]; today: string }>('scholar/scholars', scholar.token);
  const begins = addDays(mine.today, 28);
  const created = await api<{ data: { id: string } }>('independent_study', office.token, {
    scholar_id: mine.data[0]?.id,
    duration: DURATION,
    begins_on: begins,
    ends_on: addDays(begins, 39),
    conference_on: addDays(mine.today, 2),
    conference_time: '15:30',
    conference_place: 'Room 4',
    teacher_id: teacher.user.id,
    courses: [{ subject: 'Mathematics', course: 'Math 8', grade_band: '7-12' }],
  });
  agreementId = created.data.id;
  await api(`independent_study/${agreementId}/send`, office.token, {});
}, 120_000);
afterAll(() => server?.stop());

const card = (page: Page) => page.getByRole('listitem').filter({ hasText: DURATION });

describe('the Independent Study Learning Agreement', () => {
  it('the scholar signs, the parent signs through the parent login, the teacher countersigns, the PDF downloads', async () => {
    const phone = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      const { page, context } = phone;
      await signIn(page, server.url, 'scholar@demo.school');
      await page.goto(`${server.url}/scholar/independent-study`);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: 'Independent Study' })
        .waitFor({ timeout: 60_000 });
      const mine = card(page);
      await mine.getByText('Awaiting scholar').waitFor({ timeout: 30_000 });
      await mine.getByRole('button', { name: 'Read the whole agreement' }).click();
      await mine.getByText(/No more than 20 school days pass/).waitFor();
      await checkPhone(page, '/scholar/independent-study en 390', problems);

      // The form's messages, then the scholar's signature.
      await mine.getByRole('button', { name: 'Electronically Sign' }).click();
      await mine.getByText('This form is incomplete. Please correct the fields in red.').waitFor();
      await mine.getByText('This field is required.').waitFor();
      await mine.getByLabel('Type your full name').fill('Someone Else');
      await mine.getByRole('button', { name: 'Electronically Sign' }).click();
      await mine.getByText('Type your full name as the school has it on record.').first().waitFor();
      await mine.getByLabel('Type your full name').fill(`  ${names.scholar.toLowerCase()} `);
      await mine.getByRole('button', { name: 'Electronically Sign' }).click();
      await mine.getByText('Awaiting parent').first().waitFor({ timeout: 30_000 });
      await mine.getByText('Signed. Thank you.').waitFor();
      await mine.getByRole('link', { name: 'Parent login' }).click();

      // The parent signs on the scholar's phone through the parent login; offline the button says so first.
      await page.getByLabel('Email', { exact: true }).waitFor({ timeout: 30_000 });
      await signInWithForm(page, 'parent@demo.school');
      // The parent login started from the agreement returns to the agreement.
      await page.waitForURL((url) => url.pathname === '/scholar/independent-study', { timeout: 30_000 });
      const theirs = card(page);
      await theirs.getByRole('heading', { name: 'Sign as Parent or guardian' }).waitFor({ timeout: 30_000 });
      await theirs.getByLabel('Type your full name').fill(names.parent);
      await context.setOffline(true);
      await theirs.getByRole('button', { name: 'Offline: signing needs a connection' }).waitFor();
      expect(await theirs.getByLabel('Type your full name').inputValue()).toBe(names.parent);
      await context.setOffline(false);
      await theirs.getByRole('button', { name: 'Electronically Sign' }).click();
      await theirs.getByText('Awaiting teacher').first().waitFor({ timeout: 30_000 });
      await theirs.getByText(/Waiting for the supervising teacher/).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await phone.close();
    }

    // The supervising teacher countersigns on the staff screen and downloads the PDF.
    const desk = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    try {
      const { page } = desk;
      await signIn(page, server.url, 'teacher@demo.school');
      await page.goto(`${server.url}/independent-study`);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: 'Independent Study' })
        .waitFor({ timeout: 60_000 });
      await page
        .getByRole('button', { name: new RegExp(`Open the agreement of ${names.scholar}`) })
        .first()
        .waitFor({
          timeout: 30_000,
        });
      await checkPhone(page, '/independent-study en 390', problems);
      await page.goto(`${server.url}/independent-study?id=${agreementId}`);
      await page.getByRole('heading', { name: 'Countersign as the supervising teacher' }).waitFor({ timeout: 30_000 });
      await page.getByLabel('Type your full name').fill(names.teacher);
      await page.getByRole('button', { name: 'Electronically Sign' }).click();
      await page.getByText('Countersigned. The agreement is signed.').waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^independent-study-\d+\.pdf$/);
      const path = await download.path();
      expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
      expect(problems).toEqual([]);
    } finally {
      await desk.close();
    }

    // The scholar's phone downloads the signed agreement too.
    const again = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    try {
      const { page } = again;
      await signIn(page, server.url, 'scholar@demo.school');
      await page.goto(`${server.url}/scholar/independent-study`);
      const signed = card(page);
      await signed.getByText('Signed', { exact: true }).waitFor({ timeout: 60_000 });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        signed.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(
        readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // In Spanish on a 360×740 phone: the agreement's texts translated, no sideways scroll, no serious axe violation.
      await page.evaluate(() => localStorage.setItem('settings.language', 'es'));
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${server.url}/scholar/independent-study`);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: 'Estudio Independiente' })
        .waitFor({ timeout: 30_000 });
      await card(page).getByRole('button', { name: 'Leer el acuerdo completo' }).click();
      await card(page)
        .getByText(/No pasan más de 20 días escolares/)
        .waitFor();
      await checkPhone(page, '/scholar/independent-study es 360', problems);
      expect(problems).toEqual([]);
    } finally {
      await again.close();
    }
  }, 400_000);
});
