/**
 * Build of the web app and its service worker.
 *
 * - vite-plugin-pwa with injectManifest: our own worker (sw/sw.ts) gets the precache list of everything a station needs
 *   to start offline: the shell, every JS chunk (lazy routes and the locale namespaces that import.meta.glob turns into
 *   chunks), CSS, the Roboto woff2 files, icons and the manifest. We register it ourselves (src/app/pwa/register.ts)
 *   so the update prompt is ours.
 * - Chunking: everything the first screens load statically (React, the router, Chakra, i18next, ky and our shell) is
 *   one chunk, but for the Chakra system, an entry of its own that runs while that chunk downloads
 *   (scripts/early-system.mjs); anything only a lazy route needs (the sign-in form's fields, html5-qrcode, admin
 *   screens, the settings menu, the notification host) stays in that route's chunks. Budget: 170 kB gzip of
 *   JavaScript for /login and / (the design's performance budget), measured by `npm run bench` from the build
 *   manifest. Measured with the settings menu and TanStack Query off the first screens: one chunk 190.1 / 181.3 kB
 *   (/login, /), one vendor chunk beside the entry 191.7 / 182.8, React and vendor apart 192.3 / 183.4, rolldown's
 *   default 196.1 / 186.9. Every chunk boundary costs its import/export glue and a fresh gzip window, so one chunk
 *   wins; what it gives up is caching across deployments (a station re-downloads the whole first chunk, about 180 kB,
 *   after each release), which the service worker's precache makes a one-off per release.
 * - Lazy chunks: the many small pieces the lazy screens share are grouped ('ui', 'shell', and the portal's 'portal',
 *   which also holds what its first screen shares with the staff screens), and every chunk lists its transitive
 *   imports (scripts/hoist-imports.mjs): on a phone each request is a round trip, and a chain of chunks was one per
 *   link. /login went from 19 lazy chunks to 8 and the portal's first screen from about 45 to 6, which
 *   /portal-start.js asks for a round trip before the entry is due.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraGlobalCssPlugin } from './scripts/chakra-global-css.mjs';
import { earlySystem, SYSTEM_ENTRY } from './scripts/early-system.mjs';
import { fontDisplayOptional } from './scripts/font-display.mjs';
import { hoistImports } from './scripts/hoist-imports.mjs';
import { portalStart } from './scripts/portal-start.mjs';
import { precompress } from './scripts/precompress.mjs';

const THEME_COLOR = '#344955';

/**
 * Chakra's recipe modules that src/ui/theme/more-recipes.ts adds to the system after the first screens (read from its
 * import list: `tabsSlotRecipe` is recipes/tabs.js, `nativeSelectSlotRecipe` recipes/native-select.js), plus Select's,
 * which NativeSelect's is built on. Every recipe module is reachable from the first chunk through Chakra's barrel
 * files, so the '$initial' group below would take them all; this group keeps these in their own lazy chunk.
 */
function moreRecipeModules(): RegExp {
  const source = readFileSync(new URL('./src/ui/theme/more-recipes.ts', import.meta.url), 'utf8');
  const names = [...source.matchAll(/\b([a-z]\w*?)(?:Slot)?Recipe,/g)].map(([, name = '']) =>
    name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  );
  if (names.length === 0) throw new Error('src/ui/theme/more-recipes.ts imports no recipe: has it moved?');
  return new RegExp(`/@chakra-ui/react/dist/esm/theme/recipes/(${[...names, 'select'].join('|')})\\.js$`);
}

/**
 * The lazily loaded pieces of Chakra and our wrappers that the sign-in screens use, grouped into the 'ui' chunk, and
 * the small ones the data screens (the portal's among them) add, which go into 'shell' (see the groups below).
 */
