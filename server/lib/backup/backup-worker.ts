/**
 * The backup worker thread: writes one backup file (write-backup.ts) from the request in `workerData` and posts the
 * result, or the error's message. The running server dumps here because pglite-tools' pg_dump is WebAssembly that
 * runs synchronously on the thread that calls it: on the server's own thread it would hold every request for the
 * length of the dump. The zip is made here for the same reason.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type BackupRequest, writeBackup } from './write-backup';

const request = workerData as BackupRequest;
try {
  const result = await writeBackup(request);
  parentPort?.postMessage({ ok: true, result });
} catch (err) {
  parentPort?.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
