/**
 * What is what in a PGlite DATA_DIR. The directory is PostgreSQL's own data directory (PG_VERSION, base/, global/,
 * pg_wal/, postgresql.conf, ...) with the server's files beside it: the Google sync secret (google-sync.secret, which
 * decrypts the service-account key kept in the database), TLS certificates, and the backups/ folder. A backup holds the
 * database as SQL and the server's files as they are; never PostgreSQL's files (the SQL replaces them), the backups
 * themselves, the lock, the one-time setup address (a fresh one is made at every start), what a restore moved aside,
 * or a TLS private key (see docs/backups.md: a key is made again with `npm run tls:local`, while a copy of it on a
 * NAS would let anyone who reads the NAS pose as the school's server).
 */
import { constants, cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
