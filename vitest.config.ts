import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+) to print failures; Node 20 lacks it, which hid every failure's
// details behind a TypeError. Same semantics as the standard method.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<T, K>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const out = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = out.get(k);
        if (list) list.push(item);
        else out.set(k, [item]);
      }
      return out;
    },
  });
}

/**
 * Three projects: `unit` (web app code in jsdom), `server` (API through inject on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set) and `e2e` (real Chromium against the built app and a real server).
 */
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    // `*.pg-test.ts`: what takes two connections writing at once, which PGlite (one connection) cannot have.
    include: [
      'server/**/*.test.ts',
      'src/contract/**/*.test.ts',
      ...(db === 'postgres' ? ['server/**/*.pg-test.ts'] : []),
    ],
    // The seed's own test makes its databases itself (PGlite); once per run is enough. PGlite's statement reader is
    // PGlite's alone.
    // PostgreSQL 16 and 17 are started by their own test from the PGlite school (postgres-versions.test.ts): once
    // per run, in the PGlite project, is enough.
    exclude:
      db === 'postgres'
        ? ['server/db/demo/**', 'server/db/pglite-queries.test.ts', 'server/lib/backup/postgres-versions.test.ts']
        : [],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB_KIND: db },
    // One PostgreSQL file at a time (beside the unit and PGlite files): each file has its own database, but the pull's
    // rule that no change still committing is handed out reads the oldest transaction of the whole server, so another
    // file's open transaction, in another database, holds back what a sync test expects to pull at once.
    ...(db === 'postgres' ? { fileParallelism: false } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time (cores - 1). The unit and server files wait on PGlite and
    // PostgreSQL as much as they compute: two at a time ran them in 791 s, against 1364 s one at a time in the last CI
    // run (a machine of this kind about 8 % slower).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          exclude: ['src/contract/**'],
          // A screen test renders Chakra in jsdom; beside the server suites on two cores that can take several
          // seconds. The timeout only catches a hang: nothing here measures speed.
          testTimeout: 30_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: two at a time (two Chromiums, two servers) kept both cores busy and gained nothing, 1879 s
          // against 1963 s, and two tests that wait on the sync timed out (an offline conference sign-in, two tabs).
          fileParallelism: false,
        },
      },
    ],
  },
});
