/**
 * Server load (DESIGN section 8): a school morning's mix from 40 devices at a fixed rate, for 30 s, on a
 * server started warm. Budgets: PGlite at 50 requests a second with p95 at most 250 ms and at most 400 MB resident;
 * PostgreSQL at 200 a second with p95 at most 250 ms; no errors on either.
 *
 * The server runs as `npm start` runs it (scripts/start.mjs, SKIP_BUILD=1, its own DATA_DIR and PORT): a first start
 * seeds the demo school and is stopped; the measured one starts again on the same data (or the same PostgreSQL
 * database), as a school runs it. PostgreSQL is used when TEST_DATABASE_URL or DATABASE_URL names a server: the bench
 * creates a database of its own there and drops it at the end; without either, only PGlite is measured.
 *
 * Forty devices sign in through `POST v2/auth/login` (office, administrator, cafeteria and teacher accounts, password
 * 'demo', at most ten sessions per account so the sign-in burst limit is not met) and send what the app sends:
 * - `POST v2/sync/push` of 1–10 check-ins (a kiosk's outbox: a scholar's arrival, later sign-ins), from accounts that
 *   may create them; every entry must come back applied;
 * - `GET v2/sync/pull?since=<cursor>` with the device's own cursor, taken from a first pull before the run;
 * - a roster page, `GET v2/demographics?sort=lname&page=1|2&per_page=500` (src/api/fetch-all-pages.ts);
 * - today's check-ins, `GET v2/check_ins?filter[school_day]=<today>&sort=-occurred_at&per_page=100`.
 *
 * Open loop: request i is due at start + i / rate whatever became of the earlier ones, and its latency is counted from
 * when it was due, so a server that falls behind shows it in full (no coordinated omission). Each device has its own
 * kept-alive connections (at most four at a time; a request waiting for one is waiting on the server). As the offline
 * engine does, a device has one sync sender: a push or pull due while its previous one is out is sent when that one
 * is answered (a pull from the cursor it brought), never twice from the same cursor at once. An error is an
 * answer other than 2xx, a lost connection, a pushed entry not applied, or a pull answered without a cursor.
 *
 * CPU per request (DESIGN section 8: "the server's CPU per request printed") is CPU time over the requests offered,
 * from /proc/<pid>/stat (utime + stime) before and after the run: so a slower machine reads as a slower machine, where
 * latency on a shared machine reads as much of the neighbours as of the server. It is counted for the server's process
 * (with PGlite, the database runs inside it), for the database when the PostgreSQL server runs on this machine, and for
 * this bench itself; with how busy the whole machine was, they tell whether the server or the machine ran out of room.
 * The database's share is its cluster's processes that work for this run: the backends connected to the bench's own
 * database (pg_stat_activity; a backend that ends during the run is not counted, the server's pool keeps its ten) and
 * the cluster's background processes (checkpointer, writers, autovacuum, the postmaster), which other databases on the
 * same cluster (other test runs) share; the backends of other databases are left out.
 *
 * Resident memory is the server's VmRSS (/proc/<pid>/status, Linux), sampled every 200 ms from the warm start until the
 * run ends; the largest sample is reported, with the one right after the warm start.
 *
 * Knobs (environment): BENCH_LOAD_SECONDS (30), BENCH_LOAD_PGLITE_RATE (50), BENCH_LOAD_PG_RATE (200),
 * BENCH_LOAD_DB (pglite, postgres or both: the default), BENCH_LOAD_PROFILE=<dir> (the measured server writes a
 * --cpu-prof there), BENCH_LOAD_TRACE=<file> (one line per request: when it was due after the start, in ms, its kind
 * and its latency).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, freePort, machineCpuMs, residentMb, serverEnv, uuidv7 } from './lib-process.mjs';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const CLIENTS = 40;
const P95_BUDGET_MS = 250;
const RSS_BUDGET_MB = 400;
const RATES = {
  pglite: Number(process.env.BENCH_LOAD_PGLITE_RATE ?? 50),
  postgres: Number(process.env.BENCH_LOAD_PG_RATE ?? 200),
};
/** The morning's mix: what share of the requests each kind is. */
const MIX = [
  ['push', 0.4],
  ['pull', 0.3],
  ['roster', 0.15],
  ['check_ins', 0.15],
];
/** Who the forty devices are signed in as (at most ten each: the sign-in burst limit is per account and address). */
const ACCOUNTS = [
  ['office@demo.school', 10],
  ['admin@demo.school', 10],
  ['cafeteria@demo.school', 10],
  ['teacher@demo.school', 10],
];
const START_TIMEOUT_MS = 180_000;