const UI_SIGN_IN = new RegExp(
  [
    String.raw`/@chakra-ui/react/dist/esm/components/(card|box|alert|icon/|icons\.js|link|button/icon-button)`,
    '/@chakra-ui/react/dist/esm/styled-system/(use-slot-recipe|create-slot-recipe-context)',
    String.raw`/src/ui/(school-name|settings-menu\.tsx)`,
    // The device's keys of the config answer, which school-name.ts (here) and intl-format.ts (in 'shell') read.
    String.raw`/src/api/config-keys\.ts`,
    '/src/features/auth/use-config',
  ].join('|'),
);
const UI_FORM = new RegExp(
  [
    '/@chakra-ui/react/dist/esm/components/(field|input|native-select|group)/',
    '/@ark-ui/react/dist/(components/(field|fieldset)/|utils/|providers/environment/|components/factory|_virtual/)',
    String.raw`/@zag-js/(utils/dist/(guard|functions)|core/dist/merge-props|dom-query/dist/(node|computed-style))\.mjs`,
    '/src/ui/form/select-field',
  ].join('|'),
);
const UI_DATA = new RegExp(
  [
    '/@chakra-ui/react/dist/esm/components/(flex|badge|empty-state|square|circle|skeleton|visually-hidden)/',
    '/src/ui/(intl-format|school-clock)',
    // The formatters and time zone checks intl-format.ts re-exports.
    String.raw`/src/lib/intl\.ts`,
  ].join('|'),
);

/**
 * The portal's layout, its data layer and its Home screen (with what Home shows): the 'portal' chunk. The other
 * screens stay chunks of their own, loaded when opened, so their libraries (the calendar's dialog, Check In's QR code)
 * do not weigh on the first visit.
 */
const PORTAL_START =
  /\/src\/features\/(scholar\/(portal-context|layout\/|data\/|nav\/(bottom-bar|side-nav|entry-icon|portal-entries)|home\/|schedule\/class-item|this-week\/meeting-item|work\/(work-paths|model\/))|auth\/parent-co-session-strip)/;

/** The Scholar Portal section's namespaces, read from src/app/route-table.ts (as the router loads them), as `a|b|c`. */
function portalNamespaces(): string {
  const table = readFileSync(new URL('./src/app/route-table.ts', import.meta.url), 'utf8');
  const section = /path: '\/scholar',[\s\S]*?namespaces: \[([^\]]*)\]/.exec(table)?.[1];
  const names = [...(section ?? '').matchAll(/'([\w-]+)'/g)].map(([, name]) => name);
  if (names.length === 0)
    throw new Error("src/app/route-table.ts: the '/scholar' section lists no namespaces: has it moved?");
  return names.join('|');
}

/** One language's files of the portal's namespaces. */
function portalNamespaceFiles(language: 'en' | 'es'): RegExp {
  return new RegExp(`/locales/${language}/(${portalNamespaces()})\\.json$`);
}

/**
 * The locale files the portal's first screen waits for, per language: the portal's namespaces, English behind every
 * language, and for Spanish also the namespaces English has in the entry (src/app/i18n: common, auth, kiosk,
 * notifications, errors).
 */
function portalTexts(): Record<string, RegExp> {
  const portal = portalNamespaces();
  return {
    en: new RegExp(`/locales/en/(${portal})\\.json$`),
    es: new RegExp(`/locales/(en/(${portal})|es/(${portal}|common|auth|kiosk|notifications|errors))\\.json$`),
  };
}

/**
 * What the portal's first screen shares with the staff screens' lazy ones, kept in the 'portal' chunk with it (issue
 * X1, the first visit on a phone): the HTTP client, TanStack Query, the form pieces (UI_FORM) and a few small modules.
 * With 'shell' below, these were fourteen chunks, and a phone on HTTP/1.1's six connections asked for twenty files
 * once the entry had arrived, a 150 ms round trip for every six: the last arrived 0.77 s after the entry, against
 * 0.43 s for the six files now (the first visit's LCP p50 went from 2352 to 1976-2128 ms on one machine, with the date
 * formatter made earlier by /portal-start.js). A staff screen that uses any of them loads this chunk (38 kB gzip)
 * instead; the service worker precaches every chunk either way.
 */
