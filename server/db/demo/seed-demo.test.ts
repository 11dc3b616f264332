/**
 * The demo school seed on a fresh, migrated in-memory PGlite: the shape of the school (grades, numbers, badge codes,
 * photos), the seven demo accounts and the demo family, and that the same inputs give the same school.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLAG_SETTINGS, DEFAULT_PAY_PERIODS, GRADES, uuidv7 } from '../../../src/contract';
import { verifyPassword } from '../../auth/passwords';
import { timesheetSummary } from '../../lib/timesheet-summary';
import { type Database, migrate, openDatabase, schema } from '../client';
import { drawAvatar } from './avatar';
import { planDemoMeals } from './meals';
import { createRandom } from './names';
import { DEMO_ACCOUNTS, seedDemo } from './seed-demo';
import { schoolCalendar } from './timesheet-schedules';

const ROLES = ['Administrator', 'Front Office', 'Cafeteria', 'Food Service Manager', 'Staff', 'Timekeeper'];
const TODAY = new Date('2025-10-06T15:00:00Z');
/** Monday 2025-10-06 at 19:00 in California, when UTC already has Tuesday: the seed counts from the school's day. */
const SEEDED_AT = { now: new Date('2025-10-07T02:00:00Z'), timeZone: 'America/Los_Angeles' };

/** Opens a fresh migrated PGlite with the five default roles, as the product has them before seedDemo runs. */
async function freshDatabase(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await database.db.insert(schema.roles).values(ROLES.map((name) => ({ id: uuidv7(), name })));
  return database;
}

