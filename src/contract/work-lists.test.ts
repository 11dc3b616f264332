/**
 * The work lists' rules and day grouping: Classroom's UTC due dates read in the school's zone, a due
 * date with no time due by the end of the school's day, work without a due date, reclaimed work, AutoWork, the school
 * week's boundary and the days daylight saving time changes.
 */
import { describe, expect, it } from 'vitest';
import {
  type ClassifiableWork,
  classroomDue,
  deadlineOf,
  groupOf,
  groupWork,
  inWorkList,
  isAutoWork,
  isPastDue,
  localDate,
  selectWork,
  type WorkListType,
  workListsOf,
} from './work-lists';

const LA = 'America/Los_Angeles';
const work = (over: Partial<ClassifiableWork> & { title?: string } = {}): ClassifiableWork & { title: string } => ({
  title: 'Essay',
  state: 'NEW',
  due_at: null,
  due_date: null,
  topic: null,
  turned_in_at: null,
  ...over,
});
/** An instant given as the school's wall clock in Los Angeles during standard time (UTC-8). */
const pst = (date: string, time: string) => new Date(`${date}T${time}:00-08:00`);

describe('classroomDue: Classroom dates and times are UTC', () => {
  it('a due time becomes the instant and the school-day date (07:59 UTC on the 5th is the 4th at 11:59 PM in LA)', () => {
    expect(classroomDue({ year: 2026, month: 12, day: 5 }, { hours: 7, minutes: 59 }, LA)).toEqual({
      due_at: '2026-12-05T07:59:00.000Z',
      due_date: '2026-12-04',
    });
    // The same instant is already the 5th in Tokyo.
    expect(classroomDue({ year: 2026, month: 12, day: 5 }, { hours: 7, minutes: 59 }, 'Asia/Tokyo').due_date).toBe(
      '2026-12-05',
    );
  });

  it('a due date without a time keeps its date and no instant; no date, neither', () => {
    expect(classroomDue({ year: 2026, month: 1, day: 9 }, undefined, LA)).toEqual({
      due_at: null,
      due_date: '2026-01-09',
    });
    expect(classroomDue(undefined, { hours: 3 }, LA)).toEqual({ due_at: null, due_date: null });
    expect(classroomDue({ year: 2026, month: 1 }, undefined, LA)).toEqual({ due_at: null, due_date: null });
  });

  it('a time of midnight UTC (hours absent) is the evening before in LA', () => {
    expect(classroomDue({ year: 2026, month: 3, day: 2 }, {}, LA)).toEqual({
      due_at: '2026-03-02T00:00:00.000Z',
      due_date: '2026-03-01',
    });
  });
});

describe('deadlines', () => {
  it("a date-only due date lasts to the end of the school's day, not UTC's", () => {
    const w = { due_at: null, due_date: '2026-11-25' };
    expect(new Date(deadlineOf(w, LA) as number).toISOString()).toBe('2026-11-26T07:59:59.999Z');
    expect(isPastDue(w, pst('2026-11-25', '23:59'), LA)).toBe(false);
    expect(isPastDue(w, pst('2026-11-26', '00:00'), LA)).toBe(true);
    // A UTC reading would have called it past due at 4 PM in California.
    expect(isPastDue(w, pst('2026-11-25', '16:30'), LA)).toBe(false);
  });

  it('a due time is past one millisecond after it', () => {
    const w = { due_at: '2026-11-25T17:00:00.000Z', due_date: '2026-11-25' };
    expect(isPastDue(w, Date.parse('2026-11-25T17:00:00.000Z'), LA)).toBe(false);
    expect(isPastDue(w, Date.parse('2026-11-25T17:00:00.001Z'), LA)).toBe(true);
  });

  it('no due date: no deadline, never past due', () => {
    expect(deadlineOf({ due_at: null, due_date: null }, LA)).toBeNull();
    expect(isPastDue({ due_at: null, due_date: null }, Date.parse('2199-01-01'), LA)).toBe(false);
  });

  it('daylight saving time: the day the clocks spring forward and the day they fall back', () => {
    // 2026-03-08 springs forward: the next midnight is PDT (UTC-7); the day before ends in PST (UTC-8).
    expect(new Date(deadlineOf({ due_at: null, due_date: '2026-03-07' }, LA) as number).toISOString()).toBe(
      '2026-03-08T07:59:59.999Z',
    );
    expect(new Date(deadlineOf({ due_at: null, due_date: '2026-03-08' }, LA) as number).toISOString()).toBe(
      '2026-03-09T06:59:59.999Z',
    );
    // 2026-11-01 falls back: that day is 25 hours long and ends at 08:00 UTC.
    expect(new Date(deadlineOf({ due_at: null, due_date: '2026-11-01' }, LA) as number).toISOString()).toBe(
      '2026-11-02T07:59:59.999Z',
    );
    expect(new Date(deadlineOf({ due_at: null, due_date: '2026-10-31' }, LA) as number).toISOString()).toBe(
      '2026-11-01T06:59:59.999Z',
    );
    // 1:30 AM happens twice on 2026-11-01; both are that day.
    expect(localDate('2026-11-01T08:30:00Z', LA)).toBe('2026-11-01');
    expect(localDate('2026-11-01T09:30:00Z', LA)).toBe('2026-11-01');
  });

  it('a zone ahead of UTC (Auckland) reads the same instant on the next day', () => {
    expect(localDate('2026-06-10T20:00:00Z', 'Pacific/Auckland')).toBe('2026-06-11');
    expect(
      new Date(deadlineOf({ due_at: null, due_date: '2026-06-11' }, 'Pacific/Auckland') as number).toISOString(),
    ).toBe('2026-06-11T11:59:59.999Z');
  });
});

