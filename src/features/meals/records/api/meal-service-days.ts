/**
 * `v2/meal_service_days`: a meal service on days the school is closed (summer meals, a special service), whose meals
 * then count in the claim. Creating one refreshes the daily counts, whose closed days it puts in the claim.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceApi } from '../../../../api/resource';
import type { MealServiceDayCreate, MealServiceDayRecord } from '../../../../contract';
import { mealRecordKeys } from './meal-records-resource';

export const mealServiceDaysResource = resourceApi<MealServiceDayRecord, MealServiceDayCreate, never>(
  'v2/meal_service_days',
);

/** Creates a meal service and refreshes the counts. */
export function useCreateMealService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MealServiceDayCreate) => mealServiceDaysResource.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mealRecordKeys.records.all }),
  });
}
