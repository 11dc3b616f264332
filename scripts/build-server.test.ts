// @vitest-environment node
// (esbuild refuses to load in jsdom.)
/**
 * The server bundle (scripts/build-server.mjs): packages inside it, so a start neither resolves nor scans them one by
 * one (issue X1), except those it must import from node_modules; none of those imports hoisted to the top for code
 * that only some starts or some requests run. The end-to-end tests start the server from this bundle.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, EXTERNAL_PACKAGES } from './build-server.mjs';

describe('server bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'server-bundle-'));
  const outfile = join(dir, 'main.mjs');
  let code = '';

  beforeAll(async () => {
    await buildServer({ outfile });
    code = readFileSync(outfile, 'utf8');
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The modules the bundle imports statically: those node loads before the server's first line runs. */
  const staticImports = () => [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gm)].map((m) => m[1]);

  it('imports only node built-ins and PGlite before the server runs', () => {
    const packages = new Set(staticImports().filter((name) => !name?.startsWith('node:')));
    expect([...packages]).toEqual(['@electric-sql/pglite']);
    expect(EXTERNAL_PACKAGES).toContain('@electric-sql/pglite');
  });

  it('contains the packages the routes use, pdf-lib and pg evaluated only when first imported', () => {
    expect(code).toContain('node_modules/fastify/fastify.js');
    expect(code).toContain('node_modules/pdf-lib/');
    expect(code).toContain('node_modules/pg/');
    // esbuild wraps a module reached only through import() in a function run on its first import.
    for (const entry of ['pdf-lib/cjs/index.js', 'pg/esm/index.mjs']) {
      const key = JSON.stringify(`node_modules/${entry}`);
      expect(code).toMatch(new RegExp(`= __(commonJS|esm)\\(\\{\\s*${key.replace(/[/.]/g, '\\$&')}`));
    }
  });

  it('gives the CommonJS packages a require for node built-ins', () => {
    expect(code.slice(0, 200)).toContain('createRequire');
  });
});
