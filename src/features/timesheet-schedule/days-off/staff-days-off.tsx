/**
 * A staff member's days off: the person chosen with the staff picker (kept in the address), their days off in a range
 * (the school year at first), latest first, a page at a time; each with its type, dates, whole day or the hours off,
 * the note, and Edit / Delete for those who may.
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayOffRecord, TimekeepingStaffRecord } from '../../../contract';
import { Pager } from '../../../ui/data/pager';
import { QueryState } from '../../../ui/data/query-state';
import { staffName } from '../../../ui/timekeeping/hours';
import { StaffPicker } from '../../../ui/timekeeping/staff-picker';
import { useErrorText } from '../../../ui/timekeeping/use-form-errors';
import { datesText } from '../model/date-range';
import { DateRangeFields } from '../parts/date-range-fields';
import { DeleteDialog } from '../parts/delete-dialog';
import { RowActions } from '../parts/row-actions';
import { DayOffDialog } from './day-off-dialog';
import { useDayOffWrites, usePersonDaysOff, useStaffMember } from './use-days-off';

const PER_PAGE = 25;

export interface StaffDaysOffProps {
  staffId: string;
  from: string;
  to: string;
  page: number;
  today: string;
  onChange: (values: Record<string, string>) => void;
  can: (action: 'create' | 'update' | 'delete') => boolean;
}

function PersonDaysOff({
  person,
  from,
  to,
  page,
  today,
  onChange,
  can,
}: Omit<StaffDaysOffProps, 'staffId'> & { person: TimekeepingStaffRecord }) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const list = usePersonDaysOff(person.id, from, to >= from ? to : from, page, PER_PAGE);
  const [editing, setEditing] = useState<DayOffRecord | { day: string } | null>(null);
  const [deleting, setDeleting] = useState<DayOffRecord | null>(null);
  const { remove } = useDayOffWrites();
  const rows = list.data?.data ?? [];
  const hours = (d: DayOffRecord) =>
    d.start_time && d.end_time ? t('staff.hoursOff', { start: d.start_time, end: d.end_time }) : t('staff.wholeDay');
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap" align="flex-end">
        <DateRangeFields from={from} to={to} onChange={(values) => onChange(values as Record<string, string>)} />
      </HStack>
      {can('create') && (
        <Button alignSelf="flex-start" colorPalette="primary" onClick={() => setEditing({ day: today })}>
          {t('staff.add')}
        </Button>
      )}
      <QueryState
        query={list}
        isEmpty={rows.length === 0}
        emptyText={t('staff.empty', { name: staffName(person) })}
        offlineText={ts('offline')}
      >
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('staff.listLabel', { name: staffName(person) })}>
          {rows.map((d) => {
            const dates = datesText(d, i18n.language);
            return (
              <Box as="li" key={d.id} borderWidth="1px" borderRadius="md" p="3">
                <HStack justify="space-between" wrap="wrap" gap="2" align="flex-start">
                  <Stack gap="0.5">
                    <Text fontWeight="semibold">{dates}</Text>
                    <Text>{hours(d)}</Text>
                    {d.note && <Text fontSize="sm">{d.note}</Text>}
                  </Stack>
                  <Badge variant="outline">{ts(`dayOffTypes.${d.type}`)}</Badge>
                </HStack>
                <RowActions
                  what={`${ts(`dayOffTypes.${d.type}`)}, ${dates}`}
                  onEdit={can('update') ? () => setEditing(d) : null}
                  onDelete={can('delete') ? () => setDeleting(d) : null}
                />
              </Box>
            );
          })}
        </Stack>
        <Pager
          page={page}
          perPage={PER_PAGE}
          total={list.data?.meta.total ?? 0}
          onPageChange={(next) => onChange({ page: String(next) })}
        />
      </QueryState>
      <DayOffDialog editing={editing} person={person} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t('staff.deleteTitle')}
        body={(d) =>
          t('staff.deleteBody', {
            name: staffName(person),
            type: ts(`dayOffTypes.${d.type}`),
            dates: datesText(d, i18n.language),
          })
        }
        deleted={() => t('staff.deleted', { name: staffName(person) })}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The staff picker and the chosen person's days off. */
export function StaffDaysOff({ staffId, ...rest }: StaffDaysOffProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'daysOff' });
  const errorText = useErrorText();
  const person = useStaffMember(staffId);
  return (
    <Stack gap="4">
      <StaffPicker
        label={t('staff.person')}
        value={person.data ?? null}
        onChange={(chosen) => rest.onChange({ staff: chosen?.id ?? '' })}
      />
      {!staffId && <Text>{t('staff.choose')}</Text>}
      {staffId && person.isError && (
        <HStack gap="2" wrap="wrap">
          <Text>{errorText(person.error)}</Text>
          <Button size="sm" variant="outline" onClick={() => rest.onChange({ staff: '' })}>
            {t('staff.chooseAgain')}
          </Button>
        </HStack>
      )}
      {person.data && <PersonDaysOff person={person.data} {...rest} />}
    </Stack>
  );
}
