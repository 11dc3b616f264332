/**
 * A parent's sign-in inside a scholar's session on the scholar's phone (`login-parent`): kept apart
 * from the scholar's own session, which stays signed in, for the parent to sign or answer for the scholar.
 * Kept in sessionStorage: it lasts while the tab does (a reload keeps it), never beyond; `end()` signs the parent out
 * on the server (`logout-parent` with the parent's token) and leaves the scholar signed in.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../contract';

export const PARENT_SESSION_KEY = 'auth.parentSession';

export interface ParentSession {
  token: string;
  user: SessionUser;
  /** The scholar the parent answers for. */
  scholarId: string;
}

/** A store of the parent's co-session over a Storage (sessionStorage in the app). */
export function createParentSessionStore(storage: Storage, logout: (token: string) => Promise<unknown>) {
  const listeners = new Set<() => void>();
  let current: ParentSession | null = read();
  function read(): ParentSession | null {
    try {
      const raw = storage.getItem(PARENT_SESSION_KEY);
      return raw ? (JSON.parse(raw) as ParentSession) : null;
    } catch {
      return null;
    }
  }
  const set = (next: ParentSession | null) => {
    current = next;
    if (next) storage.setItem(PARENT_SESSION_KEY, JSON.stringify(next));
    else storage.removeItem(PARENT_SESSION_KEY);
    for (const l of listeners) l();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => current,
    start: (session: ParentSession) => set(session),
    /** Ends the parent's sign-in on the server (best effort: offline, the device forgets it anyway). */
    async end(): Promise<void> {
      const token = current?.token;
      set(null);
      if (token) await logout(token).catch(() => undefined);
    },
    /** Forgets it without a call (the scholar's own session ended, which ended this one on the server). */
    forget: () => set(null),
  };
}
export type ParentSessionStore = ReturnType<typeof createParentSessionStore>;

const memory = new Map<string, string>();
const fallback = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
} as Storage;

/** The app's one parent co-session. */
export const parentSession = createParentSessionStore(
  typeof sessionStorage === 'undefined' ? fallback : sessionStorage,
  (token) => import('./api/auth-api').then((m) => m.logoutParent(token)),
);

/** The parent's co-session on this phone, or null. */
export function useParentSession(): ParentSession | null {
  return useSyncExternalStore(parentSession.subscribe, parentSession.get, parentSession.get);
}
