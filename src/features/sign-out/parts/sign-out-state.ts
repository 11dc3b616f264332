/**
 * Whether a scholar has been signed out today, from the day's check-ins on this device: the server's (this device's
 * and, after a pull, every other device's) and the ones still waiting in the outbox. The latest event of the day
 * decides: a sign-out leaves the scholar signed out until a return (`sign_in`, from Check In/Out) brings them back,
 * so a scholar who came back can be signed out again, and one who left cannot be signed out twice.
 */
import type { CheckInRecord } from '../../../contract';
import type { StationItem } from '../../../offline';

/** A sign-out as the line shows it: when, with whom. */
export interface SignOutInfo {
  at: string;
  pickUpId: string | null;
  /** The adult's name as recorded (an override's typed name; the list's name once the server has it). */
  pickUpName: string | null;
  /** An override to someone not on the list. */
  flagged: boolean;
  /** Not on the server yet. */
  pending: boolean;
}

/** A scholar's latest check-in of the day (any kind): a sign-out only counts while nothing came after it. */
export interface LatestEvent {
  id: string;
  kind: CheckInRecord['kind'];
  info: SignOutInfo;
}

/** True when `a` happened after `b` (ids, UUIDv7, break ties in recording order). */
export function isLater(a: LatestEvent, b: LatestEvent): boolean {
  const diff = Date.parse(a.info.at) - Date.parse(b.info.at);
  return diff !== 0 ? diff > 0 : a.id > b.id;
}

/** The sign-out a latest event stands for, or null when the scholar is not signed out. */
export function signedOut(event: LatestEvent | undefined): SignOutInfo | null {
  return event?.kind === 'sign_out' ? event.info : null;
}

/**
 * Each scholar's latest check-in today, from a station list of check-ins. A confirmed record carries the server's
 * school day; a waiting entry has none yet, so its day is worked out from its time (`dayOfInstant`), as the server
 * will.
 */
export function latestEventsOfDay(
  items: readonly StationItem<CheckInRecord>[],
  today: string,
  dayOfInstant: (iso: string) => string,
): Map<string, LatestEvent> {
  const latest = new Map<string, LatestEvent>();
  for (const item of items) {
    const r = item.record;
    if (!r.kind || !r.scholar_id || !r.occurred_at) continue;
    if (item.confirmed ? item.record.school_day !== today : dayOfInstant(r.occurred_at) !== today) continue;
    const event: LatestEvent = {
      id: r.id,
      kind: r.kind,
      info: {
        at: r.occurred_at,
        pickUpId: r.pick_up_id ?? null,
        pickUpName: r.pick_up_name ?? null,
        flagged: r.flagged ?? false,
        pending: !item.confirmed || item.pending,
      },
    };
    const known = latest.get(r.scholar_id);
    if (!known || isLater(event, known)) latest.set(r.scholar_id, event);
  }
  return latest;
}
