/**
 * Administration in Chromium against the real server: a grant in the Roles and Permissions matrix
 * takes effect for the people holding the role, and a role assigned in Users and Roles does too. An invitation from
 * Users and Roles (no SMTP: the letter's link) lets the person set a password and signs them in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone, seriousViolations } from './lib/axe';
import { launchBrowser } from './lib/browser';
import type { ServerProcess } from './lib/server';

let server: ServerProcess;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.stop());

describe('administration', () => {
  it('a grant in the matrix lets the cafeteria open Roles and Permissions (/admin); revoking it takes it away', async () => {
    const admin = await launchBrowser();
    const cafeteria = await launchBrowser();
    try {
      await signIn(admin.page, server.url, 'admin@demo.school');
      await admin.page.goto(`${server.url}/admin`);
      const cell = admin.page.getByRole('checkbox', { name: /^Cafeteria: Roles — Create/ });
      await cell.waitFor();
      expect(await cell.isChecked()).toBe(false);
      // A tick is a change to review: nothing is sent until the save.
      let sent = 0;
      admin.page.on('request', (r) => {
        if (r.url().includes('/api/v2/roles/') && r.method() === 'POST') sent += 1;
      });
      await cell.click();
      await admin.page.waitForTimeout(300);
      expect(sent).toBe(0);
      const save = async () => {
        await admin.page.getByRole('button', { name: 'Save changes' }).click();
        const dialog = admin.page.getByRole('alertdialog', { name: 'Save these permission changes?' });
        await dialog.getByText(/^Cafeteria: (gains|loses) Roles — Create$/).waitFor();
        const answered = admin.page.waitForResponse(
          (r) => r.url().includes('/api/v2/roles/') && r.request().method() === 'POST',
        );
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        expect((await answered).status()).toBe(200);
        await admin.page.getByText(/^Saved the permissions of Cafeteria\.$/).waitFor();
      };
      await save();
      expect(await cell.isChecked()).toBe(true);

      await signIn(cafeteria.page, server.url, 'cafeteria@demo.school');
      await cafeteria.page.getByRole('link', { name: 'Administration' }).click();
      await cafeteria.page.waitForURL(`${server.url}/admin`);
      // The tile leads to Roles and Permissions now (Scholars before the grant); its matrix also needs
      // roles-view_any, which the cafeteria still lacks.
      await cafeteria.page
        .getByRole('navigation', { name: /Administration/ })
        .first()
        .waitFor();

      await cell.click();
      await save();
      expect(await cell.isChecked()).toBe(false);
      await cafeteria.page.reload();
      await cafeteria.page.getByText('Invalid Permissions').waitFor();
      await cafeteria.page.waitForURL(`${server.url}/`);
    } finally {
      await admin.close();
      await cafeteria.close();
    }
  });

  it('refuses to take the right to administer from the last administrator, and says so', async () => {
    const b = await launchBrowser();
    try {
      await signIn(b.page, server.url, 'admin@demo.school');
      await b.page.goto(`${server.url}/admin`);
      const cell = b.page.getByRole('checkbox', { name: /^Administrator: Roles — Update/ });
      await cell.click();
      await b.page.getByRole('button', { name: 'Save changes' }).click();
      const dialog = b.page.getByRole('alertdialog', { name: 'Save these permission changes?' });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog
        .getByText(
          'The permissions of Administrator were not saved. The last administrator cannot lose the right to administer.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Keep editing' }).click();
      await b.page.getByRole('button', { name: 'Discard changes' }).click();
      expect(await cell.isChecked()).toBe(true);
      // The header stays in view and opaque over the rows that scroll under it: each of its cells has a solid
      // background and is what shows at its own place (not a row, nor a row's stuck permission name, on top of it).
      const header = await b.page
        .locator('thead')
        .first()
        .evaluate((thead: HTMLTableSectionElement) => {
          const scroller = thead.closest('table')?.parentElement as HTMLElement;
          scroller.scrollTop = 600;
          return {
            scrolled: scroller.scrollTop,
            stuck:
              Math.abs((thead.rows[0]?.getBoundingClientRect().top ?? -1) - scroller.getBoundingClientRect().top) < 2,
            cells: [...thead.querySelectorAll('th')].map((th) => {
              const box = th.getBoundingClientRect();
              const shown = document.elementFromPoint(box.left + 8, box.top + box.height / 2);
              return {
                text: th.textContent,
                background: getComputedStyle(th).backgroundColor,
                onTop: th.contains(shown),
              };
            }),
          };
        });
      expect(header.scrolled).toBeGreaterThan(0);
      expect(header.stuck).toBe(true);
      for (const cell of header.cells) {
        expect(cell).toMatchObject({ onTop: true });
        expect(cell.background).not.toMatch(/^rgba\(.*, 0\)$|^transparent$/);
      }
      // Every box has a 44 px target.
      const target = await cell.evaluate((el) => {
        const box = (el.closest('label') as HTMLElement).getBoundingClientRect();
        return { width: box.width, height: box.height };
      });
      expect(target.width).toBeGreaterThanOrEqual(44);
      expect(target.height).toBeGreaterThanOrEqual(44);
    } finally {
      await b.close();
    }
  });

  it('a role assigned in Users and Roles takes effect at the next sign-in', async () => {
    const admin = await launchBrowser();
    const teacher = await launchBrowser();
    try {
      await signIn(admin.page, server.url, 'admin@demo.school');
      await admin.page.goto(`${server.url}/admin/users-roles?search=teacher%40demo.school`);
      await admin.page.getByText('teacher@demo.school').waitFor();
      await admin.page.getByRole('button', { name: /^Change the roles of Terry/ }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.locator('label', { hasText: /^Administrator/ }).click();
      const saved = admin.page.waitForResponse(
        (r) => r.url().includes('/api/v2/users/') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect((await saved).status()).toBe(200);

      await signIn(teacher.page, server.url, 'teacher@demo.school');
      await teacher.page.getByRole('link', { name: 'Administration' }).waitFor();
    } finally {
      await admin.close();
      await teacher.close();
    }
  });

  it('an invitation without mail shows the letter; its link sets the password and signs the scholar in', async () => {
    const admin = await launchBrowser({ bypassCSP: true });
    const phone = await launchBrowser({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(admin.page, server.url, 'admin@demo.school');
      await admin.page.goto(`${server.url}/admin/users-roles?search=scholar%40demo.school`);
      await admin.page.getByText('scholar@demo.school').waitFor();
      await admin.page.getByRole('button', { name: /^Invite / }).click();
      const letter = admin.page.getByRole('article', { name: /^Invitation letter for / });
      await letter.waitFor();
      await letter.getByRole('img', { name: /^QR code of the invitation link/ }).waitFor();
      await admin.page.getByRole('button', { name: 'Print the letter' }).waitFor();
      for (const v of await seriousViolations(admin.page)) problems.push(`letter: ${v}`);
      const link = (await letter.getByText(/\/set-password\?token=/).textContent()) ?? '';
      expect(link.startsWith(`${server.url}/set-password?token=`)).toBe(true);

      await phone.page.goto(link);
      await phone.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await checkPhone(phone.page, '/set-password 360', problems);
      await phone.page.setViewportSize({ width: 390, height: 844 });
      await checkPhone(phone.page, '/set-password 390', problems);
      await phone.page.getByLabel('New password', { exact: true }).fill('short');
      await phone.page.getByLabel('Confirm the password', { exact: true }).fill('short');
      await phone.page.getByRole('button', { name: 'Save and sign in' }).click();
      await phone.page.getByText('Use at least 12 characters.').waitFor();
      await phone.page.getByLabel('New password', { exact: true }).fill('a portal password');
      await phone.page.getByLabel('Confirm the password', { exact: true }).fill('a portal password');
      await phone.page.getByRole('button', { name: 'Save and sign in' }).click();
      await phone.page.waitForURL((url) => url.pathname.startsWith('/scholar'), { timeout: 60_000 });

      // The link is spent; the login screen's "Forgot your password?" leads to the same answer for any address.
      await phone.page.goto(link);
      await phone.page.getByText(/This link was already used/).waitFor();
      await phone.page.getByRole('link', { name: 'Ask for a new link' }).click();
      await phone.page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await checkPhone(phone.page, '/forgot-password 390', problems);
      await phone.page.setViewportSize({ width: 360, height: 740 });
      await checkPhone(phone.page, '/forgot-password 360', problems);
      await phone.page.getByLabel('Email', { exact: true }).fill('nobody@demo.school');
      await phone.page.getByRole('button', { name: 'Send the link' }).click();
      await phone.page.getByText(/If an account uses this address/).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await admin.close();
      await phone.close();
    }
  });
});
