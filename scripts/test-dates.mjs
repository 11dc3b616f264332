/**
 * `npm run test:dates`: the date-heavy unit and server tests (meals, timesheets and schedules, pay periods, work
 * lists, calendar, check-ins, conferences and screenings, the sync's school day, the demo seed) run again with the
 * whole process at instants where a day is easy to get wrong, through libfaketime (Debian's `faketime`):
 *
 * - the evening of a month's last day in California, already the next month in UTC;
 * - the morning the clocks spring forward in California (a 23-hour day);
 * - New Year's Eve in California, already the next year in UTC.
 *
 * Each run starts at its instant and the clock runs on from there (timers and timeouts keep the real monotonic clock).
 * The server tests run on PGlite only: a PostgreSQL server is another process, on the machine's real clock.
 * Extra arguments narrow the files (`npm run test:dates -- server/routes/nslp_records`). It is not part of `npm test`:
 * run it before resolving work that touches dates.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The instants, in UTC, with what each is at the school (America/Los_Angeles). */
export const INSTANTS = [
  { at: '2026-12-01 05:30:00', what: "30 November 21:30 in California, a month's last evening (1 December in UTC)" },
  { at: '2027-03-14 15:00:00', what: 'Sunday 14 March 08:00 in California, the morning the clocks spring forward' },
  { at: '2027-01-01 07:30:00', what: "New Year's Eve 23:30 in California (New Year's Day in UTC)" },
];

/** The date-heavy test files, as Vitest's file filters (substrings of their paths). */
export const DATE_HEAVY = [
  'src/contract/',
  'src/ui/school-clock',
  'src/features/meals/',
  'src/features/timesheet/',
  'src/features/timesheet-schedule/',
  'src/features/scholar/',
  'src/features/portal-content/',
  'src/features/check-in/',
  'src/features/conference-review/',
  'src/features/screening-review/',
  'src/offline/',
  'server/lib/',
  'server/db/demo/',
  'server/routes/nslp_records/',
  'server/routes/timesheets/',
  'server/routes/timesheet_schedules/',
  'server/routes/scholar/',
  'server/routes/scholar_work/',
  'server/routes/portal_content/',
  'server/routes/check_ins/',
  'server/routes/conferences/',
  'server/routes/covid_screenings/',
  'server/routes/independent_study/',
  'server/routes/sync/',
];

const check = spawnSync('faketime', ['--version'], { encoding: 'utf8' });
if (check.error) {
  console.error("test:dates needs libfaketime: 'apt-get install faketime' (Debian's package), then run it again.");
  process.exit(2);
}

const filters = process.argv.slice(2).length ? process.argv.slice(2) : DATE_HEAVY;
const env = { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
delete env.TEST_DATABASE_URL;
const results = [];
for (const { at, what } of INSTANTS) {
  console.log(`\n▶ ${at} UTC: ${what}`);
  // As seconds since the epoch, so the machine's own time zone cannot change the instant.
  const epoch = `@${Date.parse(`${at.replace(' ', 'T')}Z`) / 1000}`;
  const run = spawnSync(
    'faketime',
    [epoch, resolve(root, 'node_modules/.bin/vitest'), 'run', '--project', 'unit', '--project', 'server', ...filters],
    { cwd: root, stdio: 'inherit', env },
  );
  results.push({ at, ok: run.status === 0 });
}
console.log('');
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.at} UTC`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
