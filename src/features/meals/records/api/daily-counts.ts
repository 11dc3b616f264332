/** `GET v2/nslp_records/daily_counts` for the claim: the counts per day, category and meal type with the edit check. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NslpDailyCountsQuery } from '../../../../contract';
import { getDailyCounts, mealRecordKeys } from './meal-records-resource';

/** Query options of the daily counts of a range. */
export function dailyCountsQueryOptions(query: NslpDailyCountsQuery) {
  return queryOptions({
    queryKey: mealRecordKeys.counts(query),
    queryFn: ({ signal }) => getDailyCounts(query, signal),
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The daily counts of a range; nothing is asked while the range is invalid (`query` null). */
export function useDailyCounts(query: NslpDailyCountsQuery | null) {
  return useQuery({
    ...dailyCountsQueryOptions(query ?? { from: '', to: '' }),
    enabled: query !== null,
  });
}
