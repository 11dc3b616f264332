/**
 * `POST v2/roles`: a new role, with no permissions until they are ticked in the matrix. The server refuses a name that
 * exists (any case) with 422 `errors.name`, which the form shows on the field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleRecord } from '../../../contract/roles';
import { adminKeys, type RoleCreateInput, rolesResource } from './admin-resources';

/** Creates a role. */
export function createRole(body: RoleCreateInput): Promise<RoleRecord> {
  return rolesResource.create(body);
}

/** Creates a role and refreshes the role lists. */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
  });
}
