/**
 * Server start (DESIGN section 8: warm start under 1.5 s with the embedded database: "`npm start` on an
 * existing data directory until `/api/v2/config` answers").
 *
 * Runs `node scripts/start.mjs` as `npm start` does, with SKIP_BUILD=1 (the web app's build is not part of a server
 * start), a temporary DATA_DIR, a free PORT and LOG_LEVEL=warn, and times it from spawn until GET /api/v2/config
 * answers 200: from the spawn on, the bench asks every 10 ms (one request at a time, each on a new connection). The
 * time until stdout says 'is running at' is kept as information (the banner is printed right after listen). Cold: a
 * brand-new data directory (PGlite creates its cluster, migrations run and the demo school is seeded). Warm: five
 * more starts on the same directory, as after a restart. Each server is stopped with SIGTERM and waited for, so
 * PGlite closes cleanly before the next start. Resident memory is the node process's VmRSS (/proc/<pid>/status,
 * Linux only) right after the first answer.
 *
 * `server-reported` rows are the server's own "ready in N ms" and "Start steps" (measured from the evaluation of the
 * server bundle's main module): the gap to the spawn-to-ready time is node's boot, the start script and the bundle's
 * parse and static imports.
 *
 * The floor (DESIGN section 8: the warm start at most 2× it, in the same run): bench/floor-server.mjs, a bare Fastify
 * process that opens the same data directory with PGlite and the server's own settings and answers the same probe
 * path, started the same way (this node, no flags, the same environment, a fresh process) and timed the same way until
 * its first answer. The five warm starts and five floor starts alternate (server, floor, server, ...), so a machine
 * that slows down or speeds up during the run weighs on both alike; the ratio of their medians is the gate that reads
 * the same on a slow machine and a fast one, the absolute budget is printed beside it.
 *
 * The server runs from its esbuild bundle (dist-server/, built by the start script when its sources change).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, residentMb } from './lib-process.mjs';

export const WARM_START_BUDGET_MS = 1500;
/** DESIGN section 8: the warm start at most twice its floor. */
export const FLOOR_RATIO_BUDGET = 2;
const WARM_RUNS = 5;
const READY = 'is running at';
const PROBE_PATH = '/api/v2/config';
const PROBE_EVERY_MS = 10;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;

