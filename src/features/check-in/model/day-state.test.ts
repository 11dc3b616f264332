import { describe, expect, it } from 'vitest';
import type { CheckInRecord } from '../../../contract';
import type { StationItem } from '../../../offline';
import { countStates, type DayEvent, dayOf, deriveDayStates, latestDay, NOT_ARRIVED, todaysEvents } from './day-state';

type CheckInKind = CheckInRecord['kind'];

let seq = 0;
function event(scholar: string, kind: CheckInKind, time: string, extra: Partial<DayEvent> = {}): DayEvent {
  seq += 1;
  return {
    id: `e${String(seq).padStart(4, '0')}`,
    kind,
    scholar_id: scholar,
    occurred_at: `2026-03-02T${time}:00.000Z`,
    reason: null,
    late: false,
    pending: false,
    device_id: null,
    ...extra,
  };
}

describe('deriveDayStates', () => {
  it('arrival makes a scholar in, departure left, sign_out signed out', () => {
    const days = deriveDayStates([
      event('a', 'arrival', '15:50'),
      event('b', 'arrival', '15:52'),
      event('b', 'departure', '19:00', { reason: 'Doctor' }),
      event('c', 'arrival', '15:55'),
      event('c', 'sign_out', '22:00'),
    ]);
    expect(dayOf(days, 'a')).toMatchObject({ state: 'in', arrivedAt: '2026-03-02T15:50:00.000Z' });
    expect(dayOf(days, 'b')).toMatchObject({ state: 'left', reason: 'Doctor', at: '2026-03-02T19:00:00.000Z' });
    expect(dayOf(days, 'c').state).toBe('signed_out');
    expect(dayOf(days, 'nobody').state).toBe('not_arrived');
  });

  it('sign_in after a departure makes the scholar in again, keeping the first arrival', () => {
    const days = deriveDayStates([
      event('a', 'sign_in', '20:00'),
      event('a', 'departure', '18:00', { reason: 'Dentist' }),
      event('a', 'arrival', '15:58', { late: true }),
    ]);
    expect(dayOf(days, 'a')).toMatchObject({
      state: 'in',
      arrivedAt: '2026-03-02T15:58:00.000Z',
      late: true,
      at: '2026-03-02T20:00:00.000Z',
    });
  });

  it('marks a day pending when any of its events is not on the server yet', () => {
    const days = deriveDayStates([event('a', 'arrival', '15:00'), event('a', 'departure', '18:00', { pending: true })]);
    expect(dayOf(days, 'a').pending).toBe(true);
  });

  it('prefers what a screen has just written until the live list has caught up', () => {
    const live = dayOf(deriveDayStates([event('a', 'arrival', '15:00')]), 'a');
    const written = { ...live, state: 'left' as const, at: '2026-03-02T18:00:00.000Z' };
    expect(latestDay(live, written)).toBe(written);
    expect(latestDay(written, live)).toBe(written);
    expect(latestDay(NOT_ARRIVED, live)).toBe(live);
    expect(latestDay(live, undefined)).toBe(live);
  });

  it('counts scholars per state', () => {
    const days = deriveDayStates([event('a', 'arrival', '15:00'), event('b', 'departure', '18:00')]);
    expect(countStates(['a', 'b', 'c', 'd'], days)).toEqual({
      total: 4,
      not_arrived: 2,
      in: 1,
      left: 1,
      signed_out: 0,
    });
  });
});

describe('todaysEvents', () => {
  const confirmed = (extra: Partial<CheckInRecord>): StationItem<CheckInRecord> => ({
    confirmed: true,
    pending: false,
    attention: false,
    record: {
      id: 'r1',
      kind: 'arrival',
      scholar_id: 'a',
      occurred_at: '2026-03-02T16:30:00.000Z',
      school_day: '2026-03-02',
      reason: 'Bus',
      method: 'kiosk',
      pick_up_id: null,
      pick_up_name: null,
      flagged: false,
      late: true,
      recorded_by: null,
      device_id: 'other',
      created_at: '',
      updated_at: '',
      ...extra,
    },
  });
  const waiting = (occurred_at: string): StationItem<CheckInRecord> => ({
    confirmed: false,
    pending: true,
    attention: false,
    record: { id: `w-${occurred_at}`, kind: 'arrival', scholar_id: 'b', occurred_at },
  });

  it("keeps today's confirmed records and works out the day and lateness of waiting entries", () => {
    const events = todaysEvents(
      [
        confirmed({}),
        confirmed({ id: 'r0', school_day: '2026-03-01' }),
        waiting('2026-03-02T17:00:00.000Z'),
        waiting('2026-03-01T17:00:00.000Z'),
      ],
      '2026-03-02',
      (iso) => iso.slice(0, 10),
      (iso) => iso >= '2026-03-02T16:11',
    );
    expect(events.map((e) => [e.id, e.late, e.pending, e.device_id])).toEqual([
      ['r1', true, false, 'other'],
      ['w-2026-03-02T17:00:00.000Z', true, true, null],
    ]);
  });
});
