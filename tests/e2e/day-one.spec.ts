/**
 * A real school's first run: `NODE_ENV=production` on an empty data directory seeds nothing and prints a one-time
 * setup address (also written to DATA_DIR/setup-address.txt); the office manager opens it in Chromium, names the
 * school, chooses its time zone and makes the first administrator, and lands signed in on the kiosk home with every
 * section. The next start prints no address. The setup screen is checked on phones in English and Spanish with axe.
 * Then the administrator adds a teacher and a scholar with a guardian and invites the guardian by mail (a local SMTP
 * server started here); the guardian sets a password from the mailed link on a phone and sees the scholar in the portal.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import common from '../../locales/en/common.json';
import { checkPhone } from './lib/axe';
import { type Browser, launchBrowser } from './lib/browser';
import { startMailServer, type TestMailServer } from '../../server/test/smtp';
import { freePort, type ServerProcess, startServer, tempDataDir } from './lib/server';

const dataDir = tempDataDir();
let port: number;
let server: ServerProcess;
let browser: Browser;
let mail: TestMailServer;
const production = () => ({
  NODE_ENV: 'production',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  SMTP_URL: mail.url,
  MAIL_FROM: 'office@lincoln.example.org',
});

beforeAll(async () => {
  [port, mail] = await Promise.all([freePort(), startMailServer()]);
  [server, browser] = await Promise.all([
    startServer({ dataDir, port, env: production() }),
    launchBrowser({ bypassCSP: true, viewport: { width: 1280, height: 800 } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

/** The address the start printed, which it also wrote for a headless install. */
function printedAddress(output: string): string {
  const found = /Set up this school at (\S+)/.exec(output)?.[1];
  if (!found) throw new Error(`no setup address in the output:\n${output}`);
  return found;
}

async function setLanguage(page: Page, language: 'en' | 'es') {
  await page.evaluate((lng) => localStorage.setItem('settings.language', lng), language);
}

