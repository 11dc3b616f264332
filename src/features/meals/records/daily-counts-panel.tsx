/**
 * The daily counts part of View Records, for the claim: the range and service chosen above, how the limit is worked
 * out (with the school's attendance factor), how many days are above a limit, the table and its CSV export.
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NslpDailyCountsQuery } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { QueryState } from '../../../ui/data/query-state';
import { useDailyCounts } from './api/daily-counts';
import { DailyCountsTable } from './daily-counts-table';
import { countsCsv } from './model/records-csv';

/** Counts, summary and export of a range; `query` is null while the range is invalid. */
export function DailyCountsPanel({ query }: { query: NslpDailyCountsQuery | null }) {
  const { t, i18n } = useTranslation('meal-records');
  const counts = useDailyCounts(query);
  const days = counts.data?.data ?? [];
  const byCategory = counts.data?.meta.by_category ?? true;
  const flagged = days.filter((d) => d.flagged).length;
  const exportCounts = () => {
    if (!query) return;
    const { header, rows } = countsCsv(days, t, byCategory);
    downloadCsv(`meal-counts-${query.from}-to-${query.to}.csv`, header, rows);
  };
  if (!query) return null;
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        {counts.data && (
          <Text fontSize="sm" color="fg.muted" maxW="3xl">
            {byCategory
              ? t('counts.explain', { factor: counts.data.meta.attendance_factor.toLocaleString(i18n.language) })
              : t('counts.totalsOnly')}
          </Text>
        )}
        <Button variant="outline" onClick={exportCounts} disabled={!days.length}>
          {t('export.counts')}
        </Button>
      </HStack>
      <QueryState
        query={counts}
        isEmpty={days.length === 0}
        emptyText={t('counts.empty')}
        offlineText={t('needsConnection')}
      >
        <Stack gap="3" opacity={counts.isPlaceholderData ? 0.6 : 1} aria-busy={counts.isFetching || undefined}>
          {flagged > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('counts.flaggedDays', { count: flagged })}</Alert.Title>
            </Alert.Root>
          )}
          <DailyCountsTable days={days} byCategory={byCategory} />
        </Stack>
      </QueryState>
    </Stack>
  );
}
