/**
 * Serves the built web app from STATIC_DIR. Navigations to any path outside /api/ answer index.html (the app's own
 * router decides what to show); unknown /api/ paths answer a JSON 404. The service worker and index.html are never
 * cached by the browser so that updates are found; hashed assets are cached for a year.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contract/common';

export default fp(async function staticApp(app: FastifyInstance, opts: { root: string }) {
  const root = resolve(opts.root);
  const hasApp = existsSync(resolve(root, 'index.html'));
  // The app shell with this response's style nonce (security.ts puts the same one in the Content-Security-Policy), so
  // the styles Chakra UI's engine inserts at run time need no 'unsafe-inline'. Never a pre-compressed copy: each
  // answer differs. The service worker keeps the copy it precached with the header that came with it, a matching pair.
  const shell = hasApp ? readFileSync(resolve(root, 'index.html'), 'utf8') : '';
  const sendShell = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell.replaceAll(CSP_NONCE_PLACEHOLDER, reply.cspNonce?.style ?? ''));
  if (hasApp) {
    // Before the static files' catch-all: a fixed path wins over the wildcard route, which answers the bare address
    // (a directory, with `index: false`) 403.
    app.get('/', (_request, reply) => sendShell(reply));
    app.get('/index.html', (_request, reply) => sendShell(reply));
    await app.register(fastifyStatic, {
      root,
      // One route for every path, the file looked up on request: registering a route per built file (some 600 files
      // with their .br and .gz copies) cost a warm start 150-300 ms. A file that is not there goes to the not-found
      // handler below, as before.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/precompress.mjs): sent to browsers that accept
      // them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        if (/\/assets\//.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      !hasApp ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
    }
    const last = url.split('?')[0]?.split('/').pop() ?? '';
    if (/\.[a-z0-9]{2,5}$/i.test(last)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
    return sendShell(reply);
  });
});
