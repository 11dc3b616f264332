/**
 * `npm run backup -- [file]`: writes one backup file (lib/backup/write-backup.ts) of the school this configuration
 * opens, by default DATA_DIR/backups/<school date>-<time>-command.zip, and records it in `backup_runs` so the settings
 * screen shows it. With DATABASE_URL it runs while the server runs (pg_dump on its own snapshot). With PGlite it
 * refuses a DATA_DIR a running server holds, and dumps a copy of the database files, so DATA_DIR's database is not
 * opened for the dump.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { uuidv7 } from '../../src/contract';
import { openDatabase } from '../db/client';
import { backupRuns } from '../db/schema';
import { BACKUPS_DIR, copyDatabaseFiles, hasDatabase } from '../lib/backup/data-dir';
import { backupFileName } from '../lib/backup/runs';
import { type BackupSource, writeBackup } from '../lib/backup/write-backup';
import { acquireDataDirLock } from '../lib/data-dir-lock';
import { commandConfig, megabytes, runCommand } from './common';

await runCommand(async () => {
  const config = commandConfig();
  const started = new Date();
  const file = resolve(
    process.argv[2] ?? join(config.dataDir, BACKUPS_DIR, backupFileName(started, config.SCHOOL_TIMEZONE, 'command')),
  );
  const t0 = performance.now();
  let result: Awaited<ReturnType<typeof writeBackup>>;
  if (config.DATABASE_URL) {
    result = await writeBackup({
      source: { kind: 'postgres', url: config.DATABASE_URL },
      dataDir: config.dataDir,
      file,
      kind: 'command',
    });
  } else {
    if (!hasDatabase(config.dataDir)) throw new Error(`${config.dataDir} has no database to back up.`);
    const lock = acquireDataDirLock(config.dataDir, 'npm run backup');
    const copiesDir = join(config.dataDir, BACKUPS_DIR);
    mkdirSync(copiesDir, { recursive: true });
    const copy = mkdtempSync(join(copiesDir, '.copy-'));
    try {
      copyDatabaseFiles(config.dataDir, copy);
      const source: BackupSource = { kind: 'pglite', copy: { dir: copy } };
      result = await writeBackup({ source, dataDir: config.dataDir, file, kind: 'command' });
    } finally {
      rmSync(copy, { recursive: true, force: true });
      lock.release();
    }
  }
  const ms = Math.round(performance.now() - t0);
  const tables = Object.values(result.manifest.tables);
  console.log(
    `Backup written: ${result.file}\n  ${megabytes(result.bytes)}, ${tables.length} tables, ${tables.reduce((a, b) => a + b, 0)} rows, ` +
      `${result.manifest.files.length} files of DATA_DIR; ${ms} ms (dump ${result.dumpMs} ms, zip and write ${result.zipMs} ms)`,
  );
  // Recorded after the dump (so the backup does not hold its own row), for the settings screen's "last backup".
  const lock = config.DATABASE_URL ? null : acquireDataDirLock(config.dataDir, 'npm run backup');
  try {
    const database = config.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, max: 1 })
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
    try {
      await database.db.insert(backupRuns).values({
        id: uuidv7(started.getTime()),
        kind: 'command',
        file: result.file,
        bytes: result.bytes,
        started_at: started.toISOString(),
        finished_at: new Date().toISOString(),
      });
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(`  (not recorded for the settings screen: ${err instanceof Error ? err.message : err})`);
  } finally {
    lock?.release();
  }
});
