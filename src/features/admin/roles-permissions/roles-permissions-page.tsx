/**
 * Roles and Permissions (`/admin`): the matrix of roles against the permission catalogue, and the dialogs to create,
 * rename and delete a role. A tick marks a change, not yet saved; one explicit save says what will
 * change, role by role, then "Saved" with an Undo for a few seconds (a line on the page: the app's notifications carry
 * no action). A role the server refuses keeps its changes, in the matrix and in the dialog, with what failed and why.
 * The administration screens are online-only: without a connection the screen says so and offers Retry.
 */
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  withoutSaved,
} from '../model/permission-changes';
import { ChangeSummary } from './change-summary';
import { DeleteRoleDialog } from './delete-role-dialog';
import { PendingChangesBar } from './pending-changes-bar';
import { PermissionMatrix } from './permission-matrix';
import { RoleFormDialog } from './role-form-dialog';
import { SavedStatus } from './saved-status';

/** What the last save did, for its "Saved" line and its Undo. */
interface LastSave {
  changes: RoleChange[];
  undone: boolean;
  /** Why the Undo failed, if it did. */
  undoError: string | null;
}

/** The Roles and Permissions screen. */
export default function RolesPermissionsPage() {
  const { t, i18n } = useTranslation('admin');
  const roles = useRoles();
  const save = useSaveRolePermissions();
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);
  const [changes, setChanges] = useState<PermissionChanges>(NO_CHANGES);
  const [reviewing, setReviewing] = useState<RoleChange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastSave, setLastSave] = useState<LastSave | null>(null);
  const count = changeCount(changes);

  const roleNames = (list: readonly RoleChange[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(list.map((c) => c.role.name));
  const savedText = (list: readonly RoleChange[]) => t('changes.saved', { roles: roleNames(list) });

  const confirmSave = async (list: RoleChange[]) => {
    setError(null);
    const result = await save.mutateAsync(list);
    // What went through is no longer a change; what did not stays ticked, and in the dialog, for another try.
    setChanges((current) => withoutSaved(current, result.saved));
    if (result.saved.length) setLastSave({ changes: result.saved, undone: false, undoError: null });
    if (!result.error) {
      setReviewing(null);
      return;
    }
    const rest = list.filter((change) => !result.saved.includes(change));
    const failed = rest[0];
    setReviewing(rest);
    setError(
      [
        ...(result.saved.length ? [savedText(result.saved)] : []),
        t('changes.failed', { role: failed?.role.name ?? '' }),
        adminErrorText(result.error, t),
      ].join(' '),
    );
  };
  const undo = async () => {
    if (!lastSave) return;
    const result = await save.mutateAsync(inverse(lastSave.changes));
    if (result.error) {
      setLastSave({ ...lastSave, undoError: `${t('changes.undoFailed')} ${adminErrorText(result.error, t)}` });
    } else setLastSave({ ...lastSave, undone: true, undoError: null });
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
        <PendingChangesBar
          count={count}
          onDiscard={() => setChanges(NO_CHANGES)}
          onSave={() => {
            setError(null);
            setReviewing(summarize(roles.data ?? [], changes));
          }}
        />
      )}
      {lastSave && (
        <SavedStatus
          text={lastSave.undoError ?? (lastSave.undone ? t('changes.undone') : savedText(lastSave.changes))}
          isError={lastSave.undoError !== null}
          canUndo={!lastSave.undone}
          busy={save.isPending}
          onUndo={() => void undo()}
          onExpire={() => setLastSave(null)}
        />
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
            // A new tick ends the last save's Undo: it would be read against changes made since.
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
        body={(list) => <ChangeSummary changes={list} />}
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
