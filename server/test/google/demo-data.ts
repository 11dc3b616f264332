/**
 * Demo data for the stand-in run beside `npm start` (scripts/google-stand-in.mjs): a Classroom course of the demo
 * scholar (scholar@demo.school) with work in every state, an AutoWork piece missing and a returned grade, due dates
 * around today, and the school's calendar with a few events. Classroom's due dates and times are UTC, as Google's are.
 */
import { shiftDate } from '../../../src/contract';
import { localDate } from '../../../src/contract/work-lists';
import { zonedInstant } from '../../lib/expected-hours';
import type { GoogleStandIn } from './stand-in';

export const DEMO_CALENDAR = 'school@demo.school';
export const DEMO_COURSE = 'stand-in-science-7';

/** Classroom's UTC due date and time of a school-local date and time. */
function due(date: string, time: string, timeZone: string) {
  const d = new Date(zonedInstant(date, time, timeZone));
  return {
    dueDate: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
    dueTime: { hours: d.getUTCHours(), minutes: d.getUTCMinutes() },
  };
}

/** Fills the stand-in. */
export function fillDemo(google: GoogleStandIn, timeZone: string, now = new Date()): void {
  const today = localDate(now, timeZone);
  const created = new Date(now.getTime() - 14 * 86_400_000).toISOString();
  google.classroom.courses.push({
    id: DEMO_COURSE,
    name: 'Science 7 (Google Classroom)',
    section: 'Period 3',
    room: 'Lab 2',
    ownerId: 'stand-in-teacher',
    courseState: 'ACTIVE',
    creationTime: created,
    updateTime: created,
    alternateLink: `https://classroom.google.com/c/${DEMO_COURSE}`,
  });
  google.classroom.students.set(DEMO_COURSE, [
    courseMember('stand-in-scholar', 'Demo', 'Scholar', 'scholar@demo.school'),
  ]);
  google.classroom.teachers.set(DEMO_COURSE, [
    courseMember('stand-in-teacher', 'Rosa', 'Delgado', 'teacher@demo.school'),
  ]);
  google.classroom.topics.set(DEMO_COURSE, [
    { courseId: DEMO_COURSE, topicId: 'topic-auto', name: 'AutoWork', updateTime: created },
    { courseId: DEMO_COURSE, topicId: 'topic-cells', name: 'Cells', updateTime: created },
  ]);
  const work = [
    {
      id: 'cw-1',
      title: 'Cell diagram',
      topicId: 'topic-cells',
      ...due(shiftDate(today, 1), '23:59', timeZone),
      state: 'NEW',
    },
    {
      id: 'cw-2',
      title: 'AutoPrep: microscopes',
      topicId: 'topic-auto',
      ...due(shiftDate(today, -2), '15:00', timeZone),
      state: 'CREATED',
    },
    {
      id: 'cw-3',
      title: 'Lab safety quiz',
      topicId: 'topic-cells',
      ...due(shiftDate(today, -5), '08:00', timeZone),
      state: 'RETURNED',
    },
    { id: 'cw-4', title: 'Reading: organelles', topicId: 'topic-cells', state: 'TURNED_IN' },
    {
      id: 'cw-5',
      title: 'Lab report',
      topicId: 'topic-cells',
      ...due(shiftDate(today, 4), '17:00', timeZone),
      state: 'NEW',
    },
  ] as const;
  for (const w of work) {
    const { state, ...fields } = w;
    google.putCourseWork({
      courseId: DEMO_COURSE,
      workType: 'ASSIGNMENT',
      assigneeMode: 'ALL_STUDENTS',
      creatorUserId: 'stand-in-teacher',
      maxPoints: 10,
      description: 'From the Google stand-in.',
      ...fields,
    });
    const turnedIn = state === 'TURNED_IN' || state === 'RETURNED';
    google.putSubmission({
      courseId: DEMO_COURSE,
      courseWorkId: w.id,
      id: `sub-${w.id}`,
      userId: 'stand-in-scholar',
      state,
      late: false,
      ...(state === 'RETURNED' ? { assignedGrade: 9, draftGrade: 9 } : {}),
      submissionHistory: [
        { stateHistory: { state: 'CREATED', stateTimestamp: created, actorUserId: 'stand-in-scholar' } },
        ...(turnedIn
          ? [
              {
                stateHistory: {
                  state: 'TURNED_IN',
                  stateTimestamp: new Date(now.getTime() - 6 * 86_400_000).toISOString(),
                  actorUserId: 'stand-in-scholar',
                },
              },
            ]
          : []),
        ...(state === 'RETURNED'
          ? [
              {
                stateHistory: {
                  state: 'RETURNED',
                  stateTimestamp: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
                  actorUserId: 'stand-in-teacher',
                },
              },
            ]
          : []),
      ],
    });
  }
  const at = (date: string, time: string) => new Date(zonedInstant(date, time, timeZone)).toISOString();
  google.putEvent(DEMO_CALENDAR, {
    id: 'ev-science-fair',
    summary: 'Science Fair (Google Calendar)',
    colorId: '2',
    start: { date: shiftDate(today, 3) },
    end: { date: shiftDate(today, 4) },
  });
  google.putEvent(DEMO_CALENDAR, {
    id: 'ev-open-house',
    summary: 'Open House (Google Calendar)',
    colorId: '11',
    start: { dateTime: at(shiftDate(today, 6), '18:00') },
    end: { dateTime: at(shiftDate(today, 6), '19:30') },
  });
  google.putEvent(DEMO_CALENDAR, {
    id: 'ev-board',
    summary: 'School board meeting (Google Calendar)',
    start: { dateTime: at(shiftDate(today, 1), '17:00') },
    end: { dateTime: at(shiftDate(today, 1), '18:00') },
  });
}

/** A course's student or teacher as Classroom's roster lists answer them. */
function courseMember(userId: string, givenName: string, familyName: string, emailAddress: string) {
  return {
    courseId: DEMO_COURSE,
    userId,
    profile: { id: userId, name: { givenName, familyName, fullName: `${givenName} ${familyName}` }, emailAddress },
  };
}