describe('day one', () => {
  it('prints a one-time setup address and seeds nothing', async () => {
    const address = printedAddress(server.output());
    expect(address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/setup\\?token=[A-Za-z0-9_-]{32,}$`));
    expect(readFileSync(join(dataDir, 'setup-address.txt'), 'utf8').trim()).toBe(address);
    expect(server.output()).not.toContain('Seeded the demo school');
    expect(server.output()).not.toContain('Demo accounts');
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
    });
    expect(login.status).toBe(401);
  });

  it('the setup screen fits phones in English and Spanish with no serious axe finding', async () => {
    const { page } = browser;
    const address = printedAddress(server.output());
    const problems: string[] = [];
    await page.goto(`${server.url}/login`);
    await page.getByText(/This school is not set up yet/).waitFor();
    for (const [language, viewport, heading] of [
      ['es', { width: 360, height: 740 }, 'Configure su escuela'],
      ['en', { width: 390, height: 844 }, 'Set up your school'],
    ] as const) {
      await setLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(address);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page
        .getByRole('button', { name: language === 'es' ? 'Configurar la escuela' : 'Set up the school' })
        .waitFor();
      await checkPhone(page, `${language} ${viewport.width}x${viewport.height}`, problems);
    }
    expect(problems).toEqual([]);
  });

  it('sets up the school and lands the administrator on the kiosk home with every section', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(printedAddress(server.output()));
    await page.getByLabel('School name').fill('Lincoln Elementary');
    await page.getByRole('searchbox', { name: 'Search time zones' }).fill('chicago');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/Chicago');
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill('Alvarez');
    await page.getByLabel('Email').fill('rosa.alvarez@lincoln.example.org');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set up the school' }).click();
    await page.getByText('Use at least 12 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Password again').fill('correct horse battery');
    await page.getByRole('button', { name: 'Set up the school' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Welcome, Rosa' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Lincoln Elementary' }).count()).toBe(1);
    // Every staff section of the route table (the Scholar Portal is for scholars and parents).
    const { sections } = common;
    const titles = [
      sections.checkIn,
      sections.messenger,
      sections.scholarSignOut,
      sections.meals,
      sections.timesheet,
      sections.timesheetSchedule,
      sections.portalContent,
      sections.independentStudy,
      sections.administration,
    ];
    for (const title of titles) {
      expect(await page.getByRole('main').getByRole('link', { name: title, exact: true }).count(), title).toBe(1);
    }
    const problems: string[] = [];
    await checkPhone(page, 'kiosk home 1280x800', problems);
    expect(problems).toEqual([]);
    expect(existsSync(join(dataDir, 'setup-address.txt'))).toBe(false);
  });

  it("the school's settings: phones in both languages, and a saved change the kiosk reads", async () => {
    const { page } = browser;
    const problems: string[] = [];
    for (const [language, viewport, heading] of [
      ['es', { width: 360, height: 740 }, 'Configuración de la escuela'],
      ['en', { width: 390, height: 844 }, 'School Settings'],
    ] as const) {
      await setLanguage(page, language);
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin/school`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page
        .getByRole('button', { name: language === 'es' ? 'Guardar la configuración' : 'Save settings' })
        .waitFor();
      await checkPhone(page, `school settings ${language} ${viewport.width}x${viewport.height}`, problems);
    }
    expect(problems).toEqual([]);
    const late = page.getByRole('group', { name: 'Reasons for a late arrival' });
    await late.getByRole('button', { name: 'Add a reason' }).click();
    const count = await late.getByRole('listitem').count();
    await late.getByLabel(`Reason ${count} (English)`).fill('Snow day traffic');
    await late.getByLabel(`Reason ${count} (Spanish)`).fill('Tráfico por la nieve');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText("The school's settings are saved.").waitFor();
    const token = await page.evaluate(() => localStorage.getItem('auth.token'));
    const stored = (await (
      await fetch(`${server.url}/api/v2/school_settings`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { late_reasons: string[]; reasons_es: Record<string, string> } };
    expect(stored.data.late_reasons.at(-1)).toBe('Snow day traffic');
    expect(stored.data.reasons_es['Snow day traffic']).toBe('Tráfico por la nieve');
  });

  it('the administrator adds a teacher and a scholar with a guardian; the guardian sets a password from the mail and sees the scholar', async () => {
    const { page } = browser;
    const problems: string[] = [];
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A teacher with the Staff role, invited by mail at once.
    await page.goto(`${server.url}/admin/users-roles`);
    await page.getByRole('button', { name: 'Add staff member' }).click();
    const staff = page.getByRole('dialog', { name: 'Add staff member' });
    await staff.getByLabel('First name').fill('Tomás');
    await staff.getByLabel('Last name').fill('Reyes');
    await staff.getByLabel('Email').fill('tomas.reyes@lincoln.example.org');
    await staff.getByText('Staff', { exact: true }).click();
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Sent to tomas.reyes@lincoln.example.org').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await mail.waitForMails(1);
    expect(mail.mails[0]?.to).toMatchObject({ text: expect.stringContaining('tomas.reyes@lincoln.example.org') });

    // A scholar, then a new guardian made and linked on the scholar's page, who may pick up.
    await page.goto(`${server.url}/admin/scholars`);
    await page.getByRole('link', { name: 'Add scholar' }).click();
    await page.getByRole('heading', { name: 'Add a scholar' }).waitFor();
    await page.getByLabel('First name').fill('Jasmine');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Student number').fill('240117');
    await page.getByLabel('Grade').selectOption('3');
    await page.getByLabel('Homeroom').fill('Room 4');
    await page.getByRole('button', { name: 'Add the scholar' }).click();
    await page.getByRole('heading', { name: 'Jasmine Okafor', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a guardian' }).click();
    await page.getByRole('button', { name: 'New guardian' }).click();
    await page.getByLabel('First name').last().fill('Ngozi');
    await page.getByLabel('Last name').last().fill('Okafor');
    await page.getByLabel('Email').last().fill('ngozi.okafor@example.com');
    await page.getByLabel('Phone').fill('(555) 010-7788');
    await page.getByRole('combobox', { name: 'Preferred language' }).selectOption('es');
    await page.getByRole('button', { name: 'Add guardian' }).click();
    await page.getByRole('combobox', { name: 'Relationship' }).selectOption('mother');
    await page.getByText('May pick up', { exact: true }).click();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('link', { name: /Ngozi Okafor/ }).first().waitFor();
    await checkPhone(page, "a scholar's page en 1280x800", problems);
    await setLanguage(page, 'es');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Jasmine Okafor', level: 1 }).waitFor();
    await page.getByRole('link', { name: /Ngozi Okafor/ }).first().waitFor();
    await checkPhone(page, "a scholar's page es 390x844", problems);
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The guardian is invited from their page; the mail, in their language, carries the link.
    await page.goto(`${server.url}/admin/scholars`);
    await page.getByRole('searchbox', { name: 'Search scholars by name or student number' }).fill('240117');
    await page
      .getByRole('link', { name: /Okafor/ })
      .first()
      .click();
    await page.getByRole('link', { name: /Ngozi Okafor/ }).first().click();
    await page.getByRole('heading', { name: 'Ngozi Okafor', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('Sent to ngozi.okafor@example.com').waitFor();
    const mails = await mail.waitForMails(2);
    const invitation = mails.find((m) => JSON.stringify(m.to).includes('ngozi.okafor@example.com'));
    const link = /https?:\/\/\S+\/set-password\?token=[A-Za-z0-9_-]+/.exec(invitation?.text ?? '')?.[0];
    expect(link, invitation?.text).toBeDefined();
    // The guardian chose Spanish: the mail is written in it.
    expect(invitation?.subject).toBe('Su cuenta en Lincoln Elementary');

    // On the guardian's phone: the link, a password, and the portal with Jasmine.
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    try {
      await phone.page.goto(link as string);
      await phone.page.getByRole('heading', { name: /^Welcome, Ngozi/ }).waitFor();
      await phone.page.getByLabel('New password', { exact: true }).fill('a family password');
      await phone.page.getByLabel('Confirm the password', { exact: true }).fill('a family password');
      await phone.page.getByRole('button', { name: 'Save and sign in' }).click();
      await phone.page.waitForURL((url) => url.pathname.startsWith('/scholar'), { timeout: 60_000 });
      await phone.page.getByText('Jasmine Okafor', { exact: true }).waitFor({ timeout: 60_000 });
      await checkPhone(phone.page, "the guardian's portal en 390x844", problems);
      await setLanguage(phone.page, 'es');
      await phone.page.setViewportSize({ width: 1280, height: 800 });
      await phone.page.reload();
      await phone.page.getByText('Jasmine Okafor', { exact: true }).waitFor({ timeout: 60_000 });
      await checkPhone(phone.page, "the guardian's portal es 1280x800", problems);
    } finally {
      await phone.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('the next start prints no address and keeps the school', async () => {
    expect(await server.stop()).toBe(0);
    server = await startServer({ dataDir, port, env: production() });
    expect(server.output()).not.toContain('Set up this school');
    expect(server.output()).toContain('Lincoln Elementary is running at');
    const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      school_name: 'Lincoln Elementary',
      time_zone: 'America/Chicago',
      setup_needed: false,
    });
  });

  it("the school's logo: uploaded on the settings screen, resized, and shown on the sign-in screen", async () => {
    const { page, context } = browser;
    await setLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/school`);
    await page.getByRole('heading', { name: 'School Settings', level: 1 }).waitFor();
    const logo = await sharp({
      create: { width: 1200, height: 600, channels: 4, background: { r: 10, g: 60, b: 140, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"][name="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('The logo is saved.').waitFor();
    await page.getByRole('img', { name: 'Lincoln Elementary logo' }).waitFor();

    const config = (await (await fetch(`${server.url}/api/v2/config`)).json()) as { logo_url: string | null };
    expect(config.logo_url).toMatch(/^\/api\/v2\/school_settings\/logo\?v=[0-9a-f]{16}$/);
    const served = await fetch(`${server.url}${config.logo_url}`);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);

    // Signed out, the sign-in screen shows it (loaded, not a broken image) above the school's name.
    await page.evaluate(() => localStorage.removeItem('auth.token'));
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    const shown = page.getByRole('img', { name: 'Lincoln Elementary' });
    await shown.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('img[alt="Lincoln Elementary"]') as HTMLImageElement | null;
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await shown.getAttribute('src')).toBe(config.logo_url);
  });
});
