/**
 * Confirms deleting a role, naming it and how many users hold it: they lose its permissions at their next request,
 * which an administrator should weigh before pressing Delete. A refusal (the last-administrator guard, no connection)
 * shows in the dialog and as a notification, and the role stays.
 */
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '../../../contract/roles';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from '../api/admin-error-text';
import { useDeleteRole } from '../api/delete-role';

export interface DeleteRoleDialogProps {
  /** The role to delete; null when the dialog is closed. */
  role: RoleRecord | null;
  onClose: () => void;
}

/** The confirm dialog before a role is deleted. */
export function DeleteRoleDialog({ role, onClose }: DeleteRoleDialogProps) {
  const { t } = useTranslation('admin');
  const remove = useDeleteRole();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = (target: RoleRecord) => {
    setError(null);
    remove.mutate(target.id, {
      onSuccess: () => {
        addNotification({ text: t('rolesPage.deleted', { role: target.name }), type: 'success' });
        close();
      },
      onError: (failure) => {
        const text = adminErrorText(failure, t);
        setError(text);
        addNotification({ text, type: 'error' });
      },
    });
  };

  return (
    <ConfirmDialog
      target={role}
      title={t('deleteRole')}
      body={(target) => (
        <>
          <Text>{t('rolesPage.deleteConfirm', { role: target.name })}</Text>
          <Text>{t('rolesPage.holders', { count: target.user_count })}</Text>
        </>
      )}
      error={error}
      cancelLabel={t('cancel')}
      confirmLabel={t('deleteRole')}
      busy={remove.isPending}
      onConfirm={confirm}
      onDismiss={close}
    />
  );
}
