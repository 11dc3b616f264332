/**
 * The day's car line queue as the pick-up line and the classrooms read it, from the device (so it shows offline and
 * after a reload): today's entries in arrival order, less the children signed out at the curb, including a sign-out
 * this device recorded that has not reached the server yet (the server takes them off too, when it arrives).
 */
import { useMemo } from 'react';
import type { CarLineEntry } from '../../../contract';
import type { StationItem } from '../../../offline';
import { signedOut } from '../parts/sign-out-state';
import { useSignOutStation } from '../station/station';
import type { SignOutDay } from '../station/use-sign-out-day';

/** The text of a car tag's QR code (the hang tag): what the curb's camera or a USB scanner reads. */
export const CAR_TAG_PREFIX = 'CAR-TAG:';

/** The tag number a scanned code names, or null when it is not a car tag's code. */
export function carTagOf(code: string): number | null {
  const match = /^CAR-TAG:(\d{1,4})$/i.exec(code.trim());
  return match ? Number(match[1]) : null;
}

/** Arrival order: when called, then the entry's id (UUIDv7, in the order written). */
const byArrival = (a: StationItem<CarLineEntry>, b: StationItem<CarLineEntry>) => {
  const x = `${a.record.called_at ?? ''}|${a.record.id}`;
  const y = `${b.record.called_at ?? ''}|${b.record.id}`;
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Today's queue still to walk out, in arrival order; undefined while the device reads it. */
export function useCarLineQueue(day: Pick<SignOutDay, 'today' | 'latest'>): CarLineEntry[] | undefined {
  const station = useSignOutStation();
  const items = station.useRecords('car_line_queue', { where: { school_day: day.today }, sort: byArrival });
  return useMemo(
    () =>
      items
        ?.map((i) => i.record as CarLineEntry)
        .filter((e) => !e.released_at && !signedOut(day.latest.get(e.scholar_id))),
    [items, day.latest],
  );
}
