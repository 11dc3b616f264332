/**
 * Export CSV of the conference days: every conference the search finds (every page), with its day, times on the
 * school's clock (HH:MM as stored), teacher, grades and how many signed in.
 */
import { useTranslation } from 'react-i18next';
import { ApiError, SERVER_ERROR } from '../../api/client';
import type { ConferenceRecord } from '../../contract';
import { ExportCsvButton, exportCsvTexts } from '../../ui/data/export-csv-button';
import { conferencesApi } from './conference-api';

/** The button and its progress, for the list's search. */
export function ExportConferencesButton({ search, disabled }: { search: string; disabled?: boolean }) {
  const { t, i18n } = useTranslation('exports');
  const toCsv = (records: ConferenceRecord[]) => ({
    fileName: `${t('conferences.fileName')}.csv`,
    header: [
      t('conferences.columns.title'),
      t('conferences.columns.day'),
      t('conferences.columns.start'),
      t('conferences.columns.end'),
      t('conferences.columns.teacher'),
      t('conferences.columns.grades'),
      t('conferences.columns.minutes'),
      t('conferences.columns.signIns'),
    ],
    rows: records.map((c) => [
      c.title,
      c.held_on,
      c.start_time.slice(0, 5),
      c.end_time.slice(0, 5),
      c.teacher_name ?? '',
      c.grades.join(', '),
      String(c.minutes_per_scholar),
      String(c.sign_in_count),
    ]),
  });
  const reason = (error: unknown) =>
    error instanceof ApiError ? (error.isOffline ? t('export.offline') : error.message) : SERVER_ERROR;
  return (
    <ExportCsvButton
      list={conferencesApi.list}
      params={{ search: search || undefined }}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: reason(error) }))}
    />
  );
}
