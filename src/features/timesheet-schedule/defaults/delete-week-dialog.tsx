/**
 * Deleting one of a person's default weeks, after saying which (its first day and weekly hours) and what follows:
 * the days it covered go back to the week before it. A refusal keeps the dialog open with the reason.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimekeepingStaffRecord, TimesheetScheduleRecord } from '../../../contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { formatDay } from '../../../ui/school-clock';
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
  const { t: tc } = useTranslation();
  const { t: ts } = useTranslation('timesheet-schedule');
  const remove = useDeleteWeek();
  const close = () => {
    remove.reset();
    onClose();
  };
  const error = remove.error;
  return (
    <ConfirmDialog
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
      error={error ? (error instanceof ApiError && error.isOffline ? ts('offline') : error.message) : null}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={t('remove.confirm')}
      busy={remove.isPending}
      onConfirm={(w) =>
        remove.mutate(w.id, {
          onSuccess: () => {
            addNotification({
              type: 'success',
              text: t('remove.deleted', { date: formatDay(w.effective_from, i18n.language) }),
            });
            onDeleted(w);
            close();
          },
        })
      }
      onDismiss={close}
    />
  );
}