/** A small well-formedness check: every tag closes in order, and the root is a 256x256 SVG with a viewBox. */
function isWellFormedSvg(svg: string): boolean {
  if (!/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="256" height="256" viewBox="0 0 256 256">/.test(svg)) {
    return false;
  }
  const stack: string[] = [];
  const tag = /<(\/?)([a-z]+)((?:\s+[a-zA-Z-]+="[^"<>]*")*)\s*(\/?)>/gy;
  let at = 0;
  while (at < svg.length) {
    tag.lastIndex = at;
    const m = tag.exec(svg);
    if (!m) return false;
    const [whole, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing && name) stack.push(name);
    at += whole.length;
  }
  return stack.length === 0;
}

describe('seedDemo', () => {
  let database: Database;
  let counts: { scholars: number; users: number; photos: number; pickUps: number; timesheets: number };

  beforeAll(async () => {
    database = await freshDatabase();
    counts = await seedDemo(database.db, { schoolName: 'Demo School', ...SEEDED_AT });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds about 600 scholars in every grade from TK to 12', async () => {
    const rows = await database.db.select().from(schema.demographics);
    expect(rows.length).toBe(counts.scholars);
    expect(rows.length).toBeGreaterThanOrEqual(560);
    expect(rows.length).toBeLessThanOrEqual(650);
    for (const grade of GRADES) {
      const inGrade = rows.filter((r) => r.grade === grade);
      expect(inGrade.length, `grade ${grade}`).toBeGreaterThanOrEqual(35);
      expect(inGrade.length, `grade ${grade}`).toBeLessThanOrEqual(55);
      expect(new Set(inGrade.map((r) => r.homeroom)).size, `homerooms of grade ${grade}`).toBe(2);
    }
    const rooms = (grade: string) => [...new Set(rows.filter((r) => r.grade === grade).map((r) => r.homeroom))].sort();
    expect(rooms('TK')).toEqual(['Room 101', 'Room 102']);
    expect(rooms('5')).toEqual(['Room 113', 'Room 114']);
    expect(rooms('6')).toEqual(['Room 201', 'Room 202']);
    expect(rooms('9')).toEqual(['Room 301', 'Room 302']);
    expect(rooms('12')).toEqual(['Room 307', 'Room 308']);
    expect(rows.find((r) => r.grade === 'TK')?.program).toBe('Elementary');
    expect(rows.find((r) => r.grade === '5')?.program).toBe('Elementary');
    expect(rows.find((r) => r.grade === '6')?.program).toBe('Middle');
    expect(rows.find((r) => r.grade === '7')?.program).toBe('Middle');
    expect(rows.find((r) => r.grade === '12')?.program).toBe('Secondary');
  });

  it('puts grade 5 to 8 scholars on messenger duty every weekday, two posts at a time', async () => {
    const duties = await database.db.select().from(schema.messengerSchedules);
    const scholars = new Map((await database.db.select().from(schema.demographics)).map((d) => [d.id, d]));
    expect(new Set(duties.map((d) => d.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(
      duties
        .filter((d) => d.weekday === 3 && d.start_time === '09:30')
        .map((d) => d.post)
        .sort(),
    ).toEqual(['Attendance office', 'Front desk']);
    expect(duties.every((d) => ['5', '6', '7', '8'].includes(scholars.get(d.scholar_id)?.grade ?? ''))).toBe(true);
  });

  it('keeps an eligibility history in step with each scholar, some households changing during the year', async () => {
    const scholars = await database.db.select().from(schema.demographics);
    const history = await database.db.select().from(schema.mealEligibilityHistory);
    const latest = new Map<string, { eligibility: string; effective_from: string }>();
    for (const h of history.toSorted((a, b) => a.effective_from.localeCompare(b.effective_from))) {
      latest.set(h.scholar_id, h);
    }
    for (const s of scholars) {
      expect(latest.get(s.id)).toMatchObject({
        eligibility: s.meal_eligibility,
        effective_from: s.meal_eligibility_effective,
      });
    }
    const changed = scholars.filter((s) => s.meal_eligibility_effective !== '2025-08-15');
    expect(changed.length).toBeGreaterThan(10);
    expect(changed.length).toBeLessThan(scholars.length * 0.2);
    expect(history.length).toBe(scholars.length + changed.length);
  });

  it('seeds three weeks of meals before today, with one lunch above the edit check for free meals', async () => {
    const meals = await database.db.select().from(schema.nslpRecords);
    const days = [...new Set(meals.map((m) => m.served_on))].sort();
    expect(days).toHaveLength(15);
    expect(days.at(-1)).toBe('2025-10-03');
    for (const d of days) expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
    expect(meals.some((m) => m.voided && m.void_reason)).toBe(true);
    expect(meals.some((m) => m.added_as_missing && m.missing_reason)).toBe(true);
    const history = await database.db.select().from(schema.mealEligibilityHistory);
    const scholars = await database.db.select().from(schema.demographics);
    const freeOn = (day: string) =>
      scholars.filter((s) => {
        const mine = history.filter((h) => h.scholar_id === s.id && h.effective_from <= day);
        return mine.toSorted((a, b) => a.effective_from.localeCompare(b.effective_from)).at(-1)?.eligibility === 'free';
      }).length;
    const freeLunches = (day: string) =>
      meals.filter((m) => m.served_on === day && m.meal_type === 'lunch' && m.eligibility === 'free' && !m.voided)
        .length;
    const flagged = days.filter((d) => freeLunches(d) > freeOn(d) * 0.95);
    expect(flagged).toEqual(['2025-10-01']);
  });

  it('seeds no meal on a day the school calendar closed', () => {
    // The Wednesday after Thanksgiving break of 2026: its fifteen school days skip the break and Veterans Day.
    const closures = schoolCalendar(2026);
    const { days } = planDemoMeals([], new Date('2026-12-02T12:00:00Z'), '2026-08-15', closures);
    expect(days).toHaveLength(15);
    expect(days[0]).toBe('2026-11-03');
    expect(days.at(-1)).toBe('2026-12-01');
    for (const closed of ['2026-11-11', '2026-11-23', '2026-11-25', '2026-11-27']) expect(days).not.toContain(closed);
    for (const d of days) expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
  });

  it('gives unique student numbers and opaque badge codes', async () => {
    const rows = await database.db.select().from(schema.demographics);
    expect(new Set(rows.map((r) => r.student_number)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.badge_code)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.student_number).toMatch(/^\d{6}$/);
      expect(r.badge_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(r.badge_code).not.toContain(r.student_number);
      // The start of the year, or the day a household's eligibility changed during the demo's meal weeks.
      expect((r.meal_eligibility_effective ?? '') >= '2025-08-15').toBe(true);
    }
    const free = rows.filter((r) => r.meal_eligibility === 'free').length / rows.length;
    const reduced = rows.filter((r) => r.meal_eligibility === 'reduced').length / rows.length;
    expect(free).toBeGreaterThan(0.45);
    expect(free).toBeLessThan(0.65);
    expect(reduced).toBeGreaterThan(0.04);
    expect(reduced).toBeLessThan(0.18);
    expect(rows.some((r) => r.alerts)).toBe(true);
    expect(rows.some((r) => r.nickname)).toBe(true);
  });

  it('gives every scholar a drawn SVG photo', async () => {
    const scholars = await database.db.select().from(schema.demographics);
    const photos = (await database.db.select().from(schema.photos)).filter((p) => p.owner_type === 'demographics');
    expect(photos.length).toBe(scholars.length);
    const byId = new Map(photos.map((p) => [p.id, p]));
    for (const s of scholars) {
      const photo = s.photo_id ? byId.get(s.photo_id) : undefined;
      expect(photo, `photo of ${s.fname} ${s.lname}`).toBeDefined();
      if (!photo) continue;
      expect(photo.owner_type).toBe('demographics');
      expect(photo.owner_id).toBe(s.id);
      expect(photo.content_type).toBe('image/svg+xml');
      const bytes = Buffer.from(photo.bytes);
      expect(photo.size).toBe(bytes.length);
      expect(photo.size).toBeLessThan(2500);
      expect(photo.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(isWellFormedSvg(bytes.toString('utf8'))).toBe(true);
    }
  });

  it('gives every family one to three pick-up adults, the guardian first, siblings sharing their photos', async () => {
    const scholars = await database.db.select().from(schema.demographics);
    const pickUps = await database.db.select().from(schema.authorizedPickUps);
    const photos = new Map((await database.db.select().from(schema.photos)).map((p) => [p.id, p]));
    expect(pickUps.length).toBe(counts.pickUps);
    expect(counts.photos).toBe(photos.size);
    const guardians = await database.db
      .select({ scholar: schema.guardianships.scholar_id, fname: schema.users.fname, lname: schema.users.lname })
      .from(schema.guardianships)
      .innerJoin(schema.users, eq(schema.users.id, schema.guardianships.parent_id));
    const guardianOf = new Map(guardians.map((g) => [g.scholar, `${g.fname} ${g.lname}`]));
    for (const s of scholars) {
      const own = pickUps.filter((p) => p.scholar_id === s.id);
      const authorized = own.filter((p) => p.status === 'authorized');
      expect(authorized.length, `${s.fname} ${s.lname}`).toBeGreaterThanOrEqual(1);
      expect(authorized.length, `${s.fname} ${s.lname}`).toBeLessThanOrEqual(3);
      expect(own.map((p) => p.full_name)).toContain(guardianOf.get(s.id));
    }
    for (const p of pickUps) {
      const photo = p.photo_id ? photos.get(p.photo_id) : undefined;
      expect(photo?.owner_type).toBe('authorized_pick_ups');
      expect(photo?.content_type).toBe('image/svg+xml');
      expect(isWellFormedSvg(Buffer.from(photo?.bytes ?? []).toString('utf8'))).toBe(true);
    }
    // Siblings' rows for one adult show one photo.
    const byPhoto = new Map<string | null, typeof pickUps>();
    for (const p of pickUps) byPhoto.set(p.photo_id, [...(byPhoto.get(p.photo_id) ?? []), p]);
    expect([...byPhoto.values()].some((rows) => rows.length > 1)).toBe(true);
    for (const rows of byPhoto.values()) expect(new Set(rows.map((r) => r.full_name)).size).toBe(1);
    const refused = pickUps.filter((p) => p.status === 'not_authorized');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((p) => p.notes?.startsWith('Custody order'))).toBe(true);
    const today = TODAY.toISOString().slice(0, 10);
    expect(pickUps.some((p) => p.valid_until && p.valid_until < today)).toBe(true);
    expect(pickUps.some((p) => p.valid_until && p.valid_until >= today)).toBe(true);
  });

  it('creates the seven demo accounts with their types, roles and the password demo', async () => {
    const roleRows = await database.db.select().from(schema.roles);
    const roleName = new Map(roleRows.map((r) => [r.id, r.name]));
    const links = await database.db.select().from(schema.userRoles);
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await database.db.select().from(schema.users).where(eq(schema.users.email, account.email));
      expect(user, account.email).toBeDefined();
      if (!user) continue;
      expect(user.type).toBe(account.type);
      expect(await verifyPassword('demo', user.password_hash ?? '')).toBe(true);
      expect(await verifyPassword('not-demo', user.password_hash ?? '')).toBe(false);
      const roles = links.filter((l) => l.user_id === user.id).map((l) => roleName.get(l.role_id));
      expect(roles).toEqual(account.type === 'staff' ? [account.role] : []);
    }
    const [admin] = await database.db.select().from(schema.users).where(eq(schema.users.email, 'admin@demo.school'));
    expect([admin?.fname, admin?.lname]).toEqual(['Avery', 'Admin']);
    expect(admin?.user_number).toMatch(/^S\d{4}$/);
  });

  it('seeds about 40 other staff with roles, staff numbers and no password', async () => {
    const staff = await database.db.select().from(schema.users).where(eq(schema.users.type, 'staff'));
    const generated = staff.filter((u) => !DEMO_ACCOUNTS.some((a) => a.email === u.email));
    expect(generated.length).toBeGreaterThanOrEqual(35);
    expect(generated.length).toBeLessThanOrEqual(45);
    expect(generated.every((u) => u.password_hash === null && u.start_date !== null)).toBe(true);
    expect(new Set(staff.map((u) => u.user_number)).size).toBe(staff.length);
    expect(staff.every((u) => /^S\d{4}$/.test(u.user_number ?? ''))).toBe(true);
    const links = await database.db.select().from(schema.userRoles);
    expect(staff.every((u) => links.some((l) => l.user_id === u.id))).toBe(true);
  });

  it('gives every staff member a default week (a few part-time, one changed a month ago) and the year its calendar', async () => {
    const staff = await database.db.select().from(schema.users).where(eq(schema.users.type, 'staff'));
    const weeks = await database.db.select().from(schema.timesheetSchedules);
    expect(new Set(weeks.map((w) => w.user_id))).toEqual(new Set(staff.map((u) => u.id)));
    const minutes = (days: (typeof weeks)[number]['days']) =>
      days.reduce(
        (sum, d) =>
          sum +
          (d
            ? Number(d.end.slice(0, 2)) * 60 +
              Number(d.end.slice(3)) -
              Number(d.start.slice(0, 2)) * 60 -
              Number(d.start.slice(3)) -
              d.break_minutes
            : 0),
        0,
      );
    const partTime = weeks.filter((w) => w.note === 'Part-time');
    expect(partTime).toHaveLength(5);
    for (const w of partTime) expect(minutes(w.days)).toBeLessThan(30 * 60);
    const changed = weeks.filter((w) => w.effective_from !== '2025-08-10');
    expect(changed.map((w) => w.effective_from)).toEqual(['2025-09-08']);
    expect(partTime.map((w) => w.user_id)).toContain(changed[0]?.user_id);
    const teacher = staff.find((u) => u.email === 'teacher@demo.school');
    expect(weeks.find((w) => w.user_id === teacher?.id)?.days[0]).toEqual({
      start: '07:45',
      end: '15:45',
      break_minutes: 30,
    });
    expect(staff.filter((u) => u.exempt).length).toBeGreaterThanOrEqual(10);

    const calendar = await database.db
      .select()
      .from(schema.schoolNonWorkDays)
      .orderBy(schema.schoolNonWorkDays.starts_on);
    expect(calendar.map((d) => [d.name, d.starts_on, d.ends_on])).toEqual([
      ['Labor Day', '2025-09-01', '2025-09-01'],
      ['Veterans Day', '2025-11-11', '2025-11-11'],
      ['Thanksgiving break', '2025-11-24', '2025-11-28'],
      ['Winter break', '2025-12-22', '2026-01-02'],
      ['Martin Luther King Jr. Day', '2026-01-19', '2026-01-19'],
      ["Presidents' Day", '2026-02-16', '2026-02-16'],
      ['César Chávez Day', '2026-03-31', '2026-03-31'],
      ['Spring break', '2026-04-06', '2026-04-10'],
      ['Memorial Day', '2026-05-25', '2026-05-25'],
    ]);
    const daysOff = await database.db.select().from(schema.staffDaysOff);
    expect(daysOff).toHaveLength(5);
    expect(daysOff.find((d) => d.user_id === teacher?.id)).toMatchObject({ type: 'sick', starts_on: '2025-10-01' });
    const [conference, ...more] = await database.db.select().from(schema.specialHours);
    expect(more).toEqual([]);
    expect(conference).toMatchObject({ mode: 'add', starts_on: '2025-10-02', start_time: '17:00', end_time: '20:00' });
    expect(conference?.user_ids).toContain(teacher?.id);
  });

  it('gives the staff three weeks of timesheets to yesterday, a conference night, a few flags and pay period states', async () => {
    const records = await database.db.select().from(schema.timesheets);
    const staff = await database.db.select().from(schema.users).where(eq(schema.users.type, 'staff'));
    const teacher = staff.find((u) => u.email === 'teacher@demo.school');
    const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
    expect(records.length).toBe(counts.timesheets);
    expect(records.length).toBeGreaterThan(600);
    expect(new Set(records.map((r) => r.user_id))).toEqual(new Set(staff.map((u) => u.id)));
    const dates = [...new Set(records.map((r) => r.work_date))].sort();
    expect(dates[0]).toBe('2025-09-15');
    expect(dates.at(-1)).toBe('2025-10-04');
    // Weekdays only, but for one Saturday of extra duty.
    const weekend = records.filter((r) => [0, 6].includes(new Date(`${r.work_date}T12:00:00Z`).getUTCDay()));
    expect(weekend.map((r) => [r.work_date, r.category])).toEqual([['2025-10-04', 'extra_duty']]);
    // One missing clock-out on a past day; nobody is clocked in today, least of all the demo teacher.
    const open = records.filter((r) => r.ended_at === null);
    expect(open).toHaveLength(1);
    expect((open[0]?.work_date ?? '') < '2025-10-06').toBe(true);
    expect(open[0]?.user_id).not.toBe(teacher?.id);
    const mine = records.filter((r) => r.user_id === teacher?.id);
    expect(mine.length).toBeGreaterThanOrEqual(14);
    expect(mine.find((r) => r.work_date === '2025-10-01')).toMatchObject({ category: 'leave', leave_type: 'sick' });
    // The conference night, 17:00 to 20:00 in California, for every teacher.
    const conference = records.filter((r) => r.category === 'conference');
    const roles = await database.db
      .select({ user_id: schema.userRoles.user_id, name: schema.roles.name })
      .from(schema.userRoles)
      .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.role_id));
    const teachers = roles.filter((r) => r.name === 'Staff').map((r) => r.user_id);
    expect(new Set(conference.map((r) => r.user_id))).toEqual(new Set(teachers));
    for (const r of conference) {
      expect([r.work_date, iso(r.started_at), iso(r.ended_at)]).toEqual([
        '2025-10-02',
        '2025-10-03T00:00:00.000Z',
        '2025-10-03T03:00:00.000Z',
      ]);
    }
    // The flags the timekeeper sees: besides the conference night (T1 expects 10:30 of teachers that day, over 8
    // hours, and over 40 in the week for those who worked all of it), one day over 8 hours, one missed meal break and
    // one week over 40 of staff who are not teachers; none for exempt staff.
    const summary = await timesheetSummary(database.db, {
      from: '2025-09-15',
      to: '2025-10-05',
      timeZone: SEEDED_AT.timeZone,
      settings: { ...DEFAULT_PAY_PERIODS, timesheet_flags: DEFAULT_FLAG_SETTINGS },
      withDays: false,
      now: new Date(),
    });
    const flagsOf = (ids: string[]) =>
      summary.people.filter((p) => ids.includes(p.user_id)).flatMap((p) => p.flags.map((f) => `${f.date} ${f.code}`));
    const others = staff.filter((u) => !teachers.includes(u.id)).map((u) => u.id);
    expect(flagsOf(others).sort()).toEqual([
      '2025-10-03 daily_over_8',
      '2025-10-03 meal_break',
      '2025-10-04 weekly_over_40',
    ]);
    expect(new Set(flagsOf(teachers))).toEqual(new Set(['2025-10-02 daily_over_8', '2025-10-03 weekly_over_40']));
    expect(flagsOf(teacher ? [teacher.id] : [])).toEqual(['2025-10-02 daily_over_8']);
    expect(flagsOf(staff.filter((u) => u.exempt).map((u) => u.id))).toEqual([]);
    // The second half of September approved for everyone with records in it; October's first half submitted by some.
    const periods = await database.db.select().from(schema.timesheetPeriods);
    const approved = periods.filter((p) => p.state === 'approved');
    const inSecondHalf = records.filter((r) => r.work_date >= '2025-09-16' && r.work_date <= '2025-09-30');
    expect(new Set(approved.map((p) => p.user_id))).toEqual(new Set(inSecondHalf.map((r) => r.user_id)));
    expect(approved.every((p) => p.period_start === '2025-09-16' && p.period_end === '2025-09-30')).toBe(true);
    expect(approved.every((p) => p.decided_by && p.submitted_at && p.decided_at)).toBe(true);
    const submitted = periods.filter((p) => p.state === 'submitted');
    expect(submitted.length).toBeGreaterThanOrEqual(5);
    expect(submitted.every((p) => p.period_start === '2025-10-01' && p.user_id !== teacher?.id)).toBe(true);
    expect(periods).toHaveLength(approved.length + submitted.length);
  });

  it('links the scholar account and gives the parent account that scholar and one sibling', async () => {
    const [scholarUser] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'scholar@demo.school'));
    const [parent] = await database.db.select().from(schema.users).where(eq(schema.users.email, 'parent@demo.school'));
    if (!scholarUser || !parent) throw new Error('demo accounts missing');
    const linked = await database.db
      .select()
      .from(schema.demographics)
      .where(eq(schema.demographics.user_id, scholarUser.id));
    expect(linked).toHaveLength(1);
    const scholar = linked[0];
    if (!scholar) throw new Error('unreachable');
    expect(scholarUser.user_number).toBe(scholar.student_number);
    expect(scholarUser.grade).toBe(scholar.grade);
    expect(scholarUser.program).toBe(scholar.program);
    expect(scholarUser.start_date).toMatch(/^\d{4}-08-15$/);

    const wards = await database.db
      .select({ id: schema.demographics.id, lname: schema.demographics.lname })
      .from(schema.guardianships)
      .innerJoin(schema.demographics, eq(schema.guardianships.scholar_id, schema.demographics.id))
      .where(eq(schema.guardianships.parent_id, parent.id));
    expect(wards).toHaveLength(2);
    expect(wards.map((w) => w.id)).toContain(scholar.id);
    expect(wards.every((w) => w.lname === scholar.lname)).toBe(true);
  });

  it('gives every scholar exactly one guardian, a parent user without a password', async () => {
    const scholars = await database.db.select({ id: schema.demographics.id }).from(schema.demographics);
    const links = await database.db.select().from(schema.guardianships);
    const parents = await database.db.select().from(schema.users).where(eq(schema.users.type, 'parent'));
    expect(links.length).toBe(scholars.length);
    expect(new Set(links.map((l) => l.scholar_id)).size).toBe(scholars.length);
    const parentIds = new Set(parents.map((p) => p.id));
    expect(links.every((l) => parentIds.has(l.parent_id))).toBe(true);
    expect(links.every((l) => ['mother', 'father', 'guardian'].includes(l.relationship ?? ''))).toBe(true);
    expect(parents.filter((p) => p.password_hash !== null).map((p) => p.email)).toEqual(['parent@demo.school']);
    const allUsers = await database.db.select({ id: schema.users.id }).from(schema.users);
    expect(counts.users).toBe(allUsers.length);
  });

  it('dates every agreement, version and signature before the seed, never in the future', async () => {
    const signatures = await database.db.select().from(schema.independentStudySignatures);
    const versions = await database.db.select().from(schema.independentStudyVersions);
    const agreements = await database.db.select().from(schema.independentStudyAgreements);
    expect(signatures.length).toBeGreaterThanOrEqual(4);
    const now = SEEDED_AT.now.getTime();
    for (const at of [
      ...signatures.map((r) => r.signed_at),
      ...versions.map((r) => r.created_at),
      ...agreements.map((r) => r.created_at),
    ]) {
      expect(Date.parse(at)).toBeLessThanOrEqual(now);
    }
    // The coming agreement's conference was held already; it starts later.
    expect(agreements.every((a) => Date.parse(`${a.conference_on}T00:00:00Z`) < now)).toBe(true);
  });

  it('builds the same school again from the same inputs', async () => {
    const again = await freshDatabase();
    try {
      await seedDemo(again.db, { schoolName: 'Demo School', ...SEEDED_AT });
      const key = (r: { student_number: string; fname: string; lname: string; grade: string; badge_code: string }) =>
        `${r.student_number} ${r.fname} ${r.lname} ${r.grade} ${r.badge_code}`;
      const first = (await database.db.select().from(schema.demographics)).map(key).sort();
      const second = (await again.db.select().from(schema.demographics)).map(key).sort();
      expect(second).toEqual(first);
      const names = async (d: Database) =>
        (await d.db.select().from(schema.users)).map((u) => `${u.email} ${u.fname} ${u.lname}`).sort();
      expect(await names(again)).toEqual(await names(database));
      const emails = new Map((await database.db.select().from(schema.users)).map((u) => [u.id, u.email]));
      const emailsAgain = new Map((await again.db.select().from(schema.users)).map((u) => [u.id, u.email]));
      const records = async (d: Database, email: Map<string, string>) =>
        (await d.db.select().from(schema.timesheets))
          .map((r) => `${email.get(r.user_id)} ${r.started_at} ${r.ended_at} ${r.break_minutes} ${r.category}`)
          .sort();
      expect(await records(again, emailsAgain)).toEqual(await records(database, emails));
    } finally {
      await again.close();
    }
  });
});

