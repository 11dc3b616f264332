/**
 * `npm start`: builds the web app if its sources are newer than dist/, bundles the server if its sources are newer
 * than dist-server/, then runs the server in this same process, so signals reach it directly and shutdown is
 * graceful.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { needsBuild } from './build-stamp.mjs';
import { buildServer, SERVER_BUNDLE, serverNeedsBuild } from './build-server.mjs';

const root = resolve(import.meta.dirname, '..');
if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building the web app (first start, or its sources changed)...');
  const t = performance.now();
  const result = spawnSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // A NODE_ENV other than production (a shell's, or a test runner's) would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app failed to build; see above.');
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((performance.now() - t) / 1000).toFixed(1)} s.`);
}
if (serverNeedsBuild()) await buildServer();
await import(pathToFileURL(SERVER_BUNDLE).href);
