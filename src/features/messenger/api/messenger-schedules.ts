/**
 * `v2/messenger_schedules` through the generic resource helpers: the front office's edits of the schedule are
 * online operations (REST create, update, delete; DESIGN section 4), unlike the station writes that go through the
 * outbox. The schedule itself is read from the device's copy, which the sync pull keeps; so after each successful
 * edit the hooks (create-duty.ts, update-duty.ts, delete-duty.ts) ask for a sync at once, and the week on screen
 * follows within a moment. What to say when an edit fails is here too.
 */

import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError, SERVER_ERROR } from '../../../api/client';
import { resourceApi } from '../../../api/resource';
import type {
  MessengerScheduleCreateSchema,
  MessengerScheduleRecord,
  MessengerScheduleUpdateSchema,
} from '../../../contract';

export type DutyCreateInput = z.input<typeof MessengerScheduleCreateSchema>;
export type DutyUpdateInput = Omit<z.input<typeof MessengerScheduleUpdateSchema>, '_method'>;

export const dutiesResource = resourceApi<MessengerScheduleRecord, DutyCreateInput, DutyUpdateInput>(
  'v2/messenger_schedules',
);

/** The text to show for a failed edit: no connection gets its own words (editing needs one). */
export function dutyErrorText(error: unknown, t: TFunction<'messenger'>): string {
  if (error instanceof ApiError) return error.isOffline ? t('needsConnection') : error.message;
  return SERVER_ERROR;
}
