/**
 * Assigns and removes a user's roles: one checkbox per role, saved together as `role_ids` (the server replaces the
 * set). A refusal, such as taking the Administrator role from the last administrator or a lost connection, shows in
 * the dialog and as a notification, and the boxes stay as they were ticked so nothing has to be redone.
 */
import { Alert, Button, Checkbox, CloseButton, Dialog, Fieldset, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
import { QueryState } from '../../../ui/data/query-state';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from '../api/admin-error-text';
import { useRoles } from '../api/list-roles';
import { useUpdateUserRoles } from '../api/update-user-roles';
import { displayName } from './user-row';

export interface AssignRolesDialogProps {
  /** The user whose roles change; null when the dialog is closed. */
  user: UserRecord | null;
  onClose: () => void;
}

function AssignRolesForm({ user, onDone }: { user: UserRecord; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const roles = useRoles();
  const save = useUpdateUserRoles();
  const [selected, setSelected] = useState<string[]>(() => user.roles.map((role) => role.id));
  const [error, setError] = useState<string | null>(null);
  const name = displayName(user);

  const submit = () => {
    setError(null);
    save.mutate(
      { userId: user.id, roleIds: selected },
      {
        onSuccess: () => {
          addNotification({ text: t('usersPage.rolesSaved', { name }), type: 'success' });
          onDone();
        },
        onError: (failure) => {
          const text = adminErrorText(failure, t);
          setError(text);
          addNotification({ text, type: 'error' });
        },
      },
    );
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('assignRoles')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <QueryState query={roles} isEmpty={roles.data?.length === 0} emptyText={t('noRoles')} skeletonRows={3}>
            <Fieldset.Root>
              <Fieldset.Legend>{t('usersPage.rolesOf', { name })}</Fieldset.Legend>
              <Checkbox.Group value={selected} onValueChange={setSelected}>
                {roles.data?.map((role) => (
                  <Checkbox.Root key={role.id} value={role.id} colorPalette="primary" alignItems="flex-start">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {role.name}
                      {role.description && (
                        <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
                          {role.description}
                        </Text>
                      )}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Checkbox.Group>
            </Fieldset.Root>
          </QueryState>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette="primary" loading={save.isPending} disabled={!roles.data} onClick={submit}>
          {t('save')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={tc('actions.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** The dialog that assigns and removes a user's roles. */
export function AssignRolesDialog({ user, onClose }: AssignRolesDialogProps) {
  return (
    <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{user && <AssignRolesForm key={user.id} user={user} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
