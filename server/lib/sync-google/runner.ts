/**
 * Runs the Google syncs and keeps their record (google_sync_runs): the settings are read, the key decrypted with the
 * server's secret, an access token source made for each sync's scopes, and each run's counts and errors stored. A
 * sync of a kind already running (started within the last two hours) is not started twice.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { type GoogleSyncKind, type GoogleSyncRun, uuidv7 } from '../../../src/contract';
import type { Db } from '../../db/client';
import { googleSyncRuns, googleSyncSettings } from '../../db/schema';
import { accessTokenSource, CALENDAR_SCOPES, CLASSROOM_SCOPES, parseServiceAccountKey } from '../google/auth';
import { decryptSecret } from '../google/encryption';
import type { GoogleEnv } from '../google/env';
import type { GoogleHttpOptions } from '../google/http';
import { syncCalendars } from './calendar-sync';
import { syncClassroom } from './classroom-sync';
import type { SyncContext } from './context';

export interface GoogleSyncDeps {
  db: Db;
  timeZone: string;
  env: Pick<GoogleEnv, 'GOOGLE_OAUTH_TOKEN_URL' | 'GOOGLE_CLASSROOM_URL' | 'GOOGLE_CALENDAR_URL'>;
  /** The server's secret the key is encrypted with. */
  secret: string;
  http?: GoogleHttpOptions;
}

type RunRow = typeof googleSyncRuns.$inferSelect;

const STALE_MS = 2 * 3600_000;

export const toRun = (row: RunRow): GoogleSyncRun => ({
  id: row.id,
  kind: row.kind,
  mode: row.mode,
  trigger: row.trigger,
  status: row.status,
  started_at: new Date(row.started_at).toISOString(),
  finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  counts: row.counts,
  errors: row.errors,
});

/** The settings row (the migration makes it). */
export async function readSyncSettings(db: Db) {
  const [row] = await db.select().from(googleSyncSettings).where(eq(googleSyncSettings.id, 1));
  if (row) return row;
  await db.insert(googleSyncSettings).values({ id: 1 }).onConflictDoNothing();
  const [made] = await db.select().from(googleSyncSettings).where(eq(googleSyncSettings.id, 1));
  if (!made) throw new Error('google_sync_settings row missing');
  return made;
}

/** Starts the record of a run, unless one of that kind is already running; answers null then. */
async function begin(
  db: Db,
  kind: GoogleSyncKind,
  mode: 'incremental' | 'full',
  trigger: 'manual' | 'scheduled',
  startedBy: string | null,
): Promise<RunRow | null> {
  return db.transaction(async (tx) => {
    const since = new Date(Date.now() - STALE_MS).toISOString();
    const [running] = await tx
      .select({ id: googleSyncRuns.id })
      .from(googleSyncRuns)
      .where(
        and(eq(googleSyncRuns.kind, kind), eq(googleSyncRuns.status, 'running'), gt(googleSyncRuns.started_at, since)),
      )
      .limit(1);
    if (running) return null;
    const [row] = await tx
      .insert(googleSyncRuns)
      .values({
        id: uuidv7(),
        kind,
        mode,
        trigger,
        status: 'running',
        started_at: new Date().toISOString(),
        started_by: startedBy,
      })
      .returning();
    return row ?? null;
  });
}

/** The sync's work for one kind, given a started run record; finishes the record with counts and errors. */
async function execute(deps: GoogleSyncDeps, run: RunRow): Promise<GoogleSyncRun> {
  let counts: Record<string, number> = {};
  let errors: string[] = [];
  try {
    const settings = await readSyncSettings(deps.db);
    if (!settings.key_encrypted || !settings.subject)
      throw new Error('No service account key or administrator subject is set.');
    const parsed = parseServiceAccountKey(decryptSecret(settings.key_encrypted, deps.secret));
    if ('error' in parsed) throw new Error(parsed.error);
    const scopes = run.kind === 'classroom' ? CLASSROOM_SCOPES : CALENDAR_SCOPES;
    const ctx: SyncContext = {
      db: deps.db,
      timeZone: deps.timeZone,
      classroomUrl: deps.env.GOOGLE_CLASSROOM_URL,
      calendarUrl: deps.env.GOOGLE_CALENDAR_URL,
      token: accessTokenSource(parsed.key, settings.subject, scopes, deps.env.GOOGLE_OAUTH_TOKEN_URL, deps.http),
      http: deps.http ?? {},
    };
    const full = run.mode === 'full';
    const result =
      run.kind === 'classroom'
        ? await syncClassroom(ctx, { full })
        : await syncCalendars(ctx, settings.calendar_ids, { full });
    counts = result.counts;
    errors = result.errors;
  } catch (err) {
    errors = [...errors, err instanceof Error ? err.message : String(err)];
  }
  const [row] = await deps.db
    .update(googleSyncRuns)
    .set({
      status: errors.length ? 'failed' : 'succeeded',
      finished_at: new Date().toISOString(),
      counts,
      errors: errors.slice(0, 50).map((e) => e.slice(0, 1000)),
    })
    .where(eq(googleSyncRuns.id, run.id))
    .returning();
  return toRun(row as RunRow);
}

export interface StartedRuns {
  /** The runs started (a kind already running is left out). */
  runs: GoogleSyncRun[];
  /** Resolves when every started run has finished. */
  done: Promise<GoogleSyncRun[]>;
}

/** Starts the syncs of the kinds asked for; the work goes on after this answers (`done` says when it ends). */
export async function startGoogleSync(
  deps: GoogleSyncDeps,
  opts: {
    kinds: readonly GoogleSyncKind[];
    mode: 'incremental' | 'full';
    trigger: 'manual' | 'scheduled';
    startedBy?: string | null;
  },
): Promise<StartedRuns> {
  const rows: RunRow[] = [];
  for (const kind of opts.kinds) {
    const row = await begin(deps.db, kind, opts.mode, opts.trigger, opts.startedBy ?? null);
    if (row) rows.push(row);
  }
  // One after the other: the two syncs share the school's API quota.
  const done = (async () => {
    const finished: GoogleSyncRun[] = [];
    for (const row of rows) finished.push(await execute(deps, row));
    return finished;
  })();
  return { runs: rows.map(toRun), done };
}

/** Runs the syncs to the end (the scheduler and tests). */
export async function runGoogleSync(
  deps: GoogleSyncDeps,
  opts: Parameters<typeof startGoogleSync>[1],
): Promise<GoogleSyncRun[]> {
  return (await startGoogleSync(deps, opts)).done;
}

/** The last run of a kind, and the last finished full one. */
export async function lastRun(db: Db, kind: GoogleSyncKind, mode?: 'full'): Promise<GoogleSyncRun | null> {
  const [row] = await db
    .select()
    .from(googleSyncRuns)
    .where(and(eq(googleSyncRuns.kind, kind), ...(mode ? [eq(googleSyncRuns.mode, mode)] : [])))
    .orderBy(desc(googleSyncRuns.started_at))
    .limit(1);
  return row ? toRun(row) : null;
}
