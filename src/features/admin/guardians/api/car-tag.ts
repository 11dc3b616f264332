/** `v2/car_line/guardians/:id/tag`: a guardian's car tag, the next free number, and its change by the office. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../../api/client';
import type { GuardianCarTagResponse } from '../../../../contract';

const path = (guardianId: string) => `v2/car_line/guardians/${guardianId}/tag`;
export const carTagKeys = { of: (guardianId: string) => ['car-tags', guardianId] as const };

/** The guardian's tag (null: none) and the number to offer. */
export function useCarTag(guardianId: string) {
  return useQuery({
    queryKey: carTagKeys.of(guardianId),
    queryFn: ({ signal }) => call(() => api.get(path(guardianId), { signal }).json<GuardianCarTagResponse>()),
  });
}

/** Sets, changes or (null) removes the guardian's tag; other guardians' tags may have changed with it. */
export function useSaveCarTag(guardianId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (number: number | null) =>
      call(() => api.post(path(guardianId), { json: { number } }).json<GuardianCarTagResponse>()),
    onSuccess: (answer) => {
      client.setQueryData(carTagKeys.of(guardianId), answer);
      void client.invalidateQueries({ queryKey: ['car-tags'] });
    },
  });
}
