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
import { E2E_CLOCK_START } from '../../scripts/e2e-clock.mjs';
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

/**
 * The tests count on the set clock of scripts/e2e-clock.mjs (an ordinary school day at lunch): on the machine's own
 * clock they would pass or fail by the day they run, so they refuse to start without it.
 */
function assertSetClock() {
  const drift = Math.abs(Date.now() - Date.parse(E2E_CLOCK_START));
  if (process.env.E2E_CLOCK_OFFSET_MS === undefined || drift > 60_000) {
    throw new Error(
      `The end-to-end tests run on a set clock starting ${E2E_CLOCK_START}; this process reads ${new Date().toISOString()}. ` +
        "Run them with 'npm run test:e2e' or 'npm test'.",
    );
  }
}

export default async function setup(project: TestProject) {
  assertSetClock();
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
