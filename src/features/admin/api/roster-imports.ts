/**
 * `v2/roster_imports`: upload a OneRoster package for its preview, apply it, follow its progress, and the imports'
 * history. The upload carries a client id, so a retried upload answers the same preview instead of a second one.
 */
import { api, call } from '../../../api/client';
import {
  type CsvColumns,
  type CsvImportKind,
  type RosterImportRecord,
  type StaffOneRosterRole,
  uuidv7,
} from '../../../contract';

export const rosterImportKeys = {
  all: ['roster_imports'] as const,
  history: (page: number) => ['roster_imports', 'history', page] as const,
  one: (id: string) => ['roster_imports', id] as const,
};

export const HISTORY_PER_PAGE = 10;

/** Uploads the package; answers its preview. */
export const uploadRosterPackage = (file: File) => {
  const body = new FormData();
  body.append('id', uuidv7());
  body.append('file', file);
  return call(() =>
    api.post('v2/roster_imports', { body, timeout: 120_000 }).json<{ data: RosterImportRecord }>(),
  ).then((r) => r.data);
};

/** Starts applying a preview with the roles chosen for new staff; answers it as it is then (applying). */
export const applyRosterImport = (id: string, roles: Partial<Record<StaffOneRosterRole, string>>) =>
  call(() => api.post(`v2/roster_imports/${id}/apply`, { json: { roles } }).json<{ data: RosterImportRecord }>()).then(
    (r) => r.data,
  );

export const fetchRosterImport = (id: string, signal?: AbortSignal) =>
  call(() => api.get(`v2/roster_imports/${id}`, { signal }).json<{ data: RosterImportRecord }>()).then((r) => r.data);

export const fetchRosterImportHistory = (page: number, signal?: AbortSignal) =>
  call(() =>
    api
      .get('v2/roster_imports', { searchParams: { page, per_page: HISTORY_PER_PAGE }, signal })
      .json<{ data: RosterImportRecord[]; meta: { page: number; per_page: number; total: number } }>(),
  );

/** A plain CSV's columns and the mapping the server proposes for them; nothing is written. */
export const fetchCsvColumns = (kind: CsvImportKind, file: File) => {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  return call(() =>
    api.post('v2/roster_imports/csv_columns', { body, timeout: 120_000 }).json<{ data: CsvColumns }>(),
  ).then((r) => r.data);
};

/** Uploads a plain CSV with its column mapping; answers its preview. */
export const uploadRosterCsv = (kind: CsvImportKind, file: File, mapping: Record<string, string>) => {
  const body = new FormData();
  body.append('id', uuidv7());
  body.append('kind', `csv_${kind}`);
  body.append('mapping', JSON.stringify(mapping));
  body.append('file', file);
  return call(() =>
    api.post('v2/roster_imports', { body, timeout: 120_000 }).json<{ data: RosterImportRecord }>(),
  ).then((r) => r.data);
};
