/**
 * What is what in a PGlite DATA_DIR. The directory is PostgreSQL's own data directory (PG_VERSION, base/, global/,
 * pg_wal/, postgresql.conf, ...) with the server's files beside it: the Google sync secret (google-sync.secret, which
 * decrypts the service-account key kept in the database), TLS certificates, and the backups/ folder. A backup holds the
 * database as SQL and the server's files as they are; never PostgreSQL's files (the SQL replaces them), the backups
 * themselves, the lock, the one-time setup address (a fresh one is made at every start), what a restore moved aside,
 * or a TLS private key (see docs/backups.md: a key is made again with `npm run tls:local`, while a copy of it on a
 * NAS would let anyone who reads the NAS pose as the school's server).
 */
import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { LOCK_FILE } from '../data-dir-lock';

export const BACKUPS_DIR = 'backups';
/** Where `restore --force` moves a directory's previous database and files. */
export const BEFORE_RESTORE_PREFIX = 'before-restore-';
const SETUP_ADDRESS_FILE = 'setup-address.txt';

/** PostgreSQL's entries at the top of a data directory (initdb's layout, PostgreSQL 17). */
export function isPostgresEntry(name: string): boolean {
  return (
    name === 'base' ||
    name === 'global' ||
    name === 'PG_VERSION' ||
    /^pg_/.test(name) ||
    /^postgresql\./.test(name) ||
    /^postmaster\./.test(name)
  );
}

/** True when the directory holds a PostgreSQL database. */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Copies PostgreSQL's entries of `dataDir` into `target` (made if missing), synchronously so that nothing runs in
 * between; copy-on-write where the file system can (COPYFILE_FICLONE), a plain copy elsewhere.
 */
export function copyDatabaseFiles(dataDir: string, target: string): void {
  for (const name of readdirSync(dataDir)) {
    if (!isPostgresEntry(name)) continue;
    cpSync(join(dataDir, name), join(target, name), { recursive: true, mode: constants.COPYFILE_FICLONE });
  }
}

/**
 * The first half of a consistent copy while PGlite runs: PostgreSQL's entries copied as they are, asynchronously, so
 * the server goes on answering (the copy alone is not consistent: pages change while it is made). Answers the wall
 * clock time it started, for `syncDatabaseFiles`.
 */
export async function preCopyDatabaseFiles(dataDir: string, target: string): Promise<number> {
  const started = Date.now();
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(dataDir)) {
    if (!isPostgresEntry(name)) continue;
    await cp(join(dataDir, name), join(target, name), { recursive: true, mode: constants.COPYFILE_FICLONE });
  }
  return started;
}

/**
 * Mtimes are set from the kernel's coarse clock (a few milliseconds behind), so a file written just as the pre-copy
 * started may show a slightly earlier time: everything modified up to this much before is compared too.
 */
const MTIME_SLACK_MS = 2000;
const BLOCK = 256 * 1024;

/** Makes `to` the same as `from`, writing only the blocks that differ; answers the bytes written. */
function syncFile(from: string, to: string, size: number): number {
  const src = openSync(from, 'r');
  const dst = openSync(to, existsSync(to) ? 'r+' : 'w+');
  const a = Buffer.allocUnsafe(BLOCK);
  const b = Buffer.allocUnsafe(BLOCK);
  let written = 0;
  try {
    for (let offset = 0; offset < size; offset += BLOCK) {
      const n = readSync(src, a, 0, Math.min(BLOCK, size - offset), offset);
      const m = readSync(dst, b, 0, n, offset);
      if (m !== n || !a.subarray(0, n).equals(b.subarray(0, n))) {
        writeSync(dst, a, 0, n, offset);
        written += n;
      }
    }
    ftruncateSync(dst, size);
  } finally {
    closeSync(src);
    closeSync(dst);
  }
  return written;
}

/**
 * The second half, synchronous (run it under PGlite's lock, when no statement runs): every file changed since the
 * pre-copy started is brought up to date block by block, files made since are copied, files gone are removed. Then
 * the copy is the directory as it is at this moment. Answers how many bytes it wrote.
 */
export function syncDatabaseFiles(dataDir: string, target: string, since: number): number {
  let written = 0;
  const walk = (from: string, to: string) => {
    const present = new Set<string>();
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      present.add(entry.name);
      const source = join(from, entry.name);
      const copy = join(to, entry.name);
      if (entry.isDirectory()) {
        mkdirSync(copy, { recursive: true });
        walk(source, copy);
      } else if (entry.isFile()) {
        const stat = statSync(source);
        const copied = existsSync(copy) ? statSync(copy) : null;
        if (!copied || copied.size !== stat.size || stat.mtimeMs >= since - MTIME_SLACK_MS) {
          written += syncFile(source, copy, stat.size);
        }
      }
    }
    for (const name of readdirSync(to))
      if (!present.has(name)) rmSync(join(to, name), { recursive: true, force: true });
  };
  for (const name of readdirSync(dataDir)) {
    if (!isPostgresEntry(name)) continue;
    const source = join(dataDir, name);
    if (statSync(source).isDirectory()) {
      mkdirSync(join(target, name), { recursive: true });
      walk(source, join(target, name));
    } else {
      const stat = statSync(source);
      written += syncFile(source, join(target, name), stat.size);
    }
  }
  for (const name of readdirSync(target))
    if (isPostgresEntry(name) && !existsSync(join(dataDir, name)))
      rmSync(join(target, name), { recursive: true, force: true });
  return written;
}

export interface AppFile {
  /** Relative to DATA_DIR, with `/` between folders. */
  path: string;
  data: Uint8Array;
  mode: number;
}

const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** Whether a file of DATA_DIR (relative path) goes into a backup, given its contents. */
function keeps(path: string, data: Uint8Array): boolean {
  const top = path.split('/')[0] ?? path;
  if (isPostgresEntry(top) || top === BACKUPS_DIR || top === LOCK_FILE || top === SETUP_ADDRESS_FILE) return false;
  if (top.startsWith(BEFORE_RESTORE_PREFIX)) return false;
  if (PRIVATE_KEY.test(Buffer.from(data.subarray(0, 64 * 1024)).toString('latin1'))) return false;
  return true;
}

/** The server's own files of DATA_DIR that a backup holds (none when the directory does not exist). */
export function collectAppFiles(dataDir: string): AppFile[] {
  if (!existsSync(dataDir)) return [];
  const out: AppFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const path = relative(dataDir, full).split(sep).join('/');
      const top = path.split('/')[0] ?? path;
      if (isPostgresEntry(top) || top === BACKUPS_DIR || top.startsWith(BEFORE_RESTORE_PREFIX)) continue;
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) {
        const data = new Uint8Array(readFileSync(full));
        if (keeps(path, data)) out.push({ path, data, mode: stat.mode & 0o777 });
      }
    }
  };
  walk(dataDir);
  return out;
}
