/**
 * Deleting one of the section's records after a confirmation that says what goes and what follows; on success a
 * notification, on failure the reason in the dialog (offline, or the server's words).
 */
import { Text } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { useErrorText } from '../../../ui/timekeeping/use-form-errors';

export interface DeleteDialogProps<T extends { id: string }> {
  target: T | null;
  title: string;
  /** What will happen. */
  body: (target: T) => string;
  /** The notification once deleted. */
  deleted: (target: T) => string;
  remove: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
}

export function DeleteDialog<T extends { id: string }>({
  target,
  title,
  body,
  deleted,
  remove,
  onClose,
}: DeleteDialogProps<T>) {
  const { t } = useTranslation('timesheet-schedule');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      target={target}
      title={title}
      body={(row) => <Text>{body(row)}</Text>}
      error={errorText(remove.error)}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={t('rows.delete')}
      busy={remove.isPending}
      onConfirm={(row) =>
        remove.mutate(row.id, {
          onSuccess: () => {
            addNotification({ type: 'success', text: deleted(row) });
            close();
          },
        })
      }
      onDismiss={close}
    />
  );
}
