/**
 * The demo family's Independent Study Learning Agreements: the demo scholar's, starting in a few
 * weeks, signed by the scholar and awaiting the parent; the sibling's, running now, signed by the scholar, the parent
 * and the supervising teacher (teacher@demo.school) before its first day. Made through the same functions as the
 * routes, so the versions, hashes and evidence are what a real signature leaves (from documentation addresses).
 */
import { and, eq, ne } from 'drizzle-orm';
import { type AgreementCourse, fullName, isoWeekday, shiftDate, uuidv7 } from '../../../src/contract';
import { zonedInstant } from '../../lib/expected-hours';
import { agreementById, freezeVersion, signAgreement } from '../../routes/independent_study/agreements';
import type { Tx } from '../client';
import { demographics, guardianships, independentStudyAgreements, users } from '../schema';

const DEVICE = {
  phone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

/** The subjects of a grade's agreement: the band of the grade, and credits from grade 9 on. */
function coursesFor(grade: string): AgreementCourse[] {
  const n = Number(grade);
  const secondary = Number.isFinite(n) && n >= 7;
  const credits = Number.isFinite(n) && n >= 9 ? 5 : null;
  const band = secondary ? '7-12' : 'TK-6';
  const subjects = secondary
    ? [
        ['English Language Arts', `English ${grade}`],
        ['Mathematics', `Math ${grade}`],
        ['Science', 'Integrated Science'],
        ['History–Social Science', 'World History'],
      ]
    : [
        ['English Language Arts', null],
        ['Mathematics', null],
        ['Science', null],
        ['History–Social Science', null],
      ];
  return subjects.map(([subject, course]) => ({
    subject: subject as string,
    course: course ?? null,
    grade_band: band,
    course_value: credits,
  }));
}

/** The Monday on or after a date. */
const mondayFrom = (date: string) => shiftDate(date, (8 - isoWeekday(date)) % 7);
/** The last Monday-to-Friday date before a date. */
const weekdayBefore = (date: string) => {
  let day = shiftDate(date, -1);
  while (isoWeekday(day) > 5) day = shiftDate(day, -1);
  return day;
};

/** Inserts the two demo agreements; answers how many, and how many accounts it added (the sibling's). */
export async function seedIndependentStudy(
  tx: Tx,
  opts: { today: string; timeZone: string },
): Promise<{ agreements: number; users: number }> {
  const byEmail = async (email: string) => {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!row) throw new Error(`demo account ${email} missing`);
    return row;
  };
  const [scholarUser, parent, teacher, office] = await Promise.all([
    byEmail('scholar@demo.school'),
    byEmail('parent@demo.school'),
    byEmail('teacher@demo.school'),
    byEmail('office@demo.school'),
  ]);
  const [me] = await tx.select().from(demographics).where(eq(demographics.user_id, scholarUser.id)).limit(1);
  const [sibling] = await tx
    .select({ d: demographics })
    .from(guardianships)
    .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
    .where(and(eq(guardianships.parent_id, parent.id), ne(guardianships.scholar_id, me?.id ?? '')))
    .limit(1);
  if (!me || !sibling) throw new Error('the demo family is missing');
  // A scholar signs their agreement with their own portal account. The sibling gets one for that (no password: it
  // signs in with Google only, so it is no demo account); the school's other children have none.
  const siblingUser = sibling.d.user_id
    ? await tx.select().from(users).where(eq(users.id, sibling.d.user_id)).limit(1)
    : await tx
        .insert(users)
        .values({
          id: uuidv7(),
          email: `${sibling.d.student_number}@students.demo.school`,
          fname: sibling.d.fname,
          lname: sibling.d.lname,
          nickname: sibling.d.nickname,
          type: 'student',
          user_number: sibling.d.student_number,
          grade: sibling.d.grade,
          program: sibling.d.program,
        })
        .returning();
  const siblingAccount = siblingUser[0];
  if (!siblingAccount) throw new Error('the sibling has no account');
  await tx.update(demographics).set({ user_id: siblingAccount.id }).where(eq(demographics.id, sibling.d.id));
  const at = (date: string, time: string) => new Date(zonedInstant(date, time, opts.timeZone)).toISOString();

  const make = async (
    scholar: typeof me,
    begins: string,
    weeks: number,
    conference: string,
    signers: { role: 'scholar' | 'parent' | 'teacher'; id: string; name: string; day: string; time: string }[],
  ) => {
    const id = uuidv7();
    await tx.insert(independentStudyAgreements).values({
      id,
      scholar_id: scholar.id,
      duration: `${weeks} weeks`,
      begins_on: begins,
      ends_on: shiftDate(begins, weeks * 7 - 3),
      conference_on: conference,
      conference_time: '15:30',
      conference_place: 'Front office conference room',
      conference_notes: 'Family asked for independent study during a family move; Chromebook and hotspot issued.',
      teacher_id: teacher.id,
      courses: coursesFor(scholar.grade),
      created_by: office.id,
      created_at: at(shiftDate(conference, -2), '10:00'),
      updated_at: at(shiftDate(conference, -2), '10:00'),
    });
    const sentAt = at(conference, '16:15');
    const version = await freezeVersion(tx, await agreementById(tx, id), office.id, undefined, sentAt);
    for (const [i, s] of signers.entries()) {
      const row = await agreementById(tx, id);
      await signAgreement(
        tx,
        row,
        s.role,
        s.id,
        { typed_name: s.name, version_hash: version.hash, language: 'en' },
        {
          ip: `192.0.2.${20 + i}`,
          user_agent: s.role === 'teacher' ? DEVICE.desktop : DEVICE.phone,
          at: at(s.day, s.time),
        },
      );
    }
  };

  // The coming agreement was made at a conference already held (the last weekday before today), so its signature,
  // like every signature, is in the past.
  const next = mondayFrom(shiftDate(opts.today, 14));
  const conferenceNext = weekdayBefore(opts.today);
  await make(me, next, 6, conferenceNext, [
    { role: 'scholar', id: scholarUser.id, name: fullName(scholarUser), day: conferenceNext, time: '16:20' },
  ]);
  const running = mondayFrom(shiftDate(opts.today, -21));
  const conferenceRunning = shiftDate(running, -7);
  await make(sibling.d, running, 6, conferenceRunning, [
    { role: 'scholar', id: siblingAccount.id, name: fullName(siblingAccount), day: conferenceRunning, time: '16:20' },
    { role: 'parent', id: parent.id, name: fullName(parent), day: conferenceRunning, time: '16:25' },
    { role: 'teacher', id: teacher.id, name: fullName(teacher), day: shiftDate(conferenceRunning, 1), time: '08:10' },
  ]);
  return { agreements: 2, users: sibling.d.user_id ? 0 : 1 };
}
