// @vitest-environment node
// (Build code: esbuild, which scripts/portal-start.mjs minifies with, refuses to load in jsdom.)
/**
 * The build's chunk-graph plugins: scripts/hoist-imports.mjs (each chunk lists its transitive imports) and
 * scripts/portal-start.mjs (the files /portal-start.js asks for), scripts/font-display.mjs (Roboto without a swap) and
 * scripts/chakra-global-css.mjs (Chakra's global CSS written at build time) and scripts/early-system.mjs (the Chakra
 * system's own entry).
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chakraGlobalCss, chakraGlobalCssPlugin, serializeGlobal, VIRTUAL_ID } from './chakra-global-css.mjs';
import { earlySystem, SYSTEM_ENTRY, withSystemScript } from './early-system.mjs';
import { fontDisplayOptional, optionalFontDisplay } from './font-display.mjs';
import { relativeSpecifier, transitiveImports } from './hoist-imports.mjs';
import { portalStartFiles } from './portal-start.mjs';

describe('transitive imports', () => {
  it('adds what a chunk reaches through its imports, breadth first, never what it imports already or itself', () => {
    const added = transitiveImports({
      'assets/a.js': { imports: ['assets/b.js', 'assets/c.js'] },
      'assets/b.js': { imports: ['assets/d.js', 'assets/c.js'] },
      'assets/c.js': { imports: ['assets/e.js'] },
      'assets/d.js': { imports: ['assets/f.js', 'assets/a.js'] },
      'assets/e.js': { imports: [] },
      'assets/f.js': { imports: [] },
    });
    expect(added.get('assets/a.js')).toEqual(['assets/d.js', 'assets/e.js', 'assets/f.js']);
    expect(added.get('assets/b.js')).toEqual(['assets/f.js', 'assets/a.js', 'assets/e.js']);
    expect(added.get('assets/c.js')).toBeUndefined();
    expect(added.has('assets/e.js')).toBe(false);
  });

  it('writes the specifier relative to the importing chunk', () => {
    expect(relativeSpecifier('assets/a.js', 'assets/b.js')).toBe('./b.js');
    expect(relativeSpecifier('assets/x/a.js', 'assets/b.js')).toBe('../b.js');
    expect(relativeSpecifier('assets/a.js', 'assets/x/b.js')).toBe('./x/b.js');
    expect(relativeSpecifier('index.js', 'assets/b.js')).toBe('./assets/b.js');
  });
});

describe("the portal start script's files", () => {
  const chunks = {
    'assets/index.js': { isEntry: true, imports: [], moduleIds: ['/src/main.tsx'] },
    'assets/portal.js': {
      isEntry: false,
      imports: ['assets/index.js', 'assets/ui.js'],
      moduleIds: ['/src/features/scholar/layout/portal-layout.tsx'],
    },
    'assets/ui.js': { isEntry: false, imports: ['assets/index.js', 'assets/field.js'], moduleIds: ['/chakra/card.js'] },
    'assets/field.js': { isEntry: false, imports: [], moduleIds: ['/chakra/field.js'] },
    'assets/calendar.js': { isEntry: false, imports: ['assets/ui.js'], moduleIds: ['/src/calendar-page.tsx'] },
    'assets/portal-en.js': { isEntry: false, imports: [], moduleIds: ['/locales/en/portal.json'] },
    'assets/portal-es.js': { isEntry: false, imports: [], moduleIds: ['/locales/es/portal.json'] },
  };

  it("takes the first screen's chunks with all they import, less the entry; each language its texts", () => {
    const files = portalStartFiles(chunks, [/portal-layout/], {
      en: /\/locales\/en\/portal\.json$/,
      es: /\/locales\/(en|es)\/portal\.json$/,
    });
    expect(files).toEqual({
      code: ['assets/field.js', 'assets/portal.js', 'assets/ui.js'],
      entry: 'assets/index.js',
      entryBytes: 0,
      system: null,
      en: ['assets/portal-en.js'],
      es: ['assets/portal-en.js', 'assets/portal-es.js'],
    });
  });
  it("names the app's entry, the one holding src/main.tsx, with its brotli size, and the Chakra system's", () => {
    const code = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};`;
    const files = portalStartFiles(
      {
        ...chunks,
        'assets/index.js': { ...chunks['assets/index.js'], code },
        'assets/system-start.js': { isEntry: true, imports: [], moduleIds: ['/src/app/theme/system-start.ts'] },
      },
      [/portal-layout/],
      {},
    );
    expect(files.entry).toBe('assets/index.js');
    expect(files.system).toBe('assets/system-start.js');
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
    expect(files.entryBytes).toBe(brotliCompressSync(code, { params }).length);
    expect(files.entryBytes).toBeLessThan(code.length / 4);
    expect(files.code).not.toContain('assets/system-start.js');
  });
});

describe("the Chakra system's own entry", () => {
  const PAGE = '<head>\n    <title>x</title>\n    <script src="/portal-start.js" async></script>\n</head>';

  /** The plugin's index.html handler run on a bundle. */
  const transform = (bundle: Record<string, object>) => {
    const hook = earlySystem().transformIndexHtml as { handler: (html: string, ctx: object) => string };
    return hook.handler(PAGE, { bundle });
  };
  const chunk = (fileName: string, facadeModuleId: string, imports: string[] = []) => ({
    type: 'chunk',
    isEntry: true,
    fileName,
    facadeModuleId,
    imports,
  });

  it("puts its script first among the page's scripts, async", () => {
    expect(withSystemScript(PAGE, 'assets/system-start-1.js')).toBe(
      '<head>\n    <title>x</title>\n    <script type="module" async crossorigin src="/assets/system-start-1.js"></script>' +
        '\n    <script src="/portal-start.js" async></script>\n</head>',
    );
    expect(() => withSystemScript('<head></head>', 'a.js')).toThrow(/no <script>/);
  });

  it('finds the entry chunk of system-start.ts, and fails the build if it imports another chunk', () => {
    const index = chunk('assets/index-2.js', '/app/index.html', ['assets/system-start-1.js']);
    const system = chunk('assets/system-start-1.js', `/app/${SYSTEM_ENTRY}`);
    expect(transform({ a: index, b: system })).toContain('src="/assets/system-start-1.js"');
    expect(() => transform({ a: index })).toThrow(/found 0/);
    expect(() => transform({ a: index, b: { ...system, imports: ['assets/rolldown-runtime.js'] } })).toThrow(
      /imports other chunks/,
    );
  });
});

