/**
 * The server's own schedule for the Google syncs (not in tests): once a minute it checks whether a sync is due. Each
 * enabled kind runs incrementally when its last run started GOOGLE_SYNC_INTERVAL_MINUTES ago, and as a full reconcile
 * (which removes deleted work) once a night, at GOOGLE_SYNC_NIGHTLY_HOUR in the school's time zone. The runs' records
 * in the database say what is due, so several instances do not repeat each other's runs.
 */

import type { GoogleSyncKind, GoogleSyncRun } from '../../../src/contract';
import { localDate } from '../../../src/contract/work-lists';
import { type GoogleSyncDeps, lastRun, readSyncSettings, runGoogleSync } from './runner';

export interface SchedulerOptions {
  intervalMinutes: number;
  nightlyHour: number;
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

const hourIn = (now: Date, timeZone: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));

/** What is due now for one kind: a full reconcile, an incremental run, or nothing. */
export async function dueMode(
  deps: GoogleSyncDeps,
  kind: GoogleSyncKind,
  opts: Pick<SchedulerOptions, 'intervalMinutes' | 'nightlyHour'>,
  now = new Date(),
): Promise<'full' | 'incremental' | null> {
  const today = localDate(now, deps.timeZone);
  if (hourIn(now, deps.timeZone) >= opts.nightlyHour) {
    const full = await lastRun(deps.db, kind, 'full');
    if (!full || localDate(full.started_at, deps.timeZone) < today) return 'full';
  }
  const last = await lastRun(deps.db, kind);
  if (!last) return 'full';
  return now.getTime() - Date.parse(last.started_at) >= opts.intervalMinutes * 60_000 ? 'incremental' : null;
}

/**
 * One look at the schedule (the server's timer calls it every minute): once a key and an administrator are set, each
 * kind the school has switched on runs if it is due (dueMode), one after the other. Answers the runs it made.
 */
export async function scheduleTick(
  db: GoogleSyncDeps['db'],
  getDeps: () => GoogleSyncDeps,
  opts: SchedulerOptions,
  now = new Date(),
): Promise<GoogleSyncRun[]> {
  const settings = await readSyncSettings(db);
  if (!settings.key_encrypted || !settings.subject) return [];
  const deps = getDeps();
  const kinds: GoogleSyncKind[] = [];
  if (settings.classroom_enabled) kinds.push('classroom');
  if (settings.calendar_enabled) kinds.push('calendar');
  const runs: GoogleSyncRun[] = [];
  for (const kind of kinds) {
    const mode = await dueMode(deps, kind, opts, now);
    if (!mode) continue;
    const [run] = await runGoogleSync(deps, { kinds: [kind], mode, trigger: 'scheduled' });
    if (!run) continue;
    opts.log.info({ run }, `Google ${kind} sync (${mode}) ${run.status}`);
    runs.push(run);
  }
  return runs;
}

/**
 * Starts the schedule; answers the function that stops it. The dependencies are asked for only once a key is set, so
 * a server that never syncs never makes a secret.
 */
export function startGoogleSyncSchedule(
  db: GoogleSyncDeps['db'],
  getDeps: () => GoogleSyncDeps,
  opts: SchedulerOptions,
): () => void {
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      await scheduleTick(db, getDeps, opts);
    } catch (err) {
      opts.log.error({ err }, 'Google sync schedule failed');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), 60_000);
  timer.unref();
  const first = setTimeout(() => void check(), 15_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
