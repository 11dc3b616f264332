/**
 * Schedule: the scholar's classes by weekday, Monday to Sunday, only the days that have classes,
 * each with its time on the school's clock, room, teacher and Meet link.
 */
import { Badge, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalClass, PortalScheduleResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { isoWeekdayOf, useLocale, weekdayName } from '../layout/portal-format';
import { ItemList, PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { ClassItem } from './class-item';

/** The classes by ISO weekday, the days in order and each day's classes by start. */
function byWeekday(classes: readonly PortalClass[]): [number, PortalClass[]][] {
  const days = new Map<number, PortalClass[]>();
  for (const c of classes) days.set(c.weekday, [...(days.get(c.weekday) ?? []), c]);
  return [...days]
    .sort(([a], [b]) => a - b)
    .map(([day, list]) => [day, list.sort((a, b) => a.start_time.localeCompare(b.start_time))]);
}

/** The screen. */
export default function SchedulePage() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const locale = useLocale();
  const { userId, scholar, today } = usePortal();
  const todayWeekday = isoWeekdayOf(today);
  const query = usePortalQuery<PortalScheduleResponse>(userId, `v2/scholar/scholars/${scholar.id}/schedule`);
  const classes = query.data?.data.data ?? [];
  return (
    <PortalScreen title={tc('sections.schedule')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={classes.length === 0} emptyText={t('schedule.empty')}>
        <Stack gap="5">
          {classes.some((c) => c.meet_url) && (
            <Text fontSize="sm" color="fg.muted">
              {t('common.meetHint')}
            </Text>
          )}
          {byWeekday(classes).map(([weekday, list]) => (
            <Stack as="section" key={weekday} gap="2" aria-labelledby={`weekday-${weekday}`}>
              <Heading as="h2" size="md" id={`weekday-${weekday}`} textTransform="capitalize">
                {weekdayName(weekday, locale)}
                {weekday === todayWeekday && ' '}
                {weekday === todayWeekday && (
                  <Badge colorPalette="primary" ms="2" textTransform="none">
                    {t('schedule.today')}
                  </Badge>
                )}
              </Heading>
              <ItemList variant="rows">
                {list.map((c) => (
                  <ClassItem key={`${c.course_id}-${c.start_time}`} item={c} />
                ))}
              </ItemList>
            </Stack>
          ))}
        </Stack>
      </QueryState>
    </PortalScreen>
  );
}
