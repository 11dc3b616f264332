/**
 * Where the project's files are, whether the server runs from its TypeScript sources (tests, `npm run dev`) or from
 * the bundle `npm start` builds into dist-server/: the nearest folder above this module that has package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = resolve(ROOT, 'server/db/migrations');
