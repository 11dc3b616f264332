/** Writes .br and .gz copies of the built app's text files over 1 kB; answers how many and their bytes. */
export function precompress(dir: string): { files: number; before: number; after: number };
