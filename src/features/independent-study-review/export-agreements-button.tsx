/**
 * Export CSV of the agreements list: every agreement the state filter, "only mine" and the scholar search find (every
 * page, at the list's largest page size), with its dates, deadline and supervising teacher.
 */
import { useTranslation } from 'react-i18next';
import { ApiError, SERVER_ERROR } from '../../api/client';
import type { AgreementSummary } from '../../contract/independent-study';
import { ExportCsvButton, exportCsvTexts } from '../../ui/data/export-csv-button';
import { AGREEMENTS_MAX_PER_PAGE, type ListParams, listAgreements } from './api';

/** The button and its progress, for the list's filters. */
export function ExportAgreementsButton({ params, disabled }: { params: ListParams; disabled?: boolean }) {
  const { t, i18n } = useTranslation('exports');
  const { t: ti } = useTranslation('independent-study');
  const yesNo = (value: boolean) => t(value ? 'values.yes' : 'values.no');
  const toCsv = (records: AgreementSummary[]) => ({
    fileName: `${t('agreements.fileName')}.csv`,
    header: [
      t('agreements.columns.scholar'),
      t('agreements.columns.studentNumber'),
      t('agreements.columns.grade'),
      t('agreements.columns.state'),
      t('agreements.columns.firstDay'),
      t('agreements.columns.lastDay'),
      t('agreements.columns.schoolDays'),
      t('agreements.columns.deadline'),
      t('agreements.columns.overdue'),
      t('agreements.columns.teacher'),
      t('agreements.columns.version'),
    ],
    rows: records.map((a) => [
      a.scholar_name,
      a.student_number,
      a.grade,
      ti(`states.${a.state}`),
      a.begins_on,
      a.ends_on,
      String(a.school_days),
      a.deadline ?? '',
      yesNo(a.overdue),
      a.teacher_name,
      a.version_number === null ? '' : String(a.version_number),
    ]),
  });
  const reason = (error: unknown) =>
    error instanceof ApiError ? (error.isOffline ? t('export.offline') : error.message) : SERVER_ERROR;
  return (
    <ExportCsvButton
      list={listAgreements}
      params={{
        filter: { state: params.state || undefined, mine: params.mine ? '1' : undefined },
        search: params.search.trim() || undefined,
      }}
      perPage={AGREEMENTS_MAX_PER_PAGE}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: reason(error) }))}
    />
  );
}
