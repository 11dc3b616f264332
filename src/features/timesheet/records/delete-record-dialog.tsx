/**
 * Deleting a record after a confirmation that names it (person, day, times); on success a notification, on failure
 * the reason in the dialog (offline, or the server's words: an approved pay period, say).
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import type { TimesheetRecord } from '../../../contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { recordSummary } from '../parts/stored-record';
import { useRecordWrites } from '../parts/use-record-writes';

export interface DeleteRecordDialogProps {
  target: TimesheetRecord | null;
  timeZone: string;
  onClose: () => void;
}

/** The confirmation. */
export function DeleteRecordDialog({ target, timeZone, onClose }: DeleteRecordDialogProps) {
  const { t, i18n } = useTranslation('timesheet-records');
  const { t: tt } = useTranslation('timesheet');
  const { t: tc } = useTranslation();
  const { remove } = useRecordWrites();
  const close = () => {
    remove.reset();
    onClose();
  };
  const error = remove.error;
  return (
    <ConfirmDialog
      target={target}
      title={t('delete.title')}
      body={(record) => (
        <>
          <Text fontWeight="medium">{record.user_name}</Text>
          <Text>{recordSummary(record, timeZone, i18n.language, t, tt)}</Text>
          <Text>{t('delete.body')}</Text>
        </>
      )}
      error={error ? (error instanceof ApiError && error.isOffline ? t('offline') : error.message) : null}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={t('table.delete')}
      busy={remove.isPending}
      onConfirm={(record) =>
        remove.mutate(record.id, {
          onSuccess: () => {
            addNotification({ type: 'success', text: t('delete.done', { name: record.user_name }) });
            close();
          },
        })
      }
      onDismiss={close}
    />
  );
}
