/**
 * The route guard exactly as the specification says, as a pure function so it is tested without a
 * browser. A route that needs sign-in remembers the path as the return URL and goes to /login; a person who lacks any
 * listed permission sees 'Invalid Permissions' and goes to /; on a host whose sub-domain is 'scholar', a staff user
 * opening / goes to /check-in and a scholar or parent to /scholar, when they may open it (else / stays). The client guard is for convenience only: the
 * server checks every call.
 */
import type { UserType } from '../contract';

export type GuardDecision =
  | { type: 'wait' }
  | { type: 'allow' }
  | { type: 'login'; returnUrl: string }
  | { type: 'forbidden' }
  | { type: 'redirect'; to: string };

export interface GuardInput {
  /** Path with search and hash, as the person asked for it. */
  url: string;
  requiresAuth: boolean;
  permissions: readonly string[];
  session: { loggedIn: boolean | null; permissions: readonly string[]; userType: UserType | null };
  hostname: string;
  /**
   * Whether the signed-in person may open a path of the route table: a redirect never leads to a missing page, nor
   * to one the guard would refuse (that page would send the person back to /, and / to it again, for ever).
   */
  mayOpenPath: (path: string) => boolean;
}

/** True for hosts like scholar.school.org: the first label is 'scholar'. */
export const isScholarHost = (hostname: string) => hostname.split('.')[0]?.toLowerCase() === 'scholar';

/** Decides what happens when a route is opened. */
export function decide(input: GuardInput): GuardDecision {
  if (!input.requiresAuth) return { type: 'allow' };
  if (input.session.loggedIn === null) return { type: 'wait' };
  if (input.session.loggedIn === false) return { type: 'login', returnUrl: input.url };
  if (!input.permissions.every((p) => input.session.permissions.includes(p))) return { type: 'forbidden' };
  const path = input.url.split(/[?#]/)[0] ?? '/';
  if (path === '/' && isScholarHost(input.hostname)) {
    const to = input.session.userType === 'staff' ? '/check-in' : '/scholar';
    if (input.mayOpenPath(to)) return { type: 'redirect', to };
  }
  return { type: 'allow' };
}
