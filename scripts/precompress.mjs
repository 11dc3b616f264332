/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the built app over 1 kB (JavaScript, CSS,
 * HTML, JSON, SVG, the manifest), so the server answers them compressed (@fastify/static `preCompressed`) without
 * compressing on every request: a phone on a slow connection downloads about a third of the bytes (DESIGN section 8,
 * the portal's first visit). Run by the build (a Vite plugin in vite.config.ts) once the bundle is written.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/** Compresses the files under `dir`; answers how many and their bytes before and after Brotli. */
export function precompress(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        walk(path);
        continue;
      }
      // The service worker is written last by vite-plugin-pwa and must never be served stale: it stays as it is.
      if (!TEXT.test(name) || stat.size < 1024 || name === 'sw.js') continue;
      const data = readFileSync(path);
      const br = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      after += br.length;
    }
  };
  walk(dir);
  return { files, before, after };
}