describe('classification', () => {
  const now = pst('2026-11-25', '14:00'); // a Wednesday afternoon
  const ctx = { now, timeZone: LA };
  const lists = (w: ClassifiableWork, autoworkTopic?: string) => workListsOf(w, { ...ctx, autoworkTopic });

  it('open work due later today or later, or with no due date, is current', () => {
    expect(lists(work({ due_at: pst('2026-11-25', '15:00').toISOString(), due_date: '2026-11-25' }))).toEqual([
      'current',
    ]);
    expect(lists(work({ due_date: '2026-11-25' }))).toEqual(['current']);
    expect(lists(work({ due_date: '2026-12-01', state: 'CREATED' }))).toEqual(['current']);
    expect(lists(work())).toEqual(['current']);
  });

  it('open work whose due moment has passed is overdue, not current (also earlier today)', () => {
    expect(lists(work({ due_at: pst('2026-11-25', '08:00').toISOString(), due_date: '2026-11-25' }))).toEqual([
      'overdue',
    ]);
    expect(lists(work({ due_date: '2026-11-24' }))).toEqual(['overdue']);
  });

  it('reclaimed work is open again: current before its due date, overdue after', () => {
    expect(
      lists(work({ state: 'RECLAIMED_BY_STUDENT', due_date: '2026-11-30', turned_in_at: '2026-11-20T10:00:00Z' })),
    ).toEqual(['current']);
    expect(
      lists(work({ state: 'RECLAIMED_BY_STUDENT', due_date: '2026-11-20', turned_in_at: '2026-11-19T10:00:00Z' })),
    ).toEqual(['overdue']);
  });

  it('turned in or returned is completed, never overdue; submissions are what was actually turned in', () => {
    expect(lists(work({ state: 'TURNED_IN', due_date: '2026-11-20', turned_in_at: '2026-11-21T18:00:00Z' }))).toEqual([
      'completed',
      'submissions',
    ]);
    expect(lists(work({ state: 'RETURNED', due_date: '2026-11-20', turned_in_at: '2026-11-19T18:00:00Z' }))).toEqual([
      'completed',
      'submissions',
    ]);
    // A teacher may return work that was never turned in: completed, but nothing was submitted.
    expect(lists(work({ state: 'RETURNED', due_date: '2026-11-20' }))).toEqual(['completed']);
  });

  it("overdue work of the school's AutoWork topic is missing AutoWork as well (case and spaces aside)", () => {
    const missing = work({ topic: ' autowork ', due_date: '2026-11-24' });
    expect(lists(missing)).toEqual(['overdue', 'missing-autowork']);
    expect(lists(missing, 'Past Autoprep')).toEqual(['overdue']);
    expect(lists(work({ topic: 'Past Autoprep', due_date: '2026-11-24' }), 'Past Autoprep')).toEqual([
      'overdue',
      'missing-autowork',
    ]);
    expect(lists(work({ topic: 'AutoWork', due_date: '2026-11-26' }))).toEqual(['current']);
    expect(isAutoWork(null)).toBe(false);
    expect(isAutoWork('', '')).toBe(false);
  });

  it('selectWork keeps a list in its order: soonest first for current, newest first for the others', () => {
    const items = [
      work({ title: 'B', due_date: '2026-11-30' }),
      work({ title: 'none' }),
      work({ title: 'A', due_date: '2026-11-26' }),
      work({ title: 'old', due_date: '2026-11-10' }),
      work({ title: 'recent', due_date: '2026-11-24' }),
    ];
    expect(selectWork(items, 'current', ctx).map((w) => w.title)).toEqual(['A', 'B', 'none']);
    expect(selectWork(items, 'overdue', ctx).map((w) => w.title)).toEqual(['recent', 'old']);
    expect(inWorkList(items[1] as ClassifiableWork, 'overdue', ctx)).toBe(false);
  });
});

