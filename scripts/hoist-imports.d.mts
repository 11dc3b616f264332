import type { Plugin } from 'vite';

/** File name → the chunks it reaches only through its imports (breadth first), for chunks that have any. */
export function transitiveImports(chunks: Record<string, { imports: readonly string[] }>): Map<string, string[]>;
/** The import specifier of chunk `to` from chunk `from` ('./x.js', '../y.js'). */
export function relativeSpecifier(from: string, to: string): string;
/** Adds every chunk's transitive static imports at its end (one round trip for a chunk's whole static graph). */
export function hoistImports(): Plugin;
