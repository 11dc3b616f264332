/**
 * View Conferences (`/timesheet/view-conferences`): the records of the conference category
 * (parent-teacher and scholar-led conference nights) over a range (this school year, July to June, unless chosen),
 * for everyone or one person, by date (each date's people, their in and out and worked hours, the date's total and
 * head count) or by person (their dates, records and hours), with the grand total and a CSV of the view. The range,
 * person and view live in the address. Online only: without a connection the screen says it needs one.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { downloadCsv } from '../../../ui/data/csv';
import { QueryState } from '../../../ui/data/query-state';
import { addNotification } from '../../../ui/notifications';
import { schoolDayOf } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { SegmentedChoice } from '../../../ui/timekeeping/range-nav';
import { ListScreenTop } from '../parts/list-screen-top';
import { PersonFilter } from '../parts/person-filter';
import { RangeFields } from '../parts/range-fields';
import { ConferencesByDate } from './conferences-by-date';
import { ConferencesByPerson } from './conferences-by-person';
import { groupConferences } from './model/conference-groups';
import { type ConferenceView, conferencesCsv, conferencesCsvName } from './model/conferences-csv';
import { schoolYearOf, shiftSchoolYear } from './model/school-year';
import { useConferences } from './use-conferences';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const VIEWS: readonly ConferenceView[] = ['date', 'person'];

export interface ConferencesPageProps {
  /** The signed-in person's permissions (the route requires timesheets-view_any). */
  permissions: readonly string[];
}

/** The View Conferences screen. */
export default function ConferencesPage(_props: ConferencesPageProps) {
  const { t, i18n } = useTranslation('timesheet-records');
  const { t: tc } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const today = schoolDayOf(Date.now(), timeZone);
  const [params, setParams] = useSearchParams();
  const year = schoolYearOf(today);
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : year.from;
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : year.to;
  const staffId = params.get('staff') ?? '';
  const view: ConferenceView = params.get('view') === 'person' ? 'person' : 'date';
  const change = (values: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) value ? next.set(key, value) : next.delete(key);
        return next;
      },
      { replace: true },
    );
  const rangeOk = from <= to;
  const records = useConferences(from, to, staffId, rangeOk);
  const totals = groupConferences(records.data ?? [], i18n.language);

  const download = () => {
    const { header, rows } = conferencesCsv(totals, view, t, timeZone);
    downloadCsv(conferencesCsvName(view, from, to), header, rows);
    addNotification({ type: 'success', text: t('conferences.csvDone') });
  };

  return (
    <Stack gap="5">
      <ListScreenTop title={tc('sections.viewConferences')} intro={t('conferences.intro')}>
        <RangeFields
          from={from}
          to={to}
          quick={[
            { key: 'this', label: t('filters.thisSchoolYear'), ...year },
            { key: 'last', label: t('filters.lastSchoolYear'), ...shiftSchoolYear(today, -1) },
          ]}
          onChange={(values) => change(values as Record<string, string>)}
        />
        <PersonFilter staffId={staffId} onChange={(id) => change({ staff: id })} />
      </ListScreenTop>
      <HStack gap="3" wrap="wrap" justify="space-between">
        <SegmentedChoice
          label={t('conferences.views')}
          choices={VIEWS}
          value={view}
          text={(v) => (v === 'date' ? t('conferences.byDate') : t('conferences.byPerson'))}
          onChange={(v) => change({ view: v === 'date' ? '' : v })}
        />
        <Button variant="outline" minH="10" disabled={!records.data?.length} onClick={download}>
          {t('export.button')}
        </Button>
      </HStack>
      {rangeOk && (
        <QueryState
          query={records}
          isEmpty={totals.byDate.length === 0}
          emptyText={t('conferences.empty')}
          offlineText={t('offline')}
        >
          {/* Dimmed while TanStack's placeholderData (the last page kept on screen) waits for the next. */}
          <Stack gap="4" opacity={records.isPlaceholderData ? 0.6 : 1} aria-busy={records.isFetching || undefined}>
            <Text fontWeight="semibold" fontSize="lg" role="status">
              {t('conferences.grandTotal', {
                hours: formatMinutes(totals.minutes),
                people: t('conferences.people', { count: totals.people }),
                dates: t('conferences.dates', { count: totals.dates }),
              })}
            </Text>
            {totals.open > 0 && <Text color="fg.muted">{t('conferences.openNotCounted')}</Text>}
            {view === 'date' ? (
              <ConferencesByDate groups={totals.byDate} timeZone={timeZone} />
            ) : (
              <ConferencesByPerson totals={totals} />
            )}
          </Stack>
        </QueryState>
      )}
    </Stack>
  );
}
