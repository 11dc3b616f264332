/**
 * What the backup, restore and move commands share: the configuration (the server's own variables, so DATA_DIR and
 * DATABASE_URL mean the same as for `npm start`), the refusal of a DATA_DIR a running server holds, and how a failure
 * is printed (its message, no stack: these are for the people who run a school).
 */
import { resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../lib/data-dir-lock';

/** The configuration, or the exit with its message. */
export function commandConfig(): Config & { dataDir: string } {
  try {
    const config = loadConfig();
    return { ...config, dataDir: resolve(config.DATA_DIR) };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** Runs a command's body; prints a failure's message and exits 1. */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
    process.exit(0);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(
        `${err.message}\nA running server holds its PGlite DATA_DIR: stop it first, or use the backup it writes each night ` +
          '(DATA_DIR/backups) or "Back up now" on the school settings screen.',
      );
    } else {
      console.error(err instanceof Error ? err.message : String(err));
    }
    process.exit(1);
  }
}

/** "12.3 MB". */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
