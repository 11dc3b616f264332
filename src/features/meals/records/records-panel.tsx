/**
 * The records part of View Records: the filters, the Export CSV button, the table with its pager and the void
 * dialog. The table stays on screen while the next page loads; without a connection the list says so and offers
 * Retry, and what was chosen in the filters stays. A page beyond the last (records voided meanwhile) keeps its pager,
 * so the way back is there.
 */
import { Box, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord, NslpRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { useMealRecords } from './api/list-meal-records';
import { ExportRecordsButton } from './export-records-button';
import { type RecordsState, toRecordsListParams } from './model/records-state';
import { RecordsFilters } from './records-filters';
import { RecordsTable } from './records-table';
import { VoidRecordDialog } from './void-record-dialog';

export interface RecordsPanelProps {
  state: RecordsState;
  update: (patch: Partial<RecordsState>) => void;
  today: string;
  timeZone: string;
  /** False while the range is invalid: nothing is asked then. */
  rangeOk: boolean;
  roster: readonly DemographicRecord[] | undefined;
  scholars: Map<string, DemographicRecord>;
  canVoid: boolean;
  showEligibility: boolean;
}

/** Filters, export, table, pager and the void dialog. */
export function RecordsPanel(props: RecordsPanelProps) {
  const { state, update, today, timeZone, rangeOk, roster, scholars, canVoid, showEligibility } = props;
  const { t } = useTranslation('meal-records');
  const params = toRecordsListParams(state, today);
  const records = useMealRecords(params, rangeOk);
  const [voiding, setVoiding] = useState<NslpRecord | null>(null);
  return (
    <Stack gap="4">
      <RecordsFilters state={state} roster={roster} scholars={scholars} onChange={update} />
      <HStack justify="flex-end">
        <ExportRecordsButton
          filter={params.filter ?? {}}
          sort={state.sort}
          scholars={scholars}
          timeZone={timeZone}
          withEligibility={showEligibility}
          disabled={!rangeOk}
        />
      </HStack>
      {rangeOk && (
        <QueryState
          query={records}
          isEmpty={records.data?.meta.total === 0}
          emptyText={t('empty')}
          offlineText={t('needsConnection')}
        >
          <Box opacity={records.isPlaceholderData ? 0.6 : 1} aria-busy={records.isFetching || undefined}>
            <RecordsTable
              records={records.data?.data ?? []}
              scholars={scholars}
              timeZone={timeZone}
              sort={state.sort}
              onSortChange={(sort) => update({ sort })}
              showEligibility={showEligibility}
              onVoid={canVoid ? setVoiding : undefined}
            />
            <Pager
              page={state.page}
              perPage={state.perPage}
              total={records.data?.meta.total ?? 0}
              onPageChange={(page) => update({ page })}
              onPerPageChange={(perPage) => update({ perPage })}
            />
          </Box>
        </QueryState>
      )}
      {canVoid && (
        <VoidRecordDialog
          record={voiding}
          scholar={voiding ? scholars.get(voiding.scholar_id) : undefined}
          onClose={() => setVoiding(null)}
        />
      )}
    </Stack>
  );
}
