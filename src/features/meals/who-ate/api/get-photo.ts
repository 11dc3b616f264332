/**
 * `GET v2/photos/:id` with the bearer token: a scholar's photo as a Blob, for a face the device's snapshot does not
 * hold (the server answers only photos of scholars the caller may see). Kept for the session: photos change seldom.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, call } from '../../../../api/client';

/** Fetches one photo's bytes. */
export function getPhoto(id: string, signal?: AbortSignal): Promise<Blob> {
  return call(() => api.get(`v2/photos/${id}`, { signal, retry: 0 }).blob());
}

/** Query options of one photo. */
export function photoQueryOptions(id: string, fetchPhoto = getPhoto) {
  return queryOptions({
    queryKey: ['photos', id],
    queryFn: ({ signal }) => fetchPhoto(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
