/**
 * The month grid (tablets and computers): a table of the weeks the month needs, the first column the school's first
 * weekday, each day with its events as coloured chips (an event that lasts several days on each of them), today
 * marked by more than colour (a filled circle and `aria-current`), the days of the next and previous month dimmed.
 */
import { Box, chakra, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalEvent } from '../../../contract/scholar-portal';
import { type DayEvent, isAllDayOn, type Month, monthOfDay, monthWeeks, weekdayOrder } from './model/month';
import { type CalendarFormat, eventPalette } from './use-calendar-format';

export interface MonthGridProps {
  month: Month;
  weekStartsOn: number;
  today: string;
  byDay: ReadonlyMap<string, DayEvent<PortalEvent>[]>;
  format: CalendarFormat;
  onOpen: (event: PortalEvent) => void;
}

const Chip = chakra('button', {
  base: {
    display: 'block',
    width: 'full',
    textAlign: 'start',
    fontSize: 'xs',
    lineHeight: '1.4',
    px: '1.5',
    py: '0.5',
    borderRadius: 'sm',
    borderStartWidth: '3px',
    borderColor: 'colorPalette.solid',
    truncate: true,
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
});

/** One event on one day of the grid. */
function EventChip({
  item,
  format,
  onOpen,
}: {
  item: DayEvent<PortalEvent>;
  format: CalendarFormat;
  onOpen: () => void;
}) {
  const allDay = isAllDayOn(item);
  return (
    <Chip
      type="button"
      colorPalette={eventPalette(item.event.color)}
      bg={allDay ? 'colorPalette.solid' : 'colorPalette.subtle'}
      color={allDay ? 'colorPalette.contrast' : 'colorPalette.fg'}
      title={item.event.title}
      onClick={onOpen}
    >
      {item.startsAt && <chakra.span fontWeight="semibold">{format.time(item.startsAt)} </chakra.span>}
      {item.event.title}
      <VisuallyHidden>, {format.onDay(item)}</VisuallyHidden>
    </Chip>
  );
}

/** The grid. */
export function MonthGrid({ month, weekStartsOn, today, byDay, format, onOpen }: MonthGridProps) {
  const { t } = useTranslation('portal-calendar');
  const weeks = monthWeeks(month, weekStartsOn);
  return (
    <Table.Root size="sm" tableLayout="fixed" aria-label={t('calendar.monthGrid', { month: format.month(month) })}>
      <Table.Header>
        <Table.Row>
          {weekdayOrder(weekStartsOn).map((weekday) => (
            <Table.ColumnHeader key={weekday} textAlign="center" px="1">
              <abbr title={format.weekday(weekday, 'long')} style={{ textDecoration: 'none' }}>
                {format.weekday(weekday, 'short')}
              </abbr>
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {weeks.map((week) => (
          <Table.Row key={week[0]}>
            {week.map((day) => {
              const outside = monthOfDay(day) !== month;
              const isToday = day === today;
              const events = byDay.get(day) ?? [];
              return (
                <Table.Cell
                  key={day}
                  data-date={day}
                  aria-current={isToday ? 'date' : undefined}
                  verticalAlign="top"
                  h="24"
                  p="1"
                  borderWidth="1px"
                  borderColor="border"
                  bg={outside ? 'bg.muted' : undefined}
                >
                  <Stack gap="1">
                    <Box
                      aria-hidden
                      alignSelf="flex-end"
                      minW="6"
                      h="6"
                      px="1"
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                      borderRadius="full"
                      fontSize="sm"
                      fontWeight={isToday ? 'bold' : undefined}
                      bg={isToday ? 'colorPalette.solid' : undefined}
                      color={isToday ? 'colorPalette.contrast' : outside ? 'fg.muted' : undefined}
                      colorPalette="primary"
                    >
                      {Number(day.slice(8))}
                    </Box>
                    <VisuallyHidden>
                      {format.fullDay(day)}
                      {isToday && ` (${t('calendar.todayMark')})`}
                    </VisuallyHidden>
                    {events.map((item) => (
                      <EventChip key={item.event.id} item={item} format={format} onOpen={() => onOpen(item.event)} />
                    ))}
                  </Stack>
                </Table.Cell>
              );
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
