/**
 * `POST v2/nslp_records/:id` with `_method: 'PATCH', voided: true, void_reason`: the only change a meal record takes.
 * The record stays, marked voided; the lists and the daily counts (which leave voided meals out) are fetched again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NslpRecord } from '../../../../contract';
import { mealRecordKeys, nslpRecordsResource } from './meal-records-resource';

export interface VoidVariables {
  id: string;
  reason: string;
}

/** Voids a meal record with a reason. */
export function voidMealRecord({ id, reason }: VoidVariables): Promise<NslpRecord> {
  return nslpRecordsResource.update(id, { voided: true, void_reason: reason });
}

/** Voids a meal record and refreshes the records and counts. */
export function useVoidMealRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidMealRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealRecordKeys.records.all }),
  });
}
