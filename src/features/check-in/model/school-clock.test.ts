import { describe, expect, it } from 'vitest';
import {
  clockMinutes,
  formatClockTime,
  isLateArrival,
  isValidTimeZone,
  minutesOfDayIn,
  schoolDayOf,
} from './school-clock';

const LA = 'America/Los_Angeles';
const rule = { start_time: '08:00', late_after_minutes: 10 };

describe('school clock', () => {
  it('reads the school day and the minute of the day in the school time zone, not UTC', () => {
    // 06:30 UTC on March 3rd is 22:30 on March 2nd in Los Angeles (PST, UTC-8).
    expect(schoolDayOf('2026-03-03T06:30:00Z', LA)).toBe('2026-03-02');
    expect(schoolDayOf('2026-03-03T06:30:00Z', 'UTC')).toBe('2026-03-03');
    expect(minutesOfDayIn('2026-03-03T06:30:00Z', LA)).toBe(22 * 60 + 30);
    expect(minutesOfDayIn('2026-03-02T08:00:00Z', 'UTC')).toBe(0 + 8 * 60);
    expect(clockMinutes('08:05')).toBe(485);
  });

  it('is late only after the start time plus the threshold, as the server decides', () => {
    // 16:10 UTC = 08:10 PST: exactly at the threshold, not late yet.
    expect(isLateArrival('2026-03-02T16:10:00Z', rule, LA)).toBe(false);
    expect(isLateArrival('2026-03-02T16:10:59Z', rule, LA)).toBe(false);
    expect(isLateArrival('2026-03-02T16:11:00Z', rule, LA)).toBe(true);
    expect(isLateArrival('2026-03-02T15:59:00Z', rule, LA)).toBe(false);
    // The same instant is 16:11 in UTC (late) but 01:11 the next night in Tokyo (not late).
    expect(isLateArrival('2026-03-02T16:11:00Z', rule, 'UTC')).toBe(true);
    expect(isLateArrival('2026-03-02T16:11:00Z', rule, 'Asia/Tokyo')).toBe(false);
    expect(isLateArrival('2026-03-02T07:00:00Z', rule, 'UTC')).toBe(false);
    // Daylight saving: 15:11 UTC is 08:11 PDT after the change on March 8th 2026.
    expect(isLateArrival('2026-03-09T15:11:00Z', rule, LA)).toBe(true);
    expect(isLateArrival('2026-03-09T15:11:00Z', { ...rule, late_after_minutes: 0 }, LA)).toBe(true);
    expect(isLateArrival('2026-03-09T15:00:00Z', { ...rule, late_after_minutes: 0 }, LA)).toBe(false);
  });

  it('never calls an arrival late without the school settings', () => {
    expect(isLateArrival('2026-03-02T23:00:00Z', undefined, LA)).toBe(false);
  });

  it('formats times on the school clock and knows valid zones', () => {
    expect(formatClockTime('2026-03-02T15:52:00Z', LA, 'en-US').replace(/\s/g, ' ')).toBe('7:52 AM');
    expect(isValidTimeZone(LA)).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
