/**
 * `npm run bench`: the performance budgets of DESIGN section 8, measured.
 *
 * Builds the web app first (when a selected benchmark says `needsBuild`) only if dist/ is missing its manifest or is
 * older than its sources (`needsBuild()`), then runs every benchmark listed in bench/index.mjs in order, prints each one's rows as a table and, at the end, all rows
 * as JSON lines (one object per row, for CI and for comparing runs). Exits 1 when a benchmark fails or a budget that
 * gates is not met.
 *
 *   node scripts/bench.mjs            every benchmark
 *   node scripts/bench.mjs initial    only those whose name contains "initial" (case-insensitive)
 *   BENCH_DIST=/tmp/d node scripts/bench.mjs fetched
 *                                     measures a web build made elsewhere (`npx vite build --outDir /tmp/d`), served
 *                                     by the benchmarks' servers (STATIC_DIR), without building: dist/ is the one the
 *                                     end-to-end tests rebuild, which a concurrent run would measure half-written
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCHMARKS } from '../bench/index.mjs';
import { buildWebAppIfStale, needsBuild } from './build-stamp.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(root, 'dist');
// The servers the benchmarks start (bench/lib-browser.mjs startServer) inherit the environment: they serve this build.
if (process.env.BENCH_DIST) process.env.STATIC_DIR = dist;
const manifest = join(dist, '.vite', 'manifest.json');

function ensureBuild() {
  if (process.env.BENCH_DIST) {
    if (existsSync(manifest)) return;
    console.error(`${manifest} is missing: build with \`npx vite build --outDir ${dist}\` first.`);
    process.exit(1);
  }
  if (existsSync(manifest) && !needsBuild()) {
    console.log('dist/ is up to date with its sources: not rebuilding.');
    return;
  }
  try {
    buildWebAppIfStale();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (!existsSync(manifest)) {
    console.error(`${manifest} was not written: build.manifest must be true in vite.config.ts.`);
    process.exit(1);
  }
}

/** 'ok', 'OVER' (gating), 'over' (reported only) or '' for a row without a budget. */
function status(row) {
  if (row.budget === undefined || row.value === null || Number.isNaN(row.value)) return '';
  if (row.value <= row.budget) return 'ok';
  return row.gate === false ? 'over' : 'OVER';
}

function printTable(rows) {
  const cells = rows.map((row) => [
    row.metric,
    String(row.value),
    row.unit,
    row.budget === undefined ? '' : `${row.gate === false ? '(' : ''}≤ ${row.budget}${row.gate === false ? ')' : ''}`,
    status(row),
    row.note ?? '',
  ]);
  const header = ['metric', 'value', 'unit', 'budget', 'status', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c
      .map((text, i) => (i === 1 ? text.padStart(widths[i]) : text.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const c of cells) console.log(line(c));
}

const filters = process.argv.slice(2).map((f) => f.toLowerCase());
const selected = BENCHMARKS.filter(
  (bench) => filters.length === 0 || filters.some((f) => bench.name.toLowerCase().includes(f)),
);
if (selected.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join('; ')}`);
  process.exit(2);
}

if (selected.some((bench) => bench.needsBuild)) ensureBuild();
const results = [];
let failed = false;
for (const bench of selected) {
  console.log(`\n## ${bench.name}\n`);
  const t = performance.now();
  try {
    const rows = await bench.run({ root, dist });
    printTable(rows);
    console.log(`\n(${((performance.now() - t) / 1000).toFixed(1)} s)`);
    for (const row of rows) {
      const s = status(row);
      if (s === 'OVER') failed = true;
      results.push({ bench: bench.name, ...row, ...(s ? { met: s === 'ok' } : {}) });
    }
  } catch (err) {
    failed = true;
    console.error(`failed: ${err instanceof Error ? err.stack : err}`);
    results.push({ bench: bench.name, error: err instanceof Error ? err.message : String(err) });
  }
}

console.log('\n## Results (JSON lines)\n');
for (const result of results) console.log(JSON.stringify(result));
if (failed) {
  console.error('\nA benchmark failed or a budget is not met (status OVER above).');
  process.exit(1);
}
