import { describe, expect, it, vi } from 'vitest';
import {
  FALLBACK_TITLE,
  NOTICE_ICON,
  noticeFromPush,
  openNotice,
  PUSH_SUBSCRIPTION_CHANGED,
  registerPushHandlers,
  sameOriginUrl,
} from './push';

const ORIGIN = 'https://school.example.org';
const payload = {
  notice_id: 'n1',
  kind: 'sign_out',
  title: 'Jasmine was signed out',
  body: 'Jasmine was signed out at 3:12 PM with Kiara Mitchell',
  url: '/scholar/arrivals?scholar=s2',
  tag: 'sign_out-s2',
  scholar_id: 's2',
  occurred_at: '2026-03-02T23:12:00.000Z',
};
const data = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => String(value),
});

/** A window client: its address, whether it is focused, and whether it can be navigated (a controlled one). */
function windowClient(url: string, opts: { focused?: boolean; navigates?: boolean } = {}) {
  const client = {
    url,
    focused: opts.focused ?? false,
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      if (opts.navigates === false) throw new TypeError('not controlled');
      return { ...client, url: to };
    }),
    postMessage: vi.fn(),
  };
  return client;
}

function fakeClients(windows: ReturnType<typeof windowClient>[]) {
  return {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  };
}

/** The worker's global as the handlers use it, with the events they listen for. */
function fakeScope(windows: ReturnType<typeof windowClient>[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const clients = fakeClients(windows);
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/new', toJSON: () => ({ endpoint: 'new' }) };
  const scope = {
    location: { origin: ORIGIN },
    clients,
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async () => subscription) },
    },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  registerPushHandlers(scope as unknown as ServiceWorkerGlobalScope);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  };
  return { scope, clients, dispatch };
}

describe('the service worker: notices', () => {
  it("a push shows the payload's title and body, with its tag, icon and same-origin url", () => {
    expect(noticeFromPush(data(payload), ORIGIN)).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        icon: NOTICE_ICON,
        tag: payload.tag,
        data: { url: `${ORIGIN}/scholar/arrivals?scholar=s2`, notice_id: 'n1', scholar_id: 's2' },
      },
    });
  });

  it('a push that is not the JSON expected still shows a notification; a url elsewhere opens the portal', () => {
    const plain = noticeFromPush(data('not json {'), ORIGIN);
    expect(plain.title).toBe(FALLBACK_TITLE);
    expect(plain.options.body).toBe('not json {');
    expect(noticeFromPush(null, ORIGIN).title).toBe(FALLBACK_TITLE);
    expect(noticeFromPush(data({ ...payload, url: 'https://evil.example/x' }), ORIGIN).options.data.url).toBe(
      `${ORIGIN}/scholar`,
    );
    expect(sameOriginUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/scholar`);
    expect(sameOriginUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/scholar`);
  });

  it('the push event always calls showNotification', async () => {
    const { scope, dispatch } = fakeScope();
    await dispatch('push', { data: data(payload) });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      payload.title,
      expect.objectContaining({ tag: payload.tag }),
    );
    await dispatch('push', { data: null });
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith(FALLBACK_TITLE, expect.anything());
  });

  it('a tap focuses an open portal window and navigates it; without one it opens a window', async () => {
    const other = windowClient(`${ORIGIN}/scholar/calendar`);
    const focused = windowClient(`${ORIGIN}/scholar`, { focused: true });
    const open = fakeScope([other, focused]);
    const close = vi.fn();
    const url = `${ORIGIN}/scholar/arrivals?scholar=s2`;
    await open.dispatch('notificationclick', { notification: { close, data: { url } } });
    expect(close).toHaveBeenCalledOnce();
    expect(focused.focus).toHaveBeenCalledOnce();
    expect(focused.navigate).toHaveBeenCalledWith(url);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(open.clients.openWindow).not.toHaveBeenCalled();

    const none = fakeScope([]);
    await none.dispatch('notificationclick', {
      notification: { close, data: { url: 'https://evil.example/' } },
    });
    expect(none.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/scholar`);
  });

  it('a window this worker cannot navigate: a new window opens', async () => {
    const uncontrolled = windowClient(`${ORIGIN}/scholar`, { navigates: false });
    const clients = fakeClients([uncontrolled]);
    await openNotice(clients as unknown as Clients, `${ORIGIN}/scholar/arrivals`);
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/scholar/arrivals`);
  });

  it('a changed subscription is made again with the same key and handed to the portal windows', async () => {
    const page = windowClient(`${ORIGIN}/scholar`);
    const { scope, dispatch } = fakeScope([page]);
    const key = new Uint8Array([4, 1, 2]).buffer;
    await dispatch('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/old', options: { applicationServerKey: key } },
      newSubscription: null,
    });
    expect(scope.registration.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    expect(page.postMessage).toHaveBeenCalledWith({
      type: PUSH_SUBSCRIPTION_CHANGED,
      subscription: { endpoint: 'new' },
      oldEndpoint: 'https://fcm.googleapis.com/fcm/send/old',
    });
  });
});
