/**
 * Saving a pick-up adult: online only, by the REST create or update, not through the outbox, because a photo goes
 * with it (the outbox carries JSON) and the person at the form must see a refusal (a 422) there. What happens after
 * the answer: the lists of adults are refetched, and the sync engine pulls at once, so this device's snapshot has the
 * adult and the photo for the pick-up line right away. The create's ids are made once per adult, so sending again
 * after a lost answer is the same rows on the server (an idempotent create), never second ones.
 *
 * Whatever the outcome, the form keeps what was typed: the caller clears it only after 'saved'.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type AuthorizedPickUpRecord, uuidv7 } from '../../../contract';
import { type FieldErrors, fieldErrorsFromApi } from '../../../ui/form/field-errors';
import {
  createPickUps,
  type PickUpCreateInput,
  type PickUpUpdateInput,
  pickUpKeys,
  updatePickUp,
} from '../api/pick-ups-resource';
import { usePickUpServices } from './services';

export type SaveResult =
  | { kind: 'saved'; records: AuthorizedPickUpRecord[] }
  | { kind: 'invalid'; errors: FieldErrors; message: string }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

/** What a failed call means for the form. */
export function saveFailure(err: unknown): SaveResult {
  if (!(err instanceof ApiError)) return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
  if (err.status === 422) return { kind: 'invalid', errors: fieldErrorsFromApi(err), message: err.message };
  if (err.isOffline) return { kind: 'offline' };
  return { kind: 'failed', message: err.message };
}

/** The save of the Add and Edit screens; `forget` after the form changes, so the next create is new rows. */
export function useSavePickUp() {
  const services = usePickUpServices();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ids = useRef<string[] | null>(null);

  async function run(send: () => Promise<AuthorizedPickUpRecord[]>): Promise<SaveResult> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
    setBusy(true);
    try {
      const records = await send();
      void queryClient.invalidateQueries({ queryKey: pickUpKeys.all });
      // The pull brings the new rows and their photo to this device's snapshot; a failed sync retries on its own.
      void services.syncNow().catch(() => undefined);
      return { kind: 'saved', records };
    } catch (err) {
      return saveFailure(err);
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    forget() {
      ids.current = null;
    },
    create(input: Omit<PickUpCreateInput, 'ids'>): Promise<SaveResult> {
      if (ids.current?.length !== input.scholarIds.length) ids.current = input.scholarIds.map(() => uuidv7());
      const rowIds = ids.current;
      return run(async () => {
        const records = await createPickUps({ ...input, ids: rowIds });
        ids.current = null;
        return records;
      });
    },
    update(input: PickUpUpdateInput): Promise<SaveResult> {
      return run(async () => [await updatePickUp(input)]);
    },
  };
}
