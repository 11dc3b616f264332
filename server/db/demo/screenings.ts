/**
 * The demo school's COVID screening and Scholar Led Conferences: the school screens (the switch a
 * new school has off), today's answers of forty scholars (most cleared, some told to stay home, a few remote, one
 * with no negative test on file since yesterday's stay home, and one cleared by a negative test recorded at the
 * entrance), today's conference day for every grade held by the demo teacher, and last week's with its sign-ins. The
 * demo family's scholars have no answer and no sign-in yet: they are the ones a visitor tries.
 */
import { eq } from 'drizzle-orm';
import { CONFERENCE_DEFAULT_BODY, type ScreeningOutcome, type Symptom, shiftDate, uuidv7 } from '../../../src/contract';
import { zonedInstant } from '../../lib/expected-hours';
import { schema, type Tx } from '../client';

const at = (date: string, time: string, timeZone: string) => new Date(zonedInstant(date, time, timeZone)).toISOString();
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Scholar {
  id: string;
  lname: string;
}

/** The answers of today's demo screenings, in turn: mostly clear, every fifth with something reported. */
const PATTERNS: {
  symptoms: Symptom[];
  recent_contact: boolean;
  household_symptoms: boolean;
  outcome: ScreeningOutcome;
}[] = [
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['fever', 'cough'], recent_contact: false, household_symptoms: false, outcome: 'stay_home' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['no_symptoms'], recent_contact: true, household_symptoms: false, outcome: 'stay_home' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: true, outcome: 'stay_home' },
  { symptoms: ['no_symptoms'], recent_contact: false, household_symptoms: false, outcome: 'cleared' },
];

export async function seedScreeningsAndConferences(
  tx: Tx,
  opts: { today: string; timeZone: string; scholars: readonly Scholar[]; family: readonly { id: string }[] },
): Promise<{ screenings: number; signIns: number }> {
  const { today, timeZone } = opts;
  const yesterday = shiftDate(today, -1);
  await tx.update(schema.schoolSettings).set({ covid_screening_enabled: true, covid_screening_retention_days: 14 });
  const familyIds = new Set(opts.family.map((f) => f.id));
  const others = opts.scholars.filter((s) => !familyIds.has(s.id));
  const screened = others.slice(0, 40);
  const rows: (typeof schema.covidScreenings.$inferInsert)[] = screened.map((s, i) => {
    const remote = i % 13 === 12;
    const p = PATTERNS[i % PATTERNS.length] as (typeof PATTERNS)[number];
    return {
      id: uuidv7(),
      scholar_id: s.id,
      kind: remote ? 'remote' : 'screening',
      symptoms: remote ? [] : p.symptoms,
      recent_contact: remote ? null : p.recent_contact,
      household_symptoms: remote ? null : p.household_symptoms,
      outcome: remote ? 'remote' : p.outcome,
      answered_at: at(today, clock(6 * 60 + 30 + i * 2), timeZone),
      school_day: today,
    };
  });
  // Told to stay home yesterday: one answers clear today with no negative test on file, one brought a negative test.
  const [waiting, tested] = others.slice(40, 42);
  for (const s of [waiting, tested]) {
    if (!s) continue;
    rows.push({
      id: uuidv7(),
      scholar_id: s.id,
      kind: 'screening',
      symptoms: ['chills'],
      recent_contact: false,
      household_symptoms: false,
      outcome: 'stay_home',
      answered_at: at(yesterday, '07:10', timeZone),
      school_day: yesterday,
    });
    rows.push({
      id: uuidv7(),
      scholar_id: s.id,
      kind: 'screening',
      symptoms: ['no_symptoms'],
      recent_contact: false,
      household_symptoms: false,
      outcome: s === waiting ? 'no_negative_test' : 'cleared',
      answered_at: at(today, '07:20', timeZone),
      school_day: today,
    });
  }
  if (rows.length) await tx.insert(schema.covidScreenings).values(rows);
  if (tested)
    await tx.insert(schema.covidNegativeTests).values({ id: uuidv7(), scholar_id: tested.id, tested_on: today });

  const [teacher] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, 'teacher@demo.school'))
    .limit(1);
  const todayConference = uuidv7();
  const lastWeek = uuidv7();
  const lastWeekDay = shiftDate(today, -7);
  await tx.insert(schema.conferences).values([
    {
      id: todayConference,
      title: 'Fall Scholar Led Conferences',
      body: CONFERENCE_DEFAULT_BODY,
      held_on: today,
      start_time: '15:00',
      end_time: '19:00',
      minutes_per_scholar: 20,
      teacher_id: teacher?.id ?? null,
      grades: [],
    },
    {
      id: lastWeek,
      title: 'Scholar Led Conferences: first round',
      body: CONFERENCE_DEFAULT_BODY,
      held_on: lastWeekDay,
      start_time: '15:00',
      end_time: '19:00',
      minutes_per_scholar: 20,
      teacher_id: teacher?.id ?? null,
      grades: [],
    },
  ]);
  const signIns: (typeof schema.conferenceSignIns.$inferInsert)[] = others.slice(0, 12).map((s, i) => ({
    id: uuidv7(),
    conference_id: lastWeek,
    scholar_id: s.id,
    signed_by: null,
    signer_type: 'parent',
    signer_name: `${s.lname} family`,
    signed_at: at(lastWeekDay, clock(15 * 60 + i * 20), timeZone),
  }));
  await tx.insert(schema.conferenceSignIns).values(signIns);
  return { screenings: rows.length, signIns: signIns.length };
}
