/**
 * Chakra's global CSS (its reset, the app's global styles and every design token as a CSS variable, light and dark)
 * written at build time into the app's stylesheet, instead of serialized, hashed and inserted by Emotion at every
 * start. At start that work is Chakra's `<Global>` turning some 37 kB of style objects into CSS on the main thread:
 * on a phone four times slower, a tenth of a second or more before the first screen can paint (issue 16, the portal's
 * first visit; the kiosk's start too). The app (src/app/theme/static-global.ts) then empties the system's `_global`, so
 * Chakra's provider inserts nothing twice.
 *
 * The CSS is what Emotion's `<Global styles={system._global}>` inserts: the same serializer (@emotion/serialize, with
 * Emotion's default theme `{}`) and the same stylis pass with Emotion's default plugin (the prefixer). The system is
 * bundled for node with esbuild from src/ui/theme/system.ts, so the build uses the very theme the app does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serializeStyles } from '@emotion/serialize';
import { build } from 'esbuild';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';

export const VIRTUAL_ID = 'virtual:chakra-global.css';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
export const SYSTEM_MODULE = 'src/ui/theme/system.ts';

/** The CSS Emotion's `<Global>` would insert for these styles. */
export function serializeGlobal(styles) {
  const serialized = serializeStyles([styles], undefined, {});
  return serialize(compile(serialized.styles), middleware([prefixer, stringify]));
}

/** The app's Chakra system, built from its source for node. */
export async function loadSystem(root) {
  const dir = mkdtempSync(join(tmpdir(), 'chakra-global-'));
  const outfile = join(dir, 'system.mjs');
  try {
    await build({
      entryPoints: [join(root, SYSTEM_MODULE)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
      // The bundle sits in a temporary folder: packages resolve from the project's node_modules.
      nodePaths: [join(root, 'node_modules')],
    });
    const { system } = await import(pathToFileURL(outfile).href);
    return system;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The app's global CSS: the layer order first (as Chakra's provider states it), then the global styles. */
export async function chakraGlobalCss(root) {
  const system = await loadSystem(root);
  return `${serializeGlobal(system.layers.atRule)}\n${serializeGlobal(system._global)}\n`;
}

/** The Vite plugin: `import 'virtual:chakra-global.css'` is that CSS (rebuilt in dev when the theme changes). */
export function chakraGlobalCssPlugin(root = process.cwd()) {
  let css = null;
  return {
    name: 'chakra-global-css',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      css ??= await chakraGlobalCss(root);
      return css;
    },
    handleHotUpdate({ file, server }) {
      if (!file.includes('/src/ui/theme/')) return;
      css = null;
      const module = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
