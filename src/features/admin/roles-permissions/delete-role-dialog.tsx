/**
 * Confirms deleting a role, naming it and how many users hold it: they lose its permissions at their next request,
 * which an administrator should weigh before pressing Delete. A refusal (the last-administrator guard, no connection)
 * shows in the dialog and as a notification, and the role stays.
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '../../../contract/roles';
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
  const { t: tc } = useTranslation();
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
    <Dialog.Root
      role="alertdialog"
      open={role !== null}
      onOpenChange={(details) => !details.open && close()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {role && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('deleteRole')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>{t('rolesPage.deleteConfirm', { role: role.name })}</Text>
                    <Text>{t('rolesPage.holders', { count: role.user_count })}</Text>
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
                  <Button colorPalette="red" loading={remove.isPending} onClick={() => confirm(role)}>
                    {t('deleteRole')}
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
