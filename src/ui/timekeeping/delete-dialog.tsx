/**
 * Deleting one record of the timekeeping screens after a confirmation that says what goes and what follows; on
 * success a notification, on failure the reason in the dialog (the screen's offline text, or the server's words: an
 * approved pay period, say). The screen gives the words and the delete (a TanStack mutation taking the record's id).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../confirm-dialog';
import { addNotification } from '../notifications';

export interface DeleteDialogProps<T extends { id: string }> {
  /** The record to delete; null when the dialog is closed. */
  target: T | null;
  title: string;
  /** What will happen. */
  body: (target: T) => ReactNode;
  /** The red button's word. */
  confirmLabel: string;
  /** What a refusal for want of a connection says. */
  offlineText: string;
  /** The notification once deleted. */
  deleted: (target: T) => string;
  remove: UseMutationResult<unknown, Error, string>;
  /** After the delete, before the dialog closes. */
  onDeleted?: (target: T) => void;
  onClose: () => void;
}

/** The confirmation, and the delete once confirmed. */
export function DeleteDialog<T extends { id: string }>(props: DeleteDialogProps<T>) {
  const { target, title, body, confirmLabel, offlineText, deleted, remove, onDeleted, onClose } = props;
  const { t: tc } = useTranslation();
  const close = () => {
    remove.reset();
    onClose();
  };
  const error = remove.error;
  return (
    <ConfirmDialog
      target={target}
      title={title}
      body={body}
      error={error ? (error instanceof ApiError && error.isOffline ? offlineText : error.message) : null}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={confirmLabel}
      busy={remove.isPending}
      onConfirm={(row) =>
        remove.mutate(row.id, {
          onSuccess: () => {
            addNotification({ type: 'success', text: deleted(row) });
            onDeleted?.(row);
            close();
          },
        })
      }
      onDismiss={close}
    />
  );
}
