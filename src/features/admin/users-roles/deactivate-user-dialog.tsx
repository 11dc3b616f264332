/**
 * Confirms deactivating an account. Deactivation ends all of the user's sessions at once (a lost badge, a departure),
 * which the dialog says before anything happens; the account stays and can be reactivated from the list.
 */
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from '../api/admin-error-text';
import { useDeactivateUser } from '../api/deactivate-user';
import { displayName } from './user-row';

export interface DeactivateUserDialogProps {
  /** The user to deactivate; null when the dialog is closed. */
  user: UserRecord | null;
  onClose: () => void;
}

/** The confirm dialog before an account is deactivated. */
export function DeactivateUserDialog({ user, onClose }: DeactivateUserDialogProps) {
  const { t } = useTranslation('admin');
  const deactivate = useDeactivateUser();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    deactivate.reset();
    onClose();
  };
  const confirm = (target: UserRecord) => {
    setError(null);
    deactivate.mutate(target.id, {
      onSuccess: () => {
        addNotification({ text: t('usersPage.deactivated', { name: displayName(target) }), type: 'success' });
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
      target={user}
      title={t('usersPage.deactivateTitle')}
      body={(target) => <Text>{t('usersPage.deactivateConfirm', { name: displayName(target) })}</Text>}
      error={error}
      cancelLabel={t('cancel')}
      confirmLabel={t('usersPage.deactivate')}
      busy={deactivate.isPending}
      onConfirm={confirm}
      onDismiss={close}
    />
  );
}
