/**
 * The work lists from end to end (its end-to-end test) in Chromium against the real server, on a 390×844
 * phone: the demo scholar opens the five lists from the portal's navigation (in the seed's order) and reads each
 * one's items under the day groups the contract gives them, each item opening the work in Classroom in a new tab, and
 * Home's work due today and tomorrow. The demo parent switches to the sibling, whose work this spec's copy of the
 * demo school has none of, and reads every list's empty state, then the combined missing and overdue work of the
 * family; on a second server with the whole demo school, the combined list holds both children's missing and overdue
 * work, each item under its day and saying whose; on a third, where the demo scholar has no work, the scholar signed
 * in on their own reads every list's empty state. Each screen: no sideways scroll, no serious or critical axe violation (the lists again at 360×740 in
 * Spanish).
 */
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import type { CombinedOverdueResponse, WorkListResponse } from '../../src/contract/scholar-work';
import { groupOf, listDateOf, type WorkListType } from '../../src/contract/work-lists';
import { signIn } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { type ServerProcess, seededDataDir, startServer } from './lib/server';

const PHONE = { width: 390, height: 844 };
const TITLES: Record<WorkListType, string> = {
  current: 'Current Work',
  overdue: 'Overdue Work',
  'missing-autowork': 'Missing AutoWork',
  completed: 'Completed Work',
  submissions: 'Show Submissions',
};
const SPANISH_TITLES: Record<WorkListType, string> = {
  current: 'Trabajo actual',
  overdue: 'Trabajo atrasado',
  'missing-autowork': 'AutoWork pendiente',
  completed: 'Trabajo completado',
  submissions: 'Ver entregas',
};
const EMPTY: Record<WorkListType, string> = {
  current: 'No work posted yet.',
  overdue: 'No overdue work.',
  'missing-autowork': 'No overdue AutoWork.',
  completed: 'No completed work yet.',
  submissions: 'Submissions up to date.',
};

