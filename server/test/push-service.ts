/**
 * A local stand-in for a browser's push service (RFC 8030) for the notice tests and the notify bench: it makes
 * subscriptions as a browser does (a P-256 ECDH key pair and a 16-byte auth secret), and for each push it checks the
 * VAPID header (RFC 8292: `Authorization: vapid t=<jwt>, k=<key>`, the ES256 JWT verified with jose against `k`, its
 * `aud` the endpoint's origin and its `exp` within 24 hours) and decrypts the aes128gcm body (RFC 8291) with the
 * subscription's private key and auth secret, with http_ece, as the browser would. Each endpoint answers 201 unless a
 * test queued other answers for it (404, 410, 429 with Retry-After, 500).
 */
import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

// http_ece (web-push's own dependency) has no types: the one function used here.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
};

export interface StandInSubscription {
  id: string;
  /** What the browser's `PushSubscription.toJSON()` answers. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** What this stand-in answered. */
  status: number;
  /** The decrypted payload, parsed (null when the request did not verify). */
  payload: Record<string, unknown> | null;
  ttl: string | undefined;
  urgency: string | undefined;
  /** Why the request was refused as a push service would (a bad signature, a body that does not decrypt). */
  problem: string | null;
  receivedAt: number;
}

export interface Answer {
  status: number;
  retryAfter?: string;
}

export interface PushServiceStandIn {
  /** `127.0.0.1:<port>` for PUSH_ENDPOINT_HOSTS. */
  host: string;
  origin: string;
  received: ReceivedPush[];
  /** The pushes that verified and were answered 201. */
  delivered(): ReceivedPush[];
  /** A new subscription, as a browser makes one for the server's VAPID public key. */
  subscribe(): StandInSubscription;
  /** The answers an endpoint gives to its next requests, in order (201 after them). */
  answer(subscriptionId: string, ...answers: Answer[]): void;
  /** Waits until `count` pushes have been received. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Checks the VAPID header of a push to `origin`; answers what is wrong, or null. */
async function vapidProblem(req: IncomingMessage, origin: string): Promise<string | null> {
  const header = req.headers.authorization ?? '';
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) return `no VAPID authorization (${header.slice(0, 20)})`;
  const [, token = '', k = ''] = match;
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  try {
    if (decodeProtectedHeader(token).alg !== 'ES256') return 'the JWT is not ES256';
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
      'ES256',
    );
    await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
  } catch (err) {
    return `the JWT does not verify: ${(err as Error).message}`;
  }
  const { exp, sub } = decodeJwt(token);
  if (typeof exp !== 'number' || exp * 1000 > Date.now() + 24 * 3600_000) return 'exp is more than 24 hours ahead';
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return 'sub is not a mailto: or https: address';
  return null;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushServiceStandIn> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const queued = new Map<string, Answer[]>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([0-9a-f-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const sub = subscriptions.get(id);
    const record = (status: number, payload: ReceivedPush['payload'], problem: string | null) => {
      received.push({
        subscriptionId: id,
        status,
        payload,
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        problem,
        receivedAt: Date.now(),
      });
    };
    if (req.method !== 'POST' || !sub) {
      record(404, null, 'no such subscription');
      res.writeHead(404).end();
      return;
    }
    let problem = await vapidProblem(req, origin);
    let payload: ReceivedPush['payload'] = null;
    if (!problem) {
      if (req.headers['content-encoding'] !== 'aes128gcm') problem = 'the body is not aes128gcm';
      else {
        try {
          const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64url(sub.auth) });
          payload = JSON.parse(plain.toString('utf8'));
        } catch (err) {
          problem = `the body does not decrypt: ${(err as Error).message}`;
        }
      }
    }
    if (problem) {
      record(400, null, problem);
      res.writeHead(400).end(problem);
      return;
    }
    const next = queued.get(id)?.shift() ?? { status: 201 };
    record(next.status, payload, null);
    res.writeHead(next.status, next.retryAfter ? { 'retry-after': next.retryAfter } : {}).end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    host: `127.0.0.1:${port}`,
    origin,
    received,
    delivered: () => received.filter((r) => r.status === 201 && !r.problem),
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
      };
    },
    answer(subscriptionId, ...answers) {
      queued.set(subscriptionId, [...(queued.get(subscriptionId) ?? []), ...answers]);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} pushes arrived`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
