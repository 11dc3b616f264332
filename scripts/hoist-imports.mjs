/**
 * Flattens the chunk graph's static import chains: each built chunk also imports, at its end, every chunk it reaches
 * through its imports' imports. A browser asks for a module's imports only once it has that module, so a chain of
 * chunks A → B → C → D costs one round trip per link; on a phone's first visit (150 ms round trip, DESIGN section 8)
 * the portal's home waited on chains seven links deep. With the transitive imports listed in A, everything A needs is
 * asked for at once, in one round trip after A.
 *
 * Rollup does this for entry chunks (`output.hoistTransitiveImports`); rolldown does not. The imports are added after
 * all others: ES modules evaluate a module's imports in order, depth first, and every chunk added here is already
 * evaluated by the time the last original import's subtree is done, so nothing runs in a different order (cycles
 * included: the added chunk was reached, and entered, through the same original imports).
 */

/**
 * `chunks`: file name → { imports: file names of its static imports }. Answers file name → the chunks to add, in a
 * stable order (breadth first from the chunk, then by name), those it imports already left out.
 */
export function transitiveImports(chunks) {
  const added = new Map();
  for (const [file, chunk] of Object.entries(chunks)) {
    const direct = new Set(chunk.imports);
    const seen = new Set([file, ...direct]);
    const queue = [...chunk.imports];
    const more = [];
    while (queue.length > 0) {
      const next = queue.shift();
      for (const dep of chunks[next]?.imports ?? []) {
        if (seen.has(dep)) continue;
        seen.add(dep);
        more.push(dep);
        queue.push(dep);
      }
    }
    if (more.length > 0) added.set(file, more);
  }
  return added;
}

/** The path from chunk `from` to chunk `to` as an import specifier ('./x.js', '../y.js'). */
export function relativeSpecifier(from, to) {
  const fromDir = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  let common = 0;
  while (common < fromDir.length && common < toParts.length - 1 && fromDir[common] === toParts[common]) common++;
  const up = fromDir.length - common;
  const rest = toParts.slice(common).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}

/** The Vite plugin: adds the imports to every JavaScript chunk of the build (not the service worker's own build). */
export function hoistImports() {
  return {
    name: 'hoist-transitive-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks[file] = { imports: output.imports };
      }
      for (const [file, more] of transitiveImports(chunks)) {
        const chunk = bundle[file];
        const lines = more.map((dep) => `import"${relativeSpecifier(file, dep)}";`).join('');
        chunk.code = `${chunk.code}\n${lines}\n`;
      }
    },
  };
}
