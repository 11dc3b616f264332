/**
 * The Scholar Portal's first visit over the server's own HTTPS (server/lib/tls.ts), with HTTP/2 beside HTTP/1.1 only:
 * the same build, the same phone profile and the same measurement as bench/portal-first-visit.mjs (its `visit`, LCP
 * read once the portal's h1 shows and the page is quiet), on one server started with a certificate for
 * `school.test` made here (server/lib/tls-local.ts). Two Chromiums resolve school.test to 127.0.0.1 and trust the
 * certificate by its key's hash (--ignore-certificate-errors-spki-list); the second runs with --disable-http2, so it
 * offers only http/1.1 in ALPN and opens up to six connections per origin as an HTTP/1.1 browser does. Each run is a
 * new context (no cache, no service worker); the two are interleaved, their order swapped every run, so a machine
 * slowing down during the run weighs on both alike.
 *
 * Printed: the median LCP of each and their ratio (HTTP/2 over HTTP/1.1; below 1 means HTTP/2 is faster), for
 * information: DESIGN section 8's budget is the first visit's, measured by portal-first-visit.mjs. BENCH_PORTAL_TLS_RUNS
 * sets the runs of each (5).
 *
 * What the profile leaves out: Chromium's network emulation adds its latency to each request, not to the connection's
 * TCP and TLS handshakes (which take no time over loopback), so HTTP/1.1's six connections cost nothing to open here,
 * where on a phone each costs round trips. The comparison is the multiplexing and the server's HTTP/2 framing alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_LAUNCH_OPTIONS, ms1, percentile, startServer, withResources } from './lib-browser.mjs';
import { PHONE, PORTAL_PATH, phonePage, visit } from './portal-first-visit.mjs';

const RUNS = Number(process.env.BENCH_PORTAL_TLS_RUNS ?? 5);
const HOST = 'school.test';
const SCHOLAR = 'scholar@demo.school';

/** Signs in over HTTPS trusting the test authority (Node's fetch takes no CA of its own). */
function login(port, caPem) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: SCHOLAR, password: 'demo' });
    const req = request(
      {
        host: '127.0.0.1',
        servername: HOST,
        port,
        path: '/api/v2/auth/login',
        method: 'POST',
        ca: caPem,
        headers: {
          host: `${HOST}:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`login: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One first visit in a new context of `browser`; answers the visit and the protocol the document came over. */
async function firstVisit(browser, origin, signedIn) {
  const context = await browser.newContext({
    ...PHONE,
    locale: 'en-US',
    colorScheme: 'light',
    serviceWorkers: 'allow',
    storageState: { cookies: [], origins: [{ origin, localStorage: signedIn }] },
  });
  try {
    const { page, cdp, requests } = await phonePage(context);
    const result = await visit(page, cdp, requests, `${origin}${PORTAL_PATH}`);
    if (result.controlled) throw new Error('the first visit was served by a service worker: not a first visit');
    const protocol = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.nextHopProtocol);
    return { ...result, protocol };
  } finally {
    await context.close();
  }
}

export default {
  name: 'Scholar Portal first visit over HTTPS: HTTP/2 beside HTTP/1.1 (phone profile, Chromium)',
  needsBuild: true,
  async run({ root }) {
    return withResources(async (acquire) => {
      const { makeAuthority, issueServerCertificate, parseNames, spkiHash } = await tsImport(
        '../server/lib/tls-local.ts',
        import.meta.url,
      );
      const dir = mkdtempSync(join(tmpdir(), 'school-ops-bench-tls-'));
      acquire({ close: () => rmSync(dir, { recursive: true, force: true }) });
      const ca = makeAuthority({ name: 'Bench School' });
      const pair = issueServerCertificate(ca, parseNames([HOST]));
      writeFileSync(join(dir, 'server.crt'), pair.certPem);
      writeFileSync(join(dir, 'server.key'), pair.keyPem, { mode: 0o600 });

      const server = acquire(
        await startServer(root, 'bench-portal-tls', {
          env: { TLS_CERT: join(dir, 'server.crt'), TLS_KEY: join(dir, 'server.key') },
        }),
      );
      const origin = `https://${HOST}:${server.port}`;
      const { token, user } = await login(server.port, ca.certPem);
      const signedIn = [
        { name: 'auth.token', value: token },
        ...(user ? [{ name: 'auth.user', value: JSON.stringify(user) }] : []),
      ];

      const trust = [
        `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
        `--ignore-certificate-errors-spki-list=${spkiHash(pair.certPem)}`,
      ];
      const launch = async (extra) => {
        const browser = await chromium.launch({
          ...CHROMIUM_LAUNCH_OPTIONS,
          args: [...CHROMIUM_LAUNCH_OPTIONS.args, ...trust, ...extra],
        });
        acquire({ close: () => browser.close() });
        return browser;
      };
      const sides = {
        h2: { browser: await launch([]), expected: 'h2', visits: [] },
        'http/1.1': { browser: await launch(['--disable-http2']), expected: 'http/1.1', visits: [] },
      };
      for (let run = 0; run < RUNS; run++) {
        const order = run % 2 === 0 ? ['h2', 'http/1.1'] : ['http/1.1', 'h2'];
        for (const name of order) {
          const side = sides[name];
          const result = await firstVisit(side.browser, origin, signedIn);
          if (result.protocol !== side.expected) {
            throw new Error(`the ${name} run's document came over ${result.protocol}, not ${side.expected}`);
          }
          side.visits.push(result);
        }
      }
      const median = (side) =>
        percentile(
          side.visits.map((v) => v.lcp),
          50,
        );
      const each = (side) => side.visits.map((v) => Math.round(v.lcp)).join(', ');
      const h2 = median(sides.h2);
      const h1 = median(sides['http/1.1']);
      const requests = sides.h2.visits[0]?.requests;
      return [
        {
          metric: 'first visit LCP over HTTPS with HTTP/2, p50',
          value: ms1(h2),
          unit: 'ms',
          note: `${RUNS} runs each, interleaved, ${PORTAL_PATH}; ${requests} requests; runs: ${each(sides.h2)}`,
        },
        {
          metric: 'first visit LCP over HTTPS with HTTP/1.1 only, p50',
          value: ms1(h1),
          unit: 'ms',
          note: `Chromium --disable-http2 (ALPN http/1.1); runs: ${each(sides['http/1.1'])}`,
        },
        {
          metric: 'first visit LCP ratio, HTTP/2 / HTTP/1.1',
          value: Math.round((h2 / h1) * 100) / 100,
          unit: '×',
          note: 'below 1: HTTP/2 is faster; same build, server and phone profile',
        },
      ];
    });
  },
};
