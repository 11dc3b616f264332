/**
 * A pick-up line station for the screen tests: a fresh IndexedDB database (fake-indexeddb), the real outbox, merge
 * and live queries bound to it, and a sync engine that is never started (entries stay in the outbox, as on a tablet
 * that is offline). The school is in Los Angeles; each test sets the clock (Monday 2 March 2026, 15:00 there).
 * Ada has a mother (with a photo), a grandmother whose authorization ended, a babysitter who starts next week and a
 * father under a custody order; José has nobody on file.
 */
import { type AuthorizedPickUpRecord, type CheckInRecord, type DemographicRecord, uuidv7 } from '../../../contract';
import { pickUpRecord, scholar } from '../../../offline/test/fakes';
import { makeStationHarness, type StationFixture } from '../../../offline/test/station-harness';
import { createSignOutStation, SignOutStationProvider } from './station';

export { SCHOOL_ZONE } from '../../../offline/test/station-harness';
/** Monday 2 March 2026, 15:00 in Los Angeles: pick-up time. */
export const PICK_UP_TIME = '2026-03-02T23:00:00.000Z';
export const TODAY = '2026-03-02';

export const ada = scholar({
  fname: 'Ada',
  lname: 'Lovelace',
  grade: '5',
  homeroom: '5A',
  student_number: '1001',
  badge_code: 'K7QX2M9RT4HB',
});
export const jose = scholar({
  fname: 'José',
  lname: 'Núñez',
  grade: 'K',
  homeroom: 'K1',
  student_number: '1002',
  badge_code: 'P3WZ8N6VC1DA',
});

/** A pick-up adult of `scholar_id`, authorized with no dates unless told otherwise. */
export function pickUp(extra: Partial<AuthorizedPickUpRecord> & { scholar_id: string; full_name: string }) {
  return pickUpRecord(extra);
}

export const MOTHER_PHOTO = '0190f3a4-0000-7000-8000-0000000000a1';
export const mother = pickUp({
  scholar_id: ada.id,
  full_name: 'Grace Lovelace',
  relationship: 'Mother',
  phone: '(213) 555-0101',
  photo_id: MOTHER_PHOTO,
  notes: 'Drives a blue van.',
  created_at: '2026-01-10T17:00:00.000Z',
});
export const grandmother = pickUp({
  scholar_id: ada.id,
  full_name: 'Anne Byron',
  relationship: 'Grandmother',
  valid_from: '2026-01-01',
  valid_until: '2026-03-01',
  created_at: '2026-01-10T17:01:00.000Z',
});
export const babysitter = pickUp({
  scholar_id: ada.id,
  full_name: 'Mary Somerville',
  relationship: 'Babysitter',
  valid_from: '2026-03-09',
  created_at: '2026-01-10T17:02:00.000Z',
});
export const father = pickUp({
  scholar_id: ada.id,
  full_name: 'George Byron',
  relationship: 'Parent (no custody)',
  status: 'not_authorized',
  notes: 'Custody order, Family Court case 2026-FL-1234: may not pick up.',
  created_at: '2026-01-10T17:03:00.000Z',
});

/** A check-in the server has (pulled from another device, say). */
export function serverCheckIn(extra: Partial<CheckInRecord> & { scholar_id: string }): CheckInRecord {
  return {
    id: uuidv7(),
    kind: 'sign_out',
    occurred_at: '2026-03-02T22:10:00.000Z',
    school_day: TODAY,
    reason: null,
    method: 'manual',
    pick_up_id: null,
    pick_up_name: null,
    override_reason: null,
    flagged: false,
    late: false,
    recorded_by: null,
    device_id: 'another-device',
    created_at: PICK_UP_TIME,
    updated_at: PICK_UP_TIME,
    ...extra,
  };
}

export type Fixture = StationFixture;

/** A station with this roster, these pick-up adults and check-ins; `online` is what the sync status says. */
export async function makeFixture({
  scholars = [ada, jose],
  pickUps = [mother, grandmother, babysitter, father],
  checkIns = [],
  online = false,
}: {
  scholars?: DemographicRecord[];
  pickUps?: AuthorizedPickUpRecord[];
  checkIns?: CheckInRecord[];
  online?: boolean;
} = {}): Promise<Fixture> {
  const { db, queryClient, hooks, written } = await makeStationHarness({
    online,
    seed: async (db) => {
      await db.demographics.bulkPut(scholars);
      await db.authorized_pick_ups.bulkPut(pickUps);
      await db.check_ins.bulkPut(checkIns);
      await db.photos.put({
        id: MOTHER_PHOTO,
        blob: new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }),
        content_type: 'image/svg+xml',
        sha256: 'x',
      });
    },
  });
  const station = createSignOutStation(db, hooks);
  return {
    db,
    queryClient,
    wrap: (ui) => <SignOutStationProvider station={station}>{ui}</SignOutStationProvider>,
    written,
  };
}
