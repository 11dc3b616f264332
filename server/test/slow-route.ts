/**
 * A server listening on a free port with one more route, `GET /api/slow`, that waits until the test releases it:
 * a request in flight, for the tests of a graceful close.
 */
import type { FastifyInstance } from 'fastify';

export async function listenWithSlowRoute(
  app: FastifyInstance,
): Promise<{ port: number; inHandler: Promise<void>; release: () => void }> {
  let entered!: () => void;
  const inHandler = new Promise<void>((r) => (entered = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  app.get('/api/slow', { config: { access: 'public' } }, async () => {
    entered();
    await released;
    return { finished: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, inHandler, release };
}
