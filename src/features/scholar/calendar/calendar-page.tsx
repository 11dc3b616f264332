/**
 * Calendar: the school calendar's events of a month. From the `md` breakpoint up a grid of the
 * weeks the month needs, starting on the school's first weekday (settings.week_starts_on, Sunday by default); on
 * phones an agenda of the days with events. Tapping an event opens its details. The month shown is in the address
 * (`?month=YYYY-MM`), so a reload or the back button keeps it; the grid's whole range is asked for at once (at most 42
 * days, within the server's 62), so the days of the neighbouring months show their events too.
 */
import { Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCalendarResponse, PortalEvent } from '../../../contract/scholar-portal';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { useMonthParam } from '../layout/use-month-param';
import { useWideScreen } from '../layout/use-wide-screen';
import { usePortal } from '../portal-context';
import { AgendaList } from './agenda-list';
import { EventDialog } from './event-dialog';
import { agendaOf, eventsByDay, firstWeekday, gridRange, shiftMonth } from './model/month';
import { MonthGrid } from './month-grid';
import { useCalendarFormat } from './use-calendar-format';

const NO_EVENTS: readonly PortalEvent[] = [];

/** The screen. */
export default function CalendarPage() {
  const { t } = useTranslation('portal-calendar');
  const { userId, settings, timeZone, today } = usePortal();
  const format = useCalendarFormat(timeZone);
  const wide = useWideScreen();
  const { month, current, goTo } = useMonthParam(today);
  const weekStartsOn = firstWeekday(settings.week_starts_on);
  const { from, to } = gridRange(month, weekStartsOn);
  const query = usePortalQuery<PortalCalendarResponse>(userId, `v2/scholar/calendar?from=${from}&to=${to}`);
  const events = query.data?.data.data ?? NO_EVENTS;
  const byDay = useMemo(() => eventsByDay(events, from, to, timeZone), [events, from, to, timeZone]);
  const agenda = agendaOf(byDay, month);
  const [open, setOpen] = useState<PortalEvent | null>(null);
  const title = format.month(month);

  return (
    <Stack gap="4" maxW={wide ? '6xl' : '3xl'}>
      <Heading as="h1" size="xl">
        {t('calendar.title')}
      </Heading>
      <Flex gap="2" align="center" wrap="wrap">
        <HStack gap="1">
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('calendar.previousMonth')}
            onClick={() => goTo(shiftMonth(month, -1))}
          >
            ‹
          </IconButton>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('calendar.nextMonth')}
            onClick={() => goTo(shiftMonth(month, 1))}
          >
            ›
          </IconButton>
        </HStack>
        <Heading as="h2" size="md" flex="1" minW="0" aria-live="polite">
          {title}
        </Heading>
        <Button size="sm" variant="outline" disabled={month === current} onClick={() => goTo(current)}>
          {t('calendar.today')}
        </Button>
      </Flex>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={!wide && agenda.length === 0} emptyText={t('calendar.empty')}>
        {wide ? (
          <Stack gap="2">
            <MonthGrid
              month={month}
              weekStartsOn={weekStartsOn}
              today={today}
              byDay={byDay}
              format={format}
              onOpen={setOpen}
            />
            {agenda.length === 0 && <Text color="fg.muted">{t('calendar.empty')}</Text>}
          </Stack>
        ) : (
          <AgendaList
            days={agenda}
            today={today}
            label={t('calendar.agenda', { month: title })}
            format={format}
            onOpen={setOpen}
          />
        )}
      </QueryState>
      <EventDialog event={open} format={format} onClose={() => setOpen(null)} />
    </Stack>
  );
}
