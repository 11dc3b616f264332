// @vitest-environment node
// (esbuild refuses to load in jsdom.)
/**
 * The server bundle (scripts/build-server.mjs): packages inside it, so a start neither resolves nor scans them one by
 * one, except those it must import from node_modules; none of those imports hoisted to the top for code
 * that only some starts or some requests run. The end-to-end tests start the server from this bundle.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Column, is, Name, Param, SQL, StringChunk, sql, Table } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, EXTERNAL_PACKAGES, memoizeDrizzleIs } from './build-server.mjs';

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
    // A built-in may be named without `node:` (fflate's Node build imports "module").
    const packages = new Set(staticImports().filter((name) => name && !isBuiltin(name)));
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

  it("bundles drizzle-orm's `is` with its answers kept per class and type", () => {
    expect(code).toContain('isAnswers.get(cls)');
  });
});

describe("drizzle-orm's `is`, memoized", () => {
  const dir = mkdtempSync(join(tmpdir(), 'drizzle-is-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The ES module the bundle takes (the package's exports name only its entry points).
  const entity = join(import.meta.dirname, '..', 'node_modules', 'drizzle-orm', 'entity.js');

  it('answers as drizzle-orm does, for every value and type, the first time and from memory', async () => {
    const file = join(dir, 'entity.mjs');
    // Without its source map line: the map stays beside the package's file.
    writeFileSync(file, memoizeDrizzleIs(readFileSync(entity, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/m, ''));
    const memo: typeof is = (await import(pathToFileURL(file).href)).is;
    const people = pgTable('people', { id: integer('id'), name: text('name') });
    const values = [
      sql`select 1`,
      new Param(1),
      new StringChunk('x'),
      new Name('n'),
      people,
      people.id,
      people.name,
      { plain: true },
      [1],
      null,
      undefined,
      'text',
    ];
    const types = [SQL, Param, StringChunk, Name, Table, Column];
    let yes = 0;
    for (let round = 0; round < 2; round++) {
      for (const value of values) {
        for (const type of types) {
          expect(memo(value, type), `${String(value?.constructor?.name ?? value)} is ${type.name}`).toBe(
            is(value, type),
          );
          if (round === 0 && is(value, type)) yes += 1;
        }
      }
    }
    expect(yes).toBeGreaterThanOrEqual(7);
    // A class that is not a drizzle entity is refused, as drizzle-orm refuses it.
    expect(() => memo(new Param(1), class Other {} as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it('fails the build when drizzle-orm no longer has the walk', () => {
    expect(() => memoizeDrizzleIs('export function is() {}')).toThrow(/has drizzle-orm's `is` changed/);
  });
});
