/**
 * Decides whether the web app in dist/ is older than its sources, so `npm start` builds only when needed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

const LOCK = join(ROOT, '.tmp', 'web-build.lock');
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds the web app into dist/ when it is older than its sources (`vite build`, NODE_ENV=production: any other value
 * builds React's development bundle and no service worker). One build at a time on this machine: `npm start`, the
 * end-to-end setup and the benchmarks may start together, and two builds writing dist/ at once leave it broken. A
 * process that waited for another's build finds dist/ fresh and does not build again. Answers true when it built.
 */
export function buildWebAppIfStale({ log = console.log } = {}) {
  if (!needsBuild()) return false;
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock older than 10 minutes belongs to a build that died.
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000)
        rmSync(LOCK, { force: true, recursive: true });
      if (Date.now() > deadline) throw new Error(`another build has held ${LOCK} for 15 minutes`);
      sleep(500);
    }
  }
  try {
    if (!needsBuild()) return false;
    log('Building the web app (first start, or its sources changed)...');
    const started = performance.now();
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error('The web app failed to build; see above.');
    log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  } finally {
    rmSync(LOCK, { force: true, recursive: true });
  }
}
