/**
 * `POST v2/meal_eligibility_imports/{id}/apply`: writes a previewed file. The server keeps no preview, so the same
 * file goes again; a different one answers 409 (docs/decisions/007-meal-eligibility-import-stateless.md).
 */
import { api, call } from '../../../api/client';
import type { MealImport } from '../../../contract';

/** Applies the file previewed as `id` and answers what was written. */
export const applyMealEligibilityImport = ({ id, file }: { id: string; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return call(() =>
    api
      .post(`v2/meal_eligibility_imports/${id}/apply`, { body, retry: 0, timeout: 120_000 })
      .json<{ data: MealImport }>(),
  ).then((r) => r.data);
};