const PORTAL_SHARED = new RegExp(
  [
    '/node_modules/ky/',
    '/@tanstack/(query-core|react-query)/',
    '/@zag-js/auto-resize/',
    String.raw`/src/api/client\.ts$`,
    String.raw`/src/contract/(portal-constants|work-lists)\.ts$`,
    String.raw`/src/ui/data/query-state\.tsx$`,
    String.raw`/src/features/scholar/work/(due-soon|work-item)\.tsx$`,
    UI_FORM.source,
  ].join('|'),
);

/**
 * The pieces of the signed-in layouts that the kiosk's home (on its first screen, DESIGN section 8) and the portal's
 * first screen both use, as one 'shell' chunk instead of five: the app bar with its account menu, the service worker's
 * store, the quiet error boundary and the data screens' small Chakra pieces (UI_DATA).
 */
const SHELL = new RegExp(
  [
    String.raw`/src/app/layouts/app-bar\.tsx$`,
    String.raw`/src/features/auth/account-menu\.tsx$`,
    String.raw`/src/app/pwa/(register|use-pwa)\.ts$`,
    String.raw`/src/ui/sync/quiet-boundary\.tsx$`,
    UI_DATA.source,
  ].join('|'),
);

/**
 * What the router's portal preload (src/app/router.tsx, `preloadPortal` and `loadPortalLayout`) imports for the
 * portal's first screen: /portal-start.js asks for the chunks holding these, and everything they import, at once.
 */
const PORTAL_FIRST_SCREEN = [
  /\/src\/features\/scholar\/(layout\/portal-layout|home\/home-page|data\/prefetch)\.tsx?$/,
  /\/src\/app\/(layouts\/app-bar|query-client)\.tsx?$/,
  /\/src\/ui\/theme\/more-recipes\.ts$/,
  /\/src\/features\/auth\/parent-co-session-strip\.tsx$/,
  /\/@tanstack\/react-query\/build\/modern\/index\.js$/,
];

/**
 * Chakra's anatomy module builds every component's anatomy when it loads (`dialogAnatomy$1.extendWith(...)`,
 * `createAnatomy('table').parts(...)`): calls the bundler cannot know are free of side effects, so all of them, and the
 * Ark and Zag anatomies they extend, stayed in the first chunk. Each top-level declaration is wrapped in a call marked
 * pure, so those of components the app does not use are dropped (about 0.6 kB gzip off every first
 * screen, measured). The build fails if the module's shape changes and nothing is wrapped.
 */
function pureChakraAnatomies(): Plugin {
  return {
    name: 'pure-chakra-anatomies',
    transform(code, id) {
      if (!/\/@chakra-ui\/react\/dist\/esm\/anatomy\.js$/.test(id)) return null;
      const pure = code.replace(
        /^const (\w+) = ([\s\S]*?);\n(?=const |\n|export )/gm,
        'const $1 = /* @__PURE__ */ (() => $2)();\n',
      );
      if (pure === code) this.error('@chakra-ui/react anatomy.js: no top-level anatomy found (has its shape changed?)');
      return { code: pure, map: null };
    },
  };
}

/**
 * Chakra's `createSystem` computes the global CSS (reset, global styles and the CSS variables of every token, light and
 * dark) as it builds the system, into `system._global`, for its provider's `<Global>`. The app writes that CSS into its
 * stylesheet at build time (scripts/chakra-global-css.mjs) and empties `_global` at start (src/app/theme/static-global.ts),
 * so in the built app the work is thrown away: half of `createSystem`, which runs before the first screen can render
 * (about 100 ms on the portal's phone profile). The build makes `_global` computed on first read instead.
 */
function lazyChakraGlobal(): Plugin {
  const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'lazy-chakra-global',
    apply: 'build',
    transform(code, id) {
      if (!/\/@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/.test(id)) return null;
      const lazy = code
        .replace(EAGER, 'let _global;')
        .replace(
          /\n(\s+)_global,\n/,
          '\n$1get _global() {\n$1  return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n$1},\n$1set _global(value) {\n$1  _global = value;\n$1},\n',
        );
      if (!code.includes(EAGER) || !lazy.includes('get _global()'))
        this.error(
          '@chakra-ui/react styled-system/system.js: the eager _global was not found (has its shape changed?)',
        );
      return { code: lazy, map: null };
    },
  };
}

