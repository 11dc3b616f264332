/**
 * Before the end-to-end tests: build the web app if its sources changed (as `npm start` would), and prepare one
 * seeded data directory that each test file copies, so every file starts its own server on the demo school without
 * paying for a new database and the seed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { needsBuild } from '../../scripts/build-stamp.mjs';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { ROOT } from './lib/server';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (needsBuild()) {
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundle and no service worker.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error('vite build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'school-ops-seeded-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await prepareDatabase(database, { seedDemo: true, schoolName: 'Demo School' });
  await database.close();
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
