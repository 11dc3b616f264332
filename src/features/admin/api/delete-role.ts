/**
 * `DELETE v2/roles/:id`: the role goes, and its holders lose its permissions at their next request. Refused with the
 * last-administrator 422 when it is the only way anyone administers.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, rolesResource } from './admin-resources';

/** Deletes a role. */
export function deleteRole(id: string): Promise<{ message: string }> {
  return rolesResource.remove(id);
}

/** Deletes a role and refreshes the roles and the users who held it. */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users.lists() }),
      ]),
  });
}
