/** The app's one session store, wired to the real endpoints and localStorage, and the hook that reads it. */
import { useSyncExternalStore } from 'react';
import { getToken } from '../../api/token';
import { parentSession } from './parent-session';
import { createSessionStore, type SessionState } from './session';

// The HTTP client (ky) loads after the first paint: the login and kiosk screens render without it (DESIGN section 8).
const authApi = () => import('./api/auth-api');

export const session = createSessionStore({
  check: () => authApi().then((m) => m.checkSession()),
  logout: () => authApi().then((m) => m.logoutSession()),
  storage: localStorage,
});

// The scholar's session ending ends a parent's sign-in inside it (the server ends it too); and a scholar's or
// parent's portal answers kept on the device go with their sign-out, so the next person on a shared phone cannot
// read them offline. (Loaded on demand: the offline layer stays out of the first screens' code.)
let portalUser: string | null = null;
session.subscribe(() => {
  const { loggedIn, user } = session.getState();
  if (user) portalUser = user.type === 'staff' ? null : user.id;
  if (loggedIn !== false) return;
  parentSession.forget();
  const gone = portalUser;
  portalUser = null;
  if (gone) void import('../../offline').then((m) => m.portalCache.clear(gone)).catch(() => undefined);
});

// Any 401 to a request that carried the token means the session ended on the server (revoked, expired, deactivated).
// Only a device that keeps a token can get one, so the HTTP client (ky, 9 kB gzip) is not loaded for it before then:
// the login screen loads it when the form is sent.
let watching = false;
function watchUnauthorized(): void {
  if (watching || !getToken()) return;
  watching = true;
  void import('../../api/client').then((m) => m.onUnauthorized(() => session.expire()));
}
watchUnauthorized();
session.subscribe(watchUnauthorized);

/** The current sign-in state. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}
