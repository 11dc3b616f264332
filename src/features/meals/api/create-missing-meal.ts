/**
 * `POST v2/nslp_records` for a meal added after the service (Add Missing). Unlike the serving line, this is an online
 * call, not an outbox write: see add-missing/use-add-missing.ts for why. The id is made here (UUIDv7) so that a
 * retry after a lost answer is the same record on the server, not a second one.
 */
import type { z } from 'zod';
import { resourceApi } from '../../../api/resource';
import type { NslpRecord, NslpRecordCreateSchema } from '../../../contract';

export type MissingMealInput = z.input<typeof NslpRecordCreateSchema>;

export const nslpRecordsResource = resourceApi<NslpRecord, MissingMealInput, never>('v2/nslp_records');

/** Creates the meal on the server; rejects with an ApiError (409 when the scholar already had it that day). */
export function createMissingMeal(body: MissingMealInput): Promise<NslpRecord> {
  return nslpRecordsResource.create(body);
}
