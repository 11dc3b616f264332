/**
 * Notices to families in the service worker (docs/notices.md): each Web Push becomes a notification, a tap opens the
 * portal screen it is about, and a subscription the browser replaced is handed to the portal to send to the server.
 *
 * - `push`: always shows a notification (never a silent push: browsers require every push to show one, and a family
 *   must see each notice). The server's payload is `NoticePayloadSchema` (src/contract/notices.ts): title, body, url
 *   (a portal path such as `/scholar/arrivals?scholar=<id>`) and tag (a later notice about the same scholar and kind
 *   replaces the earlier one on the device). The contract is not imported: zod would weigh down the worker, and the
 *   worker needs four fields it checks itself.
 * - `notificationclick`: focuses an open portal window and navigates it to the notice's url, or opens a new window.
 *   Only same-origin urls are opened; anything else opens the portal's home.
 * - `pushsubscriptionchange`: subscribes again with the same server key. The sign-in token lives only in the page's
 *   localStorage, which a worker cannot read, so the worker does not call the authenticated API itself: it posts the
 *   new subscription to the open portal windows, which send it (and remove the old endpoint). With no window open,
 *   the portal re-sends the device's current subscription at its next start (cheap and idempotent on the server), and
 *   the old endpoint is removed by the server when its push service answers 404 or 410.
 */

/** The portal's message type for a subscription the worker made again. */
export const PUSH_SUBSCRIPTION_CHANGED = 'PUSH_SUBSCRIPTION_CHANGED';

/** Where a notice without a usable url opens. */
export const PORTAL_HOME = '/scholar';

/** The app icon the manifest lists (public/icons). */
export const NOTICE_ICON = '/icons/icon-192.png';

/** A push whose payload cannot be read still shows a notification: in both of the portal's languages. */
export const FALLBACK_TITLE = 'New notice · Nuevo aviso';

export interface NoticeToShow {
  title: string;
  options: NotificationOptions & { data: { url: string; notice_id: string | null; scholar_id: string | null } };
}

/** `raw` as an absolute address of this origin, or the portal's home when it is missing or elsewhere. */
export function sameOriginUrl(raw: unknown, origin: string): string {
  if (typeof raw === 'string' && raw !== '') {
    try {
      const url = new URL(raw, origin);
      if (url.origin === origin) return url.href;
    } catch {
      // Not an address: the portal's home below.
    }
  }
  return new URL(PORTAL_HOME, origin).href;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What a push shows: the payload's fields, or a general notice when the payload is not the server's JSON. */
export function noticeFromPush(data: { json(): unknown; text(): string } | null, origin: string): NoticeToShow {
  let payload: Record<string, unknown> = {};
  let plain: string | null = null;
  if (data) {
    try {
      const parsed = data.json();
      if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
    } catch {
      plain = text(data.text());
    }
  }
  const url = sameOriginUrl(payload.url, origin);
  const tag = text(payload.tag);
  return {
    title: text(payload.title) ?? FALLBACK_TITLE,
    options: {
      body: text(payload.body) ?? plain ?? '',
      icon: NOTICE_ICON,
      ...(tag ? { tag } : {}),
      data: { url, notice_id: text(payload.notice_id), scholar_id: text(payload.scholar_id) },
    },
  };
}

/**
 * Opens `url` for a tapped notice: an open portal window (the focused one first) is focused and navigated there;
 * without one, or when it cannot be navigated (a window this worker does not control), a new window opens.
 */
export async function openNotice(clients: Clients, url: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly WindowClient[];
  const origin = new URL(url).origin;
  const portal = [...windows]
    .filter((w) => new URL(w.url).origin === origin)
    .sort((a, b) => Number(b.focused) - Number(a.focused))[0];
  if (portal) {
    // Focus is allowed while the tap's activation lasts; a refusal must not stop the navigation.
    await portal.focus().catch(() => undefined);
    const navigated = await portal.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await clients.openWindow(url);
}

/** Base64url (the server's `push_public_key`) as bytes for `applicationServerKey`. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The `pushsubscriptionchange` event (Push API), typed here rather than relying on the lib's event map. */
interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

/** The server key to subscribe with again: the old subscription's, else the server's (`GET v2/config` is public). */
async function serverKey(scope: ServiceWorkerGlobalScope, old: PushSubscription | null): Promise<BufferSource | null> {
  const key = old?.options.applicationServerKey;
  if (key) return key;
  const res = await fetch(new URL('/api/v2/config', scope.location.origin), { credentials: 'omit' });
  if (!res.ok) return null;
  const config = (await res.json()) as { push_public_key?: string | null };
  return config.push_public_key ? base64UrlBytes(config.push_public_key) : null;
}

/** Subscribes again after the browser dropped or replaced the subscription, and tells the portal's windows. */
export async function resubscribe(scope: ServiceWorkerGlobalScope, event: SubscriptionChangeEvent): Promise<void> {
  let subscription = event.newSubscription;
  if (!subscription) {
    const applicationServerKey = await serverKey(scope, event.oldSubscription);
    // Push turned off on the server: nothing to subscribe to; the portal then offers email only.
    if (!applicationServerKey) return;
    subscription = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    client.postMessage({
      type: PUSH_SUBSCRIPTION_CHANGED,
      subscription: subscription.toJSON(),
      oldEndpoint: event.oldSubscription?.endpoint ?? null,
    });
  }
}

/** Adds the push, notification click and subscription change handlers to the worker. */
export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const notice = noticeFromPush(event.data, scope.location.origin);
    event.waitUntil(scope.registration.showNotification(notice.title, notice.options));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openNotice(scope.clients, sameOriginUrl(data?.url, scope.location.origin)));
  });
  scope.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChangeEvent;
    change.waitUntil(resubscribe(scope, change));
  });
}
