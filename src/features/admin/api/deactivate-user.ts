/**
 * `DELETE v2/users/:id`: deactivates the account (it is kept, with its history) and ends all of its sessions at once.
 * Refused with the last-administrator 422 when it is the last active administrator.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, usersResource } from './admin-resources';

/** Deactivates a user and signs them out everywhere. */
export function deactivateUser(userId: string): Promise<{ message: string }> {
  return usersResource.remove(userId);
}

/** Deactivates a user and refreshes the users lists. */
export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}
