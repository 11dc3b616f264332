/**
 * The demo school's Scholar Portal: a class schedule for every grade (five classes Monday to
 * Friday) and an elective the demo scholar is enrolled in one by one, group meetings this week and next, the school
 * calendar (the closed days of the timesheet calendar, and events around today), resources and library links, the
 * week's announcements, and this month's arrivals of the demo family's scholars (some late, with a reason).
 */
import { GRADES, isoWeekday, monthOf, shiftDate, uuidv7 } from '../../../src/contract';
import { zonedInstant } from '../../lib/expected-hours';
import type { Random } from './names';

const at = (date: string, time: string, timeZone: string) => new Date(zonedInstant(date, time, timeZone)).toISOString();

/** Grade-level classes: name, teacher, room and the period (start, end). */
const PERIODS = [
  ['08:00', '08:55'],
  ['09:00', '09:55'],
  ['10:10', '11:05'],
  ['11:10', '12:05'],
  ['12:50', '13:45'],
] as const;
const SUBJECTS = ['Math', 'English Language Arts', 'Science', 'History', 'Physical Education'] as const;
const TEACHERS = ['Ms. Rivera', 'Mr. Chen', 'Ms. Okafor', 'Mr. Novak', 'Coach Haddad', 'Ms. Patel', 'Mr. Silva'];

const MEET = (code: string) => `https://meet.google.com/${code}`;

export interface DemoPortal {
  courses: Record<string, unknown>[];
  enrollments: { course_id: string; scholar_id: string }[];
  meetings: Record<string, unknown>[];
  events: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  announcements: Record<string, unknown>[];
  arrivals: Record<string, unknown>[];
}

/** The days of the week starting on `monday`, Monday to Friday. */
const schoolWeek = (monday: string) => [0, 1, 2, 3, 4].map((n) => shiftDate(monday, n));

