/**
 * The school's backups on the settings screen: `GET v2/backups` (the last runs, the newest good one, and whether it
 * is recent) and `POST v2/backups` ("Back up now": answers 202 with the run at once; the screen polls the list until
 * the run has finished). Administrators only (school_settings-view, school_settings-update). The POST carries a
 * client-made id, so a retried request answers the same run instead of starting a second backup.
 */
import { z } from 'zod';
import { IdSchema } from './common';

export const BACKUP_KINDS = ['nightly', 'manual', 'command'] as const;
export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;

/**
 * Without a good backup in this many hours the screen warns: a night missed can happen (the machine was off), two in
 * a row should not.
 */
export const BACKUP_RECENT_HOURS = 36;

export const BackupRunSchema = z.object({
  id: z.string(),
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  /** The night's date (nightly runs). */
  night: z.string().nullable(),
  /** The file's name in DATA_DIR/backups (never a path). */
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

export const BackupsStatusSchema = z.object({
  runs: z.array(BackupRunSchema),
  /** The newest run that wrote its file. */
  last_success: BackupRunSchema.nullable(),
  /** False when no backup succeeded in the last BACKUP_RECENT_HOURS: the screen warns. */
  recent: z.boolean(),
  /** The nightly hour on the school's clock (BACKUP_HOUR), null when nightly backups are off; how many are kept. */
  nightly_hour: z.number().int().nullable(),
  keep: z.number().int(),
});
export type BackupsStatus = z.infer<typeof BackupsStatusSchema>;

export const BackupsResponseSchema = z.object({ data: BackupsStatusSchema });

export const BackupCreateSchema = z.object({ id: IdSchema });
export type BackupCreate = z.infer<typeof BackupCreateSchema>;
