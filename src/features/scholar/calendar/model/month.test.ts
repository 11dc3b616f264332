import { describe, expect, it } from 'vitest';
import {
  agendaOf,
  eventSpan,
  eventsByDay,
  firstWeekday,
  gridRange,
  isAllDayOn,
  isMonth,
  monthWeeks,
  shiftMonth,
  weekdayOf,
  weekdayOrder,
} from './month';

const LA = 'America/Los_Angeles';

const event = (title: string, start: string, end: string, allDay = false) => ({
  title,
  start,
  end,
  allDay,
});

describe('monthWeeks', () => {
  // November 2026: the 1st is a Sunday, the 30th a Monday.
  const firstDays = ['2026-11-01', '2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31'];
  const lastDays = ['2026-12-05', '2026-12-06', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];

  it.each([0, 1, 2, 3, 4, 5, 6])('starts every week on weekday %i and covers the month', (start) => {
    const weeks = monthWeeks('2026-11', start);
    const days = weeks.flat();
    expect(days[0]).toBe(firstDays[start]);
    expect(days[days.length - 1]).toBe(lastDays[start]);
    for (const week of weeks) {
      expect(week).toHaveLength(7);
      expect(weekdayOf(week[0] as string)).toBe(start);
    }
    expect(days).toContain('2026-11-01');
    expect(days).toContain('2026-11-30');
    // Consecutive days, none missing or repeated.
    expect(new Set(days).size).toBe(days.length);
    expect(days.slice(1).every((d, i) => Date.parse(d) - Date.parse(days[i] as string) === 86_400_000)).toBe(true);
    expect(gridRange('2026-11', start)).toEqual({ from: firstDays[start], to: lastDays[start] });
  });

  it('shows only the weeks the month needs: four to six', () => {
    // February 2026 starts on a Sunday and has 28 days.
    expect(monthWeeks('2026-02', 0)).toHaveLength(4);
    expect(monthWeeks('2026-02', 1)).toHaveLength(5);
    // November 2026 from Sunday: 1st to 30th fill five weeks, the 29th starts the fifth.
    expect(monthWeeks('2026-11', 0)).toHaveLength(5);
    // November 2026 from Monday: the Sunday 1st closes the first week, the Monday 30th opens a sixth.
    expect(monthWeeks('2026-11', 1)).toHaveLength(6);
    expect(monthWeeks('2026-11', 1)[5]?.[0]).toBe('2026-11-30');
    // August 2026 from Sunday: the 1st is a Saturday and the 31st a Monday.
    expect(monthWeeks('2026-08', 0)).toHaveLength(6);
  });

  it('crosses a year and a leap day', () => {
    expect(monthWeeks('2028-02', 0).flat()).toContain('2028-02-29');
    expect(gridRange('2026-12', 0)).toEqual({ from: '2026-11-29', to: '2027-01-02' });
    expect(gridRange('2027-01', 1)).toEqual({ from: '2026-12-28', to: '2027-01-31' });
  });

  it('reads a bad first weekday as Sunday', () => {
    expect(firstWeekday(7)).toBe(0);
    expect(firstWeekday(-1)).toBe(0);
    expect(firstWeekday(1.5)).toBe(0);
    expect(firstWeekday(3)).toBe(3);
    expect(weekdayOrder(3)).toEqual([3, 4, 5, 6, 0, 1, 2]);
    expect(monthWeeks('2026-11', 9)[0]?.[0]).toBe('2026-11-01');
  });
});

