/**
 * Graceful shutdown: closing the server lets a request in flight finish with its answer, and a request that arrives
 * while closing is refused with 503 rather than cut off.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { openTestDatabase, testConfig } from './helpers';
import { listenWithSlowRoute } from './slow-route';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('finishes a request in flight and refuses new ones while closing', async () => {
    const app = await buildApp({ config: testConfig(), database, serveApp: false });
    const { port, inHandler, release } = await listenWithSlowRoute(app);

    const slow = get(port, '/api/slow');
    await inHandler;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    const late = await get(port, '/api/health').catch((err: NodeJS.ErrnoException) => ({
      status: 0,
      body: err.code ?? '',
    }));
    expect([503, 0]).toContain(late.status);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ finished: true });
    await closing;
    expect(closed).toBe(true);
  });
});
