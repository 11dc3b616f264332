/**
 * Where each scholar is today, derived from the day's check-ins on this device: the ones the server confirmed (this
 * device's and, after a pull, every other device's) and the ones still waiting in the outbox. Nothing is stored:
 * the state follows the events, so an entry from another kiosk changes the screen as soon as the pull brings it.
 *
 * arrival → in; departure → left; sign_out (picked up) → signed out; sign_in (back after leaving) → in.
 */
import type { CheckInRecord } from '../../../contract';
import type { StationItem } from '../../../offline';

type CheckInKind = CheckInRecord['kind'];

export const DAY_STATES = ['not_arrived', 'in', 'left', 'signed_out'] as const;
export type DayState = (typeof DAY_STATES)[number];

/** One check-in as the state derivation needs it. */
export interface DayEvent {
  id: string;
  kind: CheckInKind;
  scholar_id: string;
  occurred_at: string;
  reason: string | null;
  late: boolean;
  /** Still in the outbox (not confirmed by the server yet). */
  pending: boolean;
  device_id: string | null;
}

/** A scholar's day so far. */
export interface ScholarDay {
  state: DayState;
  /** When the first arrival of the day happened (ISO), if any. */
  arrivedAt: string | null;
  /** Whether that arrival was late. */
  late: boolean;
  /** When the latest event happened (ISO), if any. */
  at: string | null;
  /** The latest event's reason (late arrival, departure...). */
  reason: string | null;
  /** Some of the day's events are not on the server yet. */
  pending: boolean;
}

export const NOT_ARRIVED: ScholarDay = {
  state: 'not_arrived',
  arrivedAt: null,
  late: false,
  at: null,
  reason: null,
  pending: false,
};

const NEXT_STATE: Record<CheckInKind, DayState> = {
  arrival: 'in',
  departure: 'left',
  sign_out: 'signed_out',
  sign_in: 'in',
};

function byTime(a: DayEvent, b: DayEvent): number {
  const diff = Date.parse(a.occurred_at) - Date.parse(b.occurred_at);
  if (diff !== 0) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The day after one more event. */
export function applyEvent(
  day: ScholarDay,
  event: Pick<DayEvent, 'kind' | 'occurred_at' | 'reason' | 'late' | 'pending'>,
): ScholarDay {
  const firstArrival = event.kind === 'arrival' && day.arrivedAt === null;
  return {
    state: NEXT_STATE[event.kind],
    arrivedAt: firstArrival ? event.occurred_at : day.arrivedAt,
    late: firstArrival ? event.late : day.late,
    at: event.occurred_at,
    reason: event.reason,
    pending: day.pending || event.pending,
  };
}

/** The state of every scholar who has events, from the events in any order. */
export function deriveDayStates(events: Iterable<DayEvent>): Map<string, ScholarDay> {
  const days = new Map<string, ScholarDay>();
  for (const event of [...events].sort(byTime)) {
    days.set(event.scholar_id, applyEvent(days.get(event.scholar_id) ?? NOT_ARRIVED, event));
  }
  return days;
}

/**
 * The more recent of two views of a scholar's day: the live list's, and what a screen has just written and the
 * live list may not show yet (so a second tap in those milliseconds is decided on the written state).
 */
export function latestDay(live: ScholarDay, written: ScholarDay | undefined): ScholarDay {
  const time = (day: ScholarDay) => (day.at ? Date.parse(day.at) : Number.NEGATIVE_INFINITY);
  return written && time(written) > time(live) ? written : live;
}

/** A scholar's day: not arrived when there is nothing for them. */
export function dayOf(days: ReadonlyMap<string, ScholarDay>, scholarId: string): ScholarDay {
  return days.get(scholarId) ?? NOT_ARRIVED;
}

/** How many of these scholars are in each state, and in all. */
export function countStates(
  scholarIds: Iterable<string>,
  days: ReadonlyMap<string, ScholarDay>,
): Record<DayState | 'total', number> {
  const counts = { total: 0, not_arrived: 0, in: 0, left: 0, signed_out: 0 };
  for (const id of scholarIds) {
    counts.total += 1;
    counts[dayOf(days, id).state] += 1;
  }
  return counts;
}

/**
 * Today's events from a station list (confirmed records and waiting entries). A confirmed record carries the
 * server's school_day and late flag; a waiting entry has neither yet, so its day and lateness are worked out here
 * with the same rules (`dayOfInstant`, `isLate`).
 */
export function todaysEvents(
  items: readonly StationItem<CheckInRecord>[],
  today: string,
  dayOfInstant: (iso: string) => string,
  isLate: (iso: string) => boolean,
): DayEvent[] {
  const events: DayEvent[] = [];
  for (const item of items) {
    const r = item.record;
    if (!r.kind || !r.scholar_id || !r.occurred_at) continue;
    if (item.confirmed ? item.record.school_day !== today : dayOfInstant(r.occurred_at) !== today) continue;
    events.push({
      id: r.id,
      kind: r.kind,
      scholar_id: r.scholar_id,
      occurred_at: r.occurred_at,
      reason: r.reason ?? null,
      late: item.confirmed ? item.record.late : r.kind === 'arrival' && isLate(r.occurred_at),
      pending: !item.confirmed || item.pending,
      device_id: r.device_id ?? null,
    });
  }
  return events;
}
