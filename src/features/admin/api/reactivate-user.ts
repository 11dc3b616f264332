/**
 * `POST v2/users/:id` with `active: true`: a deactivated account may sign in again (with a new session; the old ones
 * stay ended).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../contract/users';
import { adminKeys, usersResource } from './admin-resources';

/** Reactivates a user. */
export function reactivateUser(userId: string): Promise<UserRecord> {
  return usersResource.update(userId, { active: true });
}

/** Reactivates a user and refreshes the users lists. */
export function useReactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}
