/**
 * Reads Vite's build manifest (dist/.vite/manifest.json, `build.manifest: true`) as a chunk graph, and measures the
 * compressed size of a set of chunks. Kept apart from the benchmark so other tools (a size check in CI, a probe build)
 * can reuse it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The built app to measure: the folder in BENCH_DIST when set (a probe build elsewhere), else `dist`. */
export function benchDist(dist) {
  return process.env.BENCH_DIST || dist;
}

/** The manifest of a built app: chunk key (source path relative to the root, or `_name-hash.js`) to chunk. */
export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The HTML entry's key (`index.html` for this app). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
  if (!key) throw new Error('The build manifest has no HTML entry');
  return key;
}

/**
 * The chunks the browser must load before the given chunks run: the chunks themselves and, transitively, their static
 * imports (not their dynamic imports, which load later or never). Returns manifest keys in load order.
 */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** gzip (level 9, what the budget counts) and brotli (quality 11, for information) sizes of one file, in bytes. */
export function compressedSize(path) {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Sizes of the JavaScript files of these manifest keys, per chunk and in total. */
export function measureChunks(manifest, dist, keys) {
  const chunks = keys
    .map((key) => ({ key, name: manifest[key].name ?? key, file: manifest[key].file }))
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => ({ ...chunk, ...compressedSize(join(dist, chunk.file)) }));
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const chunk of chunks) {
    total.raw += chunk.raw;
    total.gzip += chunk.gzip;
    total.brotli += chunk.brotli;
  }
  return { chunks, total };
}
