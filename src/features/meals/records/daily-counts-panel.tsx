/**
 * The daily counts part of View Records, for the claim: the range and service chosen above, how the limit is worked
 * out (with the school's attendance factor), how many days are above a limit, how many meals of closed days the
 * totals leave out, the table and its CSV export, and the dialog that counts a closed day as a meal service.
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NslpDailyCountsQuery } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { QueryState } from '../../../ui/data/query-state';
import { useDailyCounts } from './api/daily-counts';
import { DailyCountsTable, inClaim } from './daily-counts-table';
import { MealServiceDialog } from './meal-service-dialog';
import { countsCsv } from './model/records-csv';

/** Counts, summary and export of a range; `query` is null while the range is invalid. */
export function DailyCountsPanel({
  query,
  canCountServices = false,
}: {
  query: NslpDailyCountsQuery | null;
  /** May count a closed day's meals as a meal service (meal_service_days-create). */
  canCountServices?: boolean;
}) {
  const { t, i18n } = useTranslation('meal-records');
  const counts = useDailyCounts(query);
  const [serviceDay, setServiceDay] = useState<string | null>(null);
  const days = counts.data?.data ?? [];
  const byCategory = counts.data?.meta.by_category ?? true;
  const flagged = days.filter((d) => d.flagged).length;
  const claimed = new Set(inClaim(days));
  const leftOut = days.filter((d) => !claimed.has(d)).reduce((acc, d) => acc + d.total, 0);
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
          {leftOut > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('closed.leftOut', { count: leftOut })}</Alert.Title>
            </Alert.Root>
          )}
          <DailyCountsTable
            days={days}
            byCategory={byCategory}
            onCountAsService={canCountServices ? setServiceDay : undefined}
          />
        </Stack>
      </QueryState>
      <MealServiceDialog day={serviceDay} onClose={() => setServiceDay(null)} />
    </Stack>
  );
}
