/**
 * The demo school's Classroom work: in two classes of their grade (Math and English Language Arts),
 * the demo scholar and the sibling each have work in every state of every list, relative to today in the school's
 * zone: due today (no time), tomorrow at 8 AM, later and with no due date; overdue (one reclaimed); missing AutoWork;
 * AutoWork not yet due; turned in (one late, one early), returned with a grade, and returned without a turn-in. Up to
 * five classmates of each class have their own submissions for the same work, so the family's lists show only theirs.
 * The rows are what the Classroom sync stores (see src/contract/scholar-work.ts), without Google ids.
 */
import { shiftDate, uuidv7 } from '../../../src/contract';
import { zonedInstant } from '../../lib/expected-hours';
import { type Db, schema, type Tx } from '../client';

type State = (typeof schema.courseWorkSubmissions.$inferInsert)['state'];

/** One piece of demo work: due `due` days from today (at `time`, or by the end of the day without), and its state. */
interface Template {
  subject: 'Math' | 'English Language Arts';
  title: string;
  due: number | null;
  time?: string;
  topic?: string;
  points: number | null;
  state: State;
  late?: boolean;
  /** Turned in this many hours before now. */
  turnedInHoursAgo?: number;
  /** Returned with this grade (of `points`), this many hours before now. */
  returned?: { grade: number; hoursAgo: number };
  description?: string;
}

export const DEMO_WORK: readonly Template[] = [
  // Current
  { subject: 'Math', title: 'Fractions practice', due: 0, points: 10, state: 'NEW', topic: 'Unit 4: Fractions' },
  { subject: 'Math', title: 'Chapter 4 quiz', due: 1, time: '08:00', points: 20, state: 'CREATED', topic: 'Quizzes' },
  { subject: 'Math', title: 'Problem set 12', due: 9, points: 25, state: 'NEW', topic: 'Unit 4: Fractions' },
  { subject: 'English Language Arts', title: 'Independent reading log', due: null, points: null, state: 'CREATED' },
  { subject: 'English Language Arts', title: 'Grammar check', due: 6, points: 10, state: 'NEW', topic: 'AutoWork' },
  // Overdue: missing AutoWork (one reclaimed), and a book report past its due time yesterday
  { subject: 'Math', title: 'Unit 3 review', due: -3, points: 15, state: 'NEW', topic: 'AutoWork' },
  {
    subject: 'Math',
    title: 'Ratios warm-up',
    due: -8,
    points: 5,
    state: 'RECLAIMED_BY_STUDENT',
    topic: 'AutoWork',
    turnedInHoursAgo: 10 * 24,
  },
  {
    subject: 'English Language Arts',
    title: 'Book report draft',
    due: -1,
    time: '23:59',
    points: 50,
    state: 'NEW',
    topic: 'Book report',
    description: 'Two pages on the book you chose, with three quotations.',
  },
  // Completed and submitted
  {
    subject: 'Math',
    title: 'Geometry worksheet',
    due: -2,
    time: '15:00',
    points: 10,
    state: 'TURNED_IN',
    late: true,
    turnedInHoursAgo: 20,
  },
  {
    subject: 'Math',
    title: 'Unit 2 test corrections',
    due: -6,
    points: 20,
    state: 'RETURNED',
    turnedInHoursAgo: 7 * 24,
    returned: { grade: 18, hoursAgo: 4 * 24 },
  },
  {
    subject: 'English Language Arts',
    title: 'Vocabulary set 7',
    due: 2,
    points: 10,
    state: 'TURNED_IN',
    turnedInHoursAgo: 2,
  },
  {
    subject: 'English Language Arts',
    title: 'Essay outline',
    due: -3,
    time: '08:00',
    points: 50,
    state: 'RETURNED',
    topic: 'Book report',
    turnedInHoursAgo: 4 * 24 + 3,
    returned: { grade: 45, hoursAgo: 24 },
  },
  // Returned by the teacher without a turn-in (graded missing): completed, not a submission.
  {
    subject: 'English Language Arts',
    title: 'Poetry reflection',
    due: -10,
    points: 10,
    state: 'RETURNED',
    returned: { grade: 0, hoursAgo: 5 * 24 },
  },
];

