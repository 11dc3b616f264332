/**
 * Pick-up adults for View Records (`v2/authorized_pick_ups`, which needs authorized_pick_ups-view_any): the adult
 * search of the filter, and single adults by id, for the chosen adult's name and for a sign-out that carries an
 * adult's id without the name (the server stores the list's name with each sign-out, so this is rare). Only the ids
 * asked for are fetched, once each, and kept for five minutes.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { AuthorizedPickUpRecord } from '../../../../contract';
import { pickUpsResource, signOutRecordKeys } from './records-resource';

/** How many matches the adult search offers. */
export const ADULT_MATCHES = 8;

/** Query options of one adult by id. */
export const pickUpQueryOptions = (id: string) => ({
  queryKey: signOutRecordKeys.pickUp(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => pickUpsResource.get(id, signal),
  staleTime: 5 * 60_000,
});

/** The adults of these ids by id, as they arrive (none asked while `enabled` is false). */
export function usePickUps(ids: readonly string[], enabled: boolean): Map<string, AuthorizedPickUpRecord> {
  const unique = [...new Set(ids)].filter(Boolean);
  const results = useQueries({
    queries: unique.map((id) => ({ ...pickUpQueryOptions(id), enabled, retry: false })),
  });
  const found = new Map<string, AuthorizedPickUpRecord>();
  for (const result of results) if (result.data) found.set(result.data.id, result.data);
  return found;
}

/** The adults whose name matches `search` (nothing is asked while it is empty or `enabled` is false). */
export function usePickUpSearch(search: string, enabled: boolean) {
  const text = search.trim();
  return useQuery({
    queryKey: signOutRecordKeys.pickUpSearch(text),
    queryFn: ({ signal }): Promise<AuthorizedPickUpRecord[]> =>
      pickUpsResource
        .list({ search: text, sort: 'full_name', per_page: ADULT_MATCHES }, signal)
        .then((result) => result.data),
    enabled: enabled && text.length > 0,
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
