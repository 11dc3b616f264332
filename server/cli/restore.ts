/**
 * `npm run restore -- <file> [--force]`: restores a backup file (lib/backup/restore.ts) into the DATA_DIR this
 * configuration names (PGlite) or the database of DATABASE_URL, which must be empty. `--force` replaces what is there:
 * for PGlite the database and the server files the backup brings are moved into DATA_DIR/before-restore-<time>/
 * (nothing is deleted); for PostgreSQL the schemas public and drizzle are dropped with everything in them. A DATA_DIR
 * a running server holds is refused, forced or not.
 */
import { resolve } from 'node:path';
import { restoreBackup } from '../lib/backup/restore';
import { commandConfig, runCommand } from './common';

await runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((a) => a !== '--force');
  if (!file || rest.length) throw new Error('Usage: npm run restore -- <backup file> [--force]');
  const config = commandConfig();
  const t0 = performance.now();
  const target = config.DATABASE_URL
    ? ({ kind: 'postgres', url: config.DATABASE_URL, dataDir: config.dataDir } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
  const result = await restoreBackup(resolve(file), target, {
    force,
    schoolName: config.SCHOOL_NAME,
    timeZone: config.SCHOOL_TIMEZONE,
  });
  const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${resolve(file)} into ${config.DATABASE_URL ? 'the database of DATABASE_URL' : config.dataDir}: ` +
      `${Object.keys(result.tables).length} tables, ${rows} rows, every count as in the backup (${Math.round(performance.now() - t0)} ms).`,
  );
  if (result.movedAside) console.log(`  What was there before is in ${result.movedAside}`);
  console.log('  Devices will load a fresh copy of the school at their next sync. Start the server as usual.');
});
