/**
 * Before the end-to-end tests: build the web app if its sources changed (as `npm start` would), and prepare one
 * seeded data directory that each test file copies, so every file starts its own server on the demo school without
 * paying for a new database and the seed.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWebAppIfStale } from '../../scripts/build-stamp.mjs';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    seededDataDir: string;
    e2eScratchDir: string;
    e2eStaticDir: string;
  }
}

export default async function setup(project: TestProject) {
  buildWebAppIfStale();
  const scratch = mkdtempSync(join(tmpdir(), 'school-ops-e2e-'));
  // The servers serve a copy of the built app: a build started meanwhile (npm start, npm run bench) empties dist/,
  // and a page would then miss its chunks in the middle of a test.
  const staticDir = join(scratch, 'dist');
  cpSync(join(import.meta.dirname, '../../dist'), staticDir, { recursive: true });
  const dir = join(scratch, 'seeded');
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  await prepareDatabase(database, {
    seedDemo: true,
    schoolName: 'Demo School',
    timeZone: loadConfig({}).SCHOOL_TIMEZONE,
  });
  await database.close();
  project.provide('seededDataDir', dir);
  project.provide('e2eScratchDir', scratch);
  project.provide('e2eStaticDir', staticDir);
  // Every server's data directory of this run lives under `scratch`: one delete frees them all.
  return () => rmSync(scratch, { recursive: true, force: true });
}