describe('grouping by day', () => {
  const wednesday = '2026-11-25';
  const headings = (items: ReturnType<typeof work>[], type: WorkListType, today = wednesday) =>
    groupWork(items, type, { today, timeZone: LA }).map((g) => `${g.kind}${g.date ? `:${g.date}` : ''}`);

  it('current: Today, Tomorrow, the rest of the school week by day, Later, then no due date', () => {
    const items = [
      '2026-12-02',
      '2026-11-28',
      '2026-11-27',
      '2026-11-26',
      '2026-11-25',
      '2026-11-30',
      null,
      '2026-11-26',
    ].map((due_date, i) => work({ title: `w${i}`, due_date }));
    expect(headings(items, 'current')).toEqual([
      'today:2026-11-25',
      'tomorrow:2026-11-26',
      'weekday:2026-11-27',
      'later',
      'no_date',
    ]);
    const groups = groupWork(items, 'current', { today: wednesday, timeZone: LA });
    expect(groups[1]?.items.map((w) => w.title)).toEqual(['w3', 'w7']);
    expect(groups[3]?.items.map((w) => w.due_date)).toEqual(['2026-11-28', '2026-11-30', '2026-12-02']);
  });

  it('overdue: Today, then the earlier days of this week, then Earlier', () => {
    const items = ['2026-11-22', '2026-11-24', '2026-11-25', '2026-11-23', '2026-11-02'].map((due_date) =>
      work({ due_date }),
    );
    expect(headings(items, 'overdue')).toEqual([
      'today:2026-11-25',
      'weekday:2026-11-24',
      'weekday:2026-11-23',
      'earlier',
    ]);
  });

  it("the week's boundary: Friday's tomorrow is Saturday; next Monday is Later", () => {
    const friday = '2026-11-27';
    const items = ['2026-11-28', '2026-11-30', '2026-11-27'].map((due_date) => work({ due_date }));
    expect(headings(items, 'current', friday)).toEqual(['today:2026-11-27', 'tomorrow:2026-11-28', 'later']);
  });

  it('on a weekend, current looks at the coming school week and overdue at the week just past', () => {
    const saturday = '2026-11-28';
    const ahead = ['2026-11-29', '2026-11-30', '2026-12-04', '2026-12-05'].map((due_date) => work({ due_date }));
    expect(headings(ahead, 'current', saturday)).toEqual([
      'tomorrow:2026-11-29',
      'weekday:2026-11-30',
      'weekday:2026-12-04',
      'later',
    ]);
    const behind = ['2026-11-27', '2026-11-23', '2026-11-22'].map((due_date) => work({ due_date }));
    expect(headings(behind, 'overdue', saturday)).toEqual(['weekday:2026-11-27', 'weekday:2026-11-23', 'earlier']);
    // Sunday: Monday is tomorrow, Tuesday to Friday by name.
    expect(groupOf('2026-11-30', 'current', '2026-11-29').kind).toBe('tomorrow');
    expect(groupOf('2026-12-01', 'current', '2026-11-29').kind).toBe('weekday');
    expect(groupOf('2026-12-07', 'current', '2026-11-29').kind).toBe('later');
  });

  it("submissions group by the school's day of the turn-in, newest first", () => {
    const items = [
      // 22:30 on Tuesday in LA is already Wednesday in UTC.
      work({ title: 'late night', state: 'TURNED_IN', turned_in_at: '2026-11-25T06:30:00Z', due_date: '2026-11-30' }),
      work({ title: 'this morning', state: 'RETURNED', turned_in_at: '2026-11-25T17:00:00Z', due_date: '2026-11-20' }),
      work({ title: 'long ago', state: 'RETURNED', turned_in_at: '2026-10-01T17:00:00Z', due_date: '2026-10-01' }),
    ];
    const groups = groupWork(items, 'submissions', { today: wednesday, timeZone: LA });
    expect(groups.map((g) => [g.kind, g.date, g.items.map((w) => w.title)])).toEqual([
      ['today', '2026-11-25', ['this morning']],
      ['weekday', '2026-11-24', ['late night']],
      ['earlier', null, ['long ago']],
    ]);
  });

  it('completed work turned in early groups ahead of today, newest due first, no due date last', () => {
    const items = [
      work({ title: 'early', state: 'TURNED_IN', due_date: '2026-12-03' }),
      work({ title: 'none', state: 'TURNED_IN' }),
      work({ title: 'past', state: 'RETURNED', due_date: '2026-11-02' }),
    ];
    expect(headings(items, 'completed')).toEqual(['later', 'earlier', 'no_date']);
  });
});
