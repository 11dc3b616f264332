/**
 * The plain HTTP port beside HTTPS (HTTP_REDIRECT_PORT): every request is answered 308 Permanent Redirect to the same
 * path on `https://<host>:<PORT>`, so a device that types the old http:// address, or a bookmark, lands on the secure
 * origin. 308 rather than 301: the method and body are kept (RFC 9110 15.4.9), a POST stays a POST.
 *
 * The host: PUBLIC_URL's when it is set (the address the school publishes); else the request's Host name without its
 * port, accepted only as a host name (RFC 1123 labels) or an IP address, since it is written into the Location a
 * browser follows; anything else is answered 400. Nothing else is served here: no file, no API.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/** Letters, digits and hyphens in dot-separated labels of at most 63, not starting or ending with a hyphen. */
const HOST_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?$/i;

/** The Host header's name without its port, if it is a host name or an IP address (IPv6 in brackets); else null. */
export function hostName(header: string | undefined): string | null {
  if (!header) return null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(header);
  if (bracketed) return bracketed[1] && isIPv6(bracketed[1]) ? `[${bracketed[1]}]` : null;
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(header);
  const name = match?.[1];
  if (!name) return null;
  if (isIPv4(name)) return name;
  return HOST_NAME.test(name) ? name.toLowerCase() : null;
}

export interface RedirectOptions {
  /** The HTTPS port (PORT). */
  httpsPort: number;
  /** PUBLIC_URL, whose host is used instead of the request's. */
  publicUrl?: string;
  /** As the app's: the request's headers must arrive within this. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** Where a request to the plain port is sent, or null when its Host is not a name the redirect may use. */
export function redirectTarget(
  request: Pick<IncomingMessage, 'url' | 'headers'>,
  opts: Pick<RedirectOptions, 'httpsPort' | 'publicUrl'>,
): string | null {
  const host = opts.publicUrl ? new URL(opts.publicUrl).hostname : hostName(request.headers.host);
  if (!host) return null;
  const raw = request.url ?? '/';
  // An absolute-form target (a proxy's request line) gives only its path and query; the host is ours.
  let path = raw.startsWith('/') ? raw : '/';
  if (/^https?:\/\//i.test(raw)) {
    const url = new URL(raw);
    path = `${url.pathname}${url.search}`;
  }
  const port = opts.httpsPort === 443 ? '' : `:${opts.httpsPort}`;
  return `https://${host}${port}${path}`;
}

/** The redirect server, not yet listening. */
export function createRedirectServer(opts: RedirectOptions): Server {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const target = redirectTarget(request, opts);
    // The body is never read: the answer does not depend on it.
    if (!target) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end('Bad Request: the Host header is not a host name or an IP address.\n');
      return;
    }
    response.writeHead(308, {
      location: target,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(`Moved to ${target}\n`);
  });
  server.requestTimeout = opts.requestTimeoutMs;
  server.headersTimeout = opts.requestTimeoutMs;
  server.keepAliveTimeout = opts.keepAliveTimeoutMs;
  return server;
}
