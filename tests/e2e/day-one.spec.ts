/**
 * A real school's first run: `NODE_ENV=production` on an empty data directory seeds nothing and prints a one-time
 * setup address (also written to DATA_DIR/setup-address.txt); the office manager opens it in Chromium, names the
 * school, chooses its time zone and makes the first administrator, and lands signed in on the kiosk home with every
 * section. The next start prints no address. The setup screen is checked on phones in English and Spanish with axe.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import common from '../../locales/en/common.json';
import { checkPhone } from './lib/axe';
import { type Browser, launchBrowser } from './lib/browser';
import { freePort, type ServerProcess, startServer, tempDataDir } from './lib/server';

const dataDir = tempDataDir();
let port: number;
let server: ServerProcess;
let browser: Browser;
const production = () => ({ NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' });

beforeAll(async () => {
  port = await freePort();
  [server, browser] = await Promise.all([
    startServer({ dataDir, port, env: production() }),
    launchBrowser({ bypassCSP: true, viewport: { width: 1280, height: 800 } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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