export function planPortal(opts: {
  rnd: Random;
  today: string;
  timeZone: string;
  family: readonly { id: string; grade: string }[];
  demoScholarId: string;
  closedDays: readonly { name: string; starts_on: string; ends_on: string }[];
  lateReasons: readonly string[];
}): DemoPortal {
  const { rnd, today, timeZone } = opts;
  const closed = (date: string) => opts.closedDays.some((d) => d.starts_on <= date && date <= d.ends_on);

  const courses: DemoPortal['courses'] = [];
  for (const grade of GRADES) {
    SUBJECTS.forEach((subject, i) => {
      const [start_time, end_time] = PERIODS[i] as readonly [string, string];
      courses.push({
        id: uuidv7(),
        name: grade === 'TK' || grade === 'K' ? `${subject} (${grade})` : `${subject} ${grade}`,
        teacher: TEACHERS[(GRADES.indexOf(grade) + i) % TEACHERS.length],
        room: `${100 + GRADES.indexOf(grade) * 10 + i}`,
        meet_url: null,
        grades: [grade],
        sessions: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start_time, end_time })),
      });
    });
  }
  const robotics = {
    id: uuidv7(),
    name: 'Robotics Club',
    teacher: 'Mr. Chen',
    room: 'Lab 2',
    meet_url: MEET('rbt-club-demo'),
    grades: [],
    sessions: [
      { weekday: 2, start_time: '14:00', end_time: '15:00' },
      { weekday: 4, start_time: '14:00', end_time: '15:00' },
    ],
  };
  courses.push(robotics);
  const enrollments = [{ course_id: robotics.id, scholar_id: opts.demoScholarId }];

  const monday = shiftDate(today, 1 - isoWeekday(today));
  const meetings: DemoPortal['meetings'] = [];
  const familyGrades = [...new Set(opts.family.map((s) => s.grade))];
  for (const week of [monday, shiftDate(monday, 7)]) {
    const days = schoolWeek(week).filter((d) => !closed(d));
    for (const [n, date] of days.entries()) {
      meetings.push({
        id: uuidv7(),
        title: 'Advisory',
        starts_at: at(date, '08:00', timeZone),
        ends_at: at(date, '08:15', timeZone),
        place: 'Homeroom',
        meet_url: null,
        leader: 'Your homeroom teacher',
        grades: [],
      });
      if (n % 2 === 0) {
        for (const grade of familyGrades) {
          meetings.push({
            id: uuidv7(),
            title: n === 0 ? `Grade ${grade} study group` : `Grade ${grade} reading circle`,
            starts_at: at(date, '15:15', timeZone),
            ends_at: at(date, '16:00', timeZone),
            place: n === 0 ? 'Library' : null,
            meet_url: n === 0 ? null : MEET(`grd-${grade.toLowerCase()}-demo`),
            leader: rnd.pick(TEACHERS),
            grades: [grade],
          });
        }
      }
    }
  }

  const month = monthOf(today);
  const allDay = (title: string, first: string, last: string, color: string, description: string | null = null) => ({
    id: uuidv7(),
    title,
    description,
    starts_at: at(first, '00:00', timeZone),
    ends_at: at(shiftDate(last, 1), '00:00', timeZone),
    all_day: true,
    color,
  });
  const timed = (title: string, date: string, start: string, end: string, color: string, description: string) => ({
    id: uuidv7(),
    title,
    description,
    starts_at: at(date, start, timeZone),
    ends_at: at(date, end, timeZone),
    all_day: false,
    color,
  });
  // Picture Day two days ahead, or two days back on a month's last two days: always on this month's calendar.
  const pictureDay = shiftDate(today, 2) <= month.end ? shiftDate(today, 2) : shiftDate(today, -2);
  const events: DemoPortal['events'] = [
    timed('Family Night', shiftDate(month.start, 9), '18:00', '19:30', 'purple', 'Families visit classrooms.'),
    allDay('Picture Day', pictureDay, pictureDay, 'blue', 'Wear your uniform.'),
    allDay('Science Fair', shiftDate(today, 15), shiftDate(today, 16), 'green', 'Projects in the gym.'),
    timed('Board meeting', shiftDate(month.end, -2), '17:00', '18:30', 'gray', 'Open to families.'),
  ];

  const link = (kind: string, subject: string, title: string, url: string, description: string, position: number) => ({
    id: uuidv7(),
    kind,
    subject,
    title,
    url,
    description,
    grades: [],
    position,
  });
  const resources: DemoPortal['resources'] = [
    link('resources', 'Math', 'Khan Academy', 'https://www.khanacademy.org/', 'Practice and videos for every unit.', 1),
    link('resources', 'Math', 'Desmos calculator', 'https://www.desmos.com/calculator', 'Graphing calculator.', 2),
    link('resources', 'English Language Arts', 'NoRedInk', 'https://www.noredink.com/', 'Grammar and writing.', 1),
    link('resources', 'Science', 'PhET simulations', 'https://phet.colorado.edu/', 'Interactive science labs.', 1),
    link('resources', 'Technology', 'Google Classroom', 'https://classroom.google.com/', 'Your classes and work.', 1),
    link('resources', 'Technology', 'Typing Club', 'https://www.typingclub.com/', 'Learn to type.', 2),
    link('library', 'Reading', 'Sora (school library e-books)', 'https://soraapp.com/', 'Borrow e-books.', 1),
    link('library', 'Reading', 'Epic', 'https://www.getepic.com/', 'Books for grades TK to 5.', 2),
    link('library', 'Research', 'Britannica School', 'https://school.eb.com/', 'Encyclopedia for reports.', 1),
    link('library', 'Research', 'Library catalog', 'https://demo.school/library', 'Find books on our shelves.', 2),
  ];

  const announcements: DemoPortal['announcements'] = [
    {
      id: uuidv7(),
      title: 'Picture Day',
      body: 'Picture Day is this week. Order forms are at the front office.',
      grades: [],
      starts_on: shiftDate(today, -3),
      ends_on: shiftDate(today, 2),
    },
    {
      id: uuidv7(),
      title: 'Bring your Chromebook charged',
      body: 'Please charge your Chromebook every night; loaner chargers are at the library.',
      grades: [],
      starts_on: shiftDate(today, -10),
      ends_on: null,
    },
    ...familyGrades.map((grade) => ({
      id: uuidv7(),
      title: `Grade ${grade} field trip`,
      body: `Permission slips for the grade ${grade} field trip are due Friday.`,
      grades: [grade],
      starts_on: shiftDate(today, -1),
      ends_on: shiftDate(today, 6),
    })),
  ];

  // This month's arrivals of the demo family, before today, on school days; about one in six late with a reason.
  const arrivals: DemoPortal['arrivals'] = [];
  for (let date = month.start; date < today; date = shiftDate(date, 1)) {
    if (isoWeekday(date) > 5 || closed(date)) continue;
    for (const scholar of opts.family) {
      const late = rnd.chance(1 / 6);
      const time = late ? `08:${String(rnd.int(6, 40)).padStart(2, '0')}` : `07:${String(rnd.int(35, 58))}`;
      arrivals.push({
        id: uuidv7(),
        kind: 'arrival',
        scholar_id: scholar.id,
        occurred_at: at(date, time, timeZone),
        school_day: date,
        reason: late ? rnd.pick(opts.lateReasons) : null,
        method: 'kiosk',
        late,
      });
    }
  }
  return { courses, enrollments, meetings, events, resources, announcements, arrivals };
}