/** Each language's own files of the portal's namespaces (the Scholar Portal section's, from the route table). */
const PORTAL_TEXTS = {
  en: portalNamespaceFiles('en'),
  es: portalNamespaceFiles('es'),
};

/**
 * React Router 7's package exports name only its development build (dist/development) for every condition, so a
 * production build ships its dev warnings and checks (remix-run/react-router#14102, open). The build takes the
 * package's own production files instead; the dev server and the tests keep the development ones.
 */
function productionReactRouter(): Plugin {
  const dist = resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${dist}/index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${dist}/dom-export.mjs` },
        ],
      },
    }),
  };
}

const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

/** Where the build writes (dist/ unless `--outDir` says otherwise), for the precompress step. */
let outDir = 'dist';

export default defineConfig({
  plugins: [
    react(),
    productionReactRouter(),
    lazyChakraGlobal(),
    // Chakra's system in an entry of its own, loaded `async` beside the app's (scripts/early-system.mjs).
    earlySystem(),
    pureChakraAnatomies(),
    // Roboto never swaps in after the first paint: the device's font until the fonts are on it (scripts/font-display.mjs).
    fontDisplayOptional(),
    // Chakra's global CSS (reset, global styles, tokens) written into the stylesheet at build time, not at every start.
    chakraGlobalCssPlugin(),
    // Each chunk lists the chunks its imports import, so a lazy screen's whole static graph is asked for in one round
    // trip instead of one per link of its import chains (scripts/hoist-imports.mjs; the portal's first visit).
    hoistImports(),
    // /portal-start.js: a phone opening the portal asks for its first calls and first screen's chunks at once.
    portalStart({
      template: 'src/app/pwa/portal-start.js',
      first: PORTAL_FIRST_SCREEN,
      texts: portalTexts(),
    }),
    {
      // Brotli and gzip copies of the built files, which the server sends to browsers that accept them (a phone's
      // first visit downloads a third of the bytes; scripts/precompress.mjs).
      name: 'precompress',
      apply: 'build',
      // The build's own folder (`vite build --outDir /tmp/x` for a probe build must not touch dist/).
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
      closeBundle: {
        order: 'post',
        sequential: true,
        handler() {
          const { files, before, after } = precompress(outDir);
          this.info?.(
            `precompressed ${files} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`,
          );
        },
      },
    },
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // Everything in dist/ a station can need offline, public/ files included. JSON covers locale files should they
        // ever be emitted as assets rather than chunks. The .woff fallbacks are left out: every browser with service
        // workers reads woff2.
        globPatterns: ['**/*.{html,js,css,woff2,json,png,svg,ico,webp}'],
        // vite-plugin-pwa 2 fails the build when a file is over this size (instead of silently skipping it): a station
        // downloads the whole precache at install, so growing past 2 MiB for one file should be a decision.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      // The globs above already take the icons from dist/; listing them again would duplicate precache entries.
      includeManifestIcons: false,
      integration: {
        // vite-plugin-pwa 2.0.0 builds the worker with Rollup's `inlineDynamicImports`, which rolldown deprecates in
        // favour of `codeSplitting: false` (same output, one file); translating it keeps the build log free of a
        // warning on every build, so real ones stand out.
        configureCustomSWViteBuild(config) {
          const output = config.build?.rollupOptions?.output;
          if (output && !Array.isArray(output) && output.inlineDynamicImports) {
            delete output.inlineDynamicImports;
            output.codeSplitting = false;
          }
        },
      },
      manifest: {
        id: '/',
        name: 'School Operations',
        short_name: 'School Ops',
        description: 'Arrivals, check-in and sign-out, meals and timesheets for the school, online or offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [
          ...ICON_SIZES.map((size) => ({
            src: `/icons/icon-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          ...MASKABLE_SIZES.map((size) => ({
            src: `/icons/maskable-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'maskable',
          })),
        ],
      },
    }),
  ],
  // `vite preview` inherits this proxy, so the built app can also be tried against a local API server.
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph `npm run bench` reads to measure what /login and / load first.
    manifest: true,
    // A lazy chunk's import() does not list the chunks it imports for preloading: those lists, one per route and
    // locale in the first chunk, cost 2.2 kB gzip of the 170 kB budget (measured). Rollup hoists a chunk's transitive
    // imports to its top, so a section's first load online takes one more round trip (page, then its imports at
    // once); from the service worker's precache, which holds every chunk once installed, it costs nothing.
    // No modulepreload polyfill (0.5 kB gzip of the first chunk): every browser the school uses (Chromium, Safari 17+,
    // Firefox 115+) supports <link rel="modulepreload">, and one that does not still loads each module when imported.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
    // The first chunk is about 590 kB before compression by design (see the header); the budget that matters is the
    // 170 kB gzip that `npm run bench` checks. Above this, a chunk really did grow and the warning should be read.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // index.html, and the Chakra system's own entry, which runs while the app's entry still downloads.
      input: { index: 'index.html', 'system-start': SYSTEM_ENTRY },
      treeshake: {
        // Identity/builder calls whose results Chakra's and Ark's modules keep at top level (`defaultThemeConfig`, the
        // anatomies of components we do not use): marked pure, unused ones are dropped (about 1.5 kB gzip measured).
        manualPureFunctions: ['defineConfig', 'createAnatomy'],
      },
      output: {
        codeSplitting: {
          groups: [
            // The Chakra system's entry with all it imports (Chakra's styled system, tokens and the first screens'
            // recipes), below 'more-recipes' (which its theme barrel also reaches) and above the first chunk, so that
            // it imports nothing and runs as soon as it arrives (scripts/early-system.mjs): 25 kB brotli, and 1.4 kB
            // more in all than inside the first chunk.
            { name: 'system-start', test: /\/src\/app\/theme\/system-start\.ts$/, priority: 5 },
            // The recipes the first screens leave out (src/ui/theme/more-recipes.ts), without their dependencies
            // (Chakra's anatomy helpers, which the first chunk has anyway): 6.1 kB gzip off /login and / (measured).
            {
              name: 'more-recipes',
              test: moreRecipeModules(),
              priority: 6,
              includeDependenciesRecursively: false,
            },
            // Only modules on the initial path ('$initial'): what only lazy routes use stays in their chunks.
            { name: 'index', test: /./, tags: ['$initial'], priority: 4 },
            // The Scholar Portal's first screen, with what it shares with the staff screens (PORTAL_SHARED), as one
            // chunk (about 34 kB brotli): a phone on a cellular connection gets it in one request instead of thirty
            // (DESIGN section 8: the portal's first visit). Priorities are whole numbers here: 0.6 against 0.5 did not
            // put the app bar in 'shell' rather than 'portal'.
            {
              name: 'portal',
              test: (id: string) =>
                PORTAL_START.test(id) || PORTAL_FIRST_SCREEN.some((p) => p.test(id)) || PORTAL_SHARED.test(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The small pieces of Chakra (and our wrappers of them) that the lazy screens share, in 'ui' and 'shell'
            // instead of a chunk each: a screen's first load asked for twenty files of a few hundred bytes, each a
            // round trip on a phone. 'ui' holds only what the sign-in screens load anyway, so /login loads nothing
            // more; 'shell' what the kiosk's home adds (the app bar), which the portal's first screen uses too.
            // The portal's texts, one file per language instead of one per namespace: its first screen waits for all
            // of them, and over HTTP/1.1 five small files cost a phone a round trip more than one.
            ...(['en', 'es'] as const).map((language) => ({
              name: `portal-texts-${language}`,
              test: PORTAL_TEXTS[language],
              priority: 2,
              includeDependenciesRecursively: false,
            })),
            { name: 'ui', test: UI_SIGN_IN, priority: 2, includeDependenciesRecursively: false },
            { name: 'shell', test: SHELL, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
