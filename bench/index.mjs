/**
 * The benchmarks `npm run bench` (scripts/bench.mjs) runs, in this order. DESIGN section 8 lists the budgets.
 *
 * A benchmark is a module exporting `{ name, run(context), needsBuild? }` (`needsBuild: true` when it reads dist/: the
 * runner then rebuilds the web app first if its sources changed); `run` resolves to rows
 * `{ metric, value, unit, budget?, gate?, note? }`. A row with a `budget` is met when `value <= budget`; an unmet
 * budget fails the run (exit code 1) unless the row says `gate: false` (reported only). `context` holds `root` (the
 * repository) and `dist` (the built web app, already up to date when `run` is called).
 *
 * To add one (sync push, roster search, tap latency in Chromium...), write `bench/<name>.mjs` and list it here.
 * bench/lib-browser.mjs is not a benchmark: the server, Chromium and sign-in steps the Chromium ones share.
 * bench/floor-server.mjs is not one either: the bare server whose start bench/server-start.mjs times as its floor.
 */
import firstScreensFetched from './first-screens-fetched.mjs';
import initialJs from './initial-js.mjs';
import loadMix from './load.mjs';
import lunchLine from './lunch-line.mjs';
import machine from './machine.mjs';
import mealTap from './meal-tap.mjs';
import notify from './notify.mjs';
import photoImport from './photo-import.mjs';
import portalFirstVisit from './portal-first-visit.mjs';
import portalFirstVisitTls from './portal-first-visit-tls.mjs';
import rosterImport from './roster-import.mjs';
import rosterSearch from './roster-search.mjs';
import scanToScreen from './scan-to-screen.mjs';
import schoolYear from './school-year.mjs';
import serverStart from './server-start.mjs';
import syncPush from './sync-push.mjs';
import tapToConfirmed from './tap-to-confirmed.mjs';
import timesheetGrid from './timesheet-grid.mjs';

export const BENCHMARKS = [
  machine,
  initialJs,
  firstScreensFetched,
  serverStart,
  syncPush,
  loadMix,
  rosterSearch,
  rosterImport,
  tapToConfirmed,
  mealTap,
  lunchLine,
  scanToScreen,
  timesheetGrid,
  portalFirstVisit,
  portalFirstVisitTls,
  schoolYear,
  photoImport,
  notify,
];
