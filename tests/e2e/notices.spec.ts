/**
 * Notices to families from end to end in Chromium against the real server and its notice worker: the demo parent opens
 * Notifications from the portal's navigation on a 390×844 phone, with the notification permission granted, and turns
 * sign-out notices on. Headless Chromium has no push service, so the test stands in for the browser's subscription (one
 * pointing at the local push service stand-in, allowed with PUSH_ENDPOINT_HOSTS); a sign-out of the parent's second
 * child reaches the server, the worker pushes, the stand-in decrypts the payload the server produced, and the test
 * delivers that payload to the portal's service worker with the DevTools protocol (`ServiceWorker.deliverPushMessage`).
 * The worker shows the notification; the tap is a `notificationclick` dispatched in the worker itself (Chromium has no
 * way to click a notification from a test), and the portal opens the child's day for that child. Then the screen at
 * 360×740 and 390×844 in English and Spanish: no sideways scroll, no serious or critical axe violation.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushServiceStandIn, startPushService } from '../../server/test/push-service';
import { signIn, startDemoServer } from './lib/app';
import { checkPhone } from './lib/axe';
import { launchBrowser } from './lib/browser';
import { waitForServiceWorker } from './lib/installability';
import type { ServerProcess } from './lib/server';

const PHONE = { width: 390, height: 844 };
let server: ServerProcess;
let push: PushServiceStandIn;

beforeAll(async () => {
  push = await startPushService();
  // The notice worker is off when NODE_ENV is test (the test runner's): this server sends as a school's does.
  server = await startDemoServer({ PUSH_ENDPOINT_HOSTS: push.host, NOTICE_WORKER: 'true', NOTICE_POLL_MS: '250' });
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function login(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function callApi(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('notices to families', () => {
  it("a parent turns sign-out notices on; a sign-out's push shows a notification whose tap opens that child's day", async () => {
    const parent = await login('parent@demo.school');
    const family = (await callApi(parent, 'GET', 'v2/scholar/scholars')).data as { id: string; fname: string }[];
    const second = family[1];
    if (!second) throw new Error('the demo parent has fewer than two children');
    // The parent had turned sign-outs off before.
    await callApi(parent, 'PUT', 'v2/notification_preferences', { kinds: { sign_out: { push: false, email: false } } });

    const { page, context, close } = await launchBrowser({ viewport: PHONE });
    try {
      await context.grantPermissions(['notifications'], { origin: server.url });
      await signIn(page, server.url, 'parent@demo.school');
      await page.waitForURL((url) => url.pathname === '/scholar', { timeout: 60_000 });
      const bar = page.getByRole('navigation', { name: 'Main entries' });
      await bar.getByRole('button', { name: 'More entries' }).click();
      await page.getByRole('menuitem', { name: 'Notifications' }).click();
      await heading(page, 'Notifications').waitFor({ timeout: 30_000 });
      await waitForServiceWorker(page, 90_000);

      // Permission granted, not subscribed yet: the device can be turned on.
      await page.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor({ timeout: 30_000 });
      const signOuts = page.getByRole('group', { name: /^Sign-outs/ });
      await signOuts.getByText('Push', { exact: true }).click();
      await page.getByRole('button', { name: 'Save choices' }).click();
      await page.getByText('Your choices are saved.').waitFor();
      const saved = (await callApi(parent, 'GET', 'v2/notification_preferences')).data as {
        kinds: Record<string, { push: boolean }>;
      };
      expect(saved.kinds.sign_out?.push).toBe(true);

      // The stand-in for the browser's subscription, sent with this device's own session, as the screen would.
      const subscription = push.subscribe();
      const status = await page.evaluate(async (json) => {
        const res = await fetch('/api/v2/push_subscriptions', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${localStorage.getItem('auth.token')}`,
          },
          body: JSON.stringify(json),
        });
        return res.status;
      }, subscription.json);
      expect(status).toBe(201);

      // A sign-out of the second child at the pick-up line reaches the server.
      const office = await login('office@demo.school');
      const id = crypto.randomUUID();
      const result = await callApi(office, 'POST', 'v2/sync/push', {
        device_id: 'curb-tablet-notices',
        items: [
          {
            id,
            resource: 'check_ins',
            action: 'create',
            recorded_at: new Date().toISOString(),
            data: {
              id,
              kind: 'sign_out',
              scholar_id: second.id,
              occurred_at: new Date().toISOString(),
              method: 'scan',
              pick_up_name: 'Kiara Mitchell',
              override_reason: 'Aunt, the mother called the office',
            },
          },
        ],
      });
      expect((result.results as { status: string }[])[0]?.status).toBe('applied');
      const [received] = await push.waitFor(1, 30_000);
      expect(received?.problem).toBeNull();
      const payload = received?.payload as { kind: string; url: string; title: string; body: string; tag: string };
      expect(payload).toMatchObject({ kind: 'sign_out', url: `/scholar/arrivals?scholar=${second.id}` });

      // The payload delivered to the portal's service worker as its push event.
      const cdp = await context.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.find((r) => r.scopeURL === `${server.url}/`)).toBeTruthy();
      const registration = registrations.find((r) => r.scopeURL === `${server.url}/`);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: registration?.registrationId ?? '',
        data: JSON.stringify(payload),
      });
      const shownNotice = () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          const [notice] = await reg.getNotifications();
          return notice ? { title: notice.title, body: notice.body, tag: notice.tag, data: notice.data } : null;
        });
      await expect.poll(shownNotice, { timeout: 30_000 }).not.toBeNull();
      expect(await shownNotice()).toEqual({
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: expect.objectContaining({ url: `${server.url}${payload.url}` }),
      });

      // The tap: the worker's own notificationclick handler with the notification it showed.
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(server.url));
      if (!worker) throw new Error('no service worker');
      await worker.evaluate(async () => {
        // The worker's global (the tests' types are the page's DOM, not the worker's).
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
          dispatchEvent(event: Event): boolean;
        };
        const [notice] = await scope.registration.getNotifications();
        if (!notice) throw new Error('no notification');
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notice }));
      });
      await heading(page, 'Arrivals').waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toBe('/scholar/arrivals');
      expect(await page.getByLabel('Scholar', { exact: true }).inputValue()).toBe(second.id);
      await cdp.detach();
    } finally {
      await close();
    }
  }, 240_000);

  it('the screen on 360×740 and 390×844 phones, in English and Spanish: no sideways scroll, no serious axe violation', async () => {
    const { page, close } = await launchBrowser({ viewport: PHONE, bypassCSP: true });
    const problems: string[] = [];
    try {
      await signIn(page, server.url, 'parent@demo.school');
      await page.waitForURL((url) => url.pathname === '/scholar', { timeout: 60_000 });
      for (const language of ['en', 'es'] as const) {
        await page.evaluate((lang) => localStorage.setItem('settings.language', lang), language);
        for (const viewport of [{ width: 360, height: 740 }, PHONE]) {
          await page.setViewportSize(viewport);
          await page.goto(`${server.url}/scholar/notifications`);
          await heading(page, language === 'en' ? 'Notifications' : 'Notificaciones').waitFor({ timeout: 30_000 });
          await page.getByRole('button', { name: language === 'en' ? 'Save choices' : 'Guardar opciones' }).waitFor();
          // The device card settles first (it checks what this browser can do), and nothing is still fading in:
          // axe reads the screen as a person sees it, not a frame of a transition.
          await page
            .getByText(language === 'en' ? 'Checking this device…' : 'Revisando este dispositivo…')
            .waitFor({ state: 'detached' });
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
          await checkPhone(page, `/scholar/notifications ${language} ${viewport.width}`, problems);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