describe('drawAvatar', () => {
  it('draws the same picture for the same seed and different pictures for different seeds', () => {
    expect(drawAvatar('123456 Ana García')).toBe(drawAvatar('123456 Ana García'));
    const pictures = new Set(Array.from({ length: 50 }, (_, i) => drawAvatar(`seed ${i}`)));
    expect(pictures.size).toBe(50);
  });

  it('checks well-formedness for real', () => {
    const svg = drawAvatar('x');
    expect(isWellFormedSvg(svg)).toBe(true);
    expect(isWellFormedSvg(svg.replace('</svg>', '<g></svg>'))).toBe(false);
    expect(isWellFormedSvg(svg.replace('/>', '>'))).toBe(false);
    expect(isWellFormedSvg(svg.replace('width="256"', 'width="100"'))).toBe(false);
  });

  it('draws well-formed SVG of about 1-2 KB, for scholars and adults', () => {
    for (let i = 0; i < 200; i++) {
      const svg = drawAvatar(`seed ${i}`, { adult: i % 2 === 0 });
      expect(isWellFormedSvg(svg), svg).toBe(true);
      expect(svg.length).toBeGreaterThan(700);
      expect(svg.length).toBeLessThan(2500);
      expect(svg).not.toMatch(/NaN|undefined|href|<script/);
    }
  });
});

describe('createRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const c = createRandom('y');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    expect(seqA.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
