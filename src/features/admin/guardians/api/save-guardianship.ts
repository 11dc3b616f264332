/**
 * `POST v2/guardianships` (link, with the client's id so a retry links once), `POST v2/guardianships/:id` (change the
 * relationship or pick-up) and `DELETE v2/guardianships/:id` (unlink). Each refetches both sides' links and the
 * guardians (their scholar counts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uuidv7 } from '../../../../contract/ids';
import {
  type GuardianshipCreateInput,
  type GuardianshipUpdateInput,
  guardianKeys,
  guardianshipsResource,
} from './guardian-resources';

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: guardianKeys.links.all });
    void client.invalidateQueries({ queryKey: guardianKeys.guardians.all });
  };
}

/** Links a guardian and a scholar. */
export function useLinkGuardian() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GuardianshipCreateInput) => guardianshipsResource.create({ id: uuidv7(), ...body }),
    onSuccess: refresh,
  });
}

/** Changes a link's relationship or whether the guardian may pick up. */
export function useUpdateGuardianship() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GuardianshipUpdateInput }) => guardianshipsResource.update(id, body),
    onSuccess: refresh,
  });
}

/** Unlinks them. */
export function useUnlinkGuardian() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => guardianshipsResource.remove(id), onSuccess: refresh });
}
