/**
 * Roles and Permissions (`/admin`): the matrix of roles against the permission catalogue, and the dialogs to create,
 * rename and delete a role. A tick marks a change, not yet saved (issue S1 item 8); one explicit save says what will
 * change, role by role, then "Saved" with an Undo. The administration screens are online-only: without a connection
 * the screen says so and offers Retry.
 */
import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryState } from '../../../ui/data/query-state';
import { adminErrorText } from '../api/admin-error-text';
import { useRoles } from '../api/list-roles';
import { useSaveRolePermissions } from '../api/save-role-permissions';
import {
  changeCount,
  inverse,
  NO_CHANGES,
  type PermissionChanges,
  type RoleChange,
  summarize,
  withChange,
} from '../model/permission-changes';
import { DeleteRoleDialog } from './delete-role-dialog';
import { PermissionMatrix } from './permission-matrix';
import { RoleFormDialog } from './role-form-dialog';

/** What the last save did, for its "Saved" line and its Undo. */
interface LastSave {
  changes: RoleChange[];
  undone: boolean;
}

/** The Roles and Permissions screen. */
export default function RolesPermissionsPage() {
  const { t } = useTranslation('admin');
  const roles = useRoles();
  const save = useSaveRolePermissions();
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);
  const [changes, setChanges] = useState<PermissionChanges>(NO_CHANGES);
  const [reviewing, setReviewing] = useState<RoleChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastSave, setLastSave] = useState<LastSave | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const count = changeCount(changes);

  const permissionText = (permission: Permission) => {
    const cut = permission.lastIndexOf('-');
    const resource = permission.slice(0, cut) as 'roles';
    const action = permission.slice(cut + 1) as 'create';
    return `${t(`resources.${resource}`)} — ${t(`actions.${action}`)}`;
  };
  const roleLines = (list: readonly RoleChange[]) =>
    list.flatMap(({ role, grant, revoke }) => [
      ...(grant.length ? [t('changes.gains', { role: role.name, list: grant.map(permissionText).join(', ') })] : []),
      ...(revoke.length ? [t('changes.loses', { role: role.name, list: revoke.map(permissionText).join(', ') })] : []),
    ]);

  const confirmSave = async (list: RoleChange[]) => {
    setError(null);
    const result = await save.mutateAsync(list);
    // What went through is no longer a change; what did not stays ticked for another try.
    let rest = changes;
    for (const { role, grant, revoke } of result.saved) {
      const saved = {
        ...role,
        permissions: [...role.permissions.filter((p) => !revoke.includes(p as Permission)), ...grant],
      };
      for (const p of [...grant, ...revoke]) rest = withChange(rest, saved, p, grant.includes(p));
    }
    setChanges(rest);
    if (result.saved.length) setLastSave({ changes: result.saved, undone: false });
    if (result.error) {
      setError(adminErrorText(result.error, t));
      return;
    }
    setReviewing(null);
  };
  const undo = async () => {
    if (!lastSave) return;
    setUndoError(null);
    const result = await save.mutateAsync(inverse(lastSave.changes));
    if (result.error) setUndoError(adminErrorText(result.error, t));
    else setLastSave({ ...lastSave, undone: true });
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" size="lg">
            {t('rolesPage.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('rolesPage.intro')}
          </Text>
        </Box>
        <Button colorPalette="primary" onClick={() => setEditing('new')}>
          {t('addRole')}
        </Button>
      </HStack>
      {count > 0 && (
        <HStack
          role="region"
          aria-label={t('changes.region')}
          wrap="wrap"
          gap="3"
          p="3"
          borderWidth="1px"
          borderRadius="md"
          bg="yellow.subtle"
        >
          <Text fontWeight="semibold" flex="1" minW="12rem">
            {t('changes.count', { count })}
          </Text>
          <Button variant="outline" minH="11" onClick={() => setChanges(NO_CHANGES)}>
            {t('changes.discard')}
          </Button>
          <Button
            colorPalette="primary"
            minH="11"
            onClick={() => {
              setError(null);
              setReviewing(summarize(roles.data ?? [], changes));
            }}
          >
            {t('changes.review')}
          </Button>
        </HStack>
      )}
      {lastSave && count === 0 && (
        <Alert.Root status={undoError ? 'error' : 'success'} role="status">
          <Alert.Indicator />
          <Alert.Title flex="1">
            {undoError ??
              (lastSave.undone
                ? t('changes.undone')
                : t('changes.saved', { roles: lastSave.changes.map((c) => c.role.name).join(', ') }))}
          </Alert.Title>
          {!lastSave.undone && (
            <Button size="sm" variant="outline" minH="11" loading={save.isPending} onClick={undo}>
              {t('changes.undo')}
            </Button>
          )}
        </Alert.Root>
      )}
      <QueryState
        query={roles}
        isEmpty={roles.data?.length === 0}
        emptyText={t('noRoles')}
        offlineText={t('needsConnection')}
        skeletonRows={10}
      >
        <PermissionMatrix
          roles={roles.data ?? []}
          changes={changes}
          onToggle={(role, permission, granted) => {
            setLastSave(null);
            setChanges((current) => withChange(current, role, permission, granted));
          }}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </QueryState>
      <ConfirmDialog
        target={reviewing}
        title={t('changes.title')}
        body={(list) => (
          <Stack as="ul" gap="1" ps="5" listStyleType="disc">
            {roleLines(list).map((line) => (
              <Text as="li" key={line}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
        error={error}
        cancelLabel={t('changes.keepEditing')}
        confirmLabel={t('changes.confirm')}
        busy={save.isPending}
        onConfirm={(list) => void confirmSave(list)}
        onDismiss={() => setReviewing(null)}
      />
      <RoleFormDialog
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
