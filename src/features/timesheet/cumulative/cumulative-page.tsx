/**
 * View Cumulative (`/timesheet/view-cumulative`): per person, the running totals of a pay period and
 * of the school year (July to June) to date, to today while the period is the current one and to its end for a past
 * one: worked, expected so far (the hours expected later apart), the difference, and worked by category. The pay
 * period is chosen with previous / next (it lives in the address, with the sort); both come from the summary with
 * totals only (`days=false`). Sorted by name or either difference. Print and CSV. A timekeeper's screen, online only.
 */
import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSummary } from '../reports/api/report-queries';
import { rangeText } from '../reports/model/words';
import { PRINT_SCOPE, PrintStyle } from '../reports/print-style';
import { RangeControls } from '../reports/range-controls';
import { ReportActions } from '../reports/report-actions';
import { ReportState } from '../reports/report-state';
import { useReportRange } from '../reports/use-report-range';
import { CumulativeTable } from './cumulative-table';
import { cumulativeCsv } from './model/cumulative-csv';
import {
  CUMULATIVE_SORTS,
  type CumulativeSort,
  cumulativeRows,
  cumulativeTotals,
  usedCategories,
  yearToDate,
} from './model/cumulative-rows';

const KINDS = ['period'] as const;

export interface CumulativePageProps {
  /** The signed-in person's permissions (the route already requires timesheets-view_any). */
  permissions: readonly string[];
}

/** The View Cumulative screen. */
export default function CumulativePage(_props: CumulativePageProps) {
  const { t, i18n } = useTranslation('timesheet-reports', { keyPrefix: 'cumulative' });
  const { t: tt } = useTranslation('timesheet');
  const { t: tc } = useTranslation();
  const report = useReportRange(KINDS);
  const period = report.range;
  const year = period ? yearToDate(period, report.today) : null;
  const periodSummary = useSummary(period, 'false');
  const yearSummary = useSummary(year, 'false');
  const sort: CumulativeSort = CUMULATIVE_SORTS.includes(report.sort as CumulativeSort)
    ? (report.sort as CumulativeSort)
    : 'name';
  const periodData = periodSummary.data;
  const yearData = yearSummary.data;
  const rows = useMemo(
    () => (periodData && yearData ? cumulativeRows(periodData, yearData, sort) : null),
    [periodData, yearData, sort],
  );
  const categories = useMemo(() => usedCategories(rows ?? []), [rows]);
  const totals = useMemo(() => cumulativeTotals(rows ?? []), [rows]);
  const periodLabel = period ? rangeText(period, i18n.language) : '';
  const yearLabel = year ? rangeText({ from: year.from, to: year.to }, i18n.language) : '';
  const toToday = year?.toToday ?? false;
  // The screen waits on the pay period's dates, then on the pay period's totals, then on the year's.
  const waitingOn = !period ? report.period : periodSummary.data ? yearSummary : periodSummary;

  return (
    <Stack gap="4" {...{ [PRINT_SCOPE]: '' }}>
      <PrintStyle />
      <Heading as="h1" size="xl">
        {tc('sections.viewCumulative')}
      </Heading>
      <RangeControls kinds={KINDS} report={report} />
      <ReportState query={waitingOn} isEmpty={!rows?.length} emptyText={t('empty')} skeletonRows={8}>
        {rows && (
          <Stack gap="3">
            <HStack gap="4" wrap="wrap" justify="space-between" align="flex-end">
              <Text data-testid="cumulative-intro">{t(toToday ? 'introToToday' : 'intro', { year: yearLabel })}</Text>
              <ReportActions
                csv={() =>
                  cumulativeCsv(rows, categories, {
                    period: period as NonNullable<typeof period>,
                    person: t('csv.person'),
                    exempt: t('csv.exempt'),
                    yes: t('csv.yes'),
                    periodColumn: (what) => t('csv.period', { what: t(`csv.${what}`) }),
                    yearColumn: (what) => t('csv.year', { what: t(`csv.${what}`) }),
                    category: (category, scope) =>
                      t(scope === 'period' ? 'csv.period' : 'csv.year', { what: tt(`categories.${category}`) }),
                  })
                }
              />
            </HStack>
            <CumulativeTable
              rows={rows}
              totals={totals}
              categories={categories}
              periodLabel={periodLabel}
              yearLabel={yearLabel}
              yearToToday={toToday}
              sort={sort}
              onSort={(next) => report.update({ sort: next })}
            />
          </Stack>
        )}
      </ReportState>
    </Stack>
  );
}
