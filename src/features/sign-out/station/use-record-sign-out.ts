/**
 * The one way the line records a sign-out: a check-in of kind `sign_out` through the outbox (`useStationWrite`),
 * never by direct HTTP (DESIGN section 5: local first, the same path online and offline). It resolves once the entry
 * is in IndexedDB; the live lists show it at once, flagged as not sent, and the sync engine sends it. The server
 * checks the adult again (on the list, authorized, valid that day) and flags an override itself. Its Undo goes the
 * same way.
 */
import { useCallback } from 'react';
import { CHECK_IN_VOID_REASON, type CheckInRecord } from '../../../contract';
import { useSignOutStation } from './station';

/** Who takes the scholar: an adult from the list, or an override with the typed name and the reason. */
export type PickUpChoice = { type: 'listed'; pickUpId: string } | { type: 'override'; name: string; reason: string };

export interface SignOutInput {
  scholarId: string;
  method: Extract<CheckInRecord['method'], 'manual' | 'scan'>;
  /** When it happened (ISO 8601): the moment of the tap. */
  occurredAt: string;
  pickUp: PickUpChoice;
}

/**
 * Records a sign-out on the device and answers the check-in's id (for its Undo); rejects with OutboxValidationError
 * if the contract refuses it.
 */
export function useRecordSignOut(): (input: SignOutInput) => Promise<string> {
  const write = useSignOutStation().useWrite();
  return useCallback(
    async ({ scholarId, method, occurredAt, pickUp }: SignOutInput) => {
      const who =
        pickUp.type === 'listed'
          ? { pick_up_id: pickUp.pickUpId }
          : { pick_up_name: pickUp.name.trim(), override_reason: pickUp.reason.trim(), flagged: true };
      const entry = await write('check_ins', {
        kind: 'sign_out',
        scholar_id: scholarId,
        method,
        occurred_at: occurredAt,
        reason: null,
        ...who,
      });
      return entry.data.id as string;
    },
    [write],
  );
}

/**
 * The Undo of a sign-out: its void ("tapped in error") through the outbox, as an update of the check-in, so it is sent
 * after the sign-out even when neither has reached the server yet, and the day's lists drop the sign-out at once.
 * The scholar's id travels with it for the device panel ("Undo · Ada Lovelace · 3:00 PM"); the server reads only
 * the record's id and the void.
 */
export function useVoidSignOut(): (checkInId: string, scholarId: string) => Promise<void> {
  const write = useSignOutStation().useWrite();
  return useCallback(
    async (checkInId: string, scholarId: string) => {
      await write(
        'check_ins',
        {
          id: checkInId,
          scholar_id: scholarId,
          void_reason: CHECK_IN_VOID_REASON,
          voided_at: new Date().toISOString(),
        },
        'update',
      );
    },
    [write],
  );
}
