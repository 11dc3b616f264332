/**
 * This Week: the week's group meetings, Monday to Sunday, grouped by day on the school's clock, with
 * previous and next week. The week shown is in the address (`?week=<Monday>`), so a reload keeps it.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PortalMeeting, PortalMeetingsResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { addDays, schoolDayOf } from '../../../ui/school-clock';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { PeriodPager } from '../layout/period-pager';
import { formatLongDay, formatShortDay, mondayOf, useLocale } from '../layout/portal-format';
import { ItemList, PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { MeetingItem } from './meeting-item';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The meetings by school day, in order (the server answers them by start). */
function byDay(meetings: readonly PortalMeeting[], timeZone: string): [string, PortalMeeting[]][] {
  const days = new Map<string, PortalMeeting[]>();
  for (const m of meetings) {
    const day = schoolDayOf(m.starts_at, timeZone);
    days.set(day, [...(days.get(day) ?? []), m]);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b));
}

/** The screen. */
export default function ThisWeekPage() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { userId, scholar, today, timeZone } = usePortal();
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const current = mondayOf(today);
  const from = asked && DAY.test(asked) ? mondayOf(asked) : current;
  const to = addDays(from, 6);
  const query = usePortalQuery<PortalMeetingsResponse>(
    userId,
    `v2/scholar/scholars/${scholar.id}/meetings?from=${from}&to=${to}`,
  );
  const goTo = (monday: string) =>
    setParams(
      (p) => {
        if (monday === current) p.delete('week');
        else p.set('week', monday);
        return p;
      },
      { replace: true },
    );
  const meetings = query.data?.data.data ?? [];
  return (
    <PortalScreen
      title={tc('sections.thisWeek')}
      subtitle={t('thisWeek.range', { from: formatShortDay(from, locale), to: formatShortDay(to, locale) })}
    >
      <PeriodPager
        previousLabel={t('thisWeek.previous')}
        nextLabel={t('thisWeek.next')}
        currentLabel={t('thisWeek.thisWeek')}
        showCurrent={from !== current}
        onPrevious={() => goTo(addDays(from, -7))}
        onNext={() => goTo(addDays(from, 7))}
        onCurrent={() => goTo(current)}
      />
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={meetings.length === 0} emptyText={t('thisWeek.empty')}>
        <Stack gap="5">
          {byDay(meetings, timeZone).map(([day, list]) => (
            <Stack as="section" key={day} gap="2" aria-labelledby={`week-${day}`}>
              <Heading as="h2" size="md" id={`week-${day}`}>
                {formatLongDay(day, locale)}
              </Heading>
              <ItemList variant="rows">
                {list.map((m) => (
                  <MeetingItem key={m.id} meeting={m} timeZone={timeZone} />
                ))}
              </ItemList>
            </Stack>
          ))}
        </Stack>
      </QueryState>
    </PortalScreen>
  );
}
