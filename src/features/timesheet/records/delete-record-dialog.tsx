/**
 * Deleting a record after a confirmation that names it (person, day, times); on success a notification, on failure
 * the reason in the dialog (offline, or the server's words: an approved pay period, say).
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TimesheetRecord } from '../../../contract';
import { DeleteDialog } from '../../../ui/timekeeping/delete-dialog';
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
  const { remove } = useRecordWrites();
  return (
    <DeleteDialog
      target={target}
      title={t('delete.title')}
      body={(record) => (
        <>
          <Text fontWeight="medium">{record.user_name}</Text>
          <Text>{recordSummary(record, timeZone, i18n.language, t, tt)}</Text>
          <Text>{t('delete.body')}</Text>
        </>
      )}
      confirmLabel={t('table.delete')}
      offlineText={t('offline')}
      deleted={(record) => t('delete.done', { name: record.user_name })}
      remove={remove}
      onClose={onClose}
    />
  );
}
