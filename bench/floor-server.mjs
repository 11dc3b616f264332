/**
 * The server start's floor (DESIGN section 8: the warm start at most 2× "a bare Fastify process that opens the same
 * data directory and answers one route, in the same run"). Not a benchmark: bench/server-start.mjs starts this script
 * as it starts the server (the same node, no flags, the same environment: DATA_DIR, PORT, HOST) and times it until
 * its first answer.
 *
 * It opens DATA_DIR with PGlite as server/db/client.ts does, with the same PostgreSQL settings and the same V8 flag for
 * PGlite's WebAssembly (both read from that file, so the floor cannot drift from the server), answers
 * GET /api/v2/config with one read of the school's settings row (the real route reads it among others), and closes the
 * database on SIGTERM, so the next start of either finds a cleanly shut down cluster.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';

const root = join(import.meta.dirname, '..');
const clientSource = readFileSync(join(root, 'server/db/client.ts'), 'utf8');

/** The server's PGlite settings and V8 flag, read from server/db/client.ts (a TypeScript file node cannot import). */
export function serverPgliteOptions(source = clientSource) {
  const settings = /export const PGLITE_SETTINGS = \[([^\]]*)\]/.exec(source)?.[1];
  const flags = /export const PGLITE_V8_FLAGS = '([^']*)'/.exec(source)?.[1];
  if (settings === undefined || flags === undefined) {
    throw new Error(
      'server/db/client.ts no longer declares PGLITE_SETTINGS and PGLITE_V8_FLAGS as the floor reads them',
    );
  }
  return { settings: [...settings.matchAll(/'([^']*)'/g)].map((m) => m[1]), v8Flags: flags };
}

async function main() {
  const { settings, v8Flags } = serverPgliteOptions();
  // Set before PGlite compiles its module, as openDatabase does.
  v8.setFlagsFromString(v8Flags);
  const [{ PGlite }, { default: Fastify }] = await Promise.all([import('@electric-sql/pglite'), import('fastify')]);
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  const db = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
  });
  const app = Fastify({ logger: false });
  app.get('/api/v2/config', async () => {
    const { rows } = await db.query('select logo_sha256, meal_services from school_settings limit 1');
    return { school: rows[0] ?? null };
  });
  const port = Number(process.env.PORT ?? 0);
  await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`floor is running at http://${process.env.HOST ?? '127.0.0.1'}:${port}`);
  let stopping = false;
  process.on('SIGTERM', async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await db.close();
    process.exit(0);
  });
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
