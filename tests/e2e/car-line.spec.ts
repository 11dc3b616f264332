/**
 * The car line from end to end in Chromium against the real server. The run's clock is 11:40 at the school
 * (scripts/e2e-clock.mjs), so the school's dismissal window is set around it first (School Settings' API). A parent
 * on a 390×844 phone taps I'm here, and both of their children appear on the classroom's queue screen
 * (/sign-out/queue, the teacher's tablet), which still shows them after a reload; the front office signs them out at
 * the curb (the pick-up line, where the walking-out list has them), and they leave the queue. The new screens have no
 * sideways scroll and no serious or critical axe violation at 360×740 and 390×844 in English and Spanish.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorizedPickUpRecord } from '../../src/contract';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { apiToken, kioskName, until } from './lib/check-in';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
const SMALL = { width: 360, height: 740 };
let server: ServerProcess;
let office: string;
let parentToken: string;
let children: { id: string; name: string }[] = [];

const call = async (token: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${server.url}/api/v2/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  server = await startDemoServer();
  const admin = await apiToken(server.url, 'admin@demo.school');
  office = await apiToken(server.url, 'office@demo.school');
  parentToken = await apiToken(server.url, 'parent@demo.school');
  // The window around the run's 11:40: the server's clock is inside it.
  const settings = await call(admin, 'school_settings', {
    method: 'POST',
    body: { car_line_start: '11:00', car_line_end: '13:30' },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const mine = await call(parentToken, 'scholar/scholars');
  const data = mine.body.data as { id: string; fname: string; nickname: string | null; lname: string }[];
  children = data.map((c) => ({ id: c.id, name: kioskName(c) }));
  expect(children.length).toBeGreaterThanOrEqual(2);
}, 180_000);
afterAll(() => server?.stop());

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name });

/** Checks the page at both phone sizes in both languages, reloading it each time and waiting for `ready`. */
async function everyPhone(page: Page, where: string, ready: (language: 'en' | 'es') => Promise<void>) {
  const problems: string[] = [];
  for (const [language, viewport] of [
    ['en', PHONE],
    ['en', SMALL],
    ['es', SMALL],
    ['es', PHONE],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
    await page.setViewportSize(viewport);
    await page.reload();
    await ready(language);
    await checkPhone(page, `${where} ${language} ${viewport.width}`, problems);
  }
  await page.evaluate(() => localStorage.setItem('settings.language', 'en'));
  await page.reload();
  await ready('en');
  return problems;
}

describe('The car line', () => {
  it("a parent's I'm here puts both children on the classroom queue; the curb's sign-out takes them off", async () => {
    const phone = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      const page = phone.page;
      await signIn(page, server.url, 'parent@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      await page.goto(`${server.url}/scholar/car-line`);
      await heading(page, 'Car Line').waitFor({ timeout: 30_000 });
      await page.getByText('The car line is open from 11:00 AM to 1:30 PM.').waitFor({ timeout: 30_000 });
      problems.push(
        ...(await everyPhone(page, 'car line before', async (language) => {
          await heading(page, language === 'es' ? 'Fila de autos' : 'Car Line').waitFor({ timeout: 30_000 });
          await page.getByRole('button', { name: language === 'es' ? 'Ya llegué' : "I'm here" }).waitFor();
        })),
      );
      await page.getByRole('button', { name: "I'm here" }).click();
      await page.getByText('The school knows you are here. Your children are being called out.').waitFor({
        timeout: 30_000,
      });
      for (const child of children) {
        await page
          .getByRole('listitem')
          .filter({ hasText: child.name })
          .getByText(/^Called at /)
          .waitFor();
      }
      await checkPhone(page, 'car line after en 390', problems);
    } finally {
      await phone.close();
    }

    // The classroom's screen, on the teacher's tablet (the pick-up line's permission).
    const classroom = await launchBrowser({ viewport: { width: 1024, height: 768 }, bypassCSP: true });
    try {
      const page = classroom.page;
      await signIn(page, server.url, 'teacher@demo.school');
      await page.goto(`${server.url}/sign-out/queue`);
      await heading(page, 'Car Line Queue').waitFor({ timeout: 60_000 });
      const queue = page.getByRole('list', { name: 'Car Line Queue' });
      for (const child of children) await queue.getByText(child.name, { exact: true }).waitFor({ timeout: 90_000 });
      // The queue survives a reload: the device's copy shows it at once, the server's answer keeps it.
      await page.reload();
      for (const child of children) await queue.getByText(child.name, { exact: true }).waitFor({ timeout: 60_000 });
      problems.push(
        ...(await everyPhone(page, 'queue', async (language) => {
          const title = language === 'es' ? 'Fila de autos (salones)' : 'Car Line Queue';
          await heading(page, title).waitFor({ timeout: 60_000 });
          await page
            .getByRole('list', { name: language === 'es' ? 'Fila de autos' : 'Car Line Queue' })
            .getByText(children[0]?.name as string, { exact: true })
            .waitFor({ timeout: 60_000 });
        })),
      );
      await page.setViewportSize({ width: 1024, height: 768 });

      // The curb (the front office's tablet): the walking-out list has them; each sign-out takes one off.
      const curb = await launchBrowser({ viewport: { width: 1024, height: 1366 } });
      try {
        const line = curb.page;
        await signIn(line, server.url, 'office@demo.school');
        await line.goto(`${server.url}/sign-out`);
        const search = line.getByRole('searchbox', { name: 'Find a scholar by name or student number', exact: true });
        await search.waitFor({ timeout: 90_000 });
        const walking = line.getByRole('list', { name: 'Walking out' });
        for (const child of children) await walking.getByText(child.name, { exact: true }).waitFor({ timeout: 60_000 });
        for (const child of children) {
          const adults = (await call(office, `authorized_pick_ups?filter[scholar_id]=${child.id}&filter[active]=true`))
            .body.data as AuthorizedPickUpRecord[];
          const adult = adults.find((a) => a.status === 'authorized' && !a.valid_from && !a.valid_until) as
            | AuthorizedPickUpRecord
            | undefined;
          expect(adult, `an authorized adult of ${child.name}`).toBeDefined();
          await search.fill(child.name);
          await line.getByRole('button', { name: `Open the pick-up list of ${child.name}`, exact: true }).click();
          await line
            .getByRole('button', { name: `Sign ${child.name} out with ${adult?.full_name}`, exact: true })
            .click({ timeout: 60_000 });
          await line.getByRole('button', { name: 'Tap anywhere to continue', exact: true }).click({ timeout: 30_000 });
          await walking.getByText(child.name, { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
        }
        // The sign-outs reach the server from the curb's outbox, which takes the children off the queue.
        await until('the queue empty on the server', async () => {
          const res = await call(office, 'car_line/queue');
          return (res.body.data as unknown[]).length === 0;
        });
      } finally {
        await curb.close();
      }
      // The classroom's next pull drops them.
      await page
        .getByText('No one is waiting. Children appear here when their family arrives.')
        .waitFor({ timeout: 60_000 });
    } finally {
      await classroom.close();
    }
    expect(problems).toEqual([]);
  }, 480_000);
});
