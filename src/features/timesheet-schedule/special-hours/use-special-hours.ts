/**
 * What Edit Special Hours reads and writes: a page of special hours by the screen's filters, every staff member's name
 * (to say who a record is for), and the writes. Each write refreshes the list and expected hours, which depend on it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../api/resource';
import type { SpecialHoursCreate, SpecialHoursUpdate } from '../../../contract';
import { expectedKeys, specialHoursApi, staffApi } from '../api/schedules-api';

/** A page of special hours. */
export function useSpecialHours(params: ListParams) {
  return useQuery({
    queryKey: specialHoursApi.keys.list(params),
    queryFn: ({ signal }) => specialHoursApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every active staff member by id (a school has far fewer than the 500 one page holds). */
export function useAllStaff() {
  const params: ListParams = { sort: 'lname', per_page: 500 };
  return useQuery({
    queryKey: staffApi.keys.list(params),
    queryFn: ({ signal }) => staffApi.list(params, signal),
    select: (result) => new Map(result.data.map((s) => [s.id, s])),
    staleTime: 60_000,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([specialHoursApi.keys.all, expectedKeys.all].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export type SaveSpecialInput = { id: string | null; body: SpecialHoursCreate };

/** Adds special hours, or changes the ones with `id`. */
export function useSaveSpecial() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: SaveSpecialInput) =>
      id ? specialHoursApi.update(id, body as SpecialHoursUpdate) : specialHoursApi.create(body),
    onSuccess: refresh,
  });
}

/** Deletes special hours. */
export function useDeleteSpecial() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => specialHoursApi.remove(id), onSuccess: refresh });
}
