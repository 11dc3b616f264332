/**
 * The meals of one day and service (`GET v2/nslp_records?filter[served_on]=…&filter[meal_type]=…`, every page; voided
 * ones are left out by the server), under the records' query keys so that a void on View Records refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../../api/fetch-all-pages';
import type { MealType } from '../../../../contract';
import { mealRecordKeys, nslpRecordsResource } from '../../records/api/meal-records-resource';

/** Query options of a day's meals of one service. */
export function dayMealsQueryOptions(day: string, mealType: MealType) {
  const params = { sort: 'served_at', filter: { served_on: day, meal_type: mealType } };
  return queryOptions({
    queryKey: [...mealRecordKeys.records.lists(), 'who-ate', params] as const,
    queryFn: ({ signal }) => fetchAllPages(nslpRecordsResource.list, params, { signal }),
    refetchInterval: 60_000,
  });
}

/** The day's meals of one service, fetched again every minute while the screen is open (the line keeps moving). */
export function useDayMeals(day: string, mealType: MealType) {
  return useQuery(dayMealsQueryOptions(day, mealType));
}
