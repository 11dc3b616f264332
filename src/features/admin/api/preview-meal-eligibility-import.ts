/** `POST v2/meal_eligibility_imports`: what a CSV of determinations would change; nothing is written. */
import { api, call } from '../../../api/client';
import type { MealImport } from '../../../contract';

/** Sends the file and answers its preview (its `id` is the file's hash, which the apply names). */
export const previewMealEligibilityImport = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(() =>
    api.post('v2/meal_eligibility_imports', { body, retry: 0, timeout: 60_000 }).json<{ data: MealImport }>(),
  ).then((r) => r.data);
};
