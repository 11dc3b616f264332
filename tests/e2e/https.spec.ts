/**
 * HTTPS served by the server itself, in Chromium: the real server (scripts/start.mjs) with a certificate for
 * `school.test` issued by an authority made here (server/lib/tls-local.ts), and HTTP_REDIRECT_PORT. Chromium resolves
 * school.test to 127.0.0.1 (--host-resolver-rules) and trusts the certificate by its public key's hash
 * (--ignore-certificate-errors-spki-list), as a device that trusts the school's authority would: the page is a
 * secure context, so the service worker installs. The plain http:// address on the redirect port lands on HTTPS.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueServerCertificate, makeAuthority, parseNames, spkiHash } from '../../server/lib/tls-local';
import { startDemoServer } from './lib/app';
import { type Browser, launchBrowser } from './lib/browser';
import { waitForServiceWorker } from './lib/installability';
import { freePort, type ServerProcess, tempDataDir } from './lib/server';

const HOST = 'school.test';
let server: ServerProcess;
let browser: Browser;
let redirectPort: number;

beforeAll(async () => {
  const ca = makeAuthority({ name: 'Test School' });
  const pair = issueServerCertificate(ca, parseNames([HOST]));
  const dir = mkdtempSync(join(tempDataDir(), 'tls-'));
  writeFileSync(join(dir, 'server.crt'), pair.certPem);
  writeFileSync(join(dir, 'server.key'), pair.keyPem, { mode: 0o600 });
  redirectPort = await freePort();
  server = await startDemoServer({
    TLS_CERT: join(dir, 'server.crt'),
    TLS_KEY: join(dir, 'server.key'),
    HTTP_REDIRECT_PORT: String(redirectPort),
  });
  browser = await launchBrowser({
    args: [
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${spkiHash(pair.certPem)}`,
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('HTTPS in Chromium', () => {
  it('prints the https address when it is ready', () => {
    expect(server.output()).toContain(`is running at https://localhost:${server.port}/`);
    expect(server.output()).toMatch(/HTTPS certificate for DNS:school\.test, valid until \d{4}-\d\d-\d\d\n/);
    expect(server.output()).toContain(`http://…:${redirectPort}/ redirects to HTTPS`);
  });

  // First, before the HTTPS origin has sent HSTS: after it, Chromium would upgrade http://school.test itself.
  it('sends the plain http:// address on the redirect port to HTTPS', async () => {
    const { page } = browser;
    const answer = await page.goto(`http://${HOST}:${redirectPort}/login?from=bookmark`);
    expect(page.url()).toBe(`https://${HOST}:${server.port}/login?from=bookmark`);
    expect(answer?.status()).toBe(200);
    const chain = [];
    for (let r = answer?.request().redirectedFrom(); r; r = r.redirectedFrom()) chain.push(r.url());
    expect(chain).toEqual([`http://${HOST}:${redirectPort}/login?from=bookmark`]);
  });

  it('serves the app over HTTP/2 as a secure context, and the service worker takes the page after a reload', async () => {
    const { page } = browser;
    await page.goto(`https://${HOST}:${server.port}/`);
    const first = await page.evaluate(() => ({
      protocol: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
      secure: window.isSecureContext,
    }));
    expect(first).toEqual({ protocol: 'h2', secure: true });
    await waitForServiceWorker(page, 60_000);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(controlled).toBe(`https://${HOST}:${server.port}/sw.js`);
    // The API answers the page over the same origin with HSTS (the secure origin is pinned for a year).
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/health');
      return { status: res.status, hsts: res.headers.get('strict-transport-security') };
    });
    expect(api).toEqual({ status: 200, hsts: 'max-age=31536000; includeSubDomains' });
  });

  it('stops on SIGTERM with exit code 0 while Chromium holds its HTTP/2 connection open', async () => {
    // The force-exit after 10 s (server/main.ts) ends with 1: 0 means the close did not wait for the browser.
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toContain('The server could not start');
  });
});