describe('months', () => {
  it('shifts across years and checks the format', () => {
    expect(shiftMonth('2026-11', 1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-1')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});

describe('eventSpan and eventsByDay', () => {
  it('puts a multi-day event on each day it covers, with its times on its first and last day', () => {
    const camp = event('Camp', '2026-11-10T17:00:00Z', '2026-11-12T23:30:00Z'); // Tue 9:00 to Thu 15:30 in LA
    expect(eventSpan(camp, LA)).toEqual({ first: '2026-11-10', last: '2026-11-12' });
    const byDay = eventsByDay([camp], '2026-11-01', '2026-11-30', LA);
    expect([...byDay.keys()]).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    const [tue, wed, thu] = [...byDay.values()].map((l) => l[0]);
    expect(tue).toMatchObject({ startsAt: camp.start, endsAt: null });
    expect(wed).toMatchObject({ startsAt: null, endsAt: null });
    expect(wed && isAllDayOn(wed)).toBe(true);
    expect(thu).toMatchObject({ startsAt: null, endsAt: camp.end });
  });

  it('keeps an all-day event that ends at midnight off the next day', () => {
    // Thanksgiving break: Thursday 26 and Friday 27, midnight to midnight in LA (PST, UTC−8).
    const pause = event('Break', '2026-11-26T08:00:00Z', '2026-11-28T08:00:00Z', true);
    expect(eventSpan(pause, LA)).toEqual({ first: '2026-11-26', last: '2026-11-27' });
    const byDay = eventsByDay([pause], '2026-11-01', '2026-12-05', LA);
    expect([...byDay.keys()]).toEqual(['2026-11-26', '2026-11-27']);
    expect(byDay.get('2026-11-26')?.[0]).toMatchObject({ startsAt: null, endsAt: null });
    // One day only.
    const day = event('Teacher day', '2026-11-11T08:00:00Z', '2026-11-12T08:00:00Z', true);
    expect(eventSpan(day, LA)).toEqual({ first: '2026-11-11', last: '2026-11-11' });
    // A timed event that runs until midnight stays on its day too.
    expect(eventSpan(event('Dance', '2026-11-13T04:00:00Z', '2026-11-14T08:00:00Z'), LA)).toEqual({
      first: '2026-11-12',
      last: '2026-11-13',
    });
  });

  it('reads the days on the school clock, not the device clock', () => {
    // 2026-11-10T06:30Z is still the 9th in Los Angeles (22:30 PST) but the 10th in UTC.
    const late = event('Late study', '2026-11-10T06:30:00Z', '2026-11-10T07:30:00Z');
    expect(eventSpan(late, LA)).toEqual({ first: '2026-11-09', last: '2026-11-09' });
    expect(eventSpan(late, 'UTC')).toEqual({ first: '2026-11-10', last: '2026-11-10' });
  });

  it('handles the days the clocks change in America/Los_Angeles', () => {
    // 2026-03-08 has 23 hours: midnight PST (08:00Z) to midnight PDT (07:00Z next day).
    const spring = event('Spring day', '2026-03-08T08:00:00Z', '2026-03-09T07:00:00Z', true);
    expect(eventSpan(spring, LA)).toEqual({ first: '2026-03-08', last: '2026-03-08' });
    // 2026-11-01 has 25 hours: midnight PDT (07:00Z) to midnight PST (08:00Z next day).
    const fall = event('Fall day', '2026-11-01T07:00:00Z', '2026-11-02T08:00:00Z', true);
    expect(eventSpan(fall, LA)).toEqual({ first: '2026-11-01', last: '2026-11-01' });
    // A three-day event across the spring change: the 7th (PST) to midnight after the 9th (PDT).
    const across = event('Trip', '2026-03-07T08:00:00Z', '2026-03-10T07:00:00Z', true);
    expect(eventSpan(across, LA)).toEqual({ first: '2026-03-07', last: '2026-03-09' });
    expect([...eventsByDay([across], '2026-03-01', '2026-03-31', LA).keys()]).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
    // 1:30 PST to 3:30 PDT is one hour on one day; 23:30 PST on the fall-back day is still that day.
    expect(eventSpan(event('Night', '2026-03-08T09:30:00Z', '2026-03-08T10:30:00Z'), LA)).toEqual({
      first: '2026-03-08',
      last: '2026-03-08',
    });
    expect(eventSpan(event('Late', '2026-11-02T07:30:00Z', '2026-11-02T08:00:00Z'), LA)).toEqual({
      first: '2026-11-01',
      last: '2026-11-01',
    });
    // The grid of March 2026 is the same 35 days whatever the clocks do.
    expect(monthWeeks('2026-03', 0).flat()).toHaveLength(35);
  });

  it('orders a day: all-day first, then by start, then by title; and cuts events to the range', () => {
    const a = event('Assembly', '2026-11-10T17:00:00Z', '2026-11-10T18:00:00Z');
    const b = event('Band', '2026-11-10T16:00:00Z', '2026-11-10T17:00:00Z');
    const c = event('Art show', '2026-11-10T17:00:00Z', '2026-11-10T19:00:00Z');
    const all = event('Spirit day', '2026-11-10T08:00:00Z', '2026-11-11T08:00:00Z', true);
    const long = event('Book fair', '2026-10-20T08:00:00Z', '2026-11-11T08:00:00Z', true);
    const byDay = eventsByDay([a, b, c, all, long], '2026-11-01', '2026-11-30', LA);
    expect(byDay.get('2026-11-10')?.map((d) => d.event.title)).toEqual([
      'Book fair',
      'Spirit day',
      'Band',
      'Art show',
      'Assembly',
    ]);
    // The book fair began in October: the range starts it on the 1st.
    expect([...byDay.keys()][0]).toBe('2026-11-01');
    expect(byDay.get('2026-11-01')?.[0]?.first).toBe('2026-10-20');
  });

  it('makes an agenda of the month’s days with events, in order, without the grid’s edge days', () => {
    const edge = event('Edge', '2026-10-30T17:00:00Z', '2026-10-30T18:00:00Z');
    const late = event('Late', '2026-11-20T17:00:00Z', '2026-11-20T18:00:00Z');
    const early = event('Early', '2026-11-02T17:00:00Z', '2026-11-02T18:00:00Z');
    const byDay = eventsByDay([late, edge, early], '2026-10-26', '2026-12-06', LA);
    expect(agendaOf(byDay, '2026-11').map((d) => [d.day, d.events.map((e) => e.event.title)])).toEqual([
      ['2026-11-02', ['Early']],
      ['2026-11-20', ['Late']],
    ]);
  });

  it('lists an all-day event of several days once, on its first day in the month', () => {
    // Winter break, 21 December to 1 January, all day in Los Angeles; a one-day event inside it stays on its day.
    const winter = { ...event('Winter break', '2026-12-21T08:00:00Z', '2027-01-02T08:00:00Z'), allDay: true };
    const party = event('Staff party', '2026-12-22T02:00:00Z', '2026-12-22T04:00:00Z');
    const byDay = eventsByDay([winter, party], '2026-11-30', '2027-01-10', LA);
    expect(agendaOf(byDay, '2026-12').map((d) => [d.day, d.events.map((e) => e.event.title)])).toEqual([
      ['2026-12-21', ['Winter break', 'Staff party']],
    ]);
    expect(agendaOf(byDay, '2026-12')[0]?.events[0]).toMatchObject({ first: '2026-12-21', last: '2027-01-01' });
    // January's agenda lists it again, once, on the 1st.
    expect(agendaOf(byDay, '2027-01').map((d) => d.day)).toEqual(['2027-01-01']);
  });
});
