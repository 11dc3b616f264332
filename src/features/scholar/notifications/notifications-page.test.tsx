import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '../../../contract';
import { portalCache } from '../../../offline';
import { type BaseRecordedRequest, jsonBody } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import NotificationsPage, { PREFERENCES_PATH } from './notifications-page';

/** A kind's checkbox of a channel, in the kind's group. */
const channelBox = (kind: string, channel: 'Push' | 'Email') =>
  within(screen.getByRole('group', { name: new RegExp(`^${kind}`) })).getByRole('checkbox', { name: channel });
const findChannelBox = async (kind: string, channel: 'Push' | 'Email') => {
  await screen.findByRole('group', { name: new RegExp(`^${kind}`) });
  return channelBox(kind, channel);
};

/** A P-256 public key's length (65 bytes) in base64url, as `GET v2/config` gives it. */
const PUBLIC_KEY = `B${'A'.repeat(86)}`;

const prefs = (over: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  kinds: {
    sign_out: { push: false, email: false },
    early_departure: { push: true, email: false },
    late_arrival: { push: true, email: false },
    agreement_to_sign: { push: true, email: false },
    screening_stay_home: { push: true, email: false },
    not_checked_in: { push: true, email: false },
    work_summary: { push: false, email: true },
    work_due_tomorrow: { push: false, email: false },
    work_overdue: { push: false, email: false },
    dismissal_change_confirmed: { push: true, email: false },
    dismissal_change_declined: { push: true, email: false },
  },
  quiet_hours: null,
  work_summary_frequency: 'weekly',
  offered: ['sign_out', 'early_departure'],
  push_enabled: true,
  devices: 0,
  updated_at: null,
  ...over,
});

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** The portal's fake with the notification calls: the choices (PUT answers them merged), config, test, subscriptions. */
class NoticesServer extends FakePortalServer {
  current = prefs();
  sent: Sent[] = [];
  private bodies = new WeakMap<BaseRecordedRequest, Record<string, unknown> | null>();
  protected override async readRequest(request: Request, base: BaseRecordedRequest) {
    const body = await jsonBody(request);
    if (base.method !== 'GET') this.sent.push({ method: base.method, path: base.path, body });
    this.bodies.set(base, body);
    return base;
  }
  protected override route(request: Request, recorded: BaseRecordedRequest) {
    const body = this.bodies.get(recorded) ?? null;
    const reply = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (recorded.path === 'v2/config')
      return reply(200, { push_public_key: PUBLIC_KEY, time_zone: 'America/Los_Angeles' });
    if (recorded.path === PREFERENCES_PATH && recorded.method === 'PUT') {
      const update = body as {
        kinds: NotificationPreferences['kinds'];
        quiet_hours: NotificationPreferences['quiet_hours'];
        work_summary_frequency?: NotificationPreferences['work_summary_frequency'];
      };
      this.current = {
        ...this.current,
        kinds: { ...this.current.kinds, ...update.kinds },
        quiet_hours: update.quiet_hours,
        work_summary_frequency: update.work_summary_frequency ?? this.current.work_summary_frequency,
      };
      return reply(200, { data: this.current });
    }
    if (recorded.path === PREFERENCES_PATH) return reply(200, { data: this.current });
    if (recorded.path === `${PREFERENCES_PATH}/test`) {
      return reply(202, { message: 'A test notice is on its way.', data: { notice_id: 'n1' } });
    }
    if (recorded.path === 'v2/push_subscriptions') return reply(recorded.method === 'POST' ? 201 : 200, { data: {} });
    return super.route(request, recorded);
  }
}

let users = 0;
async function renderPage(server: NoticesServer, userId = `notices-${++users}`) {
  server.install();
  return renderWithProviders(
    <TestPortal userId={userId}>
      <NotificationsPage />
    </TestPortal>,
    { route: '/scholar/notifications' },
  );
}

