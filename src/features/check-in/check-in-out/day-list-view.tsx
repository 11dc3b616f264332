/**
 * The Check In/Out list: counts, filters, one page of the table, the staff actions with their reason dialog, and
 * Print / Export CSV of every scholar the filters match. Entries from other devices appear when the pull brings
 * them (the live query re-renders this), and the filters keep working on a 5,000-scholar roster because filtering
 * is one pass over prepared rows and only a page is rendered.
 */
import { Button, EmptyState, HStack, Stack } from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../../ui/data/csv';
import { DAY_STATES } from '../model/day-state';
import { formatClockTime } from '../model/school-clock';
import type { CheckInDay } from '../station/use-check-in-day';
import { DayFilters } from './day-filters';
import { csvRows, dayRows, filterDay, filterOptions, NO_FILTERS, pageOf } from './day-list';
import { DayPager } from './day-pager';
import { DayTable } from './day-table';
import { PrintSheet, usePrinting } from './print-sheet';
import { ReasonDialog } from './reason-dialog';
import { StateCounts } from './state-counts';
import { useStaffActions } from './use-staff-actions';

const CSV_COLUMNS = ['name', 'studentNumber', 'grade', 'homeroom', 'state', 'time', 'reason'] as const;

/** The list of the day with its tools. */
export function DayListView({ day, canRecord }: { day: CheckInDay; canRecord: boolean }) {
  const { t, i18n } = useTranslation('check-in');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(filters);
  const rows = useMemo(() => dayRows(day.index, day.days, day.reports), [day.index, day.days, day.reports]);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const filtered = useMemo(() => filterDay(rows, deferred, day.index), [rows, deferred, day.index]);
  const current = pageOf(filtered.shown, page);
  const actions = useStaffActions(day);
  const { printing, print } = usePrinting();
  const time = (iso: string) => formatClockTime(iso, day.timeZone, i18n.language);
  const stateLabel = (state: (typeof DAY_STATES)[number]) => t(`states.${state}`);

  const change = (next: typeof filters) => {
    setFilters(next);
    setPage(1);
  };
  const exportCsv = () => {
    const header = CSV_COLUMNS.map((c) => t(`day.columns.${c}`));
    downloadCsv(`check-in-out-${day.today}.csv`, header, csvRows(filtered.shown, stateLabel, time));
  };
  const summary = [
    `${t('day.total')}: ${filtered.counts.total}`,
    ...DAY_STATES.map((s) => `${stateLabel(s)}: ${filtered.counts[s]}`),
  ].join(' · ');
  const asking = actions.asking;
  const askingName = asking ? `${asking.row.scholar.fname} ${asking.row.scholar.lname}` : '';

  return (
    <>
      <Stack gap="4" data-check-in-screen="">
        <StateCounts
          counts={filtered.counts}
          reportCounts={filtered.reportCounts}
          selected={filters.state}
          onSelect={(state) => change({ ...filters, state })}
        />
        <DayFilters filters={filters} options={options} onChange={change} />
        <HStack justify="end" gap="2">
          <Button variant="outline" onClick={print}>
            {t('day.print')}
          </Button>
          <Button variant="outline" onClick={exportCsv}>
            {t('day.exportCsv')}
          </Button>
        </HStack>
        {filtered.shown.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Description>{t('day.noMatch')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <DayTable
            rows={current.rows}
            timeZone={day.timeZone}
            onAct={canRecord ? actions.act : null}
            busyId={actions.busyId}
          />
        )}
        <DayPager page={current.page} pages={current.pages} total={filtered.shown.length} onPage={setPage} />
        <ReasonDialog
          title={
            asking
              ? asking.kind === 'departure'
                ? t('day.checkOutTitle', { name: askingName })
                : t('day.lateTitle', { name: askingName })
              : null
          }
          reasons={(asking?.kind === 'departure' ? day.settings?.departure_reasons : day.settings?.late_reasons) ?? []}
          busy={actions.busyId !== null}
          onPick={actions.pick}
          onClose={actions.cancel}
        />
      </Stack>
      {printing && (
        <PrintSheet
          title={t('day.printTitle', { day: day.today })}
          summary={summary}
          rows={filtered.shown}
          timeZone={day.timeZone}
        />
      )}
    </>
  );
}
