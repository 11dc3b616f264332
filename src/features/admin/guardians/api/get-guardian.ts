/** `GET v2/guardians/:id`: one guardian, for their page. */
import { useQuery } from '@tanstack/react-query';
import { guardianKeys, guardiansResource } from './guardian-resources';

/** The guardian; disabled without an id (the new guardian's page). */
export function useGuardian(id: string | undefined) {
  return useQuery({
    queryKey: guardianKeys.guardians.detail(id ?? ''),
    queryFn: ({ signal }) => guardiansResource.get(id as string, signal),
    enabled: Boolean(id),
  });
}
