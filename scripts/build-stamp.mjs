/**
 * Decides whether the web app in dist/ is older than its sources, so `npm start` builds only when needed.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const INPUTS = ['src', 'sw', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
export const STAMP = join(ROOT, 'dist', 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** True when dist/ is missing or older than any source of the web app. */
export function needsBuild() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newest(join(ROOT, input)) > built);
}
