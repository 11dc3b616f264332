/**
 * `npm run test:e2e [-- vitest arguments]`: the end-to-end tests alone, on their set clock (scripts/e2e-clock.mjs),
 * as `npm test` runs them.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { FAKETIME_MISSING, hasFaketime, onE2eClock } from './e2e-clock.mjs';

const root = resolve(import.meta.dirname, '..');
if (!hasFaketime()) {
  console.error(FAKETIME_MISSING);
  process.exit(2);
}
const run = onE2eClock(resolve(root, 'node_modules/.bin/vitest'), [
  'run',
  '--project',
  'e2e',
  ...process.argv.slice(2),
]);
const result = spawnSync(run.cmd, run.args, { cwd: root, stdio: 'inherit', env: run.env });
process.exit(result.status ?? 1);
