/**
 * The calls of the Scholars screens: `v2/demographics` through the generic resource helpers (list, one, create,
 * update, with a photo as multipart), its withdraw, re-enrol and meal eligibility routes, the eligibility history,
 * a scholar's pick-up adults (`v2/authorized_pick_ups` filtered by scholar) and a stored photo. Online only.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, call } from '../../../api/client';
import { type ListParams, resourceApi } from '../../../api/resource';
import type { AuthorizedPickUpRecord } from '../../../contract/authorized-pick-ups';
import type {
  DemographicCreateSchema,
  DemographicRecord,
  DemographicUpdateSchema,
  MealEligibilityHistoryEntry,
  MealEligibilityUpdate,
  Reenrol,
  Withdraw,
} from '../../../contract/demographics';

/** A scholar as the create call sends it, with a new photo when one was chosen. */
export type ScholarCreateInput = z.input<typeof DemographicCreateSchema> & { photo?: Blob };
export type ScholarUpdateInput = Omit<z.input<typeof DemographicUpdateSchema>, '_method'> & { photo?: Blob };

export const scholarsResource = resourceApi<DemographicRecord, ScholarCreateInput, ScholarUpdateInput>(
  'v2/demographics',
);
const pickUpsResource = resourceApi<AuthorizedPickUpRecord, object, object>('v2/authorized_pick_ups');

export const scholarKeys = {
  ...scholarsResource.keys,
  eligibility: (id: string) => ['v2/demographics', 'eligibility', id] as const,
  pickUps: (id: string) => ['v2/demographics', 'pick-ups', id] as const,
  photo: (id: string) => ['v2/photos', id] as const,
};

/** One page of scholars; the previous page stays on screen while the next one loads. */
export const scholarsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: scholarsResource.keys.list(params),
    queryFn: ({ signal }) => scholarsResource.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const scholarQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scholarsResource.keys.detail(id),
    queryFn: ({ signal }) => scholarsResource.get(id, signal),
  });

export const eligibilityHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scholarKeys.eligibility(id),
    queryFn: ({ signal }) =>
      call(() =>
        api.get(`v2/demographics/${id}/meal_eligibility_history`, { signal }).json<{
          data: MealEligibilityHistoryEntry[];
        }>(),
      ).then((r) => r.data),
  });

/** The scholar's pick-up adults, active and not (the list is short: a family's few adults). */
export const pickUpsQueryOptions = (scholarId: string) =>
  queryOptions({
    queryKey: scholarKeys.pickUps(scholarId),
    queryFn: ({ signal }) =>
      pickUpsResource.list({ filter: { scholar_id: scholarId }, per_page: 100, sort: 'full_name' }, signal),
  });

export const photoQueryOptions = (photoId: string) =>
  queryOptions({
    queryKey: scholarKeys.photo(photoId),
    queryFn: ({ signal }) => call(() => api.get(`v2/photos/${photoId}`, { signal, retry: 0 }).blob()),
    staleTime: Number.POSITIVE_INFINITY,
  });

const post = <T>(path: string, json: T) =>
  call(() => api.post(path, { json }).json<{ data: DemographicRecord }>()).then((r) => r.data);

export const withdrawScholar = (id: string, body: Withdraw) => post(`v2/demographics/${id}/withdraw`, body);
export const reenrolScholar = (id: string, body: Reenrol) => post(`v2/demographics/${id}/reenrol`, body);
export const saveMealEligibility = (id: string, body: MealEligibilityUpdate) =>
  post(`v2/demographics/${id}/meal_eligibility`, body);