let server: ServerProcess;
beforeAll(async () => {
  // A copy of the demo school in which the demo sibling has no work: their lists show the empty states.
  const dataDir = seededDataDir(inject('seededDataDir'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.db.execute(sql`
    DELETE FROM course_work_submissions WHERE scholar_id IN (
      SELECT g.scholar_id FROM guardianships g
      JOIN users p ON p.id = g.parent_id
      JOIN demographics d ON d.id = g.scholar_id
      WHERE p.email = 'parent@demo.school'
        AND d.user_id IS DISTINCT FROM (SELECT id FROM users WHERE email = 'scholar@demo.school'))`);
  await database.close();
  server = await startServer({ dataDir, env: { LOGIN_RATE_LIMIT: '200' } });
}, 120_000);
afterAll(() => server?.stop());

const heading = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('heading', { level: 1, name });

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A portal account's first scholar's id and a call of theirs to the API (the demo scholar's, by default). */
async function asScholar(
  email = 'scholar@demo.school',
  url = server.url,
): Promise<{ id: string; get: <T>(path: string) => Promise<T> }> {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const scholars = (await (await fetch(`${url}/api/v2/scholar/scholars`, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const get = async <T>(path: string) => (await (await fetch(`${url}/api/${path}`, { headers: auth })).json()) as T;
  return { id: scholars.data[0]?.id as string, get };
}

/** The demo scholar's list as the API answers it, for the titles and groups the screen must show. */
async function apiList(type: WorkListType): Promise<WorkListResponse> {
  const scholar = await asScholar();
  return scholar.get<WorkListResponse>(`v2/scholar/scholars/${scholar.id}/work?type=${type}`);
}

/** The English heading of the day group a piece of work falls in on the answer's today. */
function groupHeading(answer: WorkListResponse, item: WorkListResponse['data'][number]): RegExp {
  const group = groupOf(listDateOf(item, answer.type, answer.time_zone), answer.type, answer.today);
  const weekday = group.date
    ? new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${group.date}T00:00Z`))
    : '';
  const names = { today: 'Today', tomorrow: 'Tomorrow', weekday, later: 'Later', earlier: 'Earlier' };
  return group.kind === 'no_date' ? /^No due date$/ : new RegExp(`^${names[group.kind]}\\b`);
}

describe('the work lists on a phone', () => {
  it('the scholar reads their five lists by day, each item opening in Classroom; Home shows what is due soon', async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      const dueToday = page.getByRole('region', { name: 'Work due today' });
      await dueToday.getByRole('link', { name: /^Fractions practice/ }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('region', { name: 'Work due tomorrow' })
        .getByRole('link', { name: /^Chapter 4 quiz/ })
        .waitFor();
      await checkPhone(page, 'home', problems);

      // The entries in the seed's order, behind More on a phone.
      await page
        .getByRole('navigation', { name: 'Main entries' })
        .getByRole('button', { name: 'More entries' })
        .click();
      await page.getByRole('menuitem', { name: 'Show Submissions' }).waitFor({ timeout: 30_000 });
      const entries = (await page.getByRole('menuitem').allTextContents()).map((e) => e.trim());
      const work = Object.values(TITLES);
      expect(entries.filter((e) => work.includes(e))).toEqual(work);
      expect(entries.indexOf('Current Work')).toBeLessThan(entries.indexOf('Scholar Resources'));
      await page.getByRole('menuitem', { name: 'Current Work' }).click();

      for (const type of Object.keys(TITLES) as WorkListType[]) {
        if (type !== 'current') await page.goto(`${server.url}/scholar/work/${type}`);
        await heading(page, TITLES[type]).waitFor({ timeout: 30_000 });
        const answer = await apiList(type);
        expect(answer.data.length, type).toBeGreaterThan(0);
        for (const item of answer.data) {
          const link = page.getByRole('link', { name: new RegExp(`^${literal(item.title)}`) });
          await link.waitFor({ timeout: 30_000 });
          expect(await link.getAttribute('target')).toBe('_blank');
          expect(await link.getAttribute('href')).toBe(item.link);
          // The item sits in the section its day group heads.
          const section = link.locator('xpath=ancestor::section[1]');
          const name = await section.getByRole('heading', { level: 2 }).textContent();
          expect(name, `${type}: ${item.title}`).toMatch(groupHeading(answer, item));
        }
        if (type === 'submissions') {
          await page.getByText('Grade: 18 / 20').waitFor();
          await page
            .getByText(/^Not returned yet/)
            .first()
            .waitFor();
        }
        if (type === 'missing-autowork') expect(await page.getByText('AutoWork', { exact: true }).count()).toBe(2);
        await checkPhone(page, `/scholar/work/${type}`, problems);
      }
      // The smaller phone, in Spanish.
      await page.evaluate(() => localStorage.setItem('settings.language', 'es'));
      await page.setViewportSize({ width: 360, height: 740 });
      for (const [type, title] of Object.entries(SPANISH_TITLES)) {
        await page.goto(`${server.url}/scholar/work/${type}`);
        await heading(page, title).waitFor({ timeout: 30_000 });
        await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
        await checkPhone(page, `/scholar/work/${type} es 360`, problems);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it("the parent reads the sibling's empty lists, then the family's missing and overdue work in one list", async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'parent@demo.school');
      const switcher = page.getByLabel('Scholar', { exact: true });
      await switcher.waitFor({ timeout: 60_000 });
      // The sibling is the child who is not the demo scholar; this copy of the school has no work of theirs.
      const { id: scholarId } = await asScholar();
      const options = await switcher.locator('option').all();
      const family = await Promise.all(
        options.map(async (o) => ({
          id: (await o.getAttribute('value')) as string,
          name: ((await o.textContent()) ?? '').replace(/\s*\(grade.*$/, ''),
        })),
      );
      const scholar = family.find((s) => s.id === scholarId);
      const sibling = family.find((s) => s.id !== scholarId);
      if (!scholar || !sibling) throw new Error(`the demo family is not two children: ${JSON.stringify(family)}`);
      await switcher.selectOption(sibling.id);
      for (const type of Object.keys(TITLES) as WorkListType[]) {
        await page.goto(`${server.url}/scholar/work/${type}`);
        await heading(page, TITLES[type]).waitFor({ timeout: 30_000 });
        await page.getByText(EMPTY[type], { exact: true }).waitFor({ timeout: 30_000 });
        if (type === 'overdue') await checkPhone(page, `parent ${type} empty`, problems);
      }
      expect(await switcher.inputValue()).toBe(sibling.id);

      // All their children: the family's overdue work (the demo scholar's, in this copy), each item saying whose.
      await page.goto(`${server.url}/scholar/work/overdue`);
      await page.getByText(EMPTY.overdue, { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByText('All my children', { exact: true }).click();
      await page.waitForURL((url) => url.search === '?children=all');
      const report = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^Book report draft/ }) });
      await report.waitFor({ timeout: 30_000 });
      expect(await report.textContent()).toContain(`For ${scholar.name}`);
      await page.getByRole('link', { name: /^Unit 3 review/ }).waitFor();
      expect(await page.getByText(`For ${sibling.name}`).count()).toBe(0);
      await checkPhone(page, 'parent combined', problems);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it("a scholar signed in on their own, with no work posted, reads each list's empty state", async () => {
    // A copy of the demo school in which the demo scholar has no work.
    const dataDir = seededDataDir(inject('seededDataDir'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.db.execute(sql`
      DELETE FROM course_work_submissions WHERE scholar_id IN (
        SELECT d.id FROM demographics d JOIN users u ON u.id = d.user_id WHERE u.email = 'scholar@demo.school')`);
    await database.close();
    const empty = await startServer({ dataDir, env: { LOGIN_RATE_LIMIT: '200' } });
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, empty.url, 'scholar@demo.school');
      await heading(page, 'Home').waitFor({ timeout: 60_000 });
      for (const type of Object.keys(TITLES) as WorkListType[]) {
        await page.goto(`${empty.url}/scholar/work/${type}`);
        await heading(page, TITLES[type]).waitFor({ timeout: 30_000 });
        await page.getByText(EMPTY[type], { exact: true }).waitFor({ timeout: 30_000 });
        expect(
          await page
            .getByRole('main')
            .getByRole('link', { name: /Google Classroom/ })
            .count(),
          type,
        ).toBe(0);
        await checkPhone(page, `scholar ${type} empty`, problems);
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
      await empty.stop();
    }
  }, 240_000);

  it("the parent's combined list holds every child's missing and overdue work, by day, each saying whose", async () => {
    // The whole demo school, where the sibling has work of their own.
    const whole = await startServer({
      dataDir: seededDataDir(inject('seededDataDir')),
      env: { LOGIN_RATE_LIMIT: '200' },
    });
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      const parent = await asScholar('parent@demo.school', whole.url);
      const answer = await parent.get<CombinedOverdueResponse>('v2/scholar/work/overdue');
      const names = new Map(answer.scholars.map((s) => [s.id, `${s.nickname ?? s.fname} ${s.lname}`]));
      expect(names.size).toBe(2);
      // Both children have missing or overdue work in the demo school.
      expect(new Set(answer.data.map((item) => item.scholar_id))).toEqual(new Set(names.keys()));
      expect(answer.meta.total).toBe(answer.data.length);

      await signIn(page, whole.url, 'parent@demo.school');
      await page.getByLabel('Scholar', { exact: true }).waitFor({ timeout: 60_000 });
      await page.goto(`${whole.url}/scholar/work/overdue?children=all`);
      await heading(page, TITLES.overdue).waitFor({ timeout: 30_000 });
      const asList = { ...answer, type: 'overdue' as const, scholar_id: '' };
      for (const item of answer.data) {
        const whose = `For ${names.get(item.scholar_id)}`;
        const entry = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: new RegExp(`^${literal(item.title)}`) }) })
          .filter({ hasText: whose });
        await entry.first().waitFor({ timeout: 30_000 });
        const link = entry.first().getByRole('link', { name: new RegExp(`^${literal(item.title)}`) });
        expect(await link.getAttribute('href')).toBe(item.link);
        expect(await link.getAttribute('target')).toBe('_blank');
        const section = entry.first().locator('xpath=ancestor::section[1]');
        const group = await section.getByRole('heading', { level: 2 }).textContent();
        expect(group, `${whose}: ${item.title}`).toMatch(groupHeading(asList, item));
      }
      // One entry per piece of work and child.
      expect(await page.getByRole('main').getByRole('listitem').count()).toBe(answer.data.length);
      await checkPhone(page, 'parent combined, both children', problems);
      expect(problems).toEqual([]);
    } finally {
      await close();
      await whole.stop();
    }
  }, 240_000);
});
