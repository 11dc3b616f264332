/**
 * This device's part of notices to families (docs/notices.md): whether the browser can receive Web Push, its
 * permission, turning notices on (the browser's permission, a PushManager subscription with the server's VAPID key,
 * sent to `POST v2/push_subscriptions`) and off (`DELETE`, then unsubscribe), and keeping the server's copy of the
 * subscription current: re-sent at each portal start, and sent again when the service worker had to subscribe anew
 * (it cannot call the API itself: the sign-in token is the page's; see sw/push.ts).
 */
import { api, call } from '../../../api/client';
import type { PushSubscriptionBody } from '../../../contract';

/** The service worker's message for a subscription it made again (sw/push.ts). */
export const PUSH_SUBSCRIPTION_CHANGED = 'PUSH_SUBSCRIPTION_CHANGED';

/**
 * - `supported`: the browser has service workers, the Push API and notifications;
 * - `ios-home-screen`: Safari on an iPhone or iPad outside a Home Screen app, where push exists only once the portal
 *   is added to the Home Screen and opened from there (iOS 16.4 or later);
 * - `unsupported`: any other browser without them.
 */
export type PushSupport = 'supported' | 'ios-home-screen' | 'unsupported';

/** True on an iPhone, iPod or iPad (iPadOS reports a Mac with a touch screen). */
function isAppleMobile(nav: Navigator): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/** What this browser can do. */
export function pushSupport(win: Window = window): PushSupport {
  const nav = win.navigator;
  if ('serviceWorker' in nav && 'PushManager' in win && 'Notification' in win) return 'supported';
  const standalone = (nav as Navigator & { standalone?: boolean }).standalone;
  if (isAppleMobile(nav) && standalone !== true) return 'ios-home-screen';
  return 'unsupported';
}

/** The browser's notification permission ('default' when it has not asked yet). */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** The portal's service worker registration, or null when none is registered (a development server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Base64url (the server's `push_public_key`) as bytes for `applicationServerKey`. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/** Sends a subscription to the server (the same endpoint again updates it). */
export function sendSubscription(json: PushSubscriptionJSON): Promise<unknown> {
  return call(() => api.post('v2/push_subscriptions', { json: json as PushSubscriptionBody }).json());
}

/** The permission was not given: `denied` (blocked, the browser's site settings allow it again) or `default`. */
export class PermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`notification permission: ${permission}`);
  }
}

/**
 * Turns notices on for this device: asks the permission, subscribes with the server's key (a subscription made for
 * another key, an earlier server's, is replaced) and sends it to the server.
 */
export async function turnOnDevice(publicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused(permission);
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const key = base64UrlBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await sendSubscription(subscription.toJSON());
  return subscription;
}

/** Turns notices off for this device: the server forgets the endpoint first (it needs the connection), then the browser. */
export async function turnOffDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await call(() => api.delete('v2/push_subscriptions', { json: { endpoint: subscription.endpoint } }).json());
  await subscription.unsubscribe();
}

/**
 * At a portal start: when notices are allowed and this device is subscribed, the server is sent the subscription
 * again (idempotent), so a subscription the browser renewed while no portal window was open reaches it. Failures
 * are left for the next start.
 */
export async function resendSubscription(): Promise<void> {
  if (pushSupport() !== 'supported' || notificationPermission() !== 'granted') return;
  const subscription = await currentSubscription().catch(() => null);
  if (subscription) await sendSubscription(subscription.toJSON()).catch(() => undefined);
}

interface ChangedMessage {
  type: typeof PUSH_SUBSCRIPTION_CHANGED;
  subscription: PushSubscriptionJSON;
  oldEndpoint: string | null;
}

const isChanged = (data: unknown): data is ChangedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PUSH_SUBSCRIPTION_CHANGED;

/** Sends the subscriptions the service worker made again while this page is open; answers the unsubscribe. */
export function listenForRenewedSubscriptions(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (!isChanged(event.data)) return;
    const { subscription, oldEndpoint } = event.data;
    void sendSubscription(subscription)
      .then(() =>
        oldEndpoint && oldEndpoint !== subscription.endpoint
          ? call(() => api.delete('v2/push_subscriptions', { json: { endpoint: oldEndpoint } }).json())
          : undefined,
      )
      .catch(() => undefined);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
