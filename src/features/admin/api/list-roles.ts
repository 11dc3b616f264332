/**
 * `GET v2/roles`: every role with its permissions and how many users hold it. A school has a handful of roles, so one
 * page of the largest size holds them all and the matrix needs no pager.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import { MAX_PER_PAGE } from '../../../contract/common';
import type { RoleRecord } from '../../../contract/roles';
import { adminKeys, rolesResource } from './admin-resources';

/** The one list of roles the screens share (sorted by name), so a change to it shows on both screens. */
export const ALL_ROLES: ListParams = { sort: 'name', per_page: MAX_PER_PAGE };

/** Fetches every role. */
export function listRoles(signal?: AbortSignal): Promise<RoleRecord[]> {
  return rolesResource.list(ALL_ROLES, signal).then((result) => result.data);
}

/** Query options of the roles list, for `useQuery` and a route loader's `prefetchQuery`. */
export function rolesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.roles.list(ALL_ROLES),
    queryFn: ({ signal }) => listRoles(signal),
    staleTime: 30_000,
  });
}

/** Every role, kept fresh by the mutations of this feature. */
export function useRoles() {
  return useQuery(rolesQueryOptions());
}
