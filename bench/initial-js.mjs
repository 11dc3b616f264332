/**
 * Initial JavaScript of the first screens (DESIGN section 8): what the browser must download and run
 * before /login or / (the kiosk home) can render, at most 170 kB gzip.
 *
 * Counted per route: the entry chunk of index.html with all its static imports, plus the route's lazy chunks (its
 * screen and its layout) and their static imports (the router fetches them before the first render of that route). Dynamic imports are left out: they
 * load later (a notification, another language, workbox-window after the first render) or never. Sizes are gzip level
 * 9 in kB of 1000 bytes, as Vite prints them; brotli is reported for information (most servers send it when asked).
 *
 * BENCH_DIST=<folder> measures a build elsewhere (`npx vite build --outDir <folder>`), so a probe does not have to
 * rebuild dist/ while end-to-end tests serve it. Run alone as `node bench/initial-js.mjs [folder]`, it measures that
 * folder (or BENCH_DIST, or dist/) without building anything.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDist, entryKey, measureChunks, readManifest, staticClosure } from './chunk-graph.mjs';

/** The budget in kB gzip for each first screen. */
export const INITIAL_JS_BUDGET_KB = 170;

/**
 * The first screens and the modules of their lazy chunks (manifest keys: source paths from the root): the route's
 * screen and the layout router.tsx renders it in (the centred layout with its settings button, the plain layout), both
 * fetched before the screen can render.
 */
export const FIRST_SCREENS = [
  { path: '/login', route: 'src/features/auth/login-page.tsx', layout: 'src/app/layouts/centered-layout.tsx' },
  { path: '/', route: 'src/features/kiosk/kiosk-home.tsx', layout: 'src/app/layouts/plain-layout.tsx' },
];

const kB = (bytes) => Math.round(bytes / 10) / 100;

/** Rows for the given built app; exported for probes that build elsewhere. */
export function measureInitialJs(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: is build.manifest on in vite.config.ts?`);
  const manifest = readManifest(dist);
  const entry = entryKey(manifest);
  const rows = [];
  const usedBy = new Map();

  const entryOnly = measureChunks(manifest, dist, staticClosure(manifest, [entry]));
  rows.push(
    { metric: 'entry closure, gzip', value: kB(entryOnly.total.gzip), unit: 'kB' },
    { metric: 'entry closure, brotli', value: kB(entryOnly.total.brotli), unit: 'kB' },
  );

  for (const screen of FIRST_SCREENS) {
    const isBuilt = Boolean(manifest[screen.route]);
    const lazyKeys = [screen.route, screen.layout].filter((key) => manifest[key]);
    const keys = staticClosure(manifest, [entry, ...lazyKeys]);
    const { chunks, total } = measureChunks(manifest, dist, keys);
    for (const chunk of chunks)
      usedBy.set(chunk.key, { ...chunk, paths: [...(usedBy.get(chunk.key)?.paths ?? []), screen.path] });
    const note = isBuilt ? `${chunks.length} chunks` : `${screen.route} is not in the build yet: entry closure only`;
    rows.push(
      {
        metric: `${screen.path} initial JS, gzip`,
        value: kB(total.gzip),
        unit: 'kB',
        budget: INITIAL_JS_BUDGET_KB,
        note,
      },
      { metric: `${screen.path} initial JS, brotli`, value: kB(total.brotli), unit: 'kB' },
    );
  }

  // Where the bytes are: every chunk of either screen, largest first.
  const chunks = [...usedBy.values()].sort((a, b) => b.gzip - a.gzip);
  for (const chunk of chunks) {
    rows.push({ metric: `chunk ${chunk.name}, gzip`, value: kB(chunk.gzip), unit: 'kB', note: chunk.paths.join(' ') });
  }
  return rows;
}

export default {
  name: 'Initial JavaScript of /login and /',
  needsBuild: true,
  async run({ dist }) {
    return measureInitialJs(benchDist(dist));
  },
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? benchDist(join(import.meta.dirname, '..', 'dist'));
  console.log(`Initial JavaScript of ${dist}\n`);
  for (const row of measureInitialJs(dist)) {
    const budget = row.budget === undefined ? '' : ` (≤ ${row.budget}: ${row.value <= row.budget ? 'ok' : 'OVER'})`;
    console.log(`${row.metric.padEnd(34)} ${String(row.value).padStart(7)} ${row.unit}${budget} ${row.note ?? ''}`);
  }
}
