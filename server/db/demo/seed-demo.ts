/**
 * Seeds the demo school (DESIGN section 3): about 600 scholars in grades TK to 12 with drawn photos, their families'
 * guardian accounts and pick-up adults (with drawn photos too), about 40 staff with their default weeks, the school
 * year's holidays and breaks, a few days off and a conference night, three weeks of their timesheets with one pay
 * period approved and the next submitted by some, and the seven demo accounts whose password is `demo`. Every name,
 * number and badge code comes from a PRNG with a fixed seed, so every run builds the same school and the README and
 * tests can count on it (only the row ids, which are UUIDv7, the password salts and the dates, which follow `today`,
 * differ). It runs once, on an empty database, after the default roles exist; everything is inserted in one transaction.
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { GRADES, type Grade, uuidv7 } from '../../../src/contract';
import { hashPassword } from '../../auth/passwords';
import { schoolDay } from '../../lib/school-day';
import { type Db, schema, type Tx } from '../client';
/** The demo accounts, for the README and the start banner. All of them sign in with the password `demo`. */
import { DEMO_ACCOUNTS } from './accounts';
import { drawAvatar } from './avatar';
import { seedIndependentStudy } from './independent-study';
import { planDemoMeals } from './meals';
import { planMessengers } from './messengers';
import {
  ALERTS,
  createRandom,
  givenName,
  NAMES,
  type NameOrigin,
  NICKNAMES,
  ORIGIN_WEIGHTS,
  type Random,
} from './names';
import { type PickUpFamily, planPickUps } from './pick-ups';
import { type DemoPortal, planPortal } from './portal';
import { seedScreeningsAndConferences } from './screenings';
import { type DemoStaff, planTimesheetSchedules, schoolCalendar } from './timesheet-schedules';
import { planTimesheets } from './timesheets';
import { insertWork, planWork } from './work';

export { DEMO_ACCOUNTS };

export const DEMO_PASSWORD = 'demo';

/** Names of the demo staff accounts, chosen to be easy to spot in lists. */
const DEMO_STAFF_NAMES: Readonly<Record<string, readonly [string, string]>> = {
  'admin@demo.school': ['Avery', 'Admin'],
  'office@demo.school': ['Olivia', 'Office'],
  'cafeteria@demo.school': ['Carmen', 'Cafeteria'],
  'foodservice@demo.school': ['Felipe', 'Foodservice'],
  'teacher@demo.school': ['Terry', 'Teacher'],
  'timekeeper@demo.school': ['Tomás', 'Timekeeper'],
};

/** Generated staff besides the demo accounts: a teacher per homeroom, the office, the kitchen and payroll. */
const STAFF_BY_ROLE: ReadonlyArray<readonly [string, number]> = [
  ['Staff', 28],
  ['Front Office', 4],
  ['Cafeteria', 5],
  ['Timekeeper', 3],
];

const REQUIRED_ROLES = [
  'Administrator',
  'Front Office',
  'Cafeteria',
  'Food Service Manager',
  'Staff',
  'Timekeeper',
] as const;
/**
 * The PRNG seed. Fixed rather than derived from the school name, so the demo school (and the demo scholar's name) is
 * the same whatever SCHOOL_NAME is set to, in the tests as on a developer's machine.
 */
