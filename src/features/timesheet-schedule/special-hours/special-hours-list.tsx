/**
 * Special hours as rows that read the same on a phone and a desk: the name, the dates, the hours with what they pay,
 * whether they replace the day or add to it, who they are for, the note, and Edit / Delete for those who may.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { clockMinutes, type SpecialHoursRecord, type TimekeepingStaffRecord } from '../../../contract';
import { formatMinutes, staffName } from '../../../ui/timekeeping/hours';
import { datesText } from '../model/date-range';
import { RowActions } from '../parts/row-actions';

/** How many names a row lists before "and N more". */
const NAMES_SHOWN = 3;

export interface SpecialHoursListProps {
  rows: readonly SpecialHoursRecord[];
  staff: ReadonlyMap<string, TimekeepingStaffRecord>;
  onEdit: ((row: SpecialHoursRecord) => void) | null;
  onDelete: ((row: SpecialHoursRecord) => void) | null;
}

/** The rows. */
export function SpecialHoursList({ rows, staff, onEdit, onDelete }: SpecialHoursListProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'special' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const who = (row: SpecialHoursRecord) => {
    if (row.everyone) return t('everyone');
    const names = row.user_ids.map((id) => {
      const person = staff.get(id);
      return person ? staffName(person) : t('formerPerson');
    });
    return names.length > NAMES_SHOWN
      ? t('namesAndMore', { names: names.slice(0, NAMES_SHOWN).join(', '), count: names.length - NAMES_SHOWN })
      : names.join(', ');
  };
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t('listLabel')}>
      {rows.map((row) => {
        const span = clockMinutes(row.end_time) - clockMinutes(row.start_time);
        const dates = datesText(row, i18n.language);
        return (
          <Box as="li" key={row.id} borderWidth="1px" borderRadius="md" p="3">
            <Stack gap="1">
              <HStack justify="space-between" align="flex-start" wrap="wrap" gap="2">
                <Text fontWeight="semibold">{row.name}</Text>
                <Badge colorPalette={row.mode === 'replace' ? 'orange' : 'teal'} variant="solid">
                  {ts(`modes.${row.mode}`)}
                </Badge>
              </HStack>
              <Text>{dates}</Text>
              <Text>
                {t('hours', {
                  start: row.start_time,
                  end: row.end_time,
                  paid: formatMinutes(Math.max(0, span - row.break_minutes)),
                })}
                {row.break_minutes > 0 && ` ${t('withBreak', { minutes: row.break_minutes })}`}
              </Text>
              <Text color="fg.muted">{t('for', { who: who(row) })}</Text>
              {row.note && <Text fontSize="sm">{row.note}</Text>}
              <RowActions
                what={`${row.name}, ${dates}`}
                onEdit={onEdit && (() => onEdit(row))}
                onDelete={onDelete && (() => onDelete(row))}
              />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
