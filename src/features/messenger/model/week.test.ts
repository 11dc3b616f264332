import { describe, expect, it } from 'vitest';
import type { MessengerScheduleRecord } from '../../../contract';
import { formatClock, nextDutyToday, onDutyNow, schoolClock, weekdayName, weekLayout } from './week';

function duty(id: string, weekday: number, start: string, end: string, post = 'Front desk'): MessengerScheduleRecord {
  return {
    id,
    scholar_id: `s-${id}`,
    weekday,
    start_time: start,
    end_time: end,
    post,
    notes: null,
    created_at: '',
    updated_at: '',
  };
}

const duties = [
  duty('a', 1, '10:00', '10:30'),
  duty('b', 1, '08:00', '08:30'),
  duty('c', 3, '12:00', '13:00', 'Library'),
  duty('d', 1, '10:15', '11:00', 'Library'),
  duty('e', 5, '14:00', '15:00'),
];

describe('the messenger week', () => {
  it('lays the duties out Monday to Friday, each day in time order', () => {
    expect(weekLayout(duties).map((d) => [d.weekday, d.duties.map((x) => x.id)])).toEqual([
      [1, ['b', 'a', 'd']],
      [2, []],
      [3, ['c']],
      [4, []],
      [5, ['e']],
    ]);
  });

  it('finds who is on duty now: from the start up to the end, that weekday only', () => {
    expect(onDutyNow(duties, 1, 10 * 60 + 20).map((d) => d.id)).toEqual(['a', 'd']);
    expect(onDutyNow(duties, 1, 10 * 60).map((d) => d.id)).toEqual(['a']);
    expect(onDutyNow(duties, 1, 10 * 60 + 30).map((d) => d.id)).toEqual(['d']);
    expect(onDutyNow(duties, 1, 11 * 60)).toEqual([]);
    expect(onDutyNow(duties, 2, 10 * 60 + 20)).toEqual([]);
    expect(onDutyNow(duties, 6, 10 * 60 + 20)).toEqual([]);
  });

  it('finds the next duty later today', () => {
    expect(nextDutyToday(duties, 1, 9 * 60)?.id).toBe('a');
    expect(nextDutyToday(duties, 1, 10 * 60)?.id).toBe('d');
    expect(nextDutyToday(duties, 1, 12 * 60)).toBeUndefined();
  });

  it("reads the weekday and time on the school's clock", () => {
    // Monday 2 March 2026, 01:30 UTC is still Sunday evening in Los Angeles.
    expect(schoolClock(Date.parse('2026-03-02T01:30:00Z'), 'America/Los_Angeles')).toEqual({
      weekday: 7,
      minutes: 17 * 60 + 30,
    });
    expect(schoolClock(Date.parse('2026-03-02T18:05:00Z'), 'America/Los_Angeles')).toEqual({
      weekday: 1,
      minutes: 10 * 60 + 5,
    });
    expect(schoolClock(Date.parse('2026-03-06T00:00:00Z'), 'UTC')).toEqual({ weekday: 5, minutes: 0 });
  });

  it('names weekdays and times in the language of the screen', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(5, 'es')).toBe('viernes');
    expect(formatClock('14:05', 'en-US').replace(/\s/g, ' ')).toBe('2:05 PM');
    expect(formatClock('14:05', 'es')).toBe('14:05');
  });
});
