/**
 * The calls of the Google Sync screen: `v2/google_sync/status`, `settings` and `runs`.
 * Online only: an administrator's screen, and the server checks every call.
 */
import { api, call } from '../../api/client';
import type {
  GoogleSyncRun,
  GoogleSyncRunRequest,
  GoogleSyncSettings,
  GoogleSyncSettingsUpdate,
  GoogleSyncStatus,
} from '../../contract/google-sync';

const BASE = 'v2/google_sync';

export const googleSyncStatusKey = [`${BASE}/status`] as const;
export const googleSyncRunsKey = (page: number) => [`${BASE}/runs`, page] as const;

export const fetchGoogleSyncStatus = (signal?: AbortSignal) =>
  call(() => api.get(`${BASE}/status`, { signal }).json<{ data: GoogleSyncStatus }>()).then((r) => r.data);

export const saveGoogleSyncSettings = (body: Omit<GoogleSyncSettingsUpdate, '_method'>) =>
  call(() => api.put(`${BASE}/settings`, { json: body }).json<{ data: GoogleSyncSettings }>()).then((r) => r.data);

export const runGoogleSyncNow = (body: GoogleSyncRunRequest) =>
  call(() => api.post(`${BASE}/runs`, { json: body }).json<{ data: GoogleSyncRun[] }>()).then((r) => r.data);

export const fetchGoogleSyncRuns = (page: number, signal?: AbortSignal) =>
  call(() =>
    api
      .get(`${BASE}/runs`, { searchParams: { page, per_page: 10 }, signal })
      .json<{ data: GoogleSyncRun[]; meta: { page: number; per_page: number; total: number } }>(),
  );
