/**
 * Builds /portal-start.js (the template is src/app/pwa/portal-start.js): the small classic script index.html loads
 * `async`, which on a scholar's or parent's phone starts the portal's first calls and asks for the portal's first
 * screen's code at once (`<link rel="modulepreload">`), while the app's entry still downloads (DESIGN section 8: the
 * portal's first visit). The build fills in which files those are: the chunks holding the modules the router's
 * portal preload imports (`PORTAL_FIRST_SCREEN`), with everything they import, less the entry (already loading);
 * and, per language, the portal's texts.
 */
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { transformSync } from 'esbuild';

/** A file's size as the server sends it to a browser that accepts brotli (scripts/precompress.mjs's settings). */
const brotliSize = (code) =>
  brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  }).length;

/** Where the template says the build puts the file lists. */
export const FILES_MARKER = '/* filled by the build (scripts/portal-start.mjs) */ {}';

/**
 * `chunks`: file name → { isEntry, imports, moduleIds, code? }. `first`: patterns of the modules the portal's first
 * screen imports. `texts`: language → pattern of its locale files. Answers { code: files for every language, entry:
 * the app's entry chunk (the one holding src/main.tsx; null unless exactly one does), entryBytes: its size in brotli
 * (0 without its code), system: the entry chunk holding system-start.ts (or null), [language]: locale files }.
 */
export function portalStartFiles(chunks, first, texts) {
  const entries = new Set(Object.keys(chunks).filter((file) => chunks[file].isEntry));
  const closure = (roots) => {
    const seen = new Set();
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift();
      if (seen.has(file) || entries.has(file) || !chunks[file]) continue;
      seen.add(file);
      queue.push(...chunks[file].imports);
    }
    return seen;
  };
  const holding = (patterns) =>
    Object.keys(chunks).filter((file) => chunks[file].moduleIds.some((id) => patterns.some((p) => p.test(id))));
  const code = closure(holding(first));
  // The app's entry, the entry chunk holding src/main.tsx, with its compressed size, and the system's, the one holding
  // system-start.ts, which index.html loads beside it: the preloads go a round trip before the entry is due, told from
  // when the system's file arrives, or once the entry has arrived (src/app/pwa/portal-start.js).
  const only = (pattern) => {
    const found = [...entries].filter((file) => chunks[file].moduleIds.some((id) => pattern.test(id)));
    return found.length === 1 ? found[0] : null;
  };
  const entry = only(/\/src\/main\.tsx$/);
  const files = {
    code: [...code].sort(),
    entry,
    entryBytes: entry && chunks[entry].code ? brotliSize(chunks[entry].code) : 0,
    system: only(/\/src\/app\/theme\/system-start\.ts$/),
  };
  for (const [language, pattern] of Object.entries(texts)) {
    files[language] = [...closure(holding([pattern]))].filter((file) => !code.has(file)).sort();
  }
  return files;
}

/** The Vite plugin: emits portal-start.js with the lists (the build), or serves the template as is (the dev server). */
export function portalStart({ template, first, texts }) {
  const source = () => readFileSync(template, 'utf8');
  return {
    name: 'portal-start',
    configureServer(server) {
      server.middlewares.use('/portal-start.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(source());
      });
    },
    generateBundle(_options, bundle) {
      const text = source();
      if (!text.includes(FILES_MARKER)) throw new Error(`${template} no longer holds the marker ${FILES_MARKER}`);
      const chunks = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks[file] = {
            isEntry: output.isEntry,
            imports: output.imports,
            moduleIds: output.moduleIds,
            code: output.code,
          };
        }
      }
      const files = portalStartFiles(chunks, first, texts);
      if (files.code.length === 0) throw new Error('portal-start: no chunk holds the portal first screen modules');
      // Minified: every page loads it, the login screen's included (its comments are for us, not for phones).
      const { code } = transformSync(text.replace(FILES_MARKER, JSON.stringify(files)), {
        minify: true,
        target: 'es2020',
        loader: 'js',
      });
      this.emitFile({ type: 'asset', fileName: 'portal-start.js', source: code });
    },
  };
}
