/**
 * Export CSV on a content list: every record the list's search, filters and order find (every page, not only the one
 * on screen), through the shared ExportCsvButton. The screen gives the file's name, header and how a record reads as a
 * row (its own words: the table's cells are elements, a file wants text).
 */
import { useTranslation } from 'react-i18next';
import { ApiError, SERVER_ERROR } from '../../../api/client';
import type { ListParams, ListResult } from '../../../api/resource';
import { ExportCsvButton, exportCsvTexts } from '../../../ui/data/export-csv-button';

/** A content list's CSV file: its name (without .csv), its header and each record's row. */
export interface ContentCsv<R> {
  fileName: string;
  header: readonly string[];
  row: (record: R) => readonly string[];
}

export interface ExportContentButtonProps<R> {
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResult<R>>;
  params: Omit<ListParams, 'page' | 'per_page'>;
  csv: ContentCsv<R>;
  disabled?: boolean;
}

/** The button and its progress. */
export function ExportContentButton<R>({ list, params, csv, disabled }: ExportContentButtonProps<R>) {
  const { t, i18n } = useTranslation('exports');
  const { t: tp } = useTranslation('portal-content');
  const reason = (error: unknown) =>
    error instanceof ApiError ? (error.isOffline ? tp('offline') : error.message) : SERVER_ERROR;
  return (
    <ExportCsvButton
      list={list}
      params={params}
      toCsv={(records: R[]) => ({ fileName: `${csv.fileName}.csv`, header: csv.header, rows: records.map(csv.row) })}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: reason(error) }))}
    />
  );
}
