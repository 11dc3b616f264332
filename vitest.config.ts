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
    include: ['server/**/*.test.ts', 'src/contract/**/*.test.ts'],
    // The seed's own test makes its databases itself (PGlite); once per run is enough.
    exclude: db === 'postgres' ? ['server/db/demo/**'] : [],
    globalSetup: ['server/test/global-setup.ts'],
    env: { TEST_DB_KIND: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
          fileParallelism: false,
        },
      },
    ],
  },
});
