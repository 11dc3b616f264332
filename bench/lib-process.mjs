/**
 * Process and id helpers the node-side benchmarks share (server start, sync push, the load bench, the browser ones'
 * server): a free port, the server started as `npm start` runs it, a process's resident memory and CPU time from /proc,
 * and UUIDv7s as the outbox makes them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process in MB, or null where /proc is not available. */
export function residentMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms, or null where /proc is not available. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU time since boot, all cores, in ms (/proc/stat); null where it is not available. */
export function machineCpuMs() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
    // idle and iowait are the fourth and fifth.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return null;
  }
}

/** The environment the benches start the server with, as `npm start` would run it (no web build, quiet logs). */
export function serverEnv({ port, dataDir, databaseUrl = '' }) {
  return {
    ...process.env,
    SKIP_BUILD: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  };
}

/**
 * Starts the server as `npm start` does, on `dataDir` (default: a new temporary one, named after `name`, removed at
 * stop unless `keep`), and resolves once it says it is running. `env` adds to serverEnv's; a variable given as null is
 * left out, even when this process has it.
 */
export async function startBenchServer(root, { name = 'server', dataDir, keep = false, env = {} } = {}) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), `school-ops-bench-${name}-`));
  const merged = { ...serverEnv({ port, dataDir: dir }), ...env };
  for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, dataDir: dir, stop };
}

/** A UUIDv7 (time-ordered), as the outbox makes them. */
export function uuidv7() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  const ms = Date.now();
  for (let i = 0; i < 6; i++) b[i] = Math.floor(ms / 2 ** (8 * (5 - i))) & 0xff;
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
