/**
 * Confirms deactivating an account. Deactivation ends all of the user's sessions at once (a lost badge, a departure),
 * which the dialog says before anything happens; the account stays and can be reactivated from the list.
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
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
  const { t: tc } = useTranslation();
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
    <Dialog.Root
      role="alertdialog"
      open={user !== null}
      onOpenChange={(details) => !details.open && close()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {user && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('usersPage.deactivateTitle')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>{t('usersPage.deactivateConfirm', { name: displayName(user) })}</Text>
                    {error && (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Alert.Title>{error}</Alert.Title>
                      </Alert.Root>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{t('cancel')}</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={deactivate.isPending} onClick={() => confirm(user)}>
                    {t('usersPage.deactivate')}
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={tc('actions.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
