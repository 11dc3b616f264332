/**
 * Sync hardening end to end, in Chromium against the real server: a poison entry in a station's outbox
 * (text the database cannot store) between good ones does not hold them back and waits in needs attention with its
 * reason in plain words; a new device takes the roster in several pull pages, with a progress bar, and ends with all
 * of it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { launchBrowser } from './lib/browser';
import { apiToken, createApi, until } from './lib/check-in';
import { outboxEntries } from './lib/meals';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
let adminToken: string;
const api = createApi(
  () => server.url,
  () => adminToken,
);

const total = async (resource: string) => (await api(`${resource}?per_page=1`)).body.meta?.total ?? -1;
const outbox = outboxEntries;

/** Scholars in the device's local roster. */
const localScholars = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('demographics')) return resolve(0);
          const req = db.transaction('demographics').objectStore('demographics').count();
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** Gives one outbox entry a reason with a NUL character, which no PostgreSQL text column stores. */
const poisonEntry = (page: Page, id: string) =>
  page.evaluate(
    (entryId) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('school-ops');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('outbox', 'readwrite').objectStore('outbox');
          const get = store.get(entryId);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const entry = get.result as { data: Record<string, unknown> };
            entry.data = { ...entry.data, reason: `Bus${String.fromCharCode(0)}late` };
            const put = store.put(entry);
            put.onsuccess = () => {
              db.close();
              resolve();
            };
            put.onerror = () => reject(put.error);
          };
        };
      }),
    id,
  );

beforeAll(async () => {
  server = await startDemoServer();
  adminToken = await apiToken(server.url, 'admin@demo.school');
  // Never late: these tests are about delivery (at the run's 11:40 the demo's 08:00 start is late).
  await api('school_settings', {
    method: 'POST',
    body: JSON.stringify({ start_time: '23:59', late_after_minutes: 240 }),
  });
});
afterAll(() => server?.stop());

describe('sync hardening', () => {
  it('a new device takes the roster in several pull pages, shows its progress, and ends with all of it', async () => {
    const b = await launchBrowser({ serviceWorkers: 'block' });
    try {
      const { page } = b;
      const pulls: string[] = [];
      let releaseSecondPage: () => void = () => {};
      const secondPageHeld = new Promise<void>((resolve) => {
        releaseSecondPage = resolve;
      });
      // The demo school's snapshot fits in one page of the device's 2000: the pages asked for are made 400 long, so it
      // takes several (the server honours a snapshot's limit as it does a change list's).
      await page.route('**/api/v2/sync/pull?**', async (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('limit', '400');
        pulls.push(url.search);
        // Hold the first page after the first until the app bar shows the download's progress.
        if (url.searchParams.has('snapshot') && pulls.filter((p) => p.includes('snapshot=')).length === 1) {
          await secondPageHeld;
        }
        await route.continue({ url: url.toString() });
      });
      await signIn(page, server.url, 'admin@demo.school');
      await page.goto(`${server.url}/check-in/view`);
      const bar = page.getByRole('progressbar', { name: /^Downloading the roster: \d+ of \d+$/ });
      await bar.waitFor({ timeout: 60_000 }).catch((e) => {
        throw new Error(`${e}; pulls: ${JSON.stringify(pulls)}`);
      });
      releaseSecondPage();
      await bar.waitFor({ state: 'detached', timeout: 120_000 });
      const scholars = await total('demographics');
      await until('the whole roster on the device', async () => {
        return (await localScholars(page)) === scholars;
      });
      const snapshotPages = pulls.filter((p) => p.includes('snapshot='));
      expect(snapshotPages.length).toBeGreaterThan(0);
      expect(pulls.length).toBeGreaterThan(snapshotPages.length);
      // After the last page the device pulls the changes since the snapshot's cursor.
      await until('a pull since the cursor', async () => pulls.some((p) => p.includes('since=')));
    } finally {
      await b.close();
    }
  }, 240_000);

  it('a poison entry between good ones waits in needs attention with its reason; the good ones arrive', async () => {
    const b = await launchBrowser();
    try {
      const { page, context } = b;
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/check-in/view`);
      await page
        .getByRole('button', { name: /^Check (in|out) / })
        .first()
        .waitFor({ timeout: 60_000 });
      await page.getByLabel('State', { exact: true }).selectOption('not_arrived');
      await page
        .getByRole('button', { name: /^Check in / })
        .first()
        .waitFor({ timeout: 60_000 });
      const before = await total('check_ins');
      await context.setOffline(true);
      for (let i = 0; i < 3; i++) {
        const button = await page
          .getByRole('button', { name: /^Check in / })
          .first()
          .elementHandle();
        if (!button) throw new Error('no scholar left to check in');
        await button.click();
        await page.waitForFunction((el) => !el.isConnected, button);
      }
      await until('three entries in the outbox', async () => (await outbox(page)).length === 3);
      // The middle entry gets a reason with a NUL character, which no PostgreSQL text column stores.
      const ids = (await outbox(page)).map((e) => e.id).sort();
      const poison = ids[1];
      if (!poison) throw new Error('no middle entry');
      await poisonEntry(page, poison);
      await context.setOffline(false);
      await until('the two good entries on the server', async () => (await total('check_ins')) === before + 2);
      await until('the poison entry in needs attention', async () =>
        (await outbox(page)).some((e) => e.id === poison && e.status === 'attention'),
      );
      const entries = await outbox(page);
      expect(entries.map((e) => e.id)).toEqual([poison]);
      const reason = entries[0]?.last_error ?? '';
      // A sentence a person can act on, not the database's words.
      expect(reason).toMatch(/^[A-Z].*\.$/);
      expect(reason).not.toMatch(/0x00|SQL|syntax|byte sequence|UTF8|22021|violates/i);

      await page
        .getByText(/1 needs attention/)
        .first()
        .waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: /Sync status and this device/ }).click();
      const panel = page.getByRole('dialog');
      await panel.getByRole('heading', { name: 'Needs attention' }).waitFor();
      await panel.getByText(reason, { exact: false }).first().waitFor();
    } finally {
      await b.close();
    }
  }, 240_000);
});
