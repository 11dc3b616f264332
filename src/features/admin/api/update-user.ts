/**
 * `POST v2/users/:id` with the fields a person's details form changed (names, email, the exempt flag). Only what is
 * sent changes; the server audits it with before and after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../contract/users';
import { adminKeys, type UserUpdateInput, usersResource } from './admin-resources';

export interface UserUpdateVariables {
  userId: string;
  fields: UserUpdateInput;
}

/** Saves changed fields of an account. */
export function updateUser({ userId, fields }: UserUpdateVariables): Promise<UserRecord> {
  return usersResource.update(userId, fields);
}

/** Saves an account's details and refreshes the users lists. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users.all }),
  });
}
