/**
 * The demo work fills every list the same way whenever the demo is seeded and looked at the same
 * day: just after midnight, at noon, just before midnight, on a weekend and on the days daylight saving time changes.
 * The lists' API tests count on these lists.
 */
import { describe, expect, it } from 'vitest';
import { type ClassifiableWork, selectWork, WORK_LIST_TYPES, type WorkListType } from '../../../src/contract';
import { schoolDay } from '../../lib/school-day';
import { planWork } from './work';

const LA = 'America/Los_Angeles';
const family = [
  { id: 'scholar', grade: '7' },
  { id: 'sibling', grade: '3' },
];
const scholars = [...family, { id: 'classmate-1', grade: '7' }, { id: 'classmate-2', grade: '3' }];
const courses = ['7', '3'].flatMap((grade) =>
  ['Math', 'English Language Arts', 'Science'].map((subject) => ({
    id: `${subject}-${grade}`,
    name: `${subject} ${grade}`,
    grades: [grade],
  })),
);

const EXPECTED: Record<WorkListType, string[]> = {
  current: ['Fractions practice', 'Chapter 4 quiz', 'Grammar check', 'Problem set 12', 'Independent reading log'],
  overdue: ['Book report draft', 'Unit 3 review', 'Ratios warm-up'],
  'missing-autowork': ['Unit 3 review', 'Ratios warm-up'],
  completed: [
    'Vocabulary set 7',
    'Geometry worksheet',
    'Essay outline',
    'Unit 2 test corrections',
    'Poetry reflection',
  ],
  submissions: ['Vocabulary set 7', 'Geometry worksheet', 'Essay outline', 'Unit 2 test corrections'],
};

/** The family member's work as the lists read it, at `now`. */
function listsAt(now: Date, who: string): Record<WorkListType, string[]> {
  const plan = planWork({ today: schoolDay(now, LA), timeZone: LA, now, family, scholars, courses });
  const items = plan.submissions
    .filter((s) => s.scholar_id === who)
    .map((s) => {
      const w = plan.work.find((x) => x.id === s.course_work_id);
      return {
        title: w?.title as string,
        state: s.state as ClassifiableWork['state'],
        due_at: w?.due_at ?? null,
        due_date: w?.due_date ?? null,
        topic: w?.topic ?? null,
        turned_in_at: s.turned_in_at ?? null,
      };
    });
  return Object.fromEntries(
    WORK_LIST_TYPES.map((type) => [type, selectWork(items, type, { now, timeZone: LA }).map((w) => w.title)]),
  ) as Record<WorkListType, string[]>;
}

describe('demo work', () => {
  it.each([
    ['just after midnight', '2026-11-25T08:05:00Z'],
    ['at noon', '2026-11-25T20:00:00Z'],
    ['just before midnight', '2026-11-26T07:50:00Z'],
    ['on a Sunday', '2026-11-29T18:00:00Z'],
    ['the day clocks spring forward', '2026-03-08T18:00:00Z'],
    ['the day clocks fall back', '2026-11-01T18:00:00Z'],
  ])('fills every list the same %s', (_when, at) => {
    const now = new Date(at);
    expect(listsAt(now, 'scholar')).toEqual(EXPECTED);
    expect(listsAt(now, 'sibling')).toEqual(EXPECTED);
  });

  it("gives classmates their own submissions for the family's work, in two classes per grade", () => {
    const now = new Date('2026-11-25T20:00:00Z');
    const plan = planWork({ today: schoolDay(now, LA), timeZone: LA, now, family, scholars, courses });
    expect(new Set(plan.work.map((w) => w.course_id))).toEqual(
      new Set(['Math-7', 'English Language Arts-7', 'Math-3', 'English Language Arts-3']),
    );
    const mine = new Set(plan.submissions.filter((s) => s.scholar_id === 'scholar').map((s) => s.course_work_id));
    const classmate = plan.submissions.filter((s) => s.scholar_id === 'classmate-1');
    expect(classmate.length).toBe(mine.size);
    expect(classmate.every((s) => mine.has(s.course_work_id))).toBe(true);
    expect(plan.enrollments).toContainEqual({ course_id: 'Math-7', scholar_id: 'scholar' });
    // Only a returned submission shows a grade; a date-only due date has no instant.
    expect(plan.submissions.every((s) => s.assigned_grade == null || s.state === 'RETURNED')).toBe(true);
    expect(plan.work.find((w) => w.title === 'Fractions practice')?.due_at).toBeNull();
  });
});
