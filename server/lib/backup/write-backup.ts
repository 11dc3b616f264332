/**
 * Writes one backup file: dumps the database (dump.ts), adds the server's files of DATA_DIR (data-dir.ts) and writes
 * the zip (archive.ts) under a temporary name, renamed when complete, so a copy job that picks up DATA_DIR/backups
 * never takes half a file. Run in a worker thread by the running server (backup-worker.ts) and in-process by
 * `npm run backup`.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../paths';
import { BACKUP_FORMAT, type Manifest, packArchive } from './archive';
import { type AppFile, collectAppFiles } from './data-dir';
import { type DatabaseDump, dumpPgliteCopy, dumpPostgres, type PgliteCopy } from './dump';

export type BackupSource = { kind: 'pglite'; copy: PgliteCopy } | { kind: 'postgres'; url: string };

export interface BackupRequest {
  source: BackupSource;
  /** The DATA_DIR whose server files go in. */
  dataDir: string;
  file: string;
  kind: Manifest['kind'];
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** How long the dump and the zip took, in ms. */
  dumpMs: number;
  zipMs: number;
}

export const appVersion = (): string =>
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The manifest of a dump and files. */
export function manifestOf(
  dump: DatabaseDump,
  files: readonly AppFile[],
  kind: Manifest['kind'],
  source: BackupSource['kind'],
): Manifest {
  return {
    format: BACKUP_FORMAT,
    app: 'school-ops',
    app_version: appVersion(),
    created_at: new Date().toISOString(),
    kind,
    source: { kind: source, server_version: dump.serverVersion, pg_dump: dump.pgDump },
    last_migration: dump.lastMigration,
    tables: dump.tables,
    files: files.map((f) => ({ path: f.path, bytes: f.data.byteLength, mode: f.mode })),
  };
}

/** Where a backup file is written before it is complete (a worker thread shares its process's id). */
export const partialFile = (file: string) => `${file}.${process.pid}.partial`;

/** Dumps, zips and writes the backup. */
export async function writeBackup(request: BackupRequest): Promise<BackupResult> {
  const started = performance.now();
  const dump =
    request.source.kind === 'pglite'
      ? await dumpPgliteCopy(request.source.copy)
      : await dumpPostgres(request.source.url);
  const dumped = performance.now();
  const files = collectAppFiles(request.dataDir);
  const manifest = manifestOf(dump, files, request.kind, request.source.kind);
  const bytes = packArchive(manifest, dump.sql, files);
  mkdirSync(dirname(request.file), { recursive: true });
  const temporary = partialFile(request.file);
  try {
    writeFileSync(temporary, bytes, { mode: 0o600 });
    renameSync(temporary, request.file);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
  return {
    file: request.file,
    bytes: bytes.byteLength,
    manifest,
    dumpMs: Math.round(dumped - started),
    zipMs: Math.round(performance.now() - dumped),
  };
}
