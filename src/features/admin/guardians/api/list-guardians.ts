/**
 * `GET v2/guardians` with search and pages (the guardians list, and the guardian search of a scholar's page). The
 * previous page stays on screen while the next one loads, so paging and typing never blank the list.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../../api/resource';
import { guardianKeys, guardiansResource } from './guardian-resources';

/** One page of guardians; `enabled: false` waits (a search box with too little typed). */
export function useGuardians(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: guardianKeys.guardians.list(params),
    queryFn: ({ signal }) => guardiansResource.list(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
