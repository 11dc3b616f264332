/**
 * View Grid (`/timesheet/view-grid`): everyone's hours for a week, a pay period or a month,
 * people by days, worked against expected with week and day totals; the cells that need attention marked (a missing
 * clock-out, over or under expected, a compliance flag) and a legend of the marks; each person's pay period state,
 * which a timekeeper opens to approve, return or reopen it; submitted periods tick for "Approve selected", one
 * confirmation for all. The range lives in the address. Print and CSV. A timekeeper's screen, online only.
 */
import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { useSummary } from '../reports/api/report-queries';
import { ApprovalDialog, type ApprovalTarget } from '../reports/approval-dialog';
import { BulkApprovalDialog, type BulkItem } from '../reports/bulk-approval-dialog';
import { signedMinutes } from '../reports/model/words';
import { PRINT_SCOPE, PrintStyle } from '../reports/print-style';
import { RangeControls, useRangeLabel } from '../reports/range-controls';
import { ReportActions } from '../reports/report-actions';
import { ReportState } from '../reports/report-state';
import { useReportRange } from '../reports/use-report-range';
import { gridCsv } from './grid-csv';
import { GridLegend } from './grid-legend';
import { buildGridModel, type GridPeriod, type GridRow } from './grid-model';
import { GridTable } from './grid-table';
import { useGridWords } from './grid-words';

const KINDS = ['week', 'period', 'month'] as const;

export interface GridPageProps {
  /** The signed-in person's permissions (the route already requires timesheets-view_any). */
  permissions: readonly string[];
}

/** The View Grid screen. */
export default function GridPage({ permissions }: GridPageProps) {
  const { t } = useTranslation('timesheet-reports', { keyPrefix: 'grid' });
  const { t: tt } = useTranslation('timesheet');
  const { t: tc } = useTranslation();
  const report = useReportRange(KINDS);
  const summary = useSummary(report.range);
  const words = useGridWords();
  const label = useRangeLabel(report.state.kind, report.range);
  const [target, setTarget] = useState<ApprovalTarget | null>(null);
  const mayDecide = permissions.includes('timesheets-update');
  const review = useCallback(
    (row: GridRow, period: GridPeriod) => setTarget({ userId: row.userId, userName: row.name, period }),
    [],
  );
  // The ticked submitted periods, by `user_id|start`, with what the confirmation lists of each.
  const [ticked, setTicked] = useState<ReadonlyMap<string, BulkItem>>(new Map());
  // What the confirmation lists, fixed when it opens (null while closed).
  const [bulkItems, setBulkItems] = useState<BulkItem[] | null>(null);
  const toggle = useCallback((row: GridRow, period: GridPeriod) => {
    setTicked((current) => {
      const key = `${row.userId}|${period.start}`;
      const next = new Map(current);
      if (next.has(key)) next.delete(key);
      else next.set(key, { userId: row.userId, userName: row.name, start: period.start, end: period.end });
      return next;
    });
  }, []);
  const untick = useCallback((keys: string[]) => {
    setTicked((current) => {
      const next = new Map(current);
      for (const key of keys) next.delete(key);
      return next;
    });
  }, []);
  // Only what is on screen and still submitted counts (a period approved meanwhile, or out of the range, drops out).
  const chosen = useMemo(() => {
    const submitted = new Set(
      (summary.data?.people ?? []).flatMap((p) =>
        p.periods.filter((x) => x.state === 'submitted').map((x) => `${p.user_id}|${x.start}`),
      ),
    );
    return [...ticked.entries()].filter(([key]) => submitted.has(key));
  }, [ticked, summary.data]);
  const tickedKeys = useMemo(() => new Set(chosen.map(([key]) => key)), [chosen]);
  // Only an answer for the range shown is drawn (never the last range's under this one's dates).
  const data = summary.data;
  const model = useMemo(() => (data ? buildGridModel(data, report.today) : null), [data, report.today]);
  const waitingOn = report.range ? summary : report.period;

  return (
    <Stack gap="4" {...{ [PRINT_SCOPE]: '' }}>
      <PrintStyle />
      <Heading as="h1" size="xl">
        {tc('sections.viewGrid')}
      </Heading>
      <RangeControls kinds={KINDS} report={report} />
      <ReportState query={waitingOn} isEmpty={!model?.rows.length} emptyText={t('empty')} skeletonRows={8}>
        {model && (
          <Stack gap="3">
            <HStack gap="4" wrap="wrap" justify="space-between" align="flex-end">
              <Stack gap="0.5">
                <Text fontWeight="semibold" data-testid="grid-total">
                  {t('total', {
                    worked: formatMinutes(model.total.worked),
                    expected: formatMinutes(model.total.soFar),
                    difference: signedMinutes(model.total.worked - model.total.soFar),
                  })}
                </Text>
                {model.total.expected > model.total.soFar && (
                  <Text data-testid="grid-ahead">
                    {t('ahead', { ahead: formatMinutes(model.total.expected - model.total.soFar) })}
                  </Text>
                )}
                <Text>{model.attention ? t('attention', { count: model.attention }) : t('noAttention')}</Text>
              </Stack>
              {mayDecide && (
                <Button
                  minH="10"
                  colorPalette="primary"
                  disabled={!chosen.length}
                  onClick={() => setBulkItems(chosen.map(([, item]) => item))}
                >
                  {t('approveSelected', { count: chosen.length })}
                </Button>
              )}
              <ReportActions
                csv={() =>
                  gridCsv(model, {
                    person: t('csv.person'),
                    exempt: t('csv.exempt'),
                    yes: t('csv.yes'),
                    states: t('csv.states'),
                    weekWorked: (from, to) => t('csv.weekWorked', { from, to }),
                    weekExpected: (from, to) => t('csv.weekExpected', { from, to }),
                    totalWorked: t('csv.totalWorked'),
                    totalExpected: t('csv.totalExpected'),
                    totalLater: t('csv.totalLater'),
                    over: t('csv.over'),
                    under: t('csv.under'),
                    dayTotals: t('dayTotals'),
                    state: (state) => tt(`states.${state as GridPeriod['state']}`),
                  })
                }
              />
            </HStack>
            <GridTable
              model={model}
              today={report.today}
              words={words}
              texts={{
                caption: t('caption', { range: label }),
                person: t('person'),
                weekTotal: (range) => t('weekTotal', { range }),
                total: t('totalColumn'),
                dayTotals: t('dayTotals'),
              }}
              onReview={mayDecide ? review : null}
              selected={mayDecide ? tickedKeys : null}
              onToggle={mayDecide ? toggle : null}
            />
            <GridLegend />
          </Stack>
        )}
      </ReportState>
      <ApprovalDialog target={target} onClose={() => setTarget(null)} />
      <BulkApprovalDialog
        open={bulkItems !== null}
        items={bulkItems ?? []}
        onClose={() => setBulkItems(null)}
        onApproved={untick}
      />
    </Stack>
  );
}