describe('font display', () => {
  it("makes every face of fontsource's Roboto optional, and leaves other stylesheets alone", () => {
    const path = 'node_modules/@fontsource/roboto/latin-400.css';
    const css = readFileSync(path, 'utf8');
    expect(css).toContain('font-display: swap');
    const out = optionalFontDisplay(css);
    expect(out).not.toMatch(/font-display:\s*swap/);
    expect(out.match(/font-display: optional/g)).toHaveLength(css.match(/@font-face/g)?.length ?? -1);
    const plugin = fontDisplayOptional();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform(css, `/app/${path}`)?.code).toBe(out);
    expect(transform('a { font-display: swap }', '/app/src/app/theme/other.css')).toBeNull();
  });
});

describe("Chakra's global CSS at build time", () => {
  it("is the layer order, the reset, the global styles and every token in light and dark, from the app's own theme", async () => {
    const css = await chakraGlobalCss(process.cwd());
    // The layer order comes first, as Chakra's provider states it, so the recipes' layer stays above the tokens'.
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(css.match(/@layer (reset|base|tokens)\{/g)).toEqual(
      expect.arrayContaining(['@layer reset{', '@layer base{', '@layer tokens{']),
    );
    // The school's palette (system.ts), both modes: slate in light, violet in dark.
    expect(css).toContain('--chakra-colors-primary-solid:var(--chakra-colors-brand-slate-700)');
    expect(css).toContain('--chakra-colors-primary-solid:var(--chakra-colors-brand-violet-500)');
    expect(css).toContain('.dark,.dark .chakra-theme:not(.light){');
    expect(css).toMatch(/--chakra-breakpoints-sm:600px/);
    expect(css).toContain('--chakra-fonts-body:Roboto,system-ui,sans-serif');
    // Serialized as Emotion inserts it: the prefixer's vendor copies are there.
    expect(css).toContain('-webkit-text-size-adjust');
  }, 60_000);

  it('serializes nested style objects the way Emotion does, and the plugin serves only its own id', async () => {
    expect(serializeGlobal({ '@layer base': { body: { color: 'red', '& a': { userSelect: 'none' } } } })).toBe(
      '@layer base{body{color:red;}body a{-webkit-user-select:none;-moz-user-select:none;-ms-user-select:none;user-select:none;}}',
    );
    const plugin = chakraGlobalCssPlugin(process.cwd());
    const resolve = plugin.resolveId as (id: string) => string | null;
    expect(resolve('./other.css')).toBeNull();
    expect(resolve(VIRTUAL_ID)).toBe(`\0${VIRTUAL_ID}`);
  });
});
