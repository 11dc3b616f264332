/**
 * Runs the real server as `npm start` does (scripts/start.mjs), in a child process with its own data directory and
 * port, so end-to-end tests can stop, kill and restart it like a school's machine would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
  /** Sends a signal and waits for the exit code. */
  signal(name: NodeJS.Signals): Promise<number | null>;
  /** Closes the server's stdout and stderr, as when the terminal or the parent that read them has gone. */
  closeOutput(): void;
  /** Stops reading the server's output while keeping it open, as a parent that is gone but still holds the pipe. */
  stopReading(): void;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * Where a run's data directories go: inside the end-to-end run's scratch folder, which global-setup.ts deletes when
 * the run ends (each server's PGlite directory is ~40 MB; a few hundred runs used to fill the disk).
 */
function scratchRoot(): string {
  try {
    return inject('e2eScratchDir') || tmpdir();
  } catch {
    return tmpdir(); // outside a Vitest worker (global setup itself)
  }
}

/** The run's copy of the built app (global-setup.ts), or dist/ itself outside a Vitest worker. */
function staticDir(): string {
  try {
    return inject('e2eStaticDir') || join(ROOT, 'dist');
  } catch {
    return join(ROOT, 'dist');
  }
}

/** A fresh temporary data directory. */
export const tempDataDir = () => mkdtempSync(join(scratchRoot(), 'school-ops-data-'));

/** A copy of the seeded demo school's data directory (made once per run by global-setup.ts). */
export function seededDataDir(template: string): string {
  const dir = tempDataDir();
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** Starts the server and resolves once it prints its URL; rejects with its output if it exits first. */
export async function startServer(opts: { dataDir?: string; port?: number; env?: Record<string, string> } = {}) {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDataDir();
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir(),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No nightly backup in a test run that happens to start in the backup hours (school time).
      BACKUP_HOUR: 'off',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  await new Promise<void>((res, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running at')) res();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async signal(name) {
      child.kill(name);
      return exited;
    },
    closeOutput() {
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    stopReading() {
      child.stdout?.removeAllListeners('data');
      child.stderr?.removeAllListeners('data');
      child.stdout?.pause();
      child.stderr?.pause();
    },
  };
  return server;
}

/** Runs the server expecting it to refuse to start; answers its exit code and output. */
export async function startExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, SKIP_BUILD: '1', DATA_DIR: tempDataDir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((res) => child.once('exit', res));
  return { code, output };
}