/** Starts the server as `npm start` does; resolves once it says it is running. */
async function startServer(root, { dataDir, databaseUrl, profileDir }) {
  const port = await freePort();
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...args, join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: serverEnv({ port, dataDir, databaseUrl: databaseUrl ?? '' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`no 'is running at' within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${stderr || out}`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, stop, stderr: () => stderr };
}

/**
 * What a pull's answer is read for here: its cursor, the last `"cursor":` of the document (the answer's own key, after
 * its changes; no key after it holds the word). A device parses the whole answer to store its records, on the device;
 * parsing it here, 160 kB of records on average at 200/s, took this bench 2.9 s of a 30 s run on the cores the server
 * and PostgreSQL share with it.
 */
function pullCursor(buffer) {
  const at = buffer.lastIndexOf('"cursor":');
  const cursor = at < 0 ? Number.NaN : Number(/^"cursor":(\d+)/.exec(buffer.toString('latin1', at, at + 40))?.[1]);
  return Number.isSafeInteger(cursor) ? { cursor } : null;
}

/**
 * One HTTP request on a device's agent; resolves with status and body (never rejects). `parse`: true for the whole
 * body parsed, false for none, or a function that reads what it needs from the body's bytes (a refusal is parsed).
 */
function send(agent, port, method, path, token, body, parse = true) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        // Only the answers the device reads on (push results, the pull's cursor, a refusal) are kept and parsed; the
        // others are read and dropped as they arrive. Keeping every roster page's chunks until its end cost this bench
        // 2.6 s of garbage collection in a 30 s run at 200/s (0.7 s now; its CPU per request 1.88 -> 1.42 ms), on the
        // two cores it shares with the server and PostgreSQL.
        const keep = parse || (res.statusCode ?? 0) >= 300;
        const chunks = [];
        res.on('data', keep ? (c) => chunks.push(c) : () => undefined);
        res.on('end', () => {
          let json = null;
          try {
            if (keep) {
              const bytes = Buffer.concat(chunks);
              json =
                typeof parse === 'function' && (res.statusCode ?? 0) < 300
                  ? parse(bytes)
                  : JSON.parse(bytes.toString('utf8'));
            }
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', (err) => resolve({ status: 0, json: null, error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, json: null, error: err.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

/** A small deterministic generator, so two runs offer the same mix. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** Signs the forty devices in and gives each its cursor; the scholars are shared out for their arrivals. */
async function prepareDevices(server) {
  const devices = [];
  for (const [email, n] of ACCOUNTS) {
    for (let i = 0; i < n; i++) {
      // An idle connection is dropped before the server's keep-alive timeout (5 s) closes it: a request sent on a
      // connection the server is closing would fail with ECONNRESET, which a browser retries and this bench would not.
      const agent = new Agent({ keepAlive: true, maxSockets: 4, timeout: 4000 });
      const login = await send(agent, server.port, 'POST', '/api/v2/auth/login', null, { email, password: 'demo' });
      if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}`);
      const permissions = new Set(login.json.user.permissions);
      devices.push({ agent, token: login.json.token, permissions, deviceId: uuidv7(), cursor: 0, scholars: [] });
    }
  }
  const first = devices[0];
  const config = await send(first.agent, server.port, 'GET', '/api/v2/config', null);
  const timeZone = config.json?.time_zone ?? 'America/Los_Angeles';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const roster = [];
  for (let page = 1; ; page++) {
    const r = await send(
      first.agent,
      server.port,
      'GET',
      `/api/v2/demographics?per_page=500&page=${page}`,
      first.token,
    );
    if (r.status !== 200) throw new Error(`roster answered ${r.status}`);
    roster.push(...r.json.data.filter((s) => s.active).map((s) => s.id));
    if (roster.length >= r.json.meta.total || r.json.data.length === 0) break;
  }
  const writers = devices.filter((d) => d.permissions.has('check_ins-create'));
  roster.forEach((id, i) => {
    writers[i % writers.length]?.scholars.push(id);
  });
  for (const d of devices) {
    // A device that already holds its snapshot: its cursor is where a snapshot would stand now.
    const r = await send(d.agent, server.port, 'GET', '/api/v2/sync/pull?limit=1', d.token);
    if (r.status !== 200) throw new Error(`first pull answered ${r.status}`);
    d.cursor = r.json.cursor;
    d.pending = [...d.scholars];
  }
  return { devices, today, roster };
}

/** The request a device makes for a kind of the mix (a kind it may not make becomes a pull). */
function requestFor(kind, device, ctx, rand) {
  const can = (p) => device.permissions.has(p);
  if (kind === 'push' && can('check_ins-create')) {
    const n = 1 + Math.floor(rand() * 10);
    const items = Array.from({ length: n }, () => {
      const id = uuidv7();
      const at = new Date().toISOString();
      // The scholar's arrival first (once a day), then sign-ins, which a day may hold any number of.
      const arrival = device.pending.length > 0;
      const scholar = arrival ? device.pending.pop() : ctx.roster[Math.floor(rand() * ctx.roster.length)];
      const data = arrival
        ? { id, kind: 'arrival', scholar_id: scholar, occurred_at: at, method: 'kiosk', reason: 'Bus was late' }
        : { id, kind: 'sign_in', scholar_id: scholar, occurred_at: at, method: 'scan' };
      return { id, resource: 'check_ins', action: 'create', recorded_at: at, data };
    });
    return { kind, method: 'POST', path: '/api/v2/sync/push', body: { device_id: device.deviceId, items } };
  }
  if (kind === 'roster' && can('demographics-view_any')) {
    const page = 1 + Math.floor(rand() * 2);
    return { kind, method: 'GET', path: `/api/v2/demographics?sort=lname&page=${page}&per_page=500` };
  }
  if (kind === 'check_ins' && can('check_ins-view_any')) {
    return {
      kind,
      method: 'GET',
      path: `/api/v2/check_ins?filter%5Bschool_day%5D=${ctx.today}&sort=-occurred_at&per_page=100`,
    };
  }
  return { kind: 'pull', method: 'GET', path: `/api/v2/sync/pull?since=${device.cursor}`, pull: true };
}

/** Offers `rate` requests a second for SECONDS; answers latencies (from due time) and errors. */
async function offer(server, ctx, rate) {
  const rand = random(20261127);
  const total = Math.round(rate * SECONDS);
  const latencies = [];
  const byKind = {};
  let errors = 0;
  const errorSamples = [];
  const start = performance.now() + 100;
  let lastDone = start;
  const inFlight = [];
  const trace = process.env.BENCH_LOAD_TRACE ? [] : null;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const device = ctx.devices[i % CLIENTS];
    let x = rand();
    let kind = 'pull';
    for (const [k, share] of MIX) {
      if (x < share) {
        kind = k;
        break;
      }
      x -= share;
    }
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const req = requestFor(kind, device, ctx, rand);
    const exchange = () =>
      send(
        device.agent,
        server.port,
        req.method,
        // A pull asks from the cursor the device holds when it is sent.
        req.pull ? `/api/v2/sync/pull?since=${device.cursor}` : req.path,
        device.token,
        req.body,
        req.pull ? pullCursor : req.kind === 'push',
      ).then((res) => {
        const done = performance.now();
        lastDone = Math.max(lastDone, done);
        const ms = done - due;
        latencies.push(ms);
        trace?.push(`${Math.round(due - start)} ${req.kind} ${Math.round(ms)}`);
        if (!byKind[req.kind]) byKind[req.kind] = [];
        byKind[req.kind].push(ms);
        let bad = res.status < 200 || res.status >= 300;
        if (!bad && req.kind === 'push') bad = res.json.results.some((r) => r.status !== 'applied');
        if (!bad && req.pull && !res.json) bad = true;
        if (!bad && req.pull && res.json.cursor > device.cursor) device.cursor = res.json.cursor;
        if (bad) {
          errors++;
          if (errorSamples.length < 3) {
            errorSamples.push(`${req.kind} ${res.status} ${res.error ?? JSON.stringify(res.json).slice(0, 200)}`);
          }
        }
      });
    // A device syncs with one sender (src/offline/engine.ts): a push or pull due while its previous one is still out
    // goes when that one is answered, and its wait counts in its latency. Lists are independent queries.
    if (req.kind === 'push' || req.pull) {
      device.sync = (device.sync ?? Promise.resolve()).then(exchange);
      inFlight.push(device.sync);
    } else {
      inFlight.push(exchange());
    }
  }
  await Promise.all(inFlight);
  if (trace) writeFileSync(process.env.BENCH_LOAD_TRACE, `${trace.join('\n')}\n`);
  latencies.sort((a, b) => a - b);
  for (const k of Object.keys(byKind)) byKind[k].sort((a, b) => a - b);
  return { latencies, byKind, errors, errorSamples, total, seconds: (lastDone - start) / 1000 };
}

/**
 * The CPU time, in ms, of the PostgreSQL cluster's processes that work for `database`, by process: `ours`, the backends
 * connected to it; `shared`, the cluster's background processes and its postmaster. Null when the cluster's processes
 * cannot be read here (a server on another machine or in another container).
 */
async function clusterCpu(admin, database) {
  const { rows } = await admin.query(
    'select pid, backend_type, datname, pg_backend_pid() as me from pg_stat_activity where pid is not null',
  );
  const me = rows[0]?.me;
  let postmaster;
  try {
    // The admin connection's backend is a child of the postmaster: field 4 of its stat line is its parent.
    const line = readFileSync(`/proc/${me}/stat`, 'utf8');
    postmaster = Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
  const ours = new Map();
  const shared = new Map([[postmaster, cpuMs(postmaster)]]);
  for (const row of rows) {
    const ms = cpuMs(row.pid);
    if (ms === null) continue;
    if (row.backend_type === 'client backend') {
      if (row.datname === database) ours.set(row.pid, ms);
    } else if (row.backend_type !== 'autovacuum worker' || row.datname === database) {
      shared.set(row.pid, ms);
    }
  }
  return shared.get(postmaster) === null ? null : { ours, shared };
}

/** CPU ms used between two clusterCpu readings, of one group: a process started in between counts from zero. */
function cpuBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}

/** Seeds, restarts warm, runs the load, stops; answers the rows of one database. */
async function measure(root, label, rate, { dataDir, databaseUrl, admin }) {
  // A PostgreSQL server on this machine: its processes' CPU is counted too.
  const local = databaseUrl ? ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname) : false;
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  const seeding = await startServer(root, { dataDir, databaseUrl });
  await seeding.stop();
  const server = await startServer(root, { dataDir, databaseUrl, profileDir: process.env.BENCH_LOAD_PROFILE });
  const rssStart = residentMb(server.pid);
  let rssMax = rssStart ?? 0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, residentMb(server.pid) ?? 0);
  }, 200);
  let run;
  try {
    const ctx = await prepareDevices(server);
    const cpuBefore = cpuMs(server.pid);
    const pgBefore = local && admin ? await clusterCpu(admin, database) : null;
    const benchBefore = process.cpuUsage();
    const machineBefore = machineCpuMs();
    run = await offer(server, ctx, rate);
    const cpuAfter = cpuMs(server.pid);
    const pgAfter = pgBefore ? await clusterCpu(admin, database) : null;
    const benchUsed = process.cpuUsage(benchBefore);
    const machineAfter = machineCpuMs();
    run.cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / run.total;
    run.pgPerRequest = null;
    if (pgBefore && pgAfter) {
      const ours = cpuBetween(pgBefore.ours, pgAfter.ours);
      const shared = cpuBetween(pgBefore.shared, pgAfter.shared);
      run.pgPerRequest = (ours + shared) / run.total;
      run.pgSharedPerRequest = shared / run.total;
      run.pgBackends = pgAfter.ours.size;
    }
    run.benchPerRequest = (benchUsed.user + benchUsed.system) / 1000 / run.total;
    run.machineBusy =
      machineBefore && machineAfter
        ? (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)
        : null;
    rssMax = Math.max(rssMax, residentMb(server.pid) ?? 0);
    for (const d of ctx.devices) d.agent.destroy();
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
  const { latencies, byKind } = run;
  const round = (ms) => Math.round(ms);
  const rows = [
    { metric: `${label} @ ${rate}/s: p50`, value: round(percentile(latencies, 50)), unit: 'ms' },
    {
      metric: `${label} @ ${rate}/s: p95`,
      value: round(percentile(latencies, 95)),
      unit: 'ms',
      budget: P95_BUDGET_MS,
      note: Object.entries(byKind)
        .map(([k, v]) => `${k} ${round(percentile(v, 95))}`)
        .join(', '),
    },
    { metric: `${label} @ ${rate}/s: max`, value: round(latencies.at(-1) ?? Number.NaN), unit: 'ms' },
    {
      metric: `${label} @ ${rate}/s: achieved rate`,
      value: +(run.total / run.seconds).toFixed(1),
      unit: '/s',
      note: `${run.total} requests offered over ${SECONDS} s by ${CLIENTS} devices`,
    },
    {
      metric: `${label} @ ${rate}/s: errors`,
      value: run.errors,
      unit: '',
      budget: 0,
      note: run.errorSamples.join(' | '),
    },
  ];
  // CPU per request of each party on the machine; a party that could not be measured has no row.
  const cpuRows = [
    [
      'server CPU per request',
      run.cpuPerRequest,
      databaseUrl
        ? 'the node process only (not PostgreSQL); steadier than latency on a busy machine'
        : 'the node process, the embedded database included; steadier than latency on a busy machine',
    ],
    [
      'database CPU per request',
      run.pgPerRequest,
      `the cluster's ${run.pgBackends ?? 0} backends on this run's database, and ${
        run.pgSharedPerRequest === undefined ? '?' : run.pgSharedPerRequest.toFixed(2)
      } ms of its background processes (shared with other databases)`,
    ],
    ['load generator CPU per request', run.benchPerRequest, 'this bench process, which shares the machine'],
  ];
  for (const [name, ms, note] of cpuRows) {
    if (ms !== null) rows.push({ metric: `${label} @ ${rate}/s: ${name}`, value: +ms.toFixed(2), unit: 'ms', note });
  }
  if (run.machineBusy !== null) {
    rows.push({
      metric: `${label} @ ${rate}/s: machine busy`,
      value: Math.round(run.machineBusy * 100),
      unit: '%',
      note: 'all cores, over the run: how much room the server had',
    });
  }
  if (rssStart !== null) {
    rows.push({
      metric: `${label} @ ${rate}/s: max resident memory`,
      value: rssMax,
      unit: 'MB',
      ...(label === 'PGlite' ? { budget: RSS_BUDGET_MB } : {}),
      note: `${rssStart} MB after the warm start`,
    });
  }
  return rows;
}

export default {
  name: 'Server load: a school morning from 40 devices (open loop)',
  async run({ root }) {
    const which = process.env.BENCH_LOAD_DB ?? 'both';
    const rows = [];
    if (which !== 'postgres') {
      const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-load-'));
      try {
        rows.push(...(await measure(root, 'PGlite', RATES.pglite, { dataDir })));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
    if (which !== 'pglite' && serverUrl) {
      const { default: pg } = await import('pg');
      const name = `bench_load_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'school-ops-bench-load-pg-'));
      try {
        rows.push(
          ...(await measure(root, 'PostgreSQL', RATES.postgres, { dataDir, databaseUrl: url.toString(), admin })),
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else if (which !== 'pglite') {
      rows.push({
        metric: 'PostgreSQL',
        value: Number.NaN,
        unit: '',
        note: 'not measured: set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server',
      });
    }
    return rows;
  },
};
