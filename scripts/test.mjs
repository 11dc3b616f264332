/**
 * `npm test`: every check the project has, in order, stopping at the first that fails: typecheck, lint, then Vitest's
 * projects (unit, server on PGlite, server on PostgreSQL when TEST_DATABASE_URL is set, end-to-end in Chromium).
 * It ends with one line 'N passed, N failed' counted from Vitest's JSON report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const started = performance.now();

function run(label, cmd, args) {
  console.log(`\n▶ ${label}`);
  const t = performance.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((performance.now() - t) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${label} failed after ${seconds} s`);
    return false;
  }
  console.log(`✓ ${label} (${seconds} s)`);
  return true;
}

const tsconfigs = ['tsconfig.json', 'server/tsconfig.json', 'sw/tsconfig.json', 'tests/tsconfig.json'].filter((p) =>
  existsSync(resolve(root, p)),
);
let ok = tsconfigs.every((p) => run(`typecheck ${p}`, bin('tsc'), ['-p', p, '--noEmit']));
ok = ok && run('lint', bin('biome'), ['lint', '.']);

const report = resolve(root, '.tmp/vitest-report.json');
mkdirSync(resolve(root, '.tmp'), { recursive: true });
let vitestOk = false;
if (ok) {
  vitestOk = run('vitest (unit, server, server-pg when TEST_DATABASE_URL is set, e2e)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (ok && existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\nAll checks took ${seconds} s.`);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
process.exit(ok && vitestOk ? 0 : 1);
