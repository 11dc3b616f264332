/**
 * View Records of Scholar Sign Out (`/sign-out/view-records`): the sign-outs and returns every pick-up
 * station sent, read from the server (`GET v2/check_ins`), with arrivals and departures on request. Filtered by date
 * range (today by default, on the school's clock), scholar, adult (one from a pick-up list, or any typed name: an
 * override's adult is typed), method and flagged; sorted by time; paginated; a CSV export of the whole filtered range.
 * Flagged sign-outs (overrides, to an adult not on the list) stand out in the rows and are counted above them.
 * Everything chosen is kept in the URL. The screen is online only: offline it says so and keeps what was chosen.
 */
import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoster } from '../../../api/list-scholars';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { schoolDayOf } from '../../../ui/school-clock';
import { useCheckIns, useFlaggedCount } from './api/list-check-ins';
import { usePickUps } from './api/pick-ups';
import { ExportRecordsButton } from './export-records-button';
import { FlaggedSummary } from './flagged-summary';
import { indexRoster, unnamedPickUpIds } from './model/names';
import {
  resolveRange,
  toRecordFilters,
  toRecordsListParams,
  toRecordsQuery,
  useRecordsState,
} from './model/records-state';
import { RecordsFilters } from './records-filters';
import { RecordsTable } from './records-table';

export interface SignOutRecordsPageProps {
  /** The signed-in person's permissions: listing pick-up adults needs authorized_pick_ups-view_any. */
  permissions: readonly string[];
}

/** The View Records screen of Scholar Sign Out. */
export default function SignOutRecordsPage({ permissions }: SignOutRecordsPageProps) {
  const { t } = useTranslation('sign-out-records');
  const { t: tc } = useTranslation();
  const [state, update] = useRecordsState();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(Date.now(), timeZone);
  const canListAdults = permissions.includes('authorized_pick_ups-view_any');
  const roster = useRoster();
  const scholars = useMemo(() => indexRoster(roster.data), [roster.data]);
  const range = resolveRange(state, today);
  const rangeOk = range.from <= range.to;
  const params = toRecordsListParams(state, today);
  const records = useCheckIns(params, rangeOk);
  const flagged = useFlaggedCount(toRecordFilters(state, today), rangeOk && !state.flaggedOnly && !state.adult);
  const rows = records.data?.data ?? [];
  const pickUps = usePickUps(unnamedPickUpIds(rows), canListAdults);

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {tc('sections.viewRecords')}
      </Heading>
      <RecordsFilters
        state={state}
        range={range}
        problem={rangeOk ? null : t('filters.rangeInvalid')}
        scholars={scholars}
        canListAdults={canListAdults}
        onChange={update}
      />
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Box flex="1">
          {!state.flaggedOnly && (
            <FlaggedSummary count={flagged.data} onShowOnly={() => update({ flaggedOnly: true })} />
          )}
        </Box>
        <ExportRecordsButton
          query={toRecordsQuery(state, today)}
          range={range}
          scholars={scholars}
          canListAdults={canListAdults}
          timeZone={timeZone}
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
              records={rows}
              scholars={scholars}
              pickUps={pickUps}
              timeZone={timeZone}
              sort={state.sort}
              onSortChange={(sort) => update({ sort })}
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
    </Stack>
  );
}