/** A browser with push: a service worker registration whose PushManager subscribes, and the permission as given. */
function stubPush(permission: NotificationPermission, afterRequest: NotificationPermission = permission) {
  let subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const json = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys: { p256dh: 'p', auth: 'a' },
  };
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: vi.fn(async () => {
      subscription = { endpoint: json.endpoint, unsubscribe, toJSON: () => json, options: {} } as never;
      return subscription;
    }),
  };
  const Notification = { permission, requestPermission: vi.fn(async () => afterRequest) };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }), addEventListener() {}, removeEventListener() {} },
  });
  return { pushManager, unsubscribe, Notification, json };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Scholar Portal: Notifications', () => {
  it('shows the kinds the school offers and saves push, email and quiet hours; a wrong quiet hours field says so', async () => {
    const server = new NoticesServer();
    await renderPage(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    const signOutPush = await findChannelBox('Sign-outs', 'Push');
    expect(channelBox('Early departures', 'Email')).toBeTruthy();
    // Only the offered kinds.
    expect(screen.queryByText('Late arrivals')).toBeNull();
    // This test browser has no Push API.
    expect(await screen.findByText(/This browser cannot show the portal's notifications/)).toBeTruthy();

    fireEvent.click(signOutPush);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hold notices during quiet hours' }));
    expect(screen.getByText(/Sign-outs are never held/)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('To'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('The quiet hours must start and end at different times.')).toBeTruthy();
    expect(server.sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Your choices are saved.')).toBeTruthy();
    expect(server.sent).toEqual([
      {
        method: 'PUT',
        path: PREFERENCES_PATH,
        body: {
          kinds: { sign_out: { push: true, email: false }, early_departure: { push: true, email: false } },
          quiet_hours: { start: '21:00', end: '07:00' },
        },
      },
    ]);
  });

  it('the work summary comes by email only, weekly or every school day as the guardian chooses', async () => {
    const server = new NoticesServer();
    server.current = prefs({ offered: ['sign_out', 'work_summary'] });
    await renderPage(server);
    const group = await screen.findByRole('group', { name: /^Work summary/ });
    expect(within(group).queryByRole('checkbox', { name: 'Push' })).toBeNull();
    expect((within(group).getByRole('checkbox', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    const often = within(group).getByRole('combobox', { name: 'How often' }) as HTMLSelectElement;
    expect(often.value).toBe('weekly');
    fireEvent.change(often, { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText('Your choices are saved.')).toBeTruthy();
    expect(server.sent.at(-1)?.body).toMatchObject({ work_summary_frequency: 'daily' });
    expect(server.current.work_summary_frequency).toBe('daily');
  });

  it('turns notifications on for this device (permission, subscribe with the server key, POST) and off (DELETE, unsubscribe)', async () => {
    const push = stubPush('default', 'granted');
    const server = new NoticesServer();
    await renderPage(server);
    const on = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    await waitFor(() => expect((on as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(on);
    expect(await screen.findByText(/Done: this device will show/)).toBeTruthy();
    expect(push.Notification.requestPermission).toHaveBeenCalledOnce();
    const options = push.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect((options[0].applicationServerKey as Uint8Array).byteLength).toBe(65);
    expect(server.sent).toEqual([{ method: 'POST', path: 'v2/push_subscriptions', body: push.json }]);

    push.Notification.permission = 'granted';
    fireEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText(/Done: this device will not show/)).toBeTruthy();
    expect(server.sent.at(-1)).toEqual({
      method: 'DELETE',
      path: 'v2/push_subscriptions',
      body: { endpoint: push.json.endpoint },
    });
    expect(push.unsubscribe).toHaveBeenCalledOnce();
  });

  it('permission blocked: says how to allow it again', async () => {
    stubPush('denied');
    await renderPage(new NoticesServer());
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });

  it('on an iPhone outside a Home Screen app: the steps to add the portal to the Home Screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    await renderPage(new NoticesServer());
    expect(await screen.findByText('First add the portal to your Home Screen')).toBeTruthy();
    expect(screen.getByText('Choose Add to Home Screen, then Add.')).toBeTruthy();
    expect(screen.getByText(/iOS 16.4 or later/)).toBeTruthy();
  });

  it('push off on the server: email only', async () => {
    stubPush('default');
    const server = new NoticesServer();
    server.current = prefs({ push_enabled: false });
    await renderPage(server);
    expect(await screen.findByText(/This school sends notices by email only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });

  it('Send me a test says it is on its way', async () => {
    const server = new NoticesServer();
    await renderPage(server);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText(/A test notice is on its way/)).toBeTruthy();
    expect(server.sent).toEqual([{ method: 'POST', path: `${PREFERENCES_PATH}/test`, body: null }]);
  });

  it('offline: the choices this device saved, with "as of", and writes need the connection', async () => {
    const server = new NoticesServer();
    server.offline = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const userId = `notices-${++users}`;
    await portalCache.write(userId, PREFERENCES_PATH, { data: prefs() }, Date.UTC(2026, 10, 27, 15, 0));
    await renderPage(server, userId);
    expect(await findChannelBox('Sign-outs', 'Push')).toBeTruthy();
    expect(screen.getByText(/showing what this device saved, as of/)).toBeTruthy();
    expect(
      screen.getByText(/Changing them, turning notifications on or off and sending a test need a connection/),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save choices' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send me a test' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline with nothing saved on the device: says it needs a connection', async () => {
    const server = new NoticesServer();
    server.offline = true;
    await renderPage(server);
    expect(await screen.findByText(/this device has not saved your notification choices yet/)).toBeTruthy();
  });

  it('an error shows, with Try again', async () => {
    const server = new NoticesServer();
    server.failNext('GET', /^v2\/notification_preferences$/, 403, { message: 'Only scholars and parents.' });
    await renderPage(server);
    expect(await screen.findByText('Only scholars and parents.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findChannelBox('Sign-outs', 'Push')).toBeTruthy();
  });
});
