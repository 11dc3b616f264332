/**
 * Service worker registration and the "new version available" state, as a tiny observable store.
 *
 * Why it looks like this:
 * - Updates are offered, never forced (registerType 'prompt'): a kiosk must not swap code under someone's finger.
 *   A new worker waits until the person accepts; then we tell it to skip waiting and reload once it controls the page.
 * - Kiosks never reload on their own, so we look for a new version every 30 minutes and whenever the page becomes
 *   visible again; otherwise a station could run last month's build forever.
 * - No React here: `use-pwa.ts` wraps the store with useSyncExternalStore, and tests drive it with a fake Workbox.
 * - workbox-window is imported lazily, after the first render, so it costs nothing on the login and kiosk screens' budget.
 */
import type { Workbox } from 'workbox-window';

/** What the UI needs to know about the service worker. */
export interface PwaState {
  /** A new version is installed and waits for the person to accept it (see `applyUpdate`). */
  readonly updateAvailable: boolean;
  /** A service worker with the full precache is active: the app starts without network from now on. */
  readonly offlineReady: boolean;
  /** The service worker registration succeeded. */
  readonly registered: boolean;
}

/** The part of a workbox-window lifecycle event we read. */
export interface PwaLifecycleEvent {
  readonly isUpdate?: boolean;
  readonly isExternal?: boolean;
}

/** The part of a service worker registration we use (a real ServiceWorkerRegistration fits). */
export interface PwaRegistration {
  readonly active: object | null;
  update(): Promise<unknown>;
}

/** The part of workbox-window's `Workbox` we use; tests pass a fake. */
export interface WorkboxLike {
  register(): Promise<PwaRegistration | undefined>;
  messageSkipWaiting(): void;
  addEventListener(type: 'waiting' | 'activated' | 'controlling', listener: (event: PwaLifecycleEvent) => void): void;
}

export interface PwaControllerOptions {
  /** Reloads the page once the accepted worker controls it. */
  reload?: () => void;
  /** How often to look for a new version while the page stays open. */
  updateIntervalMs?: number;
}

export interface PwaController {
  subscribe(listener: () => void): () => void;
  getState(): PwaState;
  register(workbox: WorkboxLike): Promise<void>;
  applyUpdate(): void;
  /** Stops the periodic update checks (tests, hot reload). */
  dispose(): void;
}

const THIRTY_MINUTES = 30 * 60 * 1000;

const INITIAL_STATE: PwaState = Object.freeze({ updateAvailable: false, offlineReady: false, registered: false });

/** Creates an independent store and registration flow; the app uses the module-level one below. */
export function createPwaController(options: PwaControllerOptions = {}): PwaController {
  const reload = options.reload ?? (() => window.location.reload());
  const updateIntervalMs = options.updateIntervalMs ?? THIRTY_MINUTES;
  const listeners = new Set<() => void>();
  let state = INITIAL_STATE;
  let workbox: WorkboxLike | undefined;
  let registration: PwaRegistration | undefined;
  let registering: Promise<void> | undefined;
  let updateAccepted = false;
  // Another tab accepted the update: this page still runs the old code under the new worker, so only a reload helps.
  let controlledByNewWorker = false;
  let reloading = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function setState(patch: Partial<PwaState>): void {
    const next = { ...state, ...patch };
    if (
      next.updateAvailable === state.updateAvailable &&
      next.offlineReady === state.offlineReady &&
      next.registered === state.registered
    ) {
      return;
    }
    state = Object.freeze(next);
    for (const listener of listeners) listener();
  }

  function reloadOnce(): void {
    if (reloading) return;
    reloading = true;
    reload();
  }

  function checkForUpdate(): void {
    if (!registration || state.updateAvailable || navigator.onLine === false) return;
    // Offline or a server hiccup: the next check will try again.
    registration.update().catch(() => undefined);
  }

  function onVisibilityChange(): void {
    if (document.visibilityState === 'visible') checkForUpdate();
  }

  function listen(wb: WorkboxLike): void {
    wb.addEventListener('waiting', () => setState({ updateAvailable: true }));
    wb.addEventListener('activated', () => setState({ offlineReady: true }));
    wb.addEventListener('controlling', (event) => {
      if (updateAccepted) {
        reloadOnce();
      } else if (event.isUpdate || event.isExternal) {
        controlledByNewWorker = true;
        setState({ updateAvailable: true });
      }
    });
  }

  async function start(wb: WorkboxLike): Promise<void> {
    workbox = wb;
    listen(wb);
    try {
      registration = await wb.register();
    } catch (error) {
      console.error('Service worker registration failed; the app works but not offline.', error);
      return;
    }
    if (!registration) return;
    setState({ registered: true, ...(registration.active ? { offlineReady: true } : {}) });
    timer = setInterval(checkForUpdate, updateIntervalMs);
    document.addEventListener('visibilitychange', onVisibilityChange);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getState: () => state,
    register(wb) {
      registering ??= start(wb);
      return registering;
    },
    applyUpdate() {
      if (!workbox || !state.updateAvailable) return;
      if (controlledByNewWorker) {
        reloadOnce();
        return;
      }
      updateAccepted = true;
      workbox.messageSkipWaiting();
    },
    dispose() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}

const controller = createPwaController();

/** Subscribes to PWA state changes; returns the unsubscribe function. */
export const subscribe = controller.subscribe;

/** The current PWA state (a new object only when something changed, as useSyncExternalStore expects). */
export const getState = controller.getState;

/** Accepts the waiting update: the new worker takes over and the page reloads once it controls the page. */
export const applyUpdate = controller.applyUpdate;

async function createWorkbox(): Promise<WorkboxLike | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const { Workbox: WorkboxClass } = await import('workbox-window');
  const wb: Workbox = new WorkboxClass('/sw.js', { scope: '/' });
  return wb;
}

/**
 * Registers the service worker (production builds in browsers that have service workers) and asks for persistent
 * storage; pass a Workbox-like object to drive the flow in tests. Safe to call more than once.
 */
export async function registerServiceWorker(workbox?: WorkboxLike): Promise<void> {
  const wb = workbox ?? (await createWorkbox());
  if (!wb) return;
  await controller.register(wb);
  if (controller.getState().registered) await requestPersistentStorage();
}

/**
 * Asks the browser not to evict this origin's storage (the outbox and the reference snapshot live in IndexedDB);
 * resolves true when storage is persistent.
 */
export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  if (typeof storage?.persist !== 'function') return false;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
