/**
 * `npm test`: every check the project has, in order, stopping at the first that fails: typecheck, lint, then Vitest's
 * projects (unit, server on PGlite, server on PostgreSQL when TEST_DATABASE_URL is set), then end-to-end in Chromium.
 * It ends with the failed tests, each with its file and the first lines of its error (CI shows only the end of the
 * output), then one line 'N passed, N failed' counted from Vitest's JSON reports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { FAKETIME_MISSING, hasFaketime, onE2eClock } from './e2e-clock.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const started = performance.now();

function run(label, cmd, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const t = performance.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
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

// Two Vitest runs, one after the other: the end-to-end tests drive Chromium and real servers, and on a two-core machine
// they must not share the processor with the unit and server suites (their timeouts are for a quiet machine).
mkdirSync(resolve(root, '.tmp'), { recursive: true });
const suites = [
  {
    label: 'vitest (unit, server on PGlite, server-pg when TEST_DATABASE_URL is set)',
    projects: ['unit', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : [])],
    report: resolve(root, '.tmp/vitest-report.json'),
  },
  {
    label: 'vitest (e2e in Chromium, on the set clock of scripts/e2e-clock.mjs)',
    projects: ['e2e'],
    report: resolve(root, '.tmp/vitest-report-e2e.json'),
    clock: true,
  },
];
let passed = 0;
let failed = 0;
/** @type {string[]} */
const failures = [];
let vitestOk = ok;
if (ok) {
  for (const suite of suites) {
    rmSync(suite.report, { force: true });
    const projectArgs = suite.projects.flatMap((name) => ['--project', name]);
    const args = ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${suite.report}`];
    if (suite.clock && !hasFaketime()) {
      console.error(`\n✗ ${suite.label}: ${FAKETIME_MISSING}`);
      vitestOk = false;
      failed += 1;
      continue;
    }
    const clocked = suite.clock ? onE2eClock(bin('vitest'), args) : { cmd: bin('vitest'), args, env: process.env };
    const suiteOk = run(suite.label, clocked.cmd, clocked.args, clocked.env);
    vitestOk = vitestOk && suiteOk;
    if (existsSync(suite.report)) {
      const r = JSON.parse(readFileSync(suite.report, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      for (const file of r.testResults ?? []) {
        const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
        const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
        for (const t of failedTests) {
          const message = (t.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
          failures.push(`${where} > ${t.fullName}\n    ${message}`);
        }
        if (failedTests.length === 0 && file.status === 'failed') failures.push(`${where}\n    ${file.message ?? ''}`);
      }
    } else if (!suiteOk) {
      failed += 1; // the run died before it could report (a setup failure): count it, never hide it
    }
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (ok) {
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `✗ ${f}`).join('\n')}`);
  console.log(`\nAll checks took ${seconds} s.`);
  console.log(`${passed} passed, ${failed} failed`);
}
process.exit(ok && vitestOk ? 0 : 1);