/** One GET of the probe path on a new connection: resolves with the status code, or 0 when nothing answers. */
function probe(port) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: PROBE_PATH, agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Starts the server once; resolves with the times and memory once it is ready and stopped again. */
async function startOnce(root, dataDir, script = join(root, 'scripts', 'start.mjs')) {
  const port = await freePort();
  const env = {
    ...process.env,
    SKIP_BUILD: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const t0 = performance.now();
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  let failed = null;
  const fail = (err) => {
    failed ??= err;
  };
  const startTimer = setTimeout(() => fail(new Error(`no answer within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
  void exited.then(({ code, signal }) =>
    fail(new Error(`the server exited (${signal ?? code}) before it answered:\n${stderr || stdout}`)),
  );
  let readyLineMs = null;
  const readyLine = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (readyLineMs === null && stdout.includes(READY)) {
        readyLineMs = performance.now() - t0;
        resolve();
      }
    });
  });
  // Asks from the spawn on, one request at a time, PROBE_EVERY_MS apart.
  let answered = null;
  while (answered === null && !failed) {
    const asked = performance.now();
    const status = await probe(port);
    if (status === 200) answered = performance.now() - t0;
    else if (status !== 0) fail(new Error(`${PROBE_PATH} answered ${status}`));
    else await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (performance.now() - asked))));
  }
  clearTimeout(startTimer);
  if (failed) {
    child.kill('SIGKILL');
    throw failed;
  }
  const rss = residentMb(child.pid);
  // The banner, which carries the server's own "ready in N ms", follows listen by a moment.
  await Promise.race([readyLine, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const reported = Number(/ready in (\d+) ms/.exec(stdout)?.[1] ?? Number.NaN);
  // "Start steps (ms): database open 480, app loaded 510, ..., listening 900": when each step of main.ts finished.
  const steps = Object.fromEntries(
    (/Start steps \(ms\): (.*)/.exec(stdout)?.[1] ?? '')
      .split(', ')
      .map((part) => /^(.*) (\d+)$/.exec(part))
      .filter(Boolean)
      .map((m) => [m[1], Number(m[2])]),
  );

  child.kill('SIGTERM');
  const stopTimer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  const { code } = await exited;
  clearTimeout(stopTimer);
  if (code !== 0) throw new Error(`the server did not stop cleanly (exit ${code}):\n${stderr}`);
  return { ms: answered, readyLine: readyLineMs ?? Number.NaN, reported, steps, rss };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (ms) => Math.round(ms);

export default {
  name: 'Server start (PGlite, SKIP_BUILD=1)',
  async run({ root }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-'));
    try {
      const cold = await startOnce(root, dataDir);
      const warm = [];
      const floor = [];
      const floorScript = join(root, 'bench', 'floor-server.mjs');
      for (let i = 0; i < WARM_RUNS; i++) {
        warm.push(await startOnce(root, dataDir));
        floor.push(await startOnce(root, dataDir, floorScript));
      }
      const warmMs = warm.map((run) => run.ms);
      const floorMs = floor.map((run) => run.ms);
      const ratio = median(warmMs) / median(floorMs);
      const rows = [
        { metric: 'cold start (new data dir, seeds the demo school)', value: round(cold.ms), unit: 'ms' },
        {
          metric: `warm start until ${PROBE_PATH} answers, median of ${WARM_RUNS}`,
          value: round(median(warmMs)),
          unit: 'ms',
          budget: WARM_START_BUDGET_MS,
          // A gate, as DESIGN section 8 asks of every budget (ok or OVER); on a busy machine, rerun before reading it.
        },
        {
          metric: `floor: a bare Fastify on the same data dir, until ${PROBE_PATH} answers, median of ${WARM_RUNS}`,
          value: round(median(floorMs)),
          unit: 'ms',
          note: `bench/floor-server.mjs, alternating with the warm starts; min ${round(Math.min(...floorMs))}, max ${round(Math.max(...floorMs))}`,
        },
        {
          metric: 'warm start / floor (medians)',
          // Rounded up, so the printed figure never hides an overrun of the budget.
          value: Math.ceil(ratio * 100) / 100,
          unit: '×',
          budget: FLOOR_RATIO_BUDGET,
          note: `${round(median(warmMs))} / ${round(median(floorMs))} ms`,
        },
        { metric: `warm start, min of ${WARM_RUNS}`, value: round(Math.min(...warmMs)), unit: 'ms' },
        { metric: `warm start, max of ${WARM_RUNS}`, value: round(Math.max(...warmMs)), unit: 'ms' },
        {
          metric: 'warm start until the ready line, median',
          value: round(median(warm.map((r) => r.readyLine))),
          unit: 'ms',
          note: "stdout's 'is running at', printed right after listen",
        },
        { metric: 'cold start, server-reported', value: cold.reported, unit: 'ms' },
        { metric: 'warm start, server-reported median', value: round(median(warm.map((r) => r.reported))), unit: 'ms' },
        {
          metric: 'warm start, before the server bundle runs, median',
          value: round(median(warm.map((r) => r.readyLine - r.reported))),
          unit: 'ms',
          note: "node boot + the start script + the bundle's imports",
        },
      ];
      for (const name of Object.keys(warm[0]?.steps ?? {})) {
        rows.push({
          metric: `warm start, server-reported: ${name} at, median`,
          value: round(median(warm.map((r) => r.steps[name] ?? Number.NaN))),
          unit: 'ms',
        });
      }
      if (cold.rss !== null) {
        rows.push(
          { metric: 'resident memory after cold start', value: cold.rss, unit: 'MB' },
          { metric: 'resident memory after warm start, median', value: median(warm.map((r) => r.rss)), unit: 'MB' },
          {
            metric: 'floor: resident memory after its start, median',
            value: median(floor.map((r) => r.rss)),
            unit: 'MB',
          },
        );
      }

      return rows;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
