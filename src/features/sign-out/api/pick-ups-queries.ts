/**
 * The reads of the pick-up adult screens as TanStack queries: scholars found by name or number, one scholar by id
 * (a link's `?scholar=`), a scholar's adults a page at a time, the whole active roster for the badges, and photos.
 * The previous answer stays on screen while the next loads, so typing and paging never blank a list.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import type { DemographicRecord } from '../../../contract';
import { MAX_PER_PAGE } from '../../../contract/common';
import { getPhoto, listPickUps, pickUpKeys, scholarsResource } from './pick-ups-resource';

/** How many scholars a search offers. */
export const SCHOLAR_MATCHES = 8;

/** The active scholars whose name or student number matches (nothing is asked while the text is empty). */
export function useScholarSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: pickUpKeys.scholarSearch(text),
    queryFn: ({ signal }): Promise<DemographicRecord[]> =>
      scholarsResource
        .list({ search: text, sort: 'lname', per_page: SCHOLAR_MATCHES, filter: { active: 'true' } }, signal)
        .then((r) => r.data),
    enabled: text.length > 0,
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One scholar by id (nothing is asked without one). */
export function useScholar(id: string | null) {
  return useQuery({
    queryKey: pickUpKeys.scholar(id ?? ''),
    queryFn: ({ signal }) => scholarsResource.get(id ?? '', signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** One page of a scholar's adults. */
export function useScholarPickUps(params: ListParams & { filter: { scholar_id: string } }) {
  return useQuery({
    queryKey: pickUpKeys.list(params),
    queryFn: ({ signal }) => listPickUps(params, signal),
    enabled: Boolean(params.filter.scholar_id),
    // TanStack Query's placeholderData: the previous answer stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every active scholar, sorted by name: the badges page filters it by grade, homeroom and search on the device.
 * Pages are asked one after another at the largest size (a school is a few hundred to a few thousand scholars).
 */
export async function fetchRoster(signal?: AbortSignal): Promise<DemographicRecord[]> {
  const rows: DemographicRecord[] = [];
  for (let page = 1; ; page++) {
    const answer = await scholarsResource.list(
      { sort: 'lname', page, per_page: MAX_PER_PAGE, filter: { active: 'true' } },
      signal,
    );
    rows.push(...answer.data);
    if (rows.length >= answer.meta.total || answer.data.length === 0) return rows;
  }
}

/** The roster for the badges, kept five minutes (it changes seldom during a day). */
export function useBadgeRoster() {
  return useQuery({ queryKey: pickUpKeys.roster(), queryFn: ({ signal }) => fetchRoster(signal), staleTime: 300_000 });
}

/** Query options of one photo: a photo id always names the same bytes, so it is never fetched twice. */
export function photoQueryOptions(id: string, fetchPhoto: typeof getPhoto = getPhoto) {
  return queryOptions({
    queryKey: pickUpKeys.photo(id),
    queryFn: ({ signal }) => fetchPhoto(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
