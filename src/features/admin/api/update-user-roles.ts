/**
 * `POST v2/users/:id` with `role_ids`: replaces the set of roles a user holds (the server also requires
 * `roles-update` for it, and refuses to leave the school without an administrator). Holder counts change with it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../contract/users';
import { adminKeys, usersResource } from './admin-resources';

export interface UserRolesVariables {
  userId: string;
  roleIds: string[];
}

/** Gives a user exactly these roles. */
export function updateUserRoles({ userId, roleIds }: UserRolesVariables): Promise<UserRecord> {
  return usersResource.update(userId, { role_ids: roleIds });
}

/** Saves a user's roles and refreshes the users and the roles' holder counts. */
export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
      ]),
  });
}
