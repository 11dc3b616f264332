/**
 * One tick in the Roles and Permissions matrix: `POST v2/roles/:id` with `grant: [permission]` or
 * `revoke: [permission]`, sent at once. The box changes before the answer (optimistic), shows that its change is on
 * its way, and on a refusal returns to what it was with a red notification (the last-administrator 422 among them).
 *
 * Ticks may overlap, so a failure undoes only its own cell rather than restoring a snapshot of the whole list, and the
 * list is fetched again only after the last tick in flight settles, so an earlier answer cannot undo a later tick.
 */
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';
import { addNotification } from '../../../ui/notifications';
import { adminErrorText } from './admin-error-text';
import { adminKeys } from './admin-resources';
import { updateRole } from './update-role';

export interface PermissionToggle {
  roleId: string;
  permission: Permission;
  /** The state the box is changed to: true grants, false revokes. */
  granted: boolean;
}

export const togglePermissionKey = [...adminKeys.roles.all, 'toggle-permission'] as const;

/** The roles with one permission granted or revoked; other roles keep their identity. */
export function applyToggle(roles: RoleRecord[] | undefined, toggle: PermissionToggle): RoleRecord[] | undefined {
  return roles?.map((role) => {
    if (role.id !== toggle.roleId) return role;
    const rest = role.permissions.filter((p) => p !== toggle.permission);
    return { ...role, permissions: toggle.granted ? [...rest, toggle.permission].sort() : rest };
  });
}

/** Sends a grant or revoke for one cell. */
export function togglePermission({ roleId, permission, granted }: PermissionToggle): Promise<RoleRecord> {
  return updateRole({ id: roleId, ...(granted ? { grant: [permission] } : { revoke: [permission] }) });
}

/** The matrix's toggle: optimistic, rolled back and notified on failure. */
export function useTogglePermission() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const setRoles = (toggle: PermissionToggle) =>
    queryClient.setQueriesData<RoleRecord[]>({ queryKey: adminKeys.roles.lists() }, (roles) =>
      applyToggle(roles, toggle),
    );
  return useMutation({
    mutationKey: togglePermissionKey,
    mutationFn: togglePermission,
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.roles.lists() });
      setRoles(toggle);
    },
    onError: (error, toggle) => {
      setRoles({ ...toggle, granted: !toggle.granted });
      addNotification({ text: adminErrorText(error, t), type: 'error' });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: togglePermissionKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: adminKeys.roles.lists() });
      }
    },
  });
}

/** The cells whose change is on its way, as `roleId permission` strings. */
export function usePendingToggles(): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: togglePermissionKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as PermissionToggle | undefined,
  });
  return new Set(pending.flatMap((toggle) => (toggle ? [pendingKey(toggle.roleId, toggle.permission)] : [])));
}

/** The key of one cell in `usePendingToggles`. */
export function pendingKey(roleId: string, permission: string): string {
  return `${roleId} ${permission}`;
}
