/**
 * What a tap does, decided from the scholar's day before anything is written, so that a scholar is never recorded
 * twice (the server refuses a second arrival per school day with a conflict; the kiosk says so at once instead,
 * offline too) and so that the server's reason rules are met before the entry reaches it.
 */
import { OTHER_REASON_PREFIX } from '../../../contract';
import type { DayState, ScholarDay } from './day-state';

export type Decision = { type: 'already'; day: ScholarDay } | { type: 'ask-reason' } | { type: 'record' };

/** An arrival: shown as already there when the day has begun, asks a reason when late, else records at once. */
export function decideArrival(day: ScholarDay, late: boolean): Decision {
  if (day.state !== 'not_arrived') return { type: 'already', day };
  return late ? { type: 'ask-reason' } : { type: 'record' };
}

/** An early departure: always asks a reason (the server requires one); a scholar already gone is shown as such. */
export function decideDeparture(day: ScholarDay): Decision {
  if (day.state === 'left' || day.state === 'signed_out') return { type: 'already', day };
  return { type: 'ask-reason' };
}

/** What staff record from Check In/Out for a scholar in this state: check in (arrival or return) or check out. */
export function staffAction(state: DayState): 'arrival' | 'sign_in' | 'departure' {
  if (state === 'not_arrived') return 'arrival';
  return state === 'in' ? 'departure' : 'sign_in';
}

/** The reason as recorded: one from the administrator's list, or 'Other: ' and what the person typed. */
export function reasonValue(choice: { listed: string } | { other: string }): string {
  return 'listed' in choice ? choice.listed : `${OTHER_REASON_PREFIX}${choice.other.trim()}`;
}

/**
 * The reason recorded for a late arrival or an early departure a family reported ahead (the portal's absence report):
 * the school's 'Other' with the family's reason, so nobody asks the family's reason again.
 */
export const reportedReason = (reason: string): string => reasonValue({ other: `Reported by family (${reason})` });
