/**
 * Saving the permission changes of the Roles and Permissions matrix: `POST v2/roles/:id` with
 * `grant` and `revoke` for each role changed, one role after another, after the administrator has seen what will
 * change. A refusal (the last administrator's 422 among them) stops there; the roles saved before it stay saved and
 * the caller keeps the rest of the changes. The roles and the users who hold them are fetched again afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleChange } from '../model/permission-changes';
import { adminKeys } from './admin-resources';
import { updateRole } from './update-role';

/** What a save did: the changes that went through, and the error that stopped it, if one did. */
export interface SaveResult {
  saved: RoleChange[];
  error: unknown;
}

/** Sends each role's grants and revokes in turn. */
export async function saveRolePermissions(changes: readonly RoleChange[]): Promise<SaveResult> {
  const saved: RoleChange[] = [];
  for (const change of changes) {
    if (change.grant.length === 0 && change.revoke.length === 0) continue;
    try {
      await updateRole({
        id: change.role.id,
        ...(change.grant.length ? { grant: change.grant } : {}),
        ...(change.revoke.length ? { revoke: change.revoke } : {}),
      });
    } catch (error) {
      return { saved, error };
    }
    saved.push(change);
  }
  return { saved, error: null };
}

/** The save, refreshing the roles and the users lists whatever the outcome. */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users.lists() }),
      ]),
  });
}
