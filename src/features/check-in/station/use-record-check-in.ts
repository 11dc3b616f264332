/**
 * The one way the check-in screens record anything: a check-in through the outbox (`useStationWrite`), never by
 * direct HTTP (DESIGN section 5: local first, the same path online and offline). It resolves once the entry is in
 * IndexedDB; the live lists show it at once, flagged as not sent, and the sync engine sends it.
 */
import { useCallback } from 'react';
import type { CheckInRecord } from '../../../contract';
import { useStation } from './station';

export interface CheckInInput {
  kind: CheckInRecord['kind'];
  scholarId: string;
  method: CheckInRecord['method'];
  /** When it happened (ISO 8601): the moment of the tap, not of the reason chosen afterwards. */
  occurredAt: string;
  reason: string | null;
}

/** Records a check-in on the device; rejects with OutboxValidationError if the contract refuses it. */
export function useRecordCheckIn(): (input: CheckInInput) => Promise<void> {
  const write = useStation().useWrite();
  return useCallback(
    async ({ kind, scholarId, method, occurredAt, reason }: CheckInInput) => {
      await write('check_ins', { kind, scholar_id: scholarId, method, occurred_at: occurredAt, reason });
    },
    [write],
  );
}
