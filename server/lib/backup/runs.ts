/** The `backup_runs` rows as the API shows them (routes/backups): a status, and the file's name without its path. */
import { basename } from 'node:path';
import type { BackupRun } from '../../../src/contract';
import type { backupRuns } from '../../db/schema';
import { minutesOfDay, schoolDay } from '../school-day';

export type RunRow = typeof backupRuns.$inferSelect;

/** A run that has not finished after this long was cut off (its server stopped or crashed). */
const UNFINISHED_AFTER_MS = 6 * 60 * 60 * 1000;

/** The run as the API shows it. */
export function toBackupRun(row: RunRow, now: Date = new Date()): BackupRun {
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  const started = new Date(row.started_at);
  const status =
    row.error != null
      ? 'failed'
      : row.finished_at != null
        ? 'succeeded'
        : now.getTime() - started.getTime() > UNFINISHED_AFTER_MS
          ? 'failed'
          : 'running';
  return {
    id: row.id,
    kind: row.kind,
    status,
    night: row.night,
    file: row.file ? basename(row.file) : null,
    bytes: row.bytes,
    started_at: started.toISOString(),
    finished_at: iso(row.finished_at),
    error: row.error ?? (status === 'failed' ? 'The backup did not finish (its server stopped).' : null),
  };
}

/**
 * A backup's file name: the school's date and time, then the kind (`2026-12-04-020000-nightly.zip`), so the names
 * sort by time and the nightly ones are told apart for pruning; `suffix` keeps two asked for in one second apart.
 */
export function backupFileName(now: Date, timeZone: string, kind: BackupRun['kind'], suffix?: string): string {
  const minutes = minutesOfDay(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(Math.floor(minutes / 60))}${two(minutes % 60)}${two(now.getUTCSeconds())}`;
  return `${schoolDay(now, timeZone)}-${time}-${kind}${suffix ? `-${suffix}` : ''}.zip`;
}
