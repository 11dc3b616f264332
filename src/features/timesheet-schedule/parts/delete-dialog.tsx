/**
 * Deleting one of the section's records after a confirmation that says what goes and what follows: the shared
 * `DeleteDialog` with the section's Delete and offline words, the body one paragraph.
 */
import { Text } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeleteDialog as SharedDeleteDialog } from '../../../ui/timekeeping/delete-dialog';

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

export function DeleteDialog<T extends { id: string }>({ body, ...props }: DeleteDialogProps<T>) {
  const { t } = useTranslation('timesheet-schedule');
  return (
    <SharedDeleteDialog
      {...props}
      body={(row) => <Text>{body(row)}</Text>}
      confirmLabel={t('rows.delete')}
      offlineText={t('offline')}
    />
  );
}
