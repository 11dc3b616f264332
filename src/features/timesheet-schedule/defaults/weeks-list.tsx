/**
 * A person's default weeks, newest first: each one's first day and weekly total, which one is in effect today (the
 * latest start on or before today on the school's calendar), which ones start later, and the one in the editor.
 * Each offers Edit, Copy to others and Delete, as the person's permissions allow.
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TimesheetScheduleRecord } from '../../../contract';
import { formatDay } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { RowButton } from '../../../ui/timekeeping/row-actions';
import { type WeekStanding, weekStandings } from './model/week-form';

export interface WeeksListProps {
  weeks: readonly TimesheetScheduleRecord[];
  today: string;
  /** The week in the editor, if it is a saved one. */
  editingId: string | null;
  onEdit: ((week: TimesheetScheduleRecord) => void) | null;
  onCopy: ((week: TimesheetScheduleRecord) => void) | null;
  onDelete: ((week: TimesheetScheduleRecord) => void) | null;
}

const BADGE: Record<WeekStanding, { palette: string; key: 'weeks.current' | 'weeks.future' | 'weeks.past' }> = {
  current: { palette: 'green', key: 'weeks.current' },
  future: { palette: 'blue', key: 'weeks.future' },
  past: { palette: 'gray', key: 'weeks.past' },
};

/** The list of weeks. */
export function WeeksList({ weeks, today, editingId, onEdit, onCopy, onDelete }: WeeksListProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const standings = weekStandings(weeks, today);
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t('weeks.title')}>
      {weeks.map((week) => {
        const standing = standings.get(week.id) ?? 'past';
        const date = formatDay(week.effective_from, i18n.language);
        const editing = week.id === editingId;
        return (
          <Box
            as="li"
            key={week.id}
            aria-current={editing ? 'true' : undefined}
            borderWidth="1px"
            borderColor={editing ? 'primary.solid' : 'border'}
            borderRadius="md"
            p="3"
          >
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Stack gap="1">
                <HStack wrap="wrap" gap="2">
                  <Text fontWeight="semibold">{t('weeks.effectiveFrom', { date })}</Text>
                  <Badge colorPalette={BADGE[standing].palette}>{t(BADGE[standing].key)}</Badge>
                  {editing && <Badge colorPalette="primary">{t('weeks.editing')}</Badge>}
                </HStack>
                <Text fontVariantNumeric="tabular-nums">
                  {t('weeks.total', { hours: formatMinutes(week.weekly_minutes) })}
                </Text>
                {week.note && (
                  <Text fontSize="sm" color="fg.muted">
                    {week.note}
                  </Text>
                )}
              </Stack>
              <HStack wrap="wrap" gap="2">
                {onEdit && !editing && (
                  <RowButton label={t('weeks.editLabel', { date })} onClick={() => onEdit(week)}>
                    {t('weeks.edit')}
                  </RowButton>
                )}
                {onCopy && (
                  <RowButton label={t('weeks.copyLabel', { date })} onClick={() => onCopy(week)}>
                    {t('weeks.copy')}
                  </RowButton>
                )}
                {onDelete && (
                  <RowButton label={t('weeks.deleteLabel', { date })} onClick={() => onDelete(week)} danger>
                    {t('weeks.delete')}
                  </RowButton>
                )}
              </HStack>
            </HStack>
          </Box>
        );
      })}
    </Stack>
  );
}
