/**
 * The app shell in Chromium against the real server: sign-in with the demo accounts, the return URL,
 * 'Invalid Permissions', the 404 rule, the scholar sub-domain, installability, the kiosk home offline, Spanish with its
 * English fallback, the dark theme and accessibility.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInWithForm, startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import { getInstallabilityErrors, waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

async function withBrowser(run: (b: Browser) => Promise<void>, opts?: Parameters<typeof launchBrowser>[0]) {
  const b = await launchBrowser(opts);
  try {
    await run(b);
  } finally {
    await b.close();
  }
}

describe('sign-in', () => {
  it('the demo accounts sign in and see the tiles their roles allow', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/login`);
      // The school's name on the login screen; no advice about Google accounts where the school has no Google sign-in.
      await page.getByText('Demo School', { exact: true }).waitFor();
      expect(await page.getByText(/personal Google accounts|join Meets/).count()).toBe(0);
      await signInWithForm(page, 'admin@demo.school');
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { name: 'Welcome, Avery' }).waitFor();
      expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(1);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Demo School' }).count()).toBe(1);
      // No single tap ends a session: "Log out…" is in the account menu, behind a confirmation.
      expect(await page.getByRole('button', { name: /^(Sign out|Log out)$/ }).count()).toBe(0);
      await page.getByRole('button', { name: /^Account and settings: / }).click();
      await page.getByRole('menuitem', { name: 'Log out…' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Log out?' });
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');
      await page.getByRole('button', { name: /^Account and settings: / }).click();
      await page.getByRole('menuitem', { name: 'Log out…' }).click();
      await dialog.getByRole('button', { name: 'Log out', exact: true }).click();
      await page.waitForURL(`${server.url}/login`);

      await signInWithForm(page, 'cafeteria@demo.school');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      // The cafeteria reads the scholars' records: Administration opens on Scholars, its one page for them.
      expect(await page.getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe('/admin/scholars');
    });
  });

  it('says which field is wrong, and that the password is incorrect', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('This form is incomplete. Please correct the fields in red.').waitFor();
      expect(await page.getByText('This field is required.').count()).toBe(2);
      await page.getByLabel('Email', { exact: true }).fill('office@');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Invalid email address.').waitFor();
      await signInWithForm(page, 'office@demo.school', 'wrong');
      await page.getByText('Username or password is incorrect.').waitFor();
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('office@demo.school');
    });
  });

  it('without a Google client id, offers the password alone and tells the administrator, not the person signing in', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      expect(await page.getByText(/Sign in with Google/).count()).toBe(0);
      await signInWithForm(page, 'admin@demo.school');
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto(`${server.url}/admin/users-roles`);
      await page.getByText('Sign in with Google is not set up for this school', { exact: false }).waitFor();
    });
  });

  it('returns to the page asked for after signing in', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/admin/users-roles?search=office`);
      await page.waitForURL(`${server.url}/login`);
      await signInWithForm(page, 'admin@demo.school');
      await page.waitForURL(`${server.url}/admin/users-roles?search=office`);
      // And stays there: the sign-in screen, still shown while the page's code loads, must not send it on to /.
      await page.waitForTimeout(3000);
      expect(page.url()).toBe(`${server.url}/admin/users-roles?search=office`);
      await page.getByRole('heading', { name: 'Users and Roles' }).waitFor();
    });
  });

  it("shows 'Invalid Permissions' to the cafeteria opening /admin and goes to /", async () => {
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'cafeteria@demo.school');
      await page.goto(`${server.url}/admin`);
      await page.getByText('Invalid Permissions').waitFor();
      await page.waitForURL(`${server.url}/`);
    });
  });

  it("shows '404: Not Found' for an unknown path, then goes to /", async () => {
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/no/such/page`);
      await page.getByRole('heading', { name: '404: Not Found' }).waitFor();
      await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    });
  });
});

describe('the scholar sub-domain', () => {
  it('sends a staff member opening / on scholar.* to /check-in, and not on the school host', async () => {
    await withBrowser(async ({ page }) => {
      // Chromium resolves every *.localhost name to this machine, so scholar.localhost is the scholar sub-domain.
      const scholarHost = `http://scholar.localhost:${server.port}`;
      await page.goto(`${scholarHost}/`);
      await page.waitForURL(`${scholarHost}/login`);
      await signInWithForm(page, 'office@demo.school');
      await page.waitForURL(`${scholarHost}/check-in`);
      await page.goto(`${scholarHost}/`);
      await page.waitForURL(`${scholarHost}/check-in`);

      await signIn(page, server.url, 'office@demo.school');
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  it('keeps a staff member who may not open Arrivals on the kiosk home there (no loop between / and /check-in)', async () => {
    await withBrowser(async ({ page }) => {
      const scholarHost = `http://scholar.localhost:${server.port}`;
      const paths: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
      });
      await page.goto(`${scholarHost}/login`);
      // The timekeeper's role holds no demographics permission, so Arrivals is not theirs to open.
      await signInWithForm(page, 'timekeeper@demo.school');
      await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      await page.waitForTimeout(1500);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(paths).not.toContain('/check-in');
      expect(await page.getByText('Invalid Permissions').count()).toBe(0);
    });
  });
});

describe('installable and offline', () => {
  it('Chromium reports no installability errors', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/login`);
      await waitForServiceWorker(page);
      expect(await getInstallabilityErrors(page)).toEqual([]);
    });
  });

  it('the kiosk home reloads offline after one visit online, its styles allowed by their nonce online and offline', async () => {
    await withBrowser(async ({ page, context }) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      // Every style element the style engine inserted carries the page's nonce (no 'unsafe-inline' for styles).
      const styles = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('style[data-emotion]')].map((el) => (el as HTMLStyleElement).nonce ?? ''),
        );
      await signIn(page, server.url, 'admin@demo.school');
      await page.getByRole('link', { name: 'Administration' }).waitFor();
      await waitForServiceWorker(page);
      await page.reload();
      await page.getByRole('link', { name: 'Administration' }).waitFor();
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome, Avery' }).waitFor();
      expect(await page.getByRole('link', { name: 'Administration' }).count()).toBe(1);
      const nonces = await styles();
      expect(nonces.length).toBeGreaterThan(0);
      expect(nonces.every((n) => n.length >= 16)).toBe(true);
      // Styled, not bare: the app bar has the theme's background, not the browser's transparent default.
      const bar = await page.evaluate(
        () => getComputedStyle(document.querySelector('header') as Element).backgroundColor,
      );
      expect(bar).not.toBe('rgba(0, 0, 0, 0)');
      expect(violations).toEqual([]);
      await context.setOffline(false);
    });
  });
});

describe('languages and theme', () => {
  it('shows Spanish when chosen, remembered across a reload', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await page.reload();
      await page.getByLabel('Correo electrónico', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    });
  });

  it('says every section title in Spanish (Check In and Arrivals included)', async () => {
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      await page.getByRole('button', { name: /^Account and settings: / }).click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await page.getByRole('link', { name: 'Mensajero' }).waitFor();
      expect(await page.getByRole('link', { name: 'Control de entrada', exact: true }).count()).toBe(1);
      expect(await page.getByRole('link', { name: /^(Check In|Messenger)$/ }).count()).toBe(0);
      await page.goto(`${server.url}/check-in`);
      await page.getByRole('link', { name: 'Entrada/Salida' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Llegadas' }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Arrivals' }).count()).toBe(0);
    });
  });

  it("uses #B15DFF as the primary colour in the dark theme, the app bar keeping the school's slate", async () => {
    await withBrowser(async ({ page }) => {
      await signIn(page, server.url, 'office@demo.school');
      const header = page.locator('header').first();
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(52, 73, 85)');
      await page.getByRole('button', { name: /^Account and settings: / }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
      const dark = await header.evaluate((el) => {
        const style = getComputedStyle(el);
        return { bg: style.backgroundColor, fg: style.color, accent: style.borderBottomColor };
      });
      expect(dark).toEqual({ bg: 'rgb(38, 54, 62)', fg: 'rgb(255, 255, 255)', accent: 'rgb(177, 93, 255)' });
    });
  });
});

describe('accessibility', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  async function seriousViolations(page: Browser['page']) {
    await page.addScriptTag({ content: axeSource });
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: () => Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run();
      // Each violation with the markup of its nodes, so a failure says where to look.
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 300)).join(' | ')}`);
    });
  }

  it('the login and kiosk screens have no serious or critical axe violations', async () => {
    await withBrowser(
      async ({ page }) => {
        await page.goto(`${server.url}/login`);
        await page.getByLabel('Email', { exact: true }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await signInWithForm(page, 'admin@demo.school');
        await page.getByRole('link', { name: 'Administration' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      },
      { bypassCSP: true },
    );
  });
});
