/**
 * Export of the filtered range as CSV: every page of the list with the same filters, adult search and sort as the
 * table (the shared `ExportCsvButton`), named with the roster and, for the rare record without a stored adult name,
 * the listed adult looked up by id.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/resource';
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../../contract';
import { ExportCsvButton, exportCsvTexts } from '../../../ui/data/export-csv-button';
import { pickUpQueryOptions } from './api/pick-ups';
import { checkInsResource, recordsErrorText } from './api/records-resource';
import { unnamedPickUpIds } from './model/names';
import { recordsCsv } from './model/records-csv';

export interface ExportRecordsButtonProps {
  query: Omit<ListParams, 'page' | 'per_page'>;
  range: { from: string; to: string };
  scholars: Map<string, DemographicRecord>;
  /** May look up listed adults by id (authorized_pick_ups-view_any). */
  canListAdults: boolean;
  timeZone: string;
  disabled?: boolean;
}

/** The Export CSV button and its progress. */
export function ExportRecordsButton({
  query,
  range,
  scholars,
  canListAdults,
  timeZone,
  disabled,
}: ExportRecordsButtonProps) {
  const { t, i18n } = useTranslation('sign-out-records');
  const queryClient = useQueryClient();

  /** The listed adults the records name without a stored name (rare), for their names in the file. */
  const namesOf = async (ids: string[]) => {
    const pickUps = new Map<string, AuthorizedPickUpRecord>();
    if (!canListAdults) return pickUps;
    for (const id of ids) {
      const adult = await queryClient.fetchQuery(pickUpQueryOptions(id)).catch(() => null);
      if (adult) pickUps.set(id, adult);
    }
    return pickUps;
  };

  const toCsv = async (records: CheckInRecord[]) => {
    const pickUps = await namesOf(unnamedPickUpIds(records));
    const { header, rows } = recordsCsv(records, { scholars, pickUps }, { t, timeZone, locale: i18n.language });
    return { fileName: `sign-out-records-${range.from}-to-${range.to}.csv`, header, rows };
  };

  return (
    <ExportCsvButton
      list={checkInsResource.list}
      params={query}
      toCsv={toCsv}
      disabled={disabled}
      texts={exportCsvTexts(t, i18n.language, (error) => t('export.failed', { message: recordsErrorText(error, t) }))}
    />
  );
}
