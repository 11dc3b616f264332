/**
 * Which of a scholar's pick-up adults the line may release to today, decided on the device from the
 * snapshot so it works offline, with the server's own rule (server/routes/check_ins `pickUpRefusal`): on the list,
 * active, authorized, and within `valid_from`..`valid_until` (inclusive) on the school day. A refusal
 * (`not_authorized`, a custody order) is never offered and is shown as a warning whatever its dates: the line must
 * recognise that face even when the order's dates were entered wrong.
 */
import type { AuthorizedPickUpRecord } from '../../../contract';

/** Why an authorized adult is not offered today: their authorization starts later, or has ended. */
export type NotTodayReason = 'not_yet' | 'ended';

export interface ClassifiedPickUps {
  /** May take the scholar today: one tap signs out. */
  offered: AuthorizedPickUpRecord[];
  /** Must not (custody order): shown in red with the photo and the note, never choosable. */
  refused: AuthorizedPickUpRecord[];
  /** Authorized, but not on this school day. */
  notToday: { adult: AuthorizedPickUpRecord; reason: NotTodayReason }[];
}

/** Whether an authorization's dates include `day` (YYYY-MM-DD, the school day); null when they do. */
export function datesRefusal(
  adult: Pick<AuthorizedPickUpRecord, 'valid_from' | 'valid_until'>,
  day: string,
): NotTodayReason | null {
  if (adult.valid_from && day < adult.valid_from) return 'not_yet';
  if (adult.valid_until && day > adult.valid_until) return 'ended';
  return null;
}

/** The order the office entered them in (the family's guardian first), then by name. */
function byEntry(a: AuthorizedPickUpRecord, b: AuthorizedPickUpRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.full_name.localeCompare(b.full_name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Sorts a scholar's adults (active ones only) into offered, refused and not valid today. */
export function classifyPickUps(adults: readonly AuthorizedPickUpRecord[], today: string): ClassifiedPickUps {
  const out: ClassifiedPickUps = { offered: [], refused: [], notToday: [] };
  for (const adult of [...adults].sort(byEntry)) {
    if (!adult.active) continue;
    if (adult.status !== 'authorized') {
      out.refused.push(adult);
      continue;
    }
    const reason = datesRefusal(adult, today);
    if (reason) out.notToday.push({ adult, reason });
    else out.offered.push(adult);
  }
  return out;
}
