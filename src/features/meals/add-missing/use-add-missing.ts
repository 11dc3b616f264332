/**
 * Add Missing's submit: a meal recorded after the service, with `added_as_missing` and a reason.
 *
 * Online only, by the REST create, not through the outbox. The one-meal rule is what matters here, and the device
 * holds only today's meals (the pull carries no earlier day), so for an earlier day only the server can say whether
 * the scholar already had that meal; the person adding it is at the form now and must see the answer (a 409) there,
 * not find it later in "needs attention". It is also an office task after the service (nslp_records-view_any), not a
 * serving station that has to keep going without a connection. The id is made once per meal, so sending again after
 * a lost answer is the same record on the server (idempotent create), never a second one.
 */
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type NslpRecord, uuidv7 } from '../../../contract';
import { type FieldErrors, fieldErrorsFromApi } from '../../../ui/form/field-errors';
import type { MissingMeal } from '../model/missing-form';
import { useMealsStation } from '../station/station';

export type SubmitResult =
  | { kind: 'added'; record: NslpRecord }
  | { kind: 'conflict'; first: NslpRecord | null }
  | { kind: 'invalid'; errors: FieldErrors; message: string }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string };

const isRecord = (value: unknown): value is NslpRecord =>
  typeof value === 'object' && value !== null && typeof (value as { served_at?: unknown }).served_at === 'string';

/** Sends a missing meal; `forget` after the values change, so the next send is a new record. */
export function useAddMissing() {
  const station = useMealsStation();
  const [busy, setBusy] = useState(false);
  const id = useRef<string | null>(null);
  return {
    busy,
    forget() {
      id.current = null;
    },
    async submit(meal: MissingMeal): Promise<SubmitResult> {
      id.current ??= uuidv7();
      setBusy(true);
      try {
        const record = await station.createMissing({ id: id.current, ...meal, added_as_missing: true });
        id.current = null;
        void station.syncNow().catch(() => undefined);
        return { kind: 'added', record };
      } catch (err) {
        if (!(err instanceof ApiError)) return { kind: 'failed', message: String(err) };
        if (err.status === 409) return { kind: 'conflict', first: isRecord(err.record) ? err.record : null };
        if (err.status === 422) return { kind: 'invalid', errors: fieldErrorsFromApi(err), message: err.message };
        if (err.isOffline) return { kind: 'offline' };
        return { kind: 'failed', message: err.message };
      } finally {
        setBusy(false);
      }
    },
  };
}
