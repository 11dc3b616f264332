/**
 * `POST v2/roles/:id` with `_method: 'PATCH'`: rename or describe a role (this hook), or grant and revoke permissions
 * (see `save-role-permissions.ts`, which uses the same fetcher after an explicit save). A new name also shows in
 * the users list, so both lists are refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleRecord } from '../../../contract/roles';
import { adminKeys, type RoleUpdateInput, rolesResource } from './admin-resources';

export interface RoleUpdateVariables extends RoleUpdateInput {
  id: string;
}

/** Changes a role. */
export function updateRole({ id, ...body }: RoleUpdateVariables): Promise<RoleRecord> {
  return rolesResource.update(id, body);
}

/** Renames or describes a role and refreshes the roles and the users who hold it. */
export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users.lists() }),
      ]),
  });
}
