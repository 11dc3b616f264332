/**
 * HTTPS with HTTP/2 served by the server itself (DESIGN section 13): a tablet on a school's own network gets a service
 * worker, Web Push and the camera only from a secure origin. With TLS_CERT and TLS_KEY the server listens with
 * HTTP/2, and HTTP/1.1 on the same port for clients that do not offer h2 in ALPN (`allowHTTP1`).
 *
 * What the plain HTTP/1.1 server does, kept here:
 * - the files are read and checked at start, each error naming its variable (a file missing, not PEM, an encrypted
 *   key, a key that is not the certificate's), so a school finds the mistake at start, not at a browser's warning;
 * - the slow-client limits (server/app.ts): an HTTP/1.1 connection on the HTTP/2 server gets the same request,
 *   header and keep-alive timeouts; an HTTP/2 stream whose request does not arrive whole within REQUEST_TIMEOUT_MS is
 *   cancelled (Node applies its request timeout to HTTP/1.1 connections only);
 * - graceful shutdown: on close every HTTP/2 session is sent GOAWAY (its streams in flight finish, no new ones start)
 *   and idle HTTP/1.1 connections are closed, so `app.close()` ends once the requests in flight are answered, not
 *   when the last browser lets its connection go (Node 20's HTTP/2 server waits for every session).
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, type Http2SecureServer, type Http2Session, type ServerHttp2Stream } from 'node:http2';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError } from '../config';

/** The certificate and key as read from TLS_CERT and TLS_KEY, checked to be a pair. */
export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** The leaf certificate (the first in TLS_CERT). */
  leaf: X509Certificate;
}

const fail = (variable: string, message: string): never => {
  throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
};

function readPem(variable: string, path: string): Buffer {
  try {
    return readFileSync(resolve(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    return fail(variable, `cannot read ${resolve(path)} (${code})`);
  }
}

/**
 * Reads TLS_CERT and TLS_KEY and checks them (PEM, a certificate and an unencrypted private key that belong
 * together); null without TLS. Throws ConfigError naming the variable at fault.
 */
export function readTlsMaterial(config: Pick<Config, 'TLS_CERT' | 'TLS_KEY'>): TlsMaterial | null {
  if (!config.TLS_CERT || !config.TLS_KEY) return null;
  const cert = readPem('TLS_CERT', config.TLS_CERT);
  const key = readPem('TLS_KEY', config.TLS_KEY);
  const certText = cert.toString('latin1');
  if (!certText.includes('-----BEGIN CERTIFICATE-----')) {
    fail('TLS_CERT', `${resolve(config.TLS_CERT)} is not a PEM certificate (no "-----BEGIN CERTIFICATE-----" line)`);
  }
  let leaf: X509Certificate | undefined;
  try {
    leaf = new X509Certificate(cert);
  } catch {
    fail('TLS_CERT', `${resolve(config.TLS_CERT)} is not a readable PEM certificate`);
  }
  const keyText = key.toString('latin1');
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(keyText)) {
    fail('TLS_KEY', `${resolve(config.TLS_KEY)} is not a PEM private key (no "-----BEGIN … PRIVATE KEY-----" line)`);
  }
  if (keyText.includes('ENCRYPTED')) {
    fail('TLS_KEY', `${resolve(config.TLS_KEY)} is encrypted: give the server the key without a passphrase`);
  }
  let privateKey: KeyObject | undefined;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    fail('TLS_KEY', `${resolve(config.TLS_KEY)} is not a readable PEM private key`);
  }
  if (!leaf || !privateKey || !leaf.checkPrivateKey(privateKey)) {
    fail(
      'TLS_KEY',
      `${resolve(config.TLS_KEY)} is not the key of the certificate in TLS_CERT (${resolve(config.TLS_CERT)})`,
    );
  }
  return { cert, key, leaf: leaf as X509Certificate };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A certificate closer than this to its end is pointed out at every start (tls:local's last 397 days). */
const RENEW_WITHIN_DAYS = 30;

/** The line the start prints about the certificate: its names and its end, and a warning when renewal is due. */
export function certificateSummary(tls: TlsMaterial, now = new Date()): string {
  const until = new Date(tls.leaf.validTo);
  const date = until.toISOString().slice(0, 10);
  const days = Math.floor((until.getTime() - now.getTime()) / DAY_MS);
  if (days < 0)
    return `The HTTPS certificate (TLS_CERT) expired on ${date}: browsers refuse it. Renew it (docs/tls.md).`;
  const names = tls.leaf.subjectAltName ?? tls.leaf.subject;
  const soon = days < RENEW_WITHIN_DAYS ? `, in ${days} days: renew it soon (docs/tls.md)` : '';
  return `HTTPS certificate for ${names}, valid until ${date}${soon}`;
}

/**
 * Fastify's server options for TLS: HTTP/2 over TLS with HTTP/1.1 for older clients, chosen per connection by ALPN;
 * nothing without TLS (the plain HTTP/1.1 server). Typed as no options: the app is typed as the plain server
 * everywhere, since routes and plugins use Fastify's request and reply, which are the same over both (nothing reads
 * the raw request's socket); the raw server's own differences are handled here.
 */
export function tlsServerOptions(tls: TlsMaterial | null): object {
  if (!tls) return {};
  return { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } };
}

/**
 * Gives the TLS server the slow-client limits and the graceful close the plain server has (see the header). A no-op
 * on the plain HTTP/1.1 server, which Fastify configures itself.
 */
export function secureServerLimits(app: FastifyInstance, config: Config): void {
  if (!config.TLS_CERT) return;
  const server = app.server as unknown as Http2SecureServer & {
    requestTimeout: number;
    headersTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
  const timeout = config.REQUEST_TIMEOUT_MS;
  // The HTTP/1.1 connections (ALPN http/1.1) are served by Node's HTTP/1.1 code, which reads these from the server;
  // the checking interval as in server/app.ts (a tenth of the timeout).
  server.requestTimeout = timeout;
  server.headersTimeout = timeout;
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
  server.connectionsCheckingInterval = Math.max(50, Math.floor(timeout / 10));

  server.on('stream', (stream: ServerHttp2Stream) => {
    // A request without a body ended with its headers; one with a body must have sent all of it in time.
    if (stream.endAfterHeaders) return;
    const timer = setTimeout(() => {
      if (!stream.destroyed) stream.close(constants.NGHTTP2_CANCEL);
    }, timeout);
    timer.unref();
    const done = () => clearTimeout(timer);
    stream.once('end', done);
    stream.once('close', done);
  });

  const sessions = new Set<Http2Session>();
  const http1 = new Map<Socket, { busy: number }>();
  let closing = false;
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    if (closing) session.close();
  });
  server.on('request', (request: { httpVersionMajor: number; socket: Socket }, response: NodeJS.EventEmitter) => {
    if (request.httpVersionMajor !== 1) return;
    const socket = request.socket;
    let state = http1.get(socket);
    if (!state) {
      const tracked = { busy: 0 };
      state = tracked;
      http1.set(socket, tracked);
      socket.once('close', () => http1.delete(socket));
    }
    const current = state;
    current.busy++;
    response.once('close', () => {
      current.busy--;
      // A connection that was busy when the server began to close ends with its answer.
      if (closing && current.busy === 0) socket.destroySoon();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const session of sessions) session.close();
    for (const [socket, state] of http1) if (state.busy === 0) socket.destroy();
  });
}
