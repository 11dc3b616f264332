/**
 * How the portal's two writes (a COVID screening answer, a conference sign-in) are made: through the device's outbox
 * (DESIGN section 5), the same path online and offline. The write resolves once the entry is on the
 * device; the sync engine sends it when it can. The screen shows what waits, and reads the server's answer again
 * once its entries have gone.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SyncResource } from '../../../contract';
import { type OutboxEntry, useStationWrite, useWaitingEntries } from '../../../offline';

export interface OutboxSend {
  /** Queues the write; resolves with the entry once it is kept on the device. */
  send(data: Record<string, unknown>): Promise<OutboxEntry>;
  /** This resource's entries for this scholar not sent yet (undefined while the device's list loads). */
  waiting: OutboxEntry[] | undefined;
}

/** The outbox for one resource and scholar; `onSent` runs when an entry that waited has gone (sent). */
export function useOutboxSend(resource: SyncResource, scholarId: string, onSent: () => void): OutboxSend {
  const write = useStationWrite();
  const all = useWaitingEntries();
  const waiting = useMemo(
    () => all?.filter((e) => e.resource === resource && e.data.scholar_id === scholarId),
    [all, resource, scholarId],
  );
  const seen = useRef(new Set<string>());
  const sentRef = useRef(onSent);
  sentRef.current = onSent;
  useEffect(() => {
    if (!waiting) return;
    const now = new Set(waiting.map((e) => e.id));
    const gone = [...seen.current].some((id) => !now.has(id));
    seen.current = now;
    if (gone) sentRef.current();
  }, [waiting]);
  const send = useCallback(
    async (data: Record<string, unknown>) => {
      const entry = await write(resource, data);
      seen.current.add(entry.id);
      return entry;
    },
    [write, resource],
  );
  return { send, waiting };
}
