/**
 * A backup file: one zip (fflate) holding `manifest.json` (what it is, from what, and the row count of every table),
 * `database.sql` (the database as a plain-SQL pg_dump, every row an INSERT, see portable-sql.ts) and `files/...` (the
 * server's own files of DATA_DIR, see data-dir.ts). The manifest is checked with zod when a backup is read, so a file
 * that is not one of ours, or of a newer format, is refused before anything is changed.
 */
import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { z } from 'zod';
import type { AppFile } from './data-dir';

/** The archive's own format; a reader refuses a newer one. */
export const BACKUP_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'database.sql';
const FILES_PREFIX = 'files/';

export const ManifestSchema = z.object({
  format: z.number().int().min(1).max(BACKUP_FORMAT),
  app: z.literal('school-ops'),
  app_version: z.string(),
  created_at: z.string(),
  kind: z.enum(['nightly', 'manual', 'command']),
  source: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The server's `server_version` (PGlite's is its PostgreSQL's). */
    server_version: z.string(),
    pg_dump: z.string(),
  }),
  /** The newest migration the database had run (drizzle's journal tag and time), null before any. */
  last_migration: z.object({ tag: z.string().nullable(), created_at: z.number() }).nullable(),
  /** Every table of the public schema with its row count, as dumped. */
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), mode: z.number().int() })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The zip's bytes (deflated; the SQL's hex-encoded photos compress to about half). */
export function packArchive(manifest: Manifest, sql: string, files: readonly AppFile[]): Uint8Array {
  const entries: Zippable = {
    [MANIFEST_ENTRY]: strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
    [DATABASE_ENTRY]: strToU8(sql),
  };
  for (const file of files) entries[`${FILES_PREFIX}${file.path}`] = file.data;
  return zipSync(entries, { level: 6 });
}

export class NotABackupError extends Error {}

export interface Archive {
  manifest: Manifest;
  sql: string;
  files: AppFile[];
}

/** Reads a backup file's bytes; throws NotABackupError when they are not a backup this version can restore. */
export function unpackArchive(bytes: Uint8Array): Archive {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new NotABackupError('The file is not a zip.');
  }
  const manifestBytes = entries[MANIFEST_ENTRY];
  const sqlBytes = entries[DATABASE_ENTRY];
  if (!manifestBytes || !sqlBytes) throw new NotABackupError(`The zip has no ${MANIFEST_ENTRY} or ${DATABASE_ENTRY}.`);
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(manifestBytes));
  } catch {
    throw new NotABackupError(`${MANIFEST_ENTRY} is not JSON.`);
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown })?.format;
    throw new NotABackupError(
      typeof format === 'number' && format > BACKUP_FORMAT
        ? `The backup is of format ${format}, newer than this version reads (${BACKUP_FORMAT}): restore it with a newer version.`
        : `${MANIFEST_ENTRY} is not a school-ops backup manifest: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  const manifest = parsed.data;
  const files = manifest.files.map((f) => {
    const data = entries[`${FILES_PREFIX}${f.path}`];
    if (!data || f.path.split('/').some((part) => part === '..' || part === '')) {
      throw new NotABackupError(`The zip's file ${f.path} is missing or not a plain path.`);
    }
    return { path: f.path, data, mode: f.mode };
  });
  return { manifest, sql: strFromU8(sqlBytes), files };
}
