/**
 * The built app as the server sends it: the build's Brotli and gzip copies (scripts/precompress.mjs) to browsers that
 * accept them, the file itself to others, index.html for the app's own paths, and hashed assets cached for a year.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { CSP_NONCE_PLACEHOLDER } from '../../src/contract/common';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/helpers';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const page = `<!doctype html><html><head><meta property="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><title>School</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
let dir: string;
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'school-ops-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'sw.js'), `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`);
  expect(precompress(dir).files).toBe(2);
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config: testConfig({ STATIC_DIR: dir }), database: opened.database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

/** The style nonce of an answer's Content-Security-Policy. */
const styleNonceOf = (policy: unknown) => /style-src [^;]*'nonce-([^']+)'/.exec(String(policy))?.[1];
const withNonce = (html: string, policy: unknown) => html.replace(CSP_NONCE_PLACEHOLDER, styleNonceOf(policy) ?? '?');

describe('the built app', () => {
  it("writes each answer's style nonce into the shell and its policy, with no 'unsafe-inline' for styles", async () => {
    const answers = await Promise.all(['/', '/index.html', '/kiosk'].map((url) => app.inject({ url })));
    const nonces = answers.map((a) => styleNonceOf(a.headers['content-security-policy']));
    for (const [i, a] of answers.entries()) {
      expect([i, a.statusCode]).toEqual([i, 200]);
      expect(nonces[i]).toMatch(/^[\w+/=-]{16,}$/);
      expect(a.body).toContain(`<meta property="csp-nonce" content="${nonces[i]}">`);
      expect(a.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      const styleSrc = /style-src [^;]*/.exec(String(a.headers['content-security-policy']))?.[0];
      expect(styleSrc).not.toContain('unsafe-inline');
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('goes out as Brotli or gzip to a browser that accepts it, as it is to one that does not', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers the app's own paths with index.html, compressed too; the service worker is never precompressed", async () => {
    const nav = await app.inject({ url: '/scholar/calendar', headers: { 'accept-encoding': 'br' } });
    expect(nav.statusCode).toBe(200);
    expect(nav.headers['cache-control']).toBe('no-cache');
    const body = nav.headers['content-encoding'] === 'br' ? brotliDecompressSync(nav.rawPayload).toString() : nav.body;
    expect(body).toBe(withNonce(page, nav.headers['content-security-policy']));
    const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.headers['content-encoding']).toBeUndefined();
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('looks each file up when asked (no route per file): a new file is served, a missing one or an API path is a 404', async () => {
    writeFileSync(join(dir, 'assets', 'later-def456.js'), 'export const later = 1;\n');
    const later = await app.inject({ url: '/assets/later-def456.js' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe('export const later = 1;\n');
    for (const url of ['/assets/missing-000000.js', '/api/v2/nothing-here', '/package.json']) {
      const missing = await app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    const post = await app.inject({ method: 'POST', url: '/scholar/calendar' });
    expect(post.statusCode).toBe(404);
  });
});
