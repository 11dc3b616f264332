/**
 * Which push endpoints the server calls (DESIGN section 12): a subscription's endpoint is an address the browser
 * chose, so the server takes only the known push services' hosts over https on the default port, so it can never be
 * made to call an address a user picked (a server on the school's network, a cloud metadata address). A test's local
 * stand-in is added with PUSH_ENDPOINT_HOSTS (`host:port`); plain http is allowed there for a loopback host only.
 */

/**
 * The push services of the browsers that install the portal: Google's FCM (Chrome, Edge on Android, most Chromium
 * browsers), Mozilla's autopush (Firefox), Apple's (Safari, iOS home screen apps) and Microsoft's WNS (Edge on
 * Windows). A suffix starting with a dot matches any name under it.
 */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const known = (hostname: string) =>
  KNOWN_PUSH_HOSTS.some((h) =>
    h.startsWith('.') ? hostname.endsWith(h) && hostname.length > h.length : hostname === h,
  );

/** True when the server may send to this endpoint: a known push service's, or one of `extraHosts` (host:port). */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  if (url.protocol === 'https:' && url.port === '' && known(hostname)) return true;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (!extraHosts.includes(`${hostname}:${port}`)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(hostname));
}
