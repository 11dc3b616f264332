/**
 * The resources View Records reads (F5): `v2/check_ins` (sign-outs and returns, arrivals and departures when asked)
 * and `v2/authorized_pick_ups` that names the adults and offers them in the adult filter (the roster that names the
 * scholars is `src/api/list-scholars.ts`). One query-key factory per resource. This screen is online only (it reads
 * what every station sent), so a lost connection gets its own words.
 */
import type { TFunction } from 'i18next';
import { ApiError, SERVER_ERROR } from '../../../../api/client';
import { resourceApi } from '../../../../api/resource';
import type { AuthorizedPickUpRecord, CheckInRecord } from '../../../../contract';

export const checkInsResource = resourceApi<CheckInRecord, never, never>('v2/check_ins');
export const pickUpsResource = resourceApi<AuthorizedPickUpRecord, never, never>('v2/authorized_pick_ups');

/** Query keys of this screen, under each resource's own so that a change elsewhere refreshes them. */
export const signOutRecordKeys = {
  records: checkInsResource.keys,
  flaggedCount: (filter: Record<string, string | undefined>) =>
    [...checkInsResource.keys.all, 'sign-out-records-flagged', filter] as const,
  pickUp: (id: string) => pickUpsResource.keys.detail(id),
  pickUpSearch: (search: string) => [...pickUpsResource.keys.all, 'sign-out-records-search', search] as const,
};

/** The text to show for a failed call of this screen. */
export function recordsErrorText(error: unknown, t: TFunction<'sign-out-records'>): string {
  if (error instanceof ApiError) return error.isOffline ? t('needsConnection') : error.message;
  return SERVER_ERROR;
}
