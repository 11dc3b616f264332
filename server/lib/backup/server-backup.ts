/**
 * A backup taken by the running server (each night, or "Back up now") without holding its requests:
 * - PGlite has one connection, and pglite-tools' pg_dump runs synchronously on the thread that calls it, so the dump
 *   cannot run on the server's database. Instead, under PGlite's query lock (no statement runs meanwhile), the
 *   database's files are brought into a copy beside the backups: a crash-consistent image, since PostgreSQL has
 *   written every committed transaction's WAL before answering its COMMIT, and a transaction still open is rolled
 *   back when the copy is opened. The copy is made in two halves (data-dir.ts): first the whole directory while the
 *   server goes on (a full copy of the demo school's 66 MB took 1.9 s on the test machine, too long to hold
 *   requests), then, under the lock, only what changed since, compared block by block. Only that second half holds
 *   requests (measured and returned as `blockedMs`). An in-memory PGlite (a test's) gives its tar instead.
 *   The copy is opened and dumped in a worker thread (backup-worker.ts), which also makes the zip.
 * - PostgreSQL: pg_dump runs as a child process on its own snapshot, from the same worker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/client';
import { ROOT } from '../paths';
import { preCopyDatabaseFiles, syncDatabaseFiles } from './data-dir';
import type { PgliteCopy } from './dump';
import { type BackupRequest, type BackupResult, partialFile } from './write-backup';

const WORKER = join(ROOT, 'server/lib/backup/backup-worker.mjs');

export interface RunningBackup {
  done: Promise<BackupResult & { blockedMs: number }>;
  /** Stops the worker (the server is closing); `done` rejects. */
  stop(): void;
}

/** Runs a backup request in the worker thread. */
function inWorker(request: BackupRequest): { done: Promise<BackupResult>; stop: () => void } {
  const transfer =
    request.source.kind === 'pglite' && 'tar' in request.source.copy ? [request.source.copy.tar.buffer] : [];
  const worker = new Worker(WORKER, { workerData: request, transferList: transfer as ArrayBuffer[] });
  let stopped = false;
  const written = new Promise<BackupResult>((resolve, reject) => {
    worker.once('message', (message: { ok: true; result: BackupResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(stopped ? 'The server stopped during the backup.' : `The backup worker ended (exit ${code}).`));
    });
  });
  // A worker stopped or failed while writing leaves no half file behind.
  const done = written.catch((err) => {
    rmSync(partialFile(request.file), { force: true });
    throw err;
  });
  return {
    done,
    stop: () => {
      stopped = true;
      void worker.terminate();
    },
  };
}

/** Starts a backup of the running server's database and DATA_DIR's files into `file`. */
export async function startServerBackup(
  database: Database,
  opts: { dataDir: string; databaseUrl?: string; file: string; kind: BackupRequest['kind']; copiesDir: string },
): Promise<RunningBackup> {
  if (database.kind === 'postgres') {
    // The pool's own address when the app was given its database (tests); DATABASE_URL is the same otherwise.
    const pool = (database.db as unknown as { $client?: { options?: { connectionString?: string } } }).$client;
    const url = pool?.options?.connectionString ?? opts.databaseUrl;
    if (!url) throw new Error('A PostgreSQL backup needs DATABASE_URL.');
    const run = inWorker({
      source: { kind: 'postgres', url },
      dataDir: opts.dataDir,
      file: opts.file,
      kind: opts.kind,
    });
    return { done: run.done.then((r) => ({ ...r, blockedMs: 0 })), stop: run.stop };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const onDisk = client.dataDir && !client.dataDir.startsWith('memory://') ? client.dataDir : null;
  let copyDir: string | null = null;
  let copy: PgliteCopy;
  let blockedMs = 0;
  if (onDisk) {
    const dir = mkdtempSync(join(opts.copiesDir, '.copy-'));
    copyDir = dir;
    try {
      const since = await preCopyDatabaseFiles(onDisk, dir);
      await client._runExclusiveQuery(async () => {
        const started = performance.now();
        syncDatabaseFiles(onDisk, dir, since);
        blockedMs = performance.now() - started;
      });
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    copy = { dir };
  } else {
    let tar: Uint8Array = new Uint8Array();
    const started = performance.now();
    const blob = await client.dumpDataDir('none');
    blockedMs = performance.now() - started;
    tar = new Uint8Array(await blob.arrayBuffer());
    copy = { tar };
  }
  const run = inWorker({ source: { kind: 'pglite', copy }, dataDir: opts.dataDir, file: opts.file, kind: opts.kind });
  const done = run.done
    .then((r) => ({ ...r, blockedMs: Math.round(blockedMs * 10) / 10 }))
    .finally(() => {
      if (copyDir) rmSync(copyDir, { recursive: true, force: true });
    });
  return { done, stop: run.stop };
}
