/**
 * `GET v2/check_ins` with the View Records filters, sort and page; and how many of the range's sign-outs are flagged
 * (one row asked for, its `meta.total` read), so the screen can say so while the list shows everything. The previous
 * page stays on screen while the next one loads, so paging and changing a filter never blank the table.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../../api/resource';
import { checkInsResource, signOutRecordKeys } from './records-resource';

/** Query options of one page of records. */
export function checkInsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: signOutRecordKeys.records.list(params),
    queryFn: ({ signal }) => checkInsResource.list(params, signal),
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of records; nothing is asked while `enabled` is false (an invalid range). */
export function useCheckIns(params: ListParams, enabled = true) {
  return useQuery({ ...checkInsQueryOptions(params), enabled });
}

/** How many flagged sign-outs these filters hold (the flagged filter itself set); nothing asked while disabled. */
export function useFlaggedCount(filter: Record<string, string | undefined>, enabled: boolean) {
  const flagged = { ...filter, flagged: 'true' };
  return useQuery({
    queryKey: signOutRecordKeys.flaggedCount(flagged),
    queryFn: ({ signal }) => checkInsResource.list({ filter: flagged, per_page: 1 }, signal).then((r) => r.meta.total),
    enabled,
  });
}
