/**
 * Google Sync in Chromium against the real server and the local stand-in of Google's APIs: an
 * administrator on a phone uploads the service account key, names the administrator and the calendar, switches the
 * syncs on, runs them, and reads their counts; the screen fits the phone and has no serious axe violations.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CALENDAR, fillDemo } from '../../server/test/google/demo-data';
import { makeServiceAccount, SUBJECT, standInFor } from '../../server/test/google/fixtures';
import type { GoogleStandIn } from '../../server/test/google/stand-in';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { type ServerProcess, tempDataDir } from './lib/server';

let server: ServerProcess;
let google: GoogleStandIn;
let keyFile: string;

beforeAll(async () => {
  const account = makeServiceAccount();
  google = await standInFor(account, { maxPageSize: 2 });
  fillDemo(google, 'America/Los_Angeles');
  keyFile = join(tempDataDir(), 'service-account.json');
  writeFileSync(keyFile, account.keyJson);
  server = await startDemoServer({ ...google.env, GOOGLE_SYNC_SCHEDULE: 'off' });
});
afterAll(async () => {
  await server?.stop();
  await google?.close();
});

describe('Google Sync', () => {
  it('an administrator on a phone sets the sync up, runs it and reads what it did', async () => {
    const b = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(b.page, server.url, 'admin@demo.school');
      await b.page.goto(`${server.url}/admin/google-sync`);
      const form = b.page.getByRole('form', { name: 'Google sync settings' });
      await form.getByText('No key is set.').waitFor();
      await checkPhone(b.page, 'before setup', problems);
      await form.getByLabel('Upload JSON key file').setInputFiles(keyFile);
      await form.getByLabel('Administrator').fill(SUBJECT);
      await form.getByLabel('Calendars').fill(DEMO_CALENDAR);
      await form.getByText('Sync Google Classroom').click();
      await form.getByText('Sync Google Calendar').click();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await form.getByText(/A key is set for school-sync@demo-school\.iam\.gserviceaccount\.com/).waitFor();
      // The key went to the server and never comes back.
      const status = await b.page.evaluate(async () => {
        const token = localStorage.getItem('auth.token') ?? '';
        const res = await fetch('/api/v2/google_sync/settings', { headers: { authorization: `Bearer ${token}` } });
        return res.text();
      });
      expect(status).not.toContain('PRIVATE KEY');

      await b.page.getByRole('button', { name: 'Sync changes now' }).click();
      await b.page.getByText('Succeeded').nth(1).waitFor({ timeout: 30_000 });
      await b.page.getByText('Course work saved').waitFor();
      await b.page.getByText('Events saved').waitFor();
      await b.page.setViewportSize({ width: 390, height: 844 });
      await checkPhone(b.page, 'after a run', problems);
      expect(problems).toEqual([]);
      expect(google.requests.some((r) => r.path.endsWith('/studentSubmissions'))).toBe(true);
    } finally {
      await b.close();
    }
  });
});
