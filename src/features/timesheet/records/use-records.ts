/** A page of View Records' records, online; the writes are the shared ones of `../parts/use-record-writes`. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import { timesheetsApi } from '../api/timesheets-api';

/** A page of records (not asked while the range is wrong). */
export function useRecords(params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: timesheetsApi.keys.list(params),
    queryFn: ({ signal }) => timesheetsApi.list(params, signal),
    enabled,
    // TanStack Query's placeholderData: the last page stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });
}
