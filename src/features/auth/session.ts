/**
 * The sign-in state of the web app. `loggedIn` is null while unknown (a token exists, no user is kept and
 * the server has not answered yet), true or false. The token and the last known user are kept in localStorage so that
 * a kiosk that starts offline still knows who is signed in: a network failure of `v2/auth/check` keeps the cached
 * user, and only a 401 clears the user, permissions, token and return URL.
 *
 * With a token and a kept user the app starts signed in as that user and asks the server in the background, as it
 * would offline: the first screen does not wait a round trip (and the HTTP client's download) for an answer that is
 * almost always "the same person" (issue 16, the portal's first paint). The server decides what every request may
 * read either way; an answer that differs replaces the user and permissions, and a 401 signs out.
 */
import { ApiError } from '../../api/errors';
import { getToken, setToken } from '../../api/token';
import type { SessionUser } from '../../contract';

export interface SessionState {
  loggedIn: boolean | null;
  user: SessionUser | null;
  permissions: readonly string[];
}

export const USER_KEY = 'auth.user';
export const RETURN_URL_KEY = 'auth.returnUrl';

export interface SessionDeps {
  check(): Promise<SessionUser>;
  logout(): Promise<unknown>;
  storage: Storage;
}

/** A framework-free store of the sign-in state; React reads it with useSyncExternalStore. */
export function createSessionStore(deps: SessionDeps) {
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of listeners) l();
  };
  const signedIn = (user: SessionUser): SessionState => ({ loggedIn: true, user, permissions: user.permissions });
  const signedOut: SessionState = { loggedIn: false, user: null, permissions: [] };

  function cachedUser(): SessionUser | null {
    try {
      const raw = deps.storage.getItem(USER_KEY);
      const user = raw ? (JSON.parse(raw) as Partial<SessionUser> | null) : null;
      return user && typeof user.id === 'string' && Array.isArray(user.permissions) ? (user as SessionUser) : null;
    } catch {
      return null;
    }
  }

  // A token and a kept user: signed in as that user until the server says otherwise (see the header).
  const kept = getToken() ? cachedUser() : null;
  let state: SessionState = kept ? signedIn(kept) : { loggedIn: null, user: null, permissions: [] };

  function clear() {
    setToken(null);
    deps.storage.removeItem(USER_KEY);
    deps.storage.removeItem(RETURN_URL_KEY);
    set(signedOut);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,

    /** Asks the server who is signed in. Offline, the cached user stays; a 401 signs out. */
    async check(): Promise<void> {
      if (!getToken()) {
        set(signedOut);
        return;
      }
      const cached = cachedUser();
      try {
        const user = await deps.check();
        const json = JSON.stringify(user);
        // The same person with the same permissions as shown: nothing to render again.
        if (state.loggedIn === true && JSON.stringify(state.user) === json) return;
        deps.storage.setItem(USER_KEY, json);
        set(signedIn(user));
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) clear();
        // Nothing cached to show offline: the login screen says why, and the token stays for when the network returns.
        else set(cached ? signedIn(cached) : signedOut);
      }
    },

    /** Records a successful sign-in. */
    signIn(token: string, user: SessionUser) {
      setToken(token);
      deps.storage.setItem(USER_KEY, JSON.stringify(user));
      set(signedIn(user));
    },

    /** Signs out on the server (best effort) and on this device. */
    async signOut(): Promise<void> {
      try {
        // The signed-in person's own session, a parent's too (`logout-parent` ends only a parent's co-session).
        await deps.logout();
      } catch {
        // Offline or already revoked: the device forgets the token either way.
      }
      clear();
    },

    /** A 401 from any request: the token is no longer valid. */
    expire: clear,

    setReturnUrl(url: string) {
      deps.storage.setItem(RETURN_URL_KEY, url);
    },
    /** The remembered return URL, removed as it is read. */
    takeReturnUrl(): string | null {
      const url = deps.storage.getItem(RETURN_URL_KEY);
      deps.storage.removeItem(RETURN_URL_KEY);
      return url;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