const DEMO_SEED = 'demo-school-v1';
const BATCH = 200;
/** Crockford base32: no I, L, O or U, so a badge code read aloud or typed is not misread. */
const BASE32 = [...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'];

type UserRow = typeof schema.users.$inferInsert;
type ScholarRow = typeof schema.demographics.$inferInsert & {
  id: string;
  grade: Grade;
  program: string;
  photo_id: string;
};
type PhotoRow = typeof schema.photos.$inferInsert;
type GuardianshipRow = typeof schema.guardianships.$inferInsert;

interface Family {
  origin: NameOrigin;
  lname: string;
  children: ScholarRow[];
}

/** Programs and their buildings: TK-5 Elementary (Room 101-114), 6-8 Middle (201-206), 9-12 Secondary (301-308). */
const PROGRAMS: ReadonlyArray<{ name: string; first: Grade; last: Grade; building: number }> = [
  { name: 'Elementary', first: 'TK', last: '5', building: 100 },
  { name: 'Middle', first: '6', last: '8', building: 200 },
  { name: 'Secondary', first: '9', last: '12', building: 300 },
];

/** The program of a grade and its two homerooms, numbered in order through the program's building. */
function placeOf(grade: Grade): { program: string; homerooms: readonly [string, string] } {
  const index = GRADES.indexOf(grade);
  const program = PROGRAMS.find((p) => index <= GRADES.indexOf(p.last)) ?? PROGRAMS[0];
  if (!program) throw new Error('unreachable: no programs');
  const n = program.building + (index - GRADES.indexOf(program.first)) * 2 + 1;
  return { program: program.name, homerooms: [`Room ${n}`, `Room ${n + 1}`] };
}

/** The school year of a date starts on August 15; from July on, the coming school year is the current one. */
function schoolYearOf(today: Date): number {
  return today.getUTCMonth() >= 6 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
}

/** A date as YYYY-MM-DD. */
function ymd(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Lower-case ASCII letters of a name, for e-mail addresses ("De la Cruz" gives "delacruz"). */
function asciiLetters(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Returns a value the generator has not returned before, retrying on the rare collision. */
function unique(seen: Set<string>, generate: () => string): string {
  for (;;) {
    const value = generate();
    if (!seen.has(value)) {
      seen.add(value);
      return value;
    }
  }
}

/** Builds the scholars grade by grade, shuffles the seats and groups them into families of one to three children. */
function buildFamilies(rnd: Random, schoolYear: number): Family[] {
  const seats = rnd.shuffle(GRADES.flatMap((grade) => Array.from({ length: rnd.int(40, 46) }, () => grade)));
  const studentNumbers = new Set<string>();
  const badgeCodes = new Set<string>();
  const effective = ymd(schoolYear, 8, 15);
  const families: Family[] = [];
  let next = 0;
  while (next < seats.length) {
    const size = Math.min(
      seats.length - next,
      rnd.weighted([
        [1, 50],
        [2, 35],
        [3, 15],
      ] as const),
    );
    const origin = rnd.weighted(ORIGIN_WEIGHTS);
    const lname = rnd.pick(NAMES[origin].last);
    // A household applies for meal benefits once, so siblings share an eligibility; the mix is a high-need district's.
    const meal = rnd.weighted([
      ['free', 55],
      ['reduced', 10],
      ['paid', 35],
    ] as const);
    const firstNames = new Set<string>();
    const children: ScholarRow[] = [];
    for (let i = 0; i < size; i++) {
      const grade = seats[next++] as Grade;
      const place = placeOf(grade);
      const fname = unique(firstNames, () => givenName(rnd, origin, rnd.chance(0.5)));
      const nickname = NICKNAMES[fname];
      children.push({
        id: uuidv7(),
        student_number: unique(studentNumbers, () => String(rnd.int(100000, 999999))),
        fname,
        lname,
        nickname: nickname && rnd.chance(0.35) ? nickname : null,
        grade,
        program: place.program,
        homeroom: rnd.pick(place.homerooms),
        photo_id: uuidv7(),
        badge_code: unique(badgeCodes, () => Array.from({ length: 12 }, () => rnd.pick(BASE32)).join('')),
        meal_eligibility: meal,
        meal_eligibility_effective: effective,
        alerts: rnd.chance(0.05) ? rnd.pick(ALERTS) : null,
      });
    }
    families.push({ origin, lname, children });
  }
  return families;
}

/** The given name of a generated adult (most parents and school staff are women). */
function adultName(rnd: Random, origin: NameOrigin): { fname: string; female: boolean } {
  const female = rnd.chance(0.65);
  return { fname: givenName(rnd, origin, female), female };
}

/** Runs insert for each slice of BATCH rows. */
async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** What one run inserts, built in memory first so the transaction only writes. */
interface Plan {
  rnd: Random;
  schoolYear: number;
  emails: Set<string>;
  users: UserRow[];
  userRoles: { user_id: string; role_id: string }[];
  guardianships: GuardianshipRow[];
  staff: DemoStaff[];
}

/** A unique e-mail address first.last@domain, numbered when the name is taken. */
function emailFor(plan: Plan, fname: string, lname: string, domain: string): string {
  const base = `${asciiLetters(fname)}.${asciiLetters(lname)}`;
  let n = 0;
  return unique(plan.emails, () => `${base}${n++ === 0 ? '' : n}@${domain}`);
}

/** The staff: the five demo staff accounts first (S0001-S0005), then the generated staff with their roles. */
function addStaff(plan: Plan, roleIds: ReadonlyMap<string, string>): void {
  const { rnd, schoolYear } = plan;
  const add = (email: string, fname: string, lname: string, role: string, demo = false): void => {
    const roleId = roleIds.get(role.toLowerCase());
    if (!roleId) throw new Error(`seedDemo: the role ${role} is missing; create the default roles first`);
    const id = uuidv7();
    plan.users.push({
      id,
      email,
      fname,
      lname,
      type: 'staff',
      user_number: `S${String(plan.userRoles.length + 1).padStart(4, '0')}`,
      start_date: ymd(schoolYear - rnd.int(0, 15), 8, rnd.int(1, 14)),
    });
    plan.userRoles.push({ user_id: id, role_id: roleId });
    plan.staff.push({ id, email, role, demo });
  };
  for (const account of DEMO_ACCOUNTS) {
    const names = DEMO_STAFF_NAMES[account.email];
    if (account.type === 'staff' && names) add(account.email, names[0], names[1], account.role, true);
  }
  for (const [role, count] of STAFF_BY_ROLE) {
    for (let i = 0; i < count; i++) {
      const origin = rnd.weighted(ORIGIN_WEIGHTS);
      const { fname } = adultName(rnd, origin);
      const lname = rnd.pick(NAMES[origin].last);
      add(emailFor(plan, fname, lname, 'demo.school'), fname, lname, role);
    }
  }
}

/**
 * The demo family is the first with exactly two children, the elder in grade 6 or above: the elder gets the scholar
 * account (linked to the demographics row) and the family's guardian is parent@demo.school.
 */
function addDemoScholar(plan: Plan, families: readonly Family[]): Family {
  const sixth = GRADES.indexOf('6');
  const family = families.find(
    (f) => f.children.length === 2 && f.children.some((c) => GRADES.indexOf(c.grade) >= sixth),
  );
  const scholar = family?.children.toSorted((a, b) => GRADES.indexOf(b.grade) - GRADES.indexOf(a.grade))[0];
  if (!family || !scholar) throw new Error('seedDemo: no family fits the demo scholar account');
  const id = uuidv7();
  scholar.user_id = id;
  const yearsEnrolled = plan.rnd.int(0, GRADES.indexOf(scholar.grade) - GRADES.indexOf('K'));
  plan.users.push({
    id,
    email: 'scholar@demo.school',
    fname: scholar.fname,
    lname: scholar.lname,
    nickname: scholar.nickname ?? null,
    type: 'student',
    user_number: scholar.student_number,
    grade: scholar.grade,
    program: scholar.program,
    start_date: ymd(plan.schoolYear - yearsEnrolled, 8, 15),
  });
  return family;
}

/** One guardian (a parent user without a password) per family, guardian of each of its children; answers them. */
function addGuardians(plan: Plan, families: readonly Family[], demoFamily: Family): PickUpFamily[] {
  const out: PickUpFamily[] = [];
  for (const family of families) {
    const { fname, female } = adultName(plan.rnd, family.origin);
    const id = uuidv7();
    const email = family === demoFamily ? 'parent@demo.school' : emailFor(plan, fname, family.lname, 'example.com');
    plan.users.push({ id, email, fname, lname: family.lname, type: 'parent' });
    const relationship = plan.rnd.chance(0.9) ? (female ? 'Mother' : 'Father') : 'Guardian';
    // The link keeps the word of the guardianships' list; the pick-up adults keep the text as the office types it.
    const link = relationship.toLowerCase() as GuardianshipRow['relationship'];
    for (const child of family.children) {
      plan.guardianships.push({ parent_id: id, scholar_id: child.id, relationship: link });
    }
    out.push({ ...family, guardian: { fname, lname: family.lname, relationship } });
  }
  return out;
}

/** The drawn photo of a scholar, as stored in photos. */
function photoOf(scholar: ScholarRow): PhotoRow {
  const bytes = Buffer.from(drawAvatar(`${scholar.student_number} ${scholar.fname} ${scholar.lname}`), 'utf8');
  return {
    id: scholar.photo_id,
    owner_type: 'demographics',
    owner_id: scholar.id,
    content_type: 'image/svg+xml',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  };
}

/** Seeds the demo school into an empty database whose default roles exist; returns how many rows of each kind. */
export async function seedDemo(
  db: Db,
  opts: { schoolName: string; timeZone: string; now?: Date },
): Promise<{ scholars: number; users: number; photos: number; meals: number; pickUps: number; timesheets: number }> {
  // scrypt runs on libuv's thread pool: hash while the rows are built and the photos inserted. One hash of 'demo'
  // serves every demo account (the same well-known password; each hash costs most of a second).
  const hashing = hashPassword(DEMO_PASSWORD);
  hashing.catch(() => {}); // Awaited below; this only keeps an early failure from counting as unhandled.

  // opts.schoolName does not change the school (see DEMO_SEED), and no table holds the name yet.
  // The school's calendar day, not UTC's: in the evening in California it is already tomorrow in UTC, and a seed that
  // counted from UTC's day would put meals on the day the stations are recording.
  const today = new Date(`${schoolDay(opts.now ?? new Date(), opts.timeZone)}T12:00:00Z`);
  const plan: Plan = {
    rnd: createRandom(DEMO_SEED),
    schoolYear: schoolYearOf(today),
    emails: new Set(DEMO_ACCOUNTS.map((a) => a.email)),
    users: [],
    userRoles: [],
    guardianships: [],
    staff: [],
  };
  const families = buildFamilies(plan.rnd, plan.schoolYear);
  const scholars = families.flatMap((f) => f.children);
  addStaff(plan, await lookUpRoles(db));
  const demoFamily = addDemoScholar(plan, families);
  const guarded = addGuardians(plan, families, demoFamily);
  const pickUps = planPickUps(guarded, today, plan.schoolYear);
  const photos = [...scholars.map(photoOf), ...pickUps.photos];
  // The school calendar's closures (the same the timesheet schedules plan): no meals are seeded on them.
  const meals = planDemoMeals(
    families.map((f) => f.children),
    today,
    ymd(plan.schoolYear, 8, 15),
    schoolCalendar(plan.schoolYear),
  );
  const timesheetSchedules = planTimesheetSchedules(
    plan.rnd,
    plan.staff,
    plan.schoolYear,
    schoolDay(opts.now ?? new Date(), opts.timeZone),
  );
  const timesheets = planTimesheets(
    plan.staff,
    timesheetSchedules,
    schoolDay(opts.now ?? new Date(), opts.timeZone),
    opts.timeZone,
  );
  const exempt = new Set(timesheetSchedules.exempt);
  for (const user of plan.users) if (exempt.has(user.id as string)) user.exempt = true;
  const portal = planPortal({
    rnd: plan.rnd,
    today: schoolDay(opts.now ?? new Date(), opts.timeZone),
    timeZone: opts.timeZone,
    family: demoFamily.children,
    demoScholarId: demoFamily.children.find((c) => c.user_id)?.id as string,
    closedDays: timesheetSchedules.nonWorkDays,
    lateReasons: ['Medical appointment', 'Transportation', 'Overslept'],
  });
  const work = planWork({
    today: schoolDay(opts.now ?? new Date(), opts.timeZone),
    timeZone: opts.timeZone,
    now: opts.now ?? new Date(),
    family: demoFamily.children,
    scholars,
    courses: portal.courses,
  });
  const mealRows = meals.meals(plan.users.find((u) => u.email === 'cafeteria@demo.school')?.id ?? null);

  // Accounts made after the plan: the sibling's portal account, to sign their independent study agreement (P3).
  let addedUsers = 0;
  await db.transaction(async (tx) => {
    await insertPhotos(tx, photos);
    const demoHash = await hashing;
    const demoEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    for (const user of plan.users) user.password_hash = demoEmails.has(user.email) ? demoHash : null;
    await inBatches(plan.users, (b) => tx.insert(schema.users).values(b));
    await inBatches(plan.userRoles, (b) => tx.insert(schema.userRoles).values(b));
    await inBatches(scholars, (b) => tx.insert(schema.demographics).values(b));
    // Each scholar's current eligibility row comes from the demographics trigger; these are the ones before a change.
    await inBatches(meals.earlier, (b) => tx.insert(schema.mealEligibilityHistory).values(b));
    await insertJson(tx, 'nslp_records', mealRows);
    await inBatches(plan.guardianships, (b) => tx.insert(schema.guardianships).values(b));
    await inBatches(planMessengers(plan.rnd, scholars), (b) => tx.insert(schema.messengerSchedules).values(b));
    await insertJson(tx, 'authorized_pick_ups', pickUps.pickUps);
    await inBatches(timesheetSchedules.schedules, (b) => tx.insert(schema.timesheetSchedules).values(b));
    await tx.insert(schema.schoolNonWorkDays).values(timesheetSchedules.nonWorkDays);
    await tx.insert(schema.staffDaysOff).values(timesheetSchedules.daysOff);
    await tx.insert(schema.specialHours).values(timesheetSchedules.specials);
    await insertJson(tx, 'timesheets', timesheets.records);
    await insertJson(tx, 'timesheet_periods', timesheets.periods);
    await insertPortal(tx, portal);
    await insertWork(tx, work);
    const study = await seedIndependentStudy(tx, {
      today: schoolDay(opts.now ?? new Date(), opts.timeZone),
      timeZone: opts.timeZone,
    });
    addedUsers += study.users;
    // A day of COVID screenings and a conference day.
    await seedScreeningsAndConferences(tx, {
      today: schoolDay(opts.now ?? new Date(), opts.timeZone),
      timeZone: opts.timeZone,
      scholars: scholars as { id: string; lname: string }[],
      family: demoFamily.children,
    });
  });
  return {
    scholars: scholars.length,
    users: plan.users.length + addedUsers,
    photos: photos.length,
    meals: mealRows.length,
    pickUps: pickUps.pickUps.length,
    timesheets: timesheets.records.length,
  };
}

/** The demo portal's rows, and its settings: the Scholar Resources title carries the school's name. */
async function insertPortal(tx: Tx, portal: DemoPortal): Promise<void> {
  await inBatches(portal.courses, (b) => tx.insert(schema.courses).values(b as (typeof schema.courses.$inferInsert)[]));
  await tx.insert(schema.courseEnrollments).values(portal.enrollments);
  await inBatches(portal.meetings, (b) =>
    tx.insert(schema.groupMeetings).values(b as (typeof schema.groupMeetings.$inferInsert)[]),
  );
  await tx.insert(schema.calendarEvents).values(portal.events as (typeof schema.calendarEvents.$inferInsert)[]);
  await tx.insert(schema.portalResources).values(portal.resources as (typeof schema.portalResources.$inferInsert)[]);
  await tx.insert(schema.announcements).values(portal.announcements as (typeof schema.announcements.$inferInsert)[]);
  if (portal.arrivals.length) {
    await inBatches(portal.arrivals, (b) =>
      tx.insert(schema.checkIns).values(b as (typeof schema.checkIns.$inferInsert)[]),
    );
  }
  await tx.update(schema.schoolSettings).set({ resource_prefix: 'Demo School' });
}

/**
 * Inserts many rows as one JSON parameter (the demo's ten thousand meals, its pick-up adults): half the time of
 * batched multi-row inserts on PGlite, where parsing thousands of parameters is what a cold start waits for. The rows
 * must all have the columns of the first.
 */
async function insertJson(
  tx: Pick<Db, 'execute'>,
  table: 'nslp_records' | 'authorized_pick_ups' | 'timesheets' | 'timesheet_periods',
  rows: readonly object[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = sql.join(
    Object.keys(first).map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
  );
}

/** Inserts the drawn photos (SVG text) the same way, in slices so no one parameter grows too large. */
async function insertPhotos(tx: Pick<Db, 'execute'>, rows: readonly PhotoRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const slice = rows
      .slice(i, i + 1000)
      .map(({ bytes, ...meta }) => ({ ...meta, svg: Buffer.from(bytes).toString('utf8') }));
    await tx.execute(sql`
      insert into photos (id, owner_type, owner_id, content_type, size, sha256, bytes)
      select id, owner_type, owner_id, content_type, size, sha256, convert_to(svg, 'UTF8')
      from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
        as x(id uuid, owner_type text, owner_id uuid, content_type text, size integer, sha256 text, svg text)`);
  }
}

/** The ids of the roles the demo accounts need, by lower-cased name. */
async function lookUpRoles(db: Db): Promise<Map<string, string>> {
  const wanted = REQUIRED_ROLES.map((r) => r.toLowerCase());
  const rows = await db
    .select({ id: schema.roles.id, name: schema.roles.name })
    .from(schema.roles)
    .where(inArray(sql`lower(${schema.roles.name})`, wanted));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
