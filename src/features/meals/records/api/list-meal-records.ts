/**
 * `GET v2/nslp_records` with the View Records filters, sort and page. The previous page stays on screen while the
 * next one loads, so paging and changing a filter never blank the table.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../../api/resource';
import { mealRecordKeys, nslpRecordsResource } from './meal-records-resource';

/** Query options of one page of meal records. */
export function mealRecordsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: mealRecordKeys.records.list(params),
    queryFn: ({ signal }) => nslpRecordsResource.list(params, signal),
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of meal records; nothing is asked while `enabled` is false (an invalid range). */
export function useMealRecords(params: ListParams, enabled = true) {
  return useQuery({ ...mealRecordsQueryOptions(params), enabled });
}