/** Classmates' submissions cycle through these states. */
const CLASSMATE_STATES: readonly State[] = ['TURNED_IN', 'NEW', 'RETURNED', 'CREATED'];
const CLASSMATES = 5;

export interface DemoWork {
  enrollments: { course_id: string; scholar_id: string }[];
  work: (typeof schema.courseWork.$inferInsert)[];
  submissions: (typeof schema.courseWorkSubmissions.$inferInsert)[];
}

/** The demo family's work and their classmates' submissions for it, in the grade classes the portal plan made. */
export function planWork(opts: {
  today: string;
  timeZone: string;
  now: Date;
  family: readonly { id: string; grade: string }[];
  scholars: readonly { id: string; grade: string }[];
  courses: readonly Record<string, unknown>[];
}): DemoWork {
  const { today, timeZone, now } = opts;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const out: DemoWork = { enrollments: [], work: [], submissions: [] };
  const familyIds = new Set(opts.family.map((s) => s.id));
  const grades = [...new Set(opts.family.map((s) => s.grade))];
  let n = 0;
  for (const grade of grades) {
    const pupils = opts.family.filter((s) => s.grade === grade);
    const classmates = opts.scholars
      .filter((s) => s.grade === grade && !familyIds.has(s.id))
      .slice(0, CLASSMATES)
      .map((s) => s.id);
    for (const subject of ['Math', 'English Language Arts'] as const) {
      const course = opts.courses.find(
        (c) => (c.grades as string[]).includes(grade) && (c.name as string).startsWith(subject),
      );
      if (!course) throw new Error(`planWork: no ${subject} class for grade ${grade}`);
      const courseId = course.id as string;
      for (const scholar of [...pupils.map((p) => p.id), ...classmates]) {
        out.enrollments.push({ course_id: courseId, scholar_id: scholar });
      }
      for (const t of DEMO_WORK.filter((w) => w.subject === subject)) {
        n += 1;
        const dueDate = t.due === null ? null : shiftDate(today, t.due);
        const id = uuidv7();
        const link = `https://classroom.google.com/c/DEMO${courseId.slice(-6)}/a/${n}/details`;
        out.work.push({
          id,
          course_id: courseId,
          title: t.title,
          description: t.description ?? null,
          link,
          due_date: dueDate,
          due_at: dueDate && t.time ? new Date(zonedInstant(dueDate, t.time, timeZone)).toISOString() : null,
          topic: t.topic ?? null,
          max_points: t.points,
          work_type: 'ASSIGNMENT',
          google_updated_at: hoursAgo(14 * 24),
        });
        for (const scholar of pupils) {
          out.submissions.push({
            id: uuidv7(),
            course_work_id: id,
            scholar_id: scholar.id,
            state: t.state,
            late: t.late ?? false,
            assigned_grade: t.returned?.grade ?? null,
            link,
            turned_in_at: t.turnedInHoursAgo === undefined ? null : hoursAgo(t.turnedInHoursAgo),
            returned_at: t.returned ? hoursAgo(t.returned.hoursAgo) : null,
            google_updated_at: hoursAgo(Math.min(t.turnedInHoursAgo ?? 24, t.returned?.hoursAgo ?? 24)),
          });
        }
        classmates.forEach((scholar, i) => {
          const state = CLASSMATE_STATES[(i + n) % CLASSMATE_STATES.length] as State;
          const done = state === 'TURNED_IN' || state === 'RETURNED';
          out.submissions.push({
            id: uuidv7(),
            course_work_id: id,
            scholar_id: scholar,
            state,
            assigned_grade: state === 'RETURNED' && t.points !== null ? t.points : null,
            link,
            turned_in_at: done ? hoursAgo(30) : null,
            returned_at: state === 'RETURNED' ? hoursAgo(6) : null,
            google_updated_at: hoursAgo(6),
          });
        });
      }
    }
  }
  return out;
}

/** Inserts the demo work (after the portal's courses and enrolments). */
export async function insertWork(tx: Pick<Db | Tx, 'insert'>, plan: DemoWork): Promise<void> {
  await tx.insert(schema.courseEnrollments).values(plan.enrollments).onConflictDoNothing();
  await tx.insert(schema.courseWork).values(plan.work);
  await tx.insert(schema.courseWorkSubmissions).values(plan.submissions);
}
