/**
 * View Daily Combined (`/timesheet/view-group-by-date`): everyone's recorded time for a range (this
 * week by default; a pay period, a month or dates chosen by hand), by date: each day's people with their first in,
 * last out, worked and expected hours so far (today's up to now), the difference and the day's flags, the day's
 * totals, and who was expected but recorded nothing; the hours expected later in the dates are said apart. One person or everyone. The range and the person live in the address. Print and CSV. A
 * timekeeper's screen, online only.
 */
import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { useSummary } from '../reports/api/report-queries';
import { clock24, signedMinutes } from '../reports/model/words';
import { PersonFilter } from '../reports/person-filter';
import { PRINT_SCOPE, PrintStyle } from '../reports/print-style';
import { RangeControls } from '../reports/range-controls';
import { ReportActions } from '../reports/report-actions';
import { ReportState } from '../reports/report-state';
import { useReportRange } from '../reports/use-report-range';
import { DAILY_CSS, DaySection } from './day-section';
import { dailyCsv } from './model/daily-csv';
import { dailyGroups, rangeTotals } from './model/daily-groups';

const KINDS = ['week', 'period', 'month', 'dates'] as const;

export interface DailyPageProps {
  /** The signed-in person's permissions (the route already requires timesheets-view_any). */
  permissions: readonly string[];
}

/** The View Daily Combined screen. */
export default function DailyPage(_props: DailyPageProps) {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'daily' });
  const { t: tt } = useTranslation('timesheet');
  const { t: tr } = useTranslation('timesheet-reports');
  const { t: tc } = useTranslation();
  const report = useReportRange(KINDS);
  const summary = useSummary(report.range);
  const data = summary.data;
  const groups = useMemo(
    () => (data ? dailyGroups(data, report.today, report.staff) : null),
    [data, report.today, report.staff],
  );
  const totals = groups ? rangeTotals(groups) : null;
  const timeZone = data?.time_zone ?? 'UTC';
  const people = useMemo(
    () => [...(data?.people ?? [])].sort((a, b) => a.user_name.localeCompare(b.user_name)),
    [data],
  );

  const csv = () =>
    dailyCsv(groups ?? [], {
      header: [
        t('csv.date'),
        t('csv.person'),
        t('csv.firstIn'),
        t('csv.lastOut'),
        t('csv.worked'),
        t('csv.expected'),
        t('csv.later'),
        t('csv.over'),
        t('csv.under'),
        t('csv.flags'),
        t('csv.status'),
      ],
      clock: (instant) => (instant ? clock24(instant, timeZone) : ''),
      flag: (code) => tt(`flags.${code}`),
      open: (open) => tr(`open.${open}`),
      absent: t('csv.absent'),
    });

  return (
    <Stack gap="4" {...{ [PRINT_SCOPE]: '' }}>
      <PrintStyle />
      <Heading as="h1" size="xl">
        {tc('sections.viewGroupByDate')}
      </Heading>
      <RangeControls kinds={KINDS} report={report} />
      {!report.problem && (
        <ReportState
          query={report.range ? summary : report.period}
          isEmpty={!data?.people.length}
          emptyText={t('empty')}
          skeletonRows={8}
        >
          {groups && totals && (
            <Stack gap="4">
              <HStack gap="4" wrap="wrap" justify="space-between" align="flex-end">
                <PersonFilter people={people} value={report.staff} onChange={(staff) => report.update({ staff })} />
                <ReportActions csv={csv} />
              </HStack>
              <Text fontWeight="semibold" data-testid="range-total">
                {t('rangeTotal', {
                  count: totals.people,
                  worked: formatMinutes(totals.worked),
                  expected: formatMinutes(totals.expected),
                  difference: signedMinutes(totals.difference),
                })}
              </Text>
              {totals.ahead > 0 && (
                <Text data-testid="range-ahead">{t('ahead', { ahead: formatMinutes(totals.ahead) })}</Text>
              )}
              <Stack gap="6" css={DAILY_CSS}>
                {groups.map((group) => (
                  <DaySection key={group.date} group={group} timeZone={timeZone} />
                ))}
              </Stack>
            </Stack>
          )}
        </ReportState>
      )}
    </Stack>
  );
}
