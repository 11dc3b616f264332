/**
 * A month of the school calendar, Monday first: each day with its number, the school's non-work days shaded with a
 * mark (not by colour alone) and named in the cell's label, today outlined; the month's non-work days listed below,
 * which on a phone is where their names are read.
 */
import { Box, Grid, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { datesBetween, isoWeekday, mondayOf, monthOf, type NonWorkDayRecord, shiftDate } from '../../../contract';
import { dateTimeFormat } from '../../../ui/intl-format';

export interface MonthViewProps {
  /** Any date of the month shown. */
  month: string;
  today: string;
  days: readonly NonWorkDayRecord[];
  onMonth: (month: string) => void;
}

/** The month's grid of weeks, from the Monday on or before the 1st to the Sunday on or after its last day. */
export function monthGrid(month: string): string[] {
  const { start, end } = monthOf(month);
  return datesBetween(mondayOf(start), shiftDate(end, 7 - isoWeekday(end)));
}

export function MonthView({ month, today, days, onMonth }: MonthViewProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const { start, end } = monthOf(month);
  const title = dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${start}T00:00:00Z`),
  );
  const dayLabel = (day: string) =>
    dateTimeFormat(i18n.language, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const weekdays = datesBetween('2024-01-01', '2024-01-07').map((d) =>
    dateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)),
  );
  const closedOn = (day: string) => days.find((d) => d.starts_on <= day && day <= d.ends_on);
  const inMonth = days.filter((d) => d.starts_on <= end && d.ends_on >= start);
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <HStack justify="space-between">
        <IconButton variant="outline" aria-label={t('previousMonth')} onClick={() => onMonth(shiftDate(start, -1))}>
          ‹
        </IconButton>
        <Heading as="h3" size="md" textTransform="capitalize">
          {title}
        </Heading>
        <IconButton variant="outline" aria-label={t('nextMonth')} onClick={() => onMonth(shiftDate(end, 1))}>
          ›
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" role="list" aria-label={title}>
        {weekdays.map((w) => (
          <Text key={w} aria-hidden fontSize="xs" fontWeight="semibold" textAlign="center" textTransform="capitalize">
            {w}
          </Text>
        ))}
        {monthGrid(month).map((day) => {
          const closed = closedOn(day);
          const outside = day < start || day > end;
          return (
            <Box
              key={day}
              role="listitem"
              aria-label={closed ? `${dayLabel(day)}: ${closed.name}` : dayLabel(day)}
              aria-current={day === today ? 'date' : undefined}
              minH="12"
              p="1"
              borderRadius="sm"
              borderWidth={day === today ? '2px' : '1px'}
              borderColor={day === today ? 'fg' : 'border'}
              color={outside ? 'fg.muted' : undefined}
              bg={closed ? 'orange.subtle' : outside ? 'bg.muted' : undefined}
            >
              <Text fontSize="sm" aria-hidden>
                {Number(day.slice(8))}
              </Text>
              {closed && (
                <Text fontSize="xs" aria-hidden lineClamp={2} hideBelow="md">
                  {closed.name}
                </Text>
              )}
              {closed && (
                <Text fontSize="xs" aria-hidden hideFrom="md">
                  ●
                </Text>
              )}
            </Box>
          );
        })}
      </Grid>
      {inMonth.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={t('inMonth', { month: title })}>
          {inMonth.map((d) => (
            <Text as="li" key={d.id} fontSize="sm">
              ● {d.name} · {ts(`nonWorkKinds.${d.kind}`)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
