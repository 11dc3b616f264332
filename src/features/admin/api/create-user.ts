/**
 * `POST v2/users`: a new account with its roles in the same request (and the server's same transaction), so a refused
 * role leaves no half-made account behind. The client's id makes a repeated send answer the same account.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../contract/users';
import { adminKeys, type UserCreateInput, usersResource } from './admin-resources';

/** Creates an account. */
export function createUser(input: UserCreateInput): Promise<UserRecord> {
  return usersResource.create(input);
}

/** Creates an account and refreshes the users lists and the roles' holder counts. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roles.all }),
      ]),
  });
}
