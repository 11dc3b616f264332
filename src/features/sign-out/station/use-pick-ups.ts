/**
 * One scholar's pick-up adults from the device's snapshot (the `authorized_pick_ups` table the sync pull fills,
 * read by its `scholar_id` index), so the pick-up screen works offline. Pick-up adults are not written by the line,
 * so only the server's records count.
 */
import { useMemo } from 'react';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { useSignOutStation } from './station';

/** The scholar's adults on this device; undefined while they are read. */
export function usePickUps(scholarId: string): AuthorizedPickUpRecord[] | undefined {
  const items = useSignOutStation().useRecords('authorized_pick_ups', { where: { scholar_id: scholarId } });
  return useMemo(() => items?.flatMap((item) => (item.confirmed ? [item.record] : [])), [items]);
}
