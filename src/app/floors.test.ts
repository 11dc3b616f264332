/**
 * The floors of the web app (docs/architecture.md, DESIGN section 2): a floor imports the floors below it, never one
 * above, and features never import each other. Biome's `noRestrictedImports` (biome.json) says the same for the
 * floors it can express; a feature importing another feature it cannot, so this test reads every source file's
 * imports (tests included) and fails naming the file, the import and the rule it breaks.
 *
 * Counted as imports: static imports and re-exports (`import type` too: a type ties a floor to another as surely),
 * `import()`, and the modules a test mocks (`vi.mock`, `vi.doMock`). Not counted: `import.meta.glob`, which tests use
 * to read the sources as text (system.test.ts reads them all). `src/test` is the tests' harness, which renders inside
 * the app's providers: it may import every floor, and only tests and test helpers may import it.
 */
import { describe, expect, it } from 'vitest';

/** The floors, lowest first: each may import its own and the ones before it. */
const FLOORS = ['contract', 'lib', 'api', 'offline', 'ui', 'features', 'app'] as const;
type Floor = (typeof FLOORS)[number];

interface Place {
  floor: Floor | 'test' | 'main' | 'other';
  /** The feature's folder, for a file under src/features. */
  feature?: string;
}

/** Where a path from the repository root ('src/ui/x.ts') stands. */
function placeOf(path: string): Place | null {
  const parts = path.split('/');
  if (parts[0] !== 'src') return null;
  const top = parts[1] ?? '';
  if (top === 'main.tsx') return { floor: 'main' };
  if (top === 'test') return { floor: 'test' };
  if (top === 'features') return { floor: 'features', feature: parts[2] };
  return (FLOORS as readonly string[]).includes(top) ? { floor: top as Floor } : { floor: 'other' };
}

/** `specifier` (relative) resolved against the file at `from`, both from the repository root. */
function resolveFrom(from: string, specifier: string): string {
  return [...from.split('/').slice(0, -1), ...specifier.split('/')]
    .reduce<string[]>((parts, part) => {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
      return parts;
    }, [])
    .join('/');
}

const IMPORT_PATTERNS = [
  // import x from '...'; import { x } from '...'; import type { X } from '...'; export { x } from '...'; export * from
  /^\s*(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm,
  // import '...' (for its effect)
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  // import('...'), vi.mock('...'), vi.doMock('...')
  /\b(?:import|vi\.mock|vi\.doMock)\(\s*['"]([^'"]+)['"]/g,
];

/** The relative modules a source imports. */
function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const [, specifier = ''] of source.matchAll(pattern)) if (specifier.startsWith('.')) found.add(specifier);
  }
  return [...found];
}

/** A test, or a test's helper: in a `test/` folder, or a fake server (`fake-*.ts`) beside the tests that use it. */
const isTestFile = (path: string) => /\.test\.tsx?$|\/test\/|\/fake-[\w-]+\.tsx?$/.test(path);

/** Why importing `target` from `file` breaks a floor, or null when it does not. */
function ruleBroken(file: string, target: string): string | null {
  const from = placeOf(file);
  const to = placeOf(target);
  if (!from || !to || to.floor === 'other' || from.floor === 'other') return null;
  if (to.floor === 'test') return isTestFile(file) ? null : 'only tests import the test harness (src/test)';
  if (to.floor === 'main') return 'nothing imports the entry (src/main.tsx)';
  if (from.floor === 'test' || from.floor === 'main') return null;
  if (from.floor === 'features' && to.floor === 'features' && from.feature !== to.feature) {
    return `features never import each other (features/${from.feature} imports features/${to.feature}): move the shared piece down to src/ui or src/api, or let the app hand it over`;
  }
  if (FLOORS.indexOf(to.floor) > FLOORS.indexOf(from.floor)) {
    return `src/${from.floor} is below src/${to.floor}: move what it needs down, or let the app provide it`;
  }
  return null;
}

/** Every import of `source` (the file at `file`) that breaks a floor, as "file imports 'specifier': rule". */
function violations(file: string, source: string): string[] {
  return importsOf(source).flatMap((specifier) => {
    const rule = ruleBroken(file, resolveFrom(file, specifier));
    return rule ? [`${file} imports '${specifier}': ${rule}`] : [];
  });
}

describe('the floors checker', () => {
  it('finds every kind of import, and only relative ones', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import './c';",
      "export { d } from './d';",
      "export * from './e';",
      "const f = () => import('./f');",
      "vi.mock('./g', () => ({}));",
      "vi.doMock('./h');",
      "import template from './i.js?raw';",
      "import { useState } from 'react';",
      'import {',
      '  j,',
      '  k,',
      "} from './jk';",
    ].join('\n');
    expect(importsOf(source).sort()).toEqual(
      ['./a', '../b', './c', './d', './e', './f', './g', './h', './i.js?raw', './jk'].sort(),
    );
  });

  it('names an import that goes up a floor, or across features', () => {
    expect(violations('src/ui/x.tsx', "import '../app/theme/more-recipes';")).toEqual([
      "src/ui/x.tsx imports '../app/theme/more-recipes': src/ui is below src/app: move what it needs down, or let the app provide it",
    ]);
    expect(violations('src/api/x.ts', "import { y } from '../ui/y';")).toHaveLength(1);
    expect(violations('src/contract/x.ts', "import { y } from '../lib/y';")).toHaveLength(1);
    expect(violations('src/offline/x.ts', "import { y } from '../features/a/y';")).toHaveLength(1);
    expect(violations('src/features/a/b/x.tsx', "import { y } from '../../../app/i18n';")).toHaveLength(1);
    expect(violations('src/features/a/b/x.tsx', "import type { Y } from '../../c/y';")[0]).toContain(
      'features/a imports features/c',
    );
    expect(violations('src/ui/x.tsx', "import { y } from '../test/render-with-providers';")).toHaveLength(1);
  });

  it('lets a floor import its own and the ones below, a feature its own folder, and the harness anything', () => {
    expect(violations('src/features/a/b/x.tsx', "import { y } from '../c/y';")).toEqual([]);
    expect(
      violations('src/features/a/x.tsx', "import { y } from '../../ui/y'; import { z } from '../../api/z';"),
    ).toEqual([]);
    expect(violations('src/app/x.ts', "import { y } from '../features/a/y';")).toEqual([]);
    expect(violations('src/offline/x.ts', "import { y } from '../api/y'; import { c } from '../lib/csv';")).toEqual([]);
    expect(violations('src/ui/x.test.tsx', "import { y } from '../test/render-with-providers';")).toEqual([]);
    expect(violations('src/features/a/fake-a-server.ts', "import { y } from '../../test/fake-server';")).toEqual([]);
    expect(violations('src/test/x.tsx', "import { y } from '../app/theme';")).toEqual([]);
    expect(violations('src/app/i18n/x.ts', "import y from '../../../locales/en/common.json';")).toEqual([]);
  });
});

describe('the web app', () => {
  const sources = import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
  // The glob's keys are relative to this file (src/app); the checker's paths are from the repository root.
  const files = Object.entries(sources).map(([key, source]) => [resolveFrom('src/app/x', key), source] as const);

  it('keeps every import on its floor or below, and every feature to itself', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some(([path]) => path.startsWith('src/features/'))).toBe(true);
    expect(files.flatMap(([path, source]) => importsOf(source).map((s) => `${path} ${s}`)).length).toBeGreaterThan(
      1000,
    );
    expect(files.flatMap(([path, source]) => violations(path, source))).toEqual([]);
  });
});
