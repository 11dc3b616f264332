/**
 * `POST v2/guardians` and `POST v2/guardians/:id` (update): a new guardian carries the form's own id, so a retried
 * create answers the same guardian instead of making a second. A change of name or phone also changes the guardian's
 * mirrored pick-up adults, so the links are refetched too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type GuardianCreateInput,
  type GuardianUpdateInput,
  guardianKeys,
  guardiansResource,
} from './guardian-resources';

export type SaveGuardianInput =
  | { id: string; create: true; body: GuardianCreateInput }
  | {
      id: string;
      create: false;
      body: GuardianUpdateInput;
    };

/** Creates or updates a guardian. */
export function useSaveGuardian() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveGuardianInput) =>
      input.create
        ? guardiansResource.create({ ...input.body, id: input.id })
        : guardiansResource.update(input.id, input.body),
    onSuccess: (saved) => {
      client.setQueryData(guardianKeys.guardians.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: guardianKeys.guardians.lists() });
      void client.invalidateQueries({ queryKey: guardianKeys.links.all });
    },
  });
}
