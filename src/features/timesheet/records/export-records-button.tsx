/**
 * Export CSV of View Records: every record of the filtered range and search (all pages, one after another, with
 * progress), in the list's order, as `recordsCsv` writes them.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimesheetRecord } from '../../../contract';
import { ExportCsvButton, exportCsvTexts } from '../../../ui/data/export-csv-button';
import { timesheetsApi } from '../api/timesheets-api';
import { recordsCsv, recordsCsvName } from './model/records-csv';
import { type RecordsState, recordsFilter } from './model/records-state';

export interface ExportRecordsButtonProps {
  state: RecordsState;
  timeZone: string;
  disabled?: boolean;
}

/** The Export CSV button and its progress. */
export function ExportRecordsButton({ state, timeZone, disabled }: ExportRecordsButtonProps) {
  const { t, i18n } = useTranslation('timesheet-records');
  const { t: tt } = useTranslation('timesheet');
  const toCsv = (records: TimesheetRecord[]) => ({
    fileName: recordsCsvName(state.from, state.to),
    ...recordsCsv(records, { t, tt, timeZone }),
  });
  return (
    <ExportCsvButton
      list={timesheetsApi.list}
      params={{ filter: recordsFilter(state), search: state.search || undefined, sort: state.sort }}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) =>
        error instanceof ApiError && error.isOffline
          ? t('offline')
          : t('export.failed', { message: error instanceof Error ? error.message : String(error) }),
      )}
    />
  );
}
