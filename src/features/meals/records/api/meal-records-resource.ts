/**
 * The resources View Records and View Who Ate read: `v2/nslp_records` (list, void, daily counts), through the generic
 * resource helpers, with one query-key factory so a void refreshes exactly the lists and counts it changed (the roster
 * from `v2/demographics` is `src/api/list-scholars.ts`). These screens are online-only (they read the server's records
 * of every device), so a lost connection gets its own words.
 */
import type { TFunction } from 'i18next';
import { ApiError, api, call, SERVER_ERROR } from '../../../../api/client';
import { resourceApi } from '../../../../api/resource';
import type { NslpDailyCountsQuery, NslpDailyCountsResponse, NslpRecord, NslpRecordVoid } from '../../../../contract';

/** The body of a void; the helper adds `_method: 'PATCH'`. */
export type NslpVoidInput = Omit<NslpRecordVoid, '_method'>;

export const nslpRecordsResource = resourceApi<NslpRecord, never, NslpVoidInput>('v2/nslp_records');

/** Query keys: `mealRecordKeys.records.list(params)`, `mealRecordKeys.counts(query)`. */
export const mealRecordKeys = {
  records: nslpRecordsResource.keys,
  counts: (query: NslpDailyCountsQuery) => [...nslpRecordsResource.keys.all, 'daily-counts', query] as const,
};

/** `GET v2/nslp_records/daily_counts`: the claim's counts per day and meal type with the edit check. */
export function getDailyCounts(query: NslpDailyCountsQuery, signal?: AbortSignal): Promise<NslpDailyCountsResponse> {
  const searchParams = new URLSearchParams({ from: query.from, to: query.to });
  if (query.meal_type) searchParams.set('meal_type', query.meal_type);
  return call(() => api.get('v2/nslp_records/daily_counts', { searchParams, signal }).json<NslpDailyCountsResponse>());
}

/** The text to show for a failed call of these screens. */
export function mealRecordsErrorText(error: unknown, t: TFunction<'meal-records'>): string {
  if (error instanceof ApiError) return error.isOffline ? t('needsConnection') : error.message;
  return SERVER_ERROR;
}
