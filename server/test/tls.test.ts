/**
 * HTTPS served by the server itself (server/lib/tls.ts, tls-local.ts, https-redirect.ts): a certificate authority and
 * a server certificate made here with the project's own module, the real server listening on a port with them, and
 * real clients (node:http2 and node:https trusting that authority only). Checked over HTTP/2 and HTTP/1.1 alike: the
 * API, HSTS, the built app's files with their precompressed copies, a multipart update, the sign-in rate limit, the
 * slow-client limits and the graceful close; bad files refused at start naming their variable; the redirect port; and
 * `npm run tls:local` run as a process, its printed lines starting a server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import {
  type ClientHttp2Session,
  connect as connectH2,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { type Agent, request as httpsRequest, type RequestOptions } from 'node:https';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createRedirectServer, hostName, redirectTarget } from '../lib/https-redirect';
import { ROOT } from '../lib/paths';
import { certificateSummary, readTlsMaterial } from '../lib/tls';
import { issueServerCertificate, makeAuthority, parseNames } from '../lib/tls-local';
import { openTestDatabase, testConfig } from './helpers';
import { listenWithSlowRoute } from './slow-route';

const dir = mkdtempSync(join(tmpdir(), 'school-ops-tls-test-'));
const ca = makeAuthority({ name: 'Test School' });
const pair = issueServerCertificate(ca, parseNames(['localhost', '127.0.0.1']));
const files = {
  cert: join(dir, 'server.crt'),
  key: join(dir, 'server.key'),
  otherKey: join(dir, 'other.key'),
  notPem: join(dir, 'not-pem.crt'),
};
writeFileSync(files.cert, pair.certPem);
writeFileSync(files.key, pair.keyPem);
writeFileSync(files.otherKey, issueServerCertificate(ca, parseNames(['other.test'])).keyPem);
writeFileSync(files.notPem, Buffer.from(pair.certPem.replace(/-----[A-Z ]+-----/g, ''), 'base64'));

// A built app of two files: the shell and a script with its brotli and gzip copies (scripts/precompress.mjs).
const staticDir = join(dir, 'dist');
const script = `console.log(${JSON.stringify('school '.repeat(200))});\n`;
mkdirSync(join(staticDir, 'assets'), { recursive: true });
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="app"></div></body></html>');
writeFileSync(join(staticDir, 'assets/app-abc123.js'), script);
writeFileSync(join(staticDir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(staticDir, 'assets/app-abc123.js.gz'), gzipSync(script));

const tlsEnv = { TLS_CERT: files.cert, TLS_KEY: files.key, STATIC_DIR: staticDir };

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

async function listening(
  env: Record<string, string>,
  database: Database,
): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({ config: testConfig(env), database, serveApp: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, port: address.port };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on an HTTP/2 session. */
function h2(session: ClientHttp2Session, headers: OutgoingHttpHeaders, body?: Buffer | string): Promise<Answer> {
  return new Promise((done, failed) => {
    const stream = session.request(headers, { endStream: body === undefined });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => done({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }));
    stream.on('error', failed);
    if (body !== undefined) stream.end(body);
  });
}

function h2Session(port: number, caPem = ca.certPem): Promise<ClientHttp2Session> {
  return new Promise((done, failed) => {
    const session = connectH2(`https://localhost:${port}`, { ca: caPem });
    session.once('connect', () => done(session));
    session.once('error', failed);
  });
}

/** One HTTPS request offering only HTTP/1.1 in ALPN; answers the protocol the server chose too. */
function https1(
  port: number,
  path: string,
  opts: { headers?: Record<string, string>; agent?: Agent } = {},
): Promise<Answer & { alpn: string | false | null }> {
  return new Promise((done, failed) => {
    // https.request passes the TLS options on to tls.connect; its types list only the secure context's.
    const options: RequestOptions & Pick<ConnectionOptions, 'ALPNProtocols'> = {
      host: '127.0.0.1',
      port,
      path,
      ca: ca.certPem,
      ALPNProtocols: ['http/1.1'],
      headers: opts.headers,
      agent: opts.agent ?? false,
    };
    const req = httpsRequest(options, (res) => {
      const alpn = (res.socket as TLSSocket).alpnProtocol;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          alpn,
        }),
      );
    });
    req.on('error', failed);
    req.end();
  });
}

