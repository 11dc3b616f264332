/**
 * The service worker: it makes the app shell start with no network, and nothing more.
 *
 * - Precache: vite-plugin-pwa (injectManifest) replaces `self.__WB_MANIFEST` with every file of the build the stations need
 *   offline (shell, all JS chunks including lazy routes and locales, CSS, fonts, icons, manifest).
 * - Navigations outside `/api/` answer the precached `index.html`; the client-side router takes it from there.
 * - `/api/` is never cached here: offline data lives in the app's IndexedDB (src/offline/), which knows what a record is;
 *   a response cache here would serve stale or someone else's data.
 * - Updates wait until the person accepts the prompt (workbox-window sends SKIP_WAITING), so a kiosk never swaps code
 *   in the middle of a check-in.
 * - Background Sync only wakes the page's sync engine: the outbox in IndexedDB is the record of truth, not a request queue
 *   here (Workbox's background-sync queue drops requests the server answered 4xx/5xx, and the page owns retries).
 * - Notices to families (Web Push): each push shows a notification and a tap opens its portal screen (sw/push.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (https://wicg.github.io/background-sync/spec/), not yet in TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

/** Tag the page registers (`registration.sync.register(OUTBOX_SYNC_TAG)`) when the outbox has pending items. */
const OUTBOX_SYNC_TAG = 'outbox-sync';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(?:\/|$)/],
  }),
);

function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING';
}

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) {
    void self.skipWaiting();
  }
});

// Runs on activation: after the first install (so the first visit is already offline-capable without a reload) and after
// the person accepted an update (the page then reloads on `controlling`). A waiting update never activates on its own.
clientsClaim();

async function wakeSyncEngine(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    client.postMessage({ type: 'OUTBOX_SYNC' });
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) {
    event.waitUntil(wakeSyncEngine());
  }
});

registerPushHandlers(self);
