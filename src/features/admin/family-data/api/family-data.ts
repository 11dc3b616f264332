/**
 * The calls of a family's data requests: one scholar's export (`GET v2/demographics/{id}/data_export`, a zip saved
 * under the server's file name), the erase (`POST v2/demographics/{id}/erase`, idempotent on the id the dialog makes
 * when it opens), the reminder list and the erase log (`v2/erasures/due`, `v2/erasures`) and the retention setting
 * (`v2/erasures/settings`). Online only: none of it is kept on the device, and neither the export nor the erase is
 * retried by the client.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../../../api/client';
import type {
  EraseBody,
  EraseSettings,
  ErasureDueResponse,
  ErasureListResponse,
  ErasureRecord,
} from '../../../../contract/scholar-data';
import { attachmentName, saveBlob } from '../../roster-export/download-roster-export';

/** How long an export may take to arrive: the server builds the whole zip (photos, PDFs) before it answers. */
const EXPORT_TIMEOUT_MS = 120_000;

export const familyDataKeys = {
  all: ['v2/erasures'] as const,
  due: (page: number) => ['v2/erasures', 'due', page] as const,
  log: (page: number) => ['v2/erasures', 'log', page] as const,
  settings: ['v2/erasures', 'settings'] as const,
};

/** Downloads one scholar's data and saves it; answers the file's name. */
export const downloadScholarData = (id: string) =>
  call(async () => {
    const response = await api.get(`v2/demographics/${id}/data_export`, { timeout: EXPORT_TIMEOUT_MS, retry: 0 });
    const blob = await response.blob();
    const fileName = attachmentName(response.headers.get('content-disposition')) ?? 'scholar-data.zip';
    saveBlob(fileName, blob);
    return fileName;
  });

/** Erases a withdrawn scholar's data; the same body again answers the erase already done. */
export const eraseScholarData = (id: string, body: EraseBody) =>
  call(() => api.post(`v2/demographics/${id}/erase`, { json: body, retry: 0 }).json<{ data: ErasureRecord }>()).then(
    (r) => r.data,
  );

const PER_PAGE = 25;

export const dueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: familyDataKeys.due(page),
    queryFn: ({ signal }) =>
      call(() =>
        api.get('v2/erasures/due', { signal, searchParams: { page, per_page: PER_PAGE } }).json<ErasureDueResponse>(),
      ),
  });

export const logQueryOptions = (page: number) =>
  queryOptions({
    queryKey: familyDataKeys.log(page),
    queryFn: ({ signal }) =>
      call(() =>
        api.get('v2/erasures', { signal, searchParams: { page, per_page: PER_PAGE } }).json<ErasureListResponse>(),
      ),
  });

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: familyDataKeys.settings,
    queryFn: ({ signal }) =>
      call(() => api.get('v2/erasures/settings', { signal }).json<{ data: EraseSettings }>()).then((r) => r.data),
  });

export const saveEraseSettings = (erase_after_days: number) =>
  call(() =>
    api.post('v2/erasures/settings', { json: { _method: 'PATCH', erase_after_days } }).json<{ data: EraseSettings }>(),
  ).then((r) => r.data);
