/**
 * Starts the server: validates the configuration, opens the database (PGlite in DATA_DIR, or DATABASE_URL), prepares
 * it, listens, and on SIGINT/SIGTERM stops taking requests, finishes those in flight and closes the database.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS } from './db/demo/accounts';
import { prepareDatabase } from './db/prepare';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock';
import { createRedirectServer } from './lib/https-redirect';
import { nonBlockingStdout } from './lib/log-stream';
import { SETUP_ADDRESS_FILE, setupAddress, setupAtStart, writeSetupAddress } from './lib/setup';
import { certificateSummary, readTlsMaterial } from './lib/tls';

// A closed output (the terminal or the parent that read it gone) must not crash or stop the server: EPIPE from a
// console line is ignored, and log lines never block (server/lib/log-stream.ts).
process.stdout.on('error', () => {});
process.stderr.on('error', () => {});

const started = performance.now();
/** When each step of the start finished, in ms since this module ran: printed with the ready line. */
const steps: [string, number][] = [];
const step = (name: string) => steps.push([name, Math.round(performance.now() - started)]);

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // PGlite's files may be opened by one process only (server/lib/data-dir-lock.ts): held until the process exits.
  if (!config.DATABASE_URL) {
    try {
      acquireDataDirLock(resolve(config.DATA_DIR), 'the server (npm start)');
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(`${err.message}\nOnly one process may open a PGlite DATA_DIR: stop the other one first.`);
        process.exit(2);
      }
      throw err;
    }
  }
  // The app's modules load while the database starts: both take a noticeable part of a warm start.
  const [database, { buildApp }] = await Promise.all([
    (config.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
      : openDatabase({ kind: 'pglite', dataDir: resolve(config.DATA_DIR) })
    ).then((opened) => {
      step('database open');
      return opened;
    }),
    import('./app').then((loaded) => {
      step('app loaded');
      return loaded;
    }),
  ]);
  const prepared = await prepareDatabase(database, {
    seedDemo: config.SEED_DEMO,
    schoolName: config.SCHOOL_NAME,
    timeZone: config.SCHOOL_TIMEZONE,
  });
  step(prepared.seeded ? 'migrated and seeded' : 'database checked');
  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: nonBlockingStdout(),
    },
  });

  step('app built');
  // A school with no administrator yet (a new install) is set up from a one-time address, fresh at every start.
  const setupToken = await setupAtStart(database.db, resolve(config.DATA_DIR));
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Armed before anything else can fail: whatever becomes of the steps below, the process ends within the grace.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    let code = 0;
    try {
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      await app.close();
      await database.close();
    } catch {
      code = 1;
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // With TLS, HTTP_REDIRECT_PORT answers plain HTTP with a redirect to HTTPS (server/lib/https-redirect.ts); it
  // closes with the app, its connections at once: an answer takes no time, and a browser's connection opened ahead
  // (Chromium preconnects to an origin it has seen) sends nothing and would hold the close to the forced exit.
  const scheme = config.TLS_CERT ? 'https' : 'http';
  const redirectPort = config.HTTP_REDIRECT_PORT;
  if (redirectPort !== undefined) {
    const redirect = createRedirectServer({
      httpsPort: config.PORT,
      publicUrl: config.PUBLIC_URL,
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS,
    });
    app.addHook(
      'onClose',
      () =>
        new Promise<void>((done) => {
          redirect.close(() => done());
          redirect.closeAllConnections();
        }),
    );
    await new Promise<void>((listening, failed) => {
      redirect.once('error', failed);
      redirect.listen(redirectPort, config.HOST, () => listening());
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const ms = Math.round(performance.now() - started);
  const lines = [
    '',
    `  ${app.school.name} is running at ${scheme}://localhost:${port}/  (${database.kind}${
      database.kind === 'pglite' ? ` in ${resolve(config.DATA_DIR)}` : ''
    }, ready in ${ms} ms)`,
    `  Start steps (ms): ${steps.map(([name, at]) => `${name} ${at}`).join(', ')}, listening ${ms}`,
  ];
  const tls = readTlsMaterial(config);
  if (tls) lines.push(`  ${certificateSummary(tls)}`);
  if (redirectPort !== undefined) lines.push(`  http://…:${redirectPort}/ redirects to HTTPS.`);
  if (prepared.seeded) lines.push(`  Seeded the demo school: ${prepared.scholars} scholars.`);
  if (config.SEED_DEMO) {
    lines.push('  Demo accounts (password: demo):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(26)} ${a.description}`);
  }
  if (setupToken) {
    const address = setupAddress(config.PUBLIC_URL ?? `${scheme}://localhost:${port}`, setupToken);
    const file = resolve(config.DATA_DIR, SETUP_ADDRESS_FILE);
    await writeSetupAddress(resolve(config.DATA_DIR), address);
    lines.push(`  Set up this school at ${address}  (also in ${file}; it works once, until the next start)`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error('The server could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
