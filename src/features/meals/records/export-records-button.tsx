/**
 * Export of the filtered range as CSV: every page of the meal records with the table's filter and sort (the shared
 * `ExportCsvButton`), named with the roster, with the eligibility column when the user may see it.
 */
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { ExportCsvButton } from '../../../ui/data/export-csv-button';
import { mealRecordsErrorText, nslpRecordsResource } from './api/meal-records-resource';
import { recordsCsv } from './model/records-csv';

export interface ExportRecordsButtonProps {
  filter: Record<string, string | undefined>;
  sort: string;
  scholars: Map<string, DemographicRecord>;
  timeZone: string;
  withEligibility: boolean;
  disabled?: boolean;
}

/** The Export CSV button and its progress. */
export function ExportRecordsButton({
  filter,
  sort,
  scholars,
  timeZone,
  withEligibility,
  disabled,
}: ExportRecordsButtonProps) {
  const { t, i18n } = useTranslation('meal-records');

  const toCsv = (records: NslpRecord[]) => {
    const { header, rows } = recordsCsv(records, scholars, { t, timeZone, locale: i18n.language, withEligibility });
    return { fileName: `meal-records-${filter.from}-to-${filter.to}.csv`, header, rows };
  };

  return (
    <ExportCsvButton
      list={nslpRecordsResource.list}
      params={{ filter, sort }}
      toCsv={toCsv}
      disabled={disabled}
      texts={{
        button: t('export.records'),
        progress: (progress) => t('export.progress', { ...progress }),
        done: (count) => t('export.done', { count, total: count.toLocaleString(i18n.language) }),
        failed: (error) => t('export.failed', { message: mealRecordsErrorText(error, t) }),
      }}
    />
  );
}
