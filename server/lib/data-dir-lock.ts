/**
 * The lock on a PGlite DATA_DIR. PGlite is PostgreSQL in this process's memory over the directory's files, with no
 * postmaster to keep a second process out: two processes opening the same directory each replay and write the same
 * WAL and pages, and the database is damaged. The server takes this lock right after reading its configuration and
 * holds it while it runs; `npm run backup`, `restore` and `move-to-postgres` take it too, so none of them runs over
 * a running server (or over each other).
 *
 * The lock is a file, DATA_DIR/server.lock, created exclusively (`wx`) with the holder's process id, host and
 * command. A lock whose process no longer runs on this host (a crash, a power cut) is stale and is taken over; one
 * from another host (a directory shared over the network) is never taken over, since its process cannot be asked.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/** Thrown when another live process holds the directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by ${holder.command} (process ${holder.pid} on ${holder.host}, since ${holder.since}).`,
    );
  }
}

/** True when a process with this id runs on this machine (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      command: parsed.command ?? 'another process',
      since: parsed.since ?? '?',
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable or half-written (the holder died while writing it): nothing alive stands behind it.
    return { pid: -1, host: hostname(), command: 'a process that did not finish writing the lock', since: '?' };
  }
}

/** Who holds the directory now, if a live process does (a stale lock answers null). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(join(dataDir, LOCK_FILE));
  if (!holder) return null;
  if (holder.host !== hostname()) return holder;
  return holder.pid > 0 && alive(holder.pid) ? holder : null;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/**
 * Takes the lock on `dataDir` for this process (made if missing); throws DataDirLockedError when a live process holds
 * it. Released by `release()` or when the process exits.
 */
export function acquireDataDirLock(dataDir: string, command: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  // Three tries: a stale lock removed between our read and our create by another process taking it over is read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder) throw new DataDirLockedError(dataDir, holder);
      try {
        unlinkSync(file);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only our own lock: never one another process took over after ours was removed by hand.
      const holder = readHolder(file);
      if (holder?.pid === mine.pid && holder.host === mine.host) unlinkSync(file);
    };
    process.on('exit', release);
    return { file, release };
  }
  const holder = lockHolder(dataDir);
  throw new DataDirLockedError(dataDir, holder ?? { ...mine, command: 'another process', pid: -1 });
}
