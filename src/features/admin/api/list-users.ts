/**
 * `GET v2/users` with search, filters, sort and pages: the Users and Roles list. The previous page stays on screen
 * while the next one loads, so paging and typing never blank the table.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams, ListResult } from '../../../api/resource';
import type { UserRecord } from '../../../contract/users';
import { adminKeys, usersResource } from './admin-resources';

/** Fetches one page of users. */
export function listUsers(params: ListParams, signal?: AbortSignal): Promise<ListResult<UserRecord>> {
  return usersResource.list(params, signal);
}

/** Query options of one page of users, for `useQuery` and a route loader's `prefetchQuery`. */
export function usersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: adminKeys.users.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of users. */
export function useUsers(params: ListParams) {
  return useQuery(usersQueryOptions(params));
}
