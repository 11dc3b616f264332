/** Names as View Records shows them: the scholar's preferred first name and surname, and the adult of a record. */
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../../../contract';
import { scholarName } from '../../../../ui/roster/scholar-name';

/** The name the screens show: the preferred first name and the surname (shared with the records filters). */
export { scholarName };

/** Scholars by id. */
export function indexRoster(roster: readonly DemographicRecord[] | undefined): Map<string, DemographicRecord> {
  return new Map((roster ?? []).map((s) => [s.id, s]));
}

/**
 * Who a record names as the adult: the name stored with it (the list's name for a listed adult, the typed name for
 * an override), else the listed adult's name when it is known here, else null (a return or an arrival names nobody).
 */
export function adultName(
  record: Pick<CheckInRecord, 'pick_up_id' | 'pick_up_name'>,
  pickUps: Map<string, AuthorizedPickUpRecord>,
): string | null {
  if (record.pick_up_name) return record.pick_up_name;
  if (record.pick_up_id) return pickUps.get(record.pick_up_id)?.full_name ?? null;
  return null;
}

/** The ids of the listed adults these records name without a stored name: the only ones to look up. */
export function unnamedPickUpIds(records: readonly Pick<CheckInRecord, 'pick_up_id' | 'pick_up_name'>[]): string[] {
  return [...new Set(records.flatMap((r) => (r.pick_up_id && !r.pick_up_name ? [r.pick_up_id] : [])))];
}
