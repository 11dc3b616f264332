/** `v2/backups`: the school's backups (the last runs, the newest good one) and "Back up now", administrators only. */
import { api, call } from '../../../api/client';
import type { BackupRun, BackupsStatus } from '../../../contract';

export const backupsKey = ['backups'] as const;

/** Reads the backups' state. */
export const fetchBackups = (signal?: AbortSignal) =>
  call(() => api.get('v2/backups', { signal }).json<{ data: BackupsStatus }>()).then((r) => r.data);

/** Starts a backup under the client's id (the same id again answers the same run); answers the run at once. */
export const startBackup = (id: string) =>
  call(() => api.post('v2/backups', { json: { id } }).json<{ data: BackupRun }>()).then((r) => r.data);