describe('HTTPS with HTTP/2', () => {
  let app: FastifyInstance;
  let port: number;
  let session: ClientHttp2Session;
  beforeAll(async () => {
    ({ app, port } = await listening({ ...tlsEnv, LOGIN_RATE_LIMIT: '3' }, database));
    session = await h2Session(port);
  });
  afterAll(async () => {
    session?.close();
    await app?.close();
  });

  it('answers the API over h2 (ALPN) with HSTS', async () => {
    expect(session.alpnProtocol).toBe('h2');
    const res = await h2(session, { ':path': '/api/health' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ status: 'ok', database: database.kind });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the app shell and a file precompressed with brotli or gzip, as asked', async () => {
    const shell = await h2(session, { ':path': '/' });
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('<div id="app">');
    const br = await h2(session, { ':path': '/assets/app-abc123.js', 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await h2(session, { ':path': '/assets/app-abc123.js', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await h2(session, { ':path': '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('takes a multipart update over h2', async () => {
    const login = await h2(
      session,
      { ':method': 'POST', ':path': '/api/v2/auth/login', 'content-type': 'application/json' },
      JSON.stringify({ email: 'admin@demo.school', password: 'demo' }),
    );
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body.toString()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const list = await h2(session, { ':path': '/api/v2/users?search=teacher%40demo.school', ...auth });
    const teacher = (JSON.parse(list.body.toString()) as { data: { id: string }[] }).data[0];
    if (!teacher) throw new Error('no teacher account in the demo seed');
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('nickname', 'Over H2');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const res = await h2(
      session,
      {
        ':method': 'POST',
        ':path': `/api/v2/users/${teacher.id}`,
        'content-type': encoded.headers.get('content-type') ?? '',
        ...auth,
      },
      body,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).data.nickname).toBe('Over H2');
  });

  it('rate-limits sign-ins over h2', async () => {
    const attempt = () =>
      h2(
        session,
        { ':method': 'POST', ':path': '/api/v2/auth/login', 'content-type': 'application/json' },
        JSON.stringify({ email: 'cafeteria@demo.school', password: 'wrong' }),
      );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('answers HTTP/1.1 to a client that offers only http/1.1 in ALPN, with HSTS', async () => {
    const res = await https1(port, '/api/health');
    expect(res.alpn).toBe('http/1.1');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const file = await https1(port, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(file.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(file.body).toString()).toBe(script);
  });

  it('refuses a client that does not trust the authority', async () => {
    const stranger = makeAuthority({ name: 'Someone Else' });
    await expect(h2Session(port, stranger.certPem)).rejects.toThrow(/self[- ]signed|unable to verify|certificate/i);
  });

  it('keeps the timeouts for HTTP/1.1 connections on the HTTP/2 server', () => {
    const server = app.server as unknown as {
      requestTimeout: number;
      headersTimeout: number;
      keepAliveTimeout: number;
    };
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(5_000);
  });
});

describe('slow clients over TLS', () => {
  it('cancels an HTTP/2 stream whose body never completes, and closes such an HTTP/1.1 connection', async () => {
    const { app, port } = await listening({ ...tlsEnv, REQUEST_TIMEOUT_MS: '300' }, database);
    try {
      const session = await h2Session(port);
      const stream = session.request({
        ':method': 'POST',
        ':path': '/api/v2/auth/login',
        'content-type': 'application/json',
        'content-length': '1000',
      });
      stream.write('{"email":');
      // Nothing more is sent: the server must end the stream on its own.
      const code = await new Promise<number>((done) => {
        stream.on('error', () => {});
        stream.on('close', () => done(stream.rstCode ?? -1));
      });
      expect(code).toBe(8); // NGHTTP2_CANCEL
      session.close();

      const { connect: tlsConnect } = await import('node:tls');
      const socket = tlsConnect({
        host: '127.0.0.1',
        port,
        ca: ca.certPem,
        servername: 'localhost',
        ALPNProtocols: ['http/1.1'],
      });
      await new Promise<void>((done) => socket.once('secureConnect', () => done()));
      expect(socket.alpnProtocol).toBe('http/1.1');
      let answer = '';
      socket.on('data', (c: Buffer) => (answer += c.toString()));
      const closed = new Promise<void>((done) => socket.on('close', () => done()));
      socket.on('error', () => {});
      socket.write(
        'POST /api/v2/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      await closed;
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('graceful shutdown over TLS', () => {
  it('finishes a request in flight on an HTTP/2 session and closes without waiting for the clients to leave', async () => {
    const app = await buildApp({ config: testConfig(tlsEnv), database, serveApp: false });
    const { port, inHandler, release } = await listenWithSlowRoute(app);
    const session = await h2Session(port);
    // An idle HTTP/1.1 keep-alive connection, which must not hold the close either.
    const { Agent: HttpsAgent } = await import('node:https');
    const keepAlive = new HttpsAgent({ keepAlive: true });
    expect((await https1(port, '/api/health', { agent: keepAlive })).status).toBe(200);

    const slow = h2(session, { ':path': '/api/slow' });
    await inHandler;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ finished: true });
    // The client keeps its session and its kept-alive connection open: the close ends anyway.
    await closing;
    expect(closed).toBe(true);
    session.destroy();
    keepAlive.destroy();
  });
});

describe('TLS files at start', () => {
  it('refuses a key that is not the certificate’s, a file that is missing and a file that is not PEM, naming the variable', async () => {
    const start = (env: Record<string, string>) => buildApp({ config: testConfig(env), database, serveApp: false });
    await expect(start({ TLS_CERT: files.cert, TLS_KEY: files.otherKey })).rejects.toThrow(
      /TLS_KEY: .*other\.key is not the key of the certificate in TLS_CERT/,
    );
    await expect(start({ TLS_CERT: join(dir, 'missing.crt'), TLS_KEY: files.key })).rejects.toThrow(
      /TLS_CERT: cannot read .*missing\.crt \(ENOENT\)/,
    );
    await expect(start({ TLS_CERT: files.notPem, TLS_KEY: files.key })).rejects.toThrow(
      /TLS_CERT: .* is not a PEM certificate/,
    );
    await expect(start({ TLS_CERT: files.cert, TLS_KEY: files.cert })).rejects.toThrow(
      /TLS_KEY: .* is not a PEM private key/,
    );
  });
});

describe('the certificate at start', () => {
  it('is named with its end, and its renewal pointed out in its last 30 days or once it has ended', () => {
    const tls = readTlsMaterial({ TLS_CERT: files.cert, TLS_KEY: files.key });
    if (!tls) throw new Error('no TLS material');
    const end = new Date(tls.leaf.validTo);
    const date = end.toISOString().slice(0, 10);
    const before = (days: number) => new Date(end.getTime() - days * 24 * 60 * 60 * 1000);
    expect(certificateSummary(tls, before(100))).toBe(
      `HTTPS certificate for DNS:localhost, IP Address:127.0.0.1, valid until ${date}`,
    );
    expect(certificateSummary(tls, before(10.5))).toBe(
      `HTTPS certificate for DNS:localhost, IP Address:127.0.0.1, valid until ${date}, in 10 days: renew it soon (docs/tls.md)`,
    );
    expect(certificateSummary(tls, before(-1))).toBe(
      `The HTTPS certificate (TLS_CERT) expired on ${date}: browsers refuse it. Renew it (docs/tls.md).`,
    );
  });
});

describe('the redirect port', () => {
  it('names the host from the Host header, validated, or from PUBLIC_URL', () => {
    expect(hostName('school.test:8080')).toBe('school.test');
    expect(hostName('192.168.1.20')).toBe('192.168.1.20');
    expect(hostName('[fe80::1]:80')).toBe('[fe80::1]');
    for (const bad of ['', 'evil.test/x', 'a b', 'user@evil.test', '-bad.test', '[nothost]:80', 'x:y:z'])
      expect(hostName(bad), bad).toBeNull();
    const at = (url: string, host: string, publicUrl?: string) =>
      redirectTarget({ url, headers: { host } }, { httpsPort: 8443, publicUrl });
    expect(at('/scholar?x=1', 'school.test:8080')).toBe('https://school.test:8443/scholar?x=1');
    expect(at('http://elsewhere.test/a?b', 'school.test')).toBe('https://school.test:8443/a?b');
    expect(at('/', 'anything.test', 'https://school.example.org')).toBe('https://school.example.org:8443/');
    expect(redirectTarget({ url: '/a', headers: { host: 'x.test' } }, { httpsPort: 443 })).toBe('https://x.test/a');
  });

  it('answers every request 308 to HTTPS, and 400 for a Host that is not a name', async () => {
    const server = createRedirectServer({ httpsPort: 8443, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const ask = (method: string, path: string, host: string) =>
      new Promise<{ status: number; location?: string }>((done, failed) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { host }, setHost: false }, (res) => {
          res.resume();
          res.on('end', () => done({ status: res.statusCode ?? 0, location: res.headers.location }));
        });
        req.on('error', failed);
        req.end(method === 'POST' ? '{"a":1}' : undefined);
      });
    try {
      expect(await ask('GET', '/scholar/work?due=today', 'school.test:8080')).toEqual({
        status: 308,
        location: 'https://school.test:8443/scholar/work?due=today',
      });
      expect(await ask('POST', '/api/v2/auth/login', '192.168.1.20:8080')).toEqual({
        status: 308,
        location: 'https://192.168.1.20:8443/api/v2/auth/login',
      });
      expect((await ask('GET', '/', 'evil.test/"><script>')).status).toBe(400);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('npm run tls:local', () => {
  it('writes the authority and the certificate into DATA_DIR/tls and prints the lines a server starts with', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-tls-local-'));
    const run = () =>
      new Promise<{ code: number | null; output: string }>((done) => {
        const child = spawn(process.execPath, [join(ROOT, 'scripts/tls-local.mjs'), 'localhost', '127.0.0.1'], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, PORT: '8443', TLS_CERT: '', TLS_KEY: '', HTTP_REDIRECT_PORT: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.once('exit', (code) => done({ code, output }));
      });
    const first = await run();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Made a new certificate authority');
    for (const platform of [
      'Google Admin console',
      'chrome://certificate-manager',
      'Certificate Trust Settings',
      'certmgr',
      'Install a certificate → CA certificate',
    ])
      expect(first.output).toContain(platform);
    const env = Object.fromEntries(
      [...first.output.matchAll(/^(TLS_CERT|TLS_KEY)=(.+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    const tlsDir = resolve(dataDir, 'tls');
    expect(env).toEqual({ TLS_CERT: join(tlsDir, 'server.crt'), TLS_KEY: join(tlsDir, 'server.key') });
    const mode = (name: string) => statSync(join(tlsDir, name)).mode & 0o777;
    expect(mode('ca.key')).toBe(0o600);
    expect(mode('server.key')).toBe(0o600);
    expect(mode('ca.crt') & 0o077).not.toBe(0); // public: readable by others to hand out
    const caPem = (await import('node:fs')).readFileSync(join(tlsDir, 'ca.crt'), 'utf8');

    // A second run reuses the authority (the devices trust it already) and issues a new server certificate.
    const second = await run();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('Reused the certificate authority');
    expect((await import('node:fs')).readFileSync(join(tlsDir, 'ca.crt'), 'utf8')).toBe(caPem);

    const { app, port } = await listening(env, database);
    try {
      const session = await h2Session(port, caPem);
      const res = await h2(session, { ':path': '/api/health' });
      expect(session.alpnProtocol).toBe('h2');
      expect(res.status).toBe(200);
      session.close();
    } finally {
      await app.close();
    }
  });
});
