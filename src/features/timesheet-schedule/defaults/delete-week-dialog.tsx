/**
 * Deleting one of a person's default weeks, after saying which (its first day and weekly hours) and what follows:
 * the days it covered go back to the week before it. A refusal keeps the dialog open with the reason.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TimekeepingStaffRecord, TimesheetScheduleRecord } from '../../../contract';
import { formatDay } from '../../../ui/school-clock';
import { DeleteDialog } from '../../../ui/timekeeping/delete-dialog';
import { formatMinutes, staffName } from '../../../ui/timekeeping/hours';
import { useDeleteWeek } from './api/defaults-queries';

export interface DeleteWeekDialogProps {
  /** The week to delete; null when closed. */
  week: TimesheetScheduleRecord | null;
  person: TimekeepingStaffRecord;
  onDeleted: (week: TimesheetScheduleRecord) => void;
  onClose: () => void;
}

/** The confirmation before a week is deleted. */
export function DeleteWeekDialog({ week, person, onDeleted, onClose }: DeleteWeekDialogProps) {
  const { t, i18n } = useTranslation('timesheet-schedule', { keyPrefix: 'defaults' });
  const { t: ts } = useTranslation('timesheet-schedule');
  const remove = useDeleteWeek();
  return (
    <DeleteDialog
      target={week}
      title={t('remove.title')}
      body={(w) => (
        <Text>
          {t('remove.body', {
            name: staffName(person),
            date: formatDay(w.effective_from, i18n.language),
            hours: formatMinutes(w.weekly_minutes),
          })}
        </Text>
      )}
      confirmLabel={t('remove.confirm')}
      offlineText={ts('offline')}
      deleted={(w) => t('remove.deleted', { date: formatDay(w.effective_from, i18n.language) })}
      remove={remove}
      onDeleted={onDeleted}
      onClose={onClose}
    />
  );
}
