/**
 * The school's non-work days: a month view (previous and next month) and the school year's list (previous and next
 * year), each row with its kind, dates, how many days, and Edit / Delete for those who may.
 */
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBetween, type NonWorkDayRecord } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { datesText } from '../model/date-range';
import { schoolYearOf, shiftSchoolYear } from '../model/school-year';
import { DeleteDialog } from '../parts/delete-dialog';
import { RowActions } from '../parts/row-actions';
import { MonthView } from './month-view';
import { NonWorkDayDialog } from './non-work-day-dialog';
import { useNonWorkDays, useNonWorkDayWrites } from './use-days-off';

export interface SchoolCalendarProps {
  today: string;
  /** A date of the month shown (and of its school year). */
  month: string;
  onMonth: (month: string) => void;
  can: (action: 'create' | 'update' | 'delete') => boolean;
}

export function SchoolCalendar({ today, month, onMonth, can }: SchoolCalendarProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const year = schoolYearOf(month);
  const days = useNonWorkDays(year.start, year.end);
  const [editing, setEditing] = useState<NonWorkDayRecord | { day: string } | null>(null);
  const [deleting, setDeleting] = useState<NonWorkDayRecord | null>(null);
  const { remove } = useNonWorkDayWrites();
  const rows = days.data?.data ?? [];
  const yearName = `${year.start.slice(0, 4)}–${year.end.slice(0, 4)}`;

  return (
    <Stack gap="5">
      {can('create') && (
        <Button alignSelf="flex-start" colorPalette="primary" onClick={() => setEditing({ day: month })}>
          {t('calendar.add')}
        </Button>
      )}
      <MonthView month={month} today={today} days={rows} onMonth={onMonth} />
      <Stack gap="3" as="section" aria-labelledby="school-year-title">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="md" id="school-year-title">
            {t('calendar.year', { year: yearName })}
          </Heading>
          <HStack gap="2">
            <Button size="sm" variant="outline" minH="10" onClick={() => onMonth(shiftSchoolYear(month, -1).start)}>
              {t('calendar.previousYear')}
            </Button>
            <Button size="sm" variant="outline" minH="10" onClick={() => onMonth(shiftSchoolYear(month, 1).start)}>
              {t('calendar.nextYear')}
            </Button>
          </HStack>
        </HStack>
        <QueryState
          query={days}
          isEmpty={rows.length === 0}
          emptyText={t('calendar.empty')}
          offlineText={ts('offline')}
        >
          <Stack as="ul" gap="2" listStyleType="none" aria-label={t('calendar.listLabel', { year: yearName })}>
            {rows.map((d) => {
              const dates = datesText(d, i18n.language);
              return (
                <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between" wrap="wrap" gap="2" align="flex-start">
                    <Stack gap="0.5">
                      <Text fontWeight="semibold">{d.name}</Text>
                      <Text>{dates}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t('calendar.days', { count: daysBetween(d.starts_on, d.ends_on) + 1 })}
                      </Text>
                    </Stack>
                    <Badge variant="outline">{ts(`nonWorkKinds.${d.kind}`)}</Badge>
                  </HStack>
                  <RowActions
                    what={`${d.name}, ${dates}`}
                    onEdit={can('update') ? () => setEditing(d) : null}
                    onDelete={can('delete') ? () => setDeleting(d) : null}
                  />
                </Box>
              );
            })}
          </Stack>
        </QueryState>
      </Stack>
      <NonWorkDayDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t('calendar.deleteTitle')}
        body={(d) => t('calendar.deleteBody', { name: d.name, dates: datesText(d, i18n.language) })}
        deleted={(d) => t('deleted', { name: d.name })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
