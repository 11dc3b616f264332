/**
 * The entry of the backup worker thread: loads backup-worker.ts through tsx (a dependency), whether the server runs
 * from its TypeScript sources or from the dist-server/ bundle, which has no worker of its own. A worker's first
 * message arrives after this import, since the thread's messages wait until its module has run.
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./backup-worker.ts', import.meta.url);
