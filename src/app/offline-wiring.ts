/**
 * Connects the offline layer (src/offline) to the signed-in session, without putting it in the first screens' bundle.
 *
 * Why it is here and lazy: Dexie and the sync engine weigh far more than the login and kiosk screens can carry before
 * their first paint (DESIGN section 8: 170 kB gzip), so `startOffline()` runs after the first render and fetches
 * `src/offline` with a dynamic import. Screens that show sync state (the app bar's indicator, the sign-out button) read
 * the loaded module through `useOfflineModule()` and render nothing of it until it is there.
 *
 * Rules: the engine starts only once someone is signed in (a device with nobody signed in sends nothing);
 * a sign-in after a sign-out or an ended session calls `resume()`, which lifts the 401 pause so the entries that waited
 * on this device go out under the new sign-in. Signing out never touches the outbox.
 *
 * With nobody signed in (nor remembered) on the device, the module is not even loaded until someone signs in: the
 * login screen has nothing to sync or show of it, and its code (the engine, Dexie, the contract's schemas: about
 * 75 kB gzip) would double what the login screen downloads.
 */
import { useSyncExternalStore } from 'react';
import { getToken } from '../api/token';
import type { SessionState } from '../features/auth/session';
import { session } from '../features/auth/session-instance';

/** The app's offline module, as `import('../offline')` resolves it. */
export type OfflineModule = typeof import('../offline');

/** What the wiring calls on the offline module (the real one, or a fake in tests). */
export interface WiredModule {
  setUserIdSource(source: () => string | null): void;
  setUserNameSource?(source: () => string | null): void;
  requestPersistence(): Promise<boolean>;
  syncEngine: { start(): void; resume(): Promise<void> };
}

/** The part of the session store the wiring reads. */
export interface SessionSource {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
}

export interface OfflineWiring<M extends WiredModule> {
  /** Loads the module once and wires it to the session; later calls return the same promise. */
  start(): Promise<M>;
  /** The loaded module, or null until `start()` has loaded it. */
  getModule(): M | null;
  subscribe(listener: () => void): () => void;
}

/** Wires an offline module, loaded by `load`, to a session store. */
export function createOfflineWiring<M extends WiredModule>(deps: {
  load: () => Promise<M>;
  session: SessionSource;
  /** True when the device keeps someone's sign-in (a token), whom the start-up check has not answered for yet. */
  remembered?: () => boolean;
}): OfflineWiring<M> {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();

  /** Resolves once someone is signed in or remembered, with the session's `loggedIn` when this was first asked. */
  let signedIn: Promise<boolean | null> | null = null;
  function whenSignedIn(): Promise<boolean | null> {
    signedIn ??= new Promise((resolve) => {
      const initial = deps.session.getState().loggedIn;
      const someone = () => {
        const { loggedIn } = deps.session.getState();
        return loggedIn === true || (loggedIn === null && (deps.remembered?.() ?? false));
      };
      if (someone()) {
        resolve(null);
        return;
      }
      const stop = deps.session.subscribe(() => {
        if (!someone()) return;
        stop();
        resolve(initial);
      });
    });
    return signedIn;
  }

  function wire(loaded: M, before: boolean | null): void {
    loaded.setUserIdSource(() => deps.session.getState().user?.id ?? null);
    loaded.setUserNameSource?.(() => {
      const user = deps.session.getState().user;
      return user ? `${user.nickname ?? user.fname} ${user.lname}`.trim() : null;
    });
    let isStarted = false;
    // Loaded at a sign-in (nobody was signed in before): that sign-in is new, as if the module had seen it happen.
    let previous: boolean | null = before;
    const follow = () => {
      const { loggedIn } = deps.session.getState();
      if (loggedIn === true && previous !== true) {
        if (!isStarted) {
          isStarted = true;
          loaded.syncEngine.start();
          void loaded.requestPersistence();
        }
        // From false, someone signed in (not the start-up check confirming a cached sign-in): lift a 401 pause.
        if (previous === false) void loaded.syncEngine.resume();
      }
      previous = loggedIn;
    };
    follow();
    deps.session.subscribe(follow);
  }

  return {
    start() {
      loading ??= whenSignedIn().then((before) =>
        deps.load().then(
          (loaded) => {
            wire(loaded, before);
            module = loaded;
            for (const listener of listeners) listener();
            return loaded;
          },
          (error: unknown) => {
            // A chunk that failed to load (a deployment in between) may load on a later call.
            loading = null;
            throw error;
          },
        ),
      );
      return loading;
    },
    getModule: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const appWiring = createOfflineWiring<OfflineModule>({
  load: () => import('../offline'),
  session,
  remembered: () => getToken() !== null,
});

/**
 * Loads the offline layer and wires it to the session; call once after the first render. With nobody signed in it
 * waits for a sign-in. Null if it failed.
 */
export function startOffline(): Promise<OfflineModule | null> {
  return appWiring.start().catch((error: unknown) => {
    console.error('The offline layer could not be loaded; sync status is not shown.', error);
    return null;
  });
}

/** The loaded offline module, or null until `startOffline()` has loaded it (re-renders once it is there). */
export function useOfflineModule(): OfflineModule | null {
  return useSyncExternalStore(appWiring.subscribe, appWiring.getModule, appWiring.getModule);
}
