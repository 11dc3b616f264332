import { describe, expect, it } from 'vitest';
import type { CheckInRecord } from '../../../contract';
import type { StationItem } from '../../../offline';
import { schoolDayOf } from '../../../ui/school-clock';
import { ada, jose, mother, SCHOOL_ZONE, serverCheckIn, TODAY } from '../station/station-fixture';
import { latestEventsOfDay, signedOut } from './sign-out-state';

const confirmed = (record: CheckInRecord): StationItem<CheckInRecord> => ({
  confirmed: true,
  record,
  pending: false,
  attention: false,
});
const dayOf = (iso: string) => schoolDayOf(iso, SCHOOL_ZONE);

describe('latestEventsOfDay', () => {
  it("signs a scholar out until a return, counting today's events only, waiting entries included", () => {
    const items: StationItem<CheckInRecord>[] = [
      confirmed(serverCheckIn({ scholar_id: ada.id, kind: 'arrival', occurred_at: '2026-03-02T15:50:00.000Z' })),
      confirmed(
        serverCheckIn({ scholar_id: ada.id, pick_up_id: mother.id, pick_up_name: 'Grace Lovelace', flagged: false }),
      ),
      // Yesterday's sign-out of José does not count today.
      confirmed(serverCheckIn({ scholar_id: jose.id, school_day: '2026-03-01', occurred_at: '2026-03-01T23:00:00Z' })),
    ];
    let latest = latestEventsOfDay(items, TODAY, dayOf);
    expect(signedOut(latest.get(ada.id))).toEqual({
      at: '2026-03-02T22:10:00.000Z',
      pickUpId: mother.id,
      pickUpName: 'Grace Lovelace',
      flagged: false,
      pending: false,
    });
    expect(signedOut(latest.get(jose.id))).toBeNull();

    // Back at school (sign_in), then a waiting override from this device: signed out again, flagged, not sent.
    items.push(
      confirmed(serverCheckIn({ scholar_id: ada.id, kind: 'sign_in', occurred_at: '2026-03-02T22:30:00.000Z' })),
    );
    expect(signedOut(latestEventsOfDay(items, TODAY, dayOf).get(ada.id))).toBeNull();
    items.push({
      confirmed: false,
      pending: true,
      attention: false,
      record: {
        id: 'waiting',
        kind: 'sign_out',
        scholar_id: ada.id,
        occurred_at: '2026-03-02T23:00:00.000Z',
        pick_up_name: 'Uncle Bob',
        flagged: true,
      },
    });
    latest = latestEventsOfDay(items, TODAY, dayOf);
    expect(signedOut(latest.get(ada.id))).toMatchObject({ pickUpName: 'Uncle Bob', flagged: true, pending: true });
  });
});
