/**
 * What every answer carries and how the server treats its connections: no API answer is
 * stored by a cache, errors included; HSTS only when the server is told it stands behind TLS; the client's address
 * from X-Forwarded-For only behind a trusted proxy; a request whose body never completes is cut off.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

describe('API answers', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = await s.login('admin@demo.school');
  });
  afterAll(() => s?.close());

  it('say no-store on success, 401, 404, 422 and 400 alike', async () => {
    const answers = [
      await s.call({ method: 'GET', url: '/api/v2/demographics?per_page=1', token }),
      await s.call({ method: 'GET', url: '/api/v2/demographics' }),
      await s.call({ method: 'GET', url: '/api/v2/nothing-here', token }),
      await s.call({ method: 'GET', url: '/api/v2/demographics?sort=__proto__', token }),
      await s.call({
        method: 'POST',
        url: '/api/v2/check_ins',
        token,
        headers: { 'content-type': 'application/json' },
        payload: '{"broken',
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 422, 400]);
    for (const [i, r] of answers.entries()) expect(r.headers['cache-control'], `answer ${i}`).toBe('no-store');
    expect((await s.call({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe('no-store');
  });

  it('carry no Strict-Transport-Security unless the server stands behind TLS', async () => {
    const res = await s.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const tls = await startTestServer({ BEHIND_TLS: '1' });
    try {
      const secured = await tls.call({ method: 'GET', url: '/api/health' });
      expect(secured.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.close();
    }
  });
});

describe('behind a proxy', () => {
  /** Three failed sign-ins from the address X-Forwarded-For names, then one sign-in from another. */
  async function failThenTry(s: TestServer): Promise<number> {
    const from = (ip: string, password: string) =>
      s.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': ip },
        payload: { email: 'office@demo.school', password },
      });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', 'wrong')).statusCode).toBe(401);
    expect((await from('203.0.113.7', 'demo')).statusCode).toBe(429);
    return (await from('198.51.100.9', 'demo')).statusCode;
  }

  it('with TRUST_PROXY, counts sign-in failures per client address, not per proxy', async () => {
    const s = await startTestServer({ TRUST_PROXY: '1', LOGIN_ADDRESS_FAILURES: '3', LOGIN_ACCOUNT_FAILURES: '50' });
    try {
      expect(await failThenTry(s)).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('without it, X-Forwarded-For is not believed: every client counts as the address that connected', async () => {
    const s = await startTestServer({ LOGIN_ADDRESS_FAILURES: '3', LOGIN_ACCOUNT_FAILURES: '50' });
    try {
      expect(await failThenTry(s)).toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('slow clients', () => {
  it('closes a connection whose body never completes', async () => {
    const s = await startTestServer({ REQUEST_TIMEOUT_MS: '300' });
    try {
      await s.app.listen({ host: '127.0.0.1', port: 0 });
      const address = s.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const socket = connect(address.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        'POST /api/v2/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      // Nothing more is sent: the server must end the connection on its own.
      await closed;
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('keeps the timeouts in the server it listens with', async () => {
    const s = await startTestServer();
    try {
      expect(s.app.server.requestTimeout).toBe(30_000);
      expect(s.app.server.headersTimeout).toBe(30_000);
      expect(s.app.server.keepAliveTimeout).toBe(5_000);
    } finally {
      await s.close();
    }
  });
});
