/**
 * The roster as a OneRoster 1.1 bulk package: the zip holds the binding's files with every column in the binding's
 * order (checked here against the 1.1 CSV Tables, written out independently of the writer's own lists), the manifest
 * says bulk for what is there and absent for the rest, names survive commas, quotes, accents and apostrophes, guardians
 * and scholars name each other, a withdrawn scholar is left out, records an import brought keep their sourcedIds,
 * derived ids stay the same from one export to the next, and only the Administrator may export (audited).
 */
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import {
  auditEvents,
  courseEnrollments,
  courses,
  demographics,
  guardianships,
  roles,
  schoolSettings,
  userRoles,
  users,
} from '../../db/schema';
import { cedsGrade, nameUuid } from '../../lib/oneroster/export-roster';
import { startTestServer, type TestServer } from '../../test/helpers';

/** The 1.1 CSV Tables' columns, file by file (sections 3.1 to 3.13 of the binding). */
const BINDING_11 = {
  'orgs.csv': 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
  'users.csv':
    'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,' +
    'middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  'academicSessions.csv': 'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
  'courses.csv':
    'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
  'classes.csv':
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,' +
    'termSourcedIds,subjects,subjectCodes,periods',
  'enrollments.csv':
    'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
  'demographics.csv':
    'sourcedId,status,dateLastModified,birthDate,sex,americanIndianOrAlaskaNative,asian,blackOrAfricanAmerican,' +
    'nativeHawaiianOrOtherPacificIslander,white,demographicRaceTwoOrMoreRaces,hispanicOrLatinoEthnicity,' +
    'countryOfBirthCode,stateOfBirthAbbreviation,cityOfBirth,publicSchoolResidenceStatus',
} as const;

type Row = Record<string, string>;
interface Package {
  files: Record<string, string>;
  manifest: Map<string, string>;
  rows: (file: keyof typeof BINDING_11) => Row[];
}

let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
});
afterAll(() => s.close());

const exportCall = (token?: string) => s.call({ method: 'GET', url: '/api/v2/roster_exports/oneroster', token });

function open(res: LightMyRequestResponse): Package {
  const zip = unzipSync(new Uint8Array(res.rawPayload));
  const files = Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, strFromU8(bytes)]));
  const manifestRows = parse(files['manifest.csv'] as string, { columns: true }) as Row[];
  return {
    files,
    manifest: new Map(manifestRows.map((r) => [r.propertyName as string, r.value as string])),
    rows: (file) => parse(files[file] as string, { columns: true }) as Row[],
  };
}

async function exported(): Promise<Package> {
  const res = await exportCall(admin);
  expect(res.statusCode, res.body).toBe(200);
  return open(res);
}

/** A scholar written straight to the table (the scholars' own routes are tested elsewhere). */
async function addScholar(fields: Partial<typeof demographics.$inferInsert> = {}) {
  const id = uuidv7();
  const tag = id.slice(-8);
  await s.database.db.insert(demographics).values({
    id,
    student_number: `X${tag}`,
    fname: 'Test',
    lname: `Scholar${tag}`,
    grade: '3',
    badge_code: `B${tag}`,
    ...fields,
  });
  return { id, student_number: `X${tag}` };
}

async function addPerson(type: 'parent' | 'staff', fields: Partial<typeof users.$inferInsert> = {}) {
  const id = uuidv7();
  await s.database.db.insert(users).values({
    id,
    email: `${type}.${id.slice(-8)}@example.com`,
    fname: 'Pat',
    lname: `Person${id.slice(-8)}`,
    type,
    ...fields,
  });
  return id;
}

const userById = (pkg: Package, sourcedId: string) => pkg.rows('users.csv').find((u) => u.sourcedId === sourcedId);

describe('GET /api/v2/roster_exports/oneroster', () => {
  it('answers the demo school as a zip of the 1.1 files, with the binding’s headers, bulk and absent', async () => {
    const res = await exportCall(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="demo-school-oneroster-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const pkg = open(res);
    expect(Object.keys(pkg.files).sort()).toEqual(
      ['classes', 'courses', 'demographics', 'enrollments', 'manifest', 'orgs', 'users'].map((f) => `${f}.csv`),
    );
    expect(pkg.files['manifest.csv']?.split('\r\n')[0]).toBe('propertyName,value');
    for (const [file, header] of Object.entries(BINDING_11)) {
      if (pkg.files[file] === undefined) continue;
      expect(pkg.files[file]?.split('\r\n')[0], file).toBe(header);
    }
    expect(Object.fromEntries(pkg.manifest)).toEqual({
      'manifest.version': '1.0',
      'oneroster.version': '1.1',
      'file.academicSessions': 'absent',
      'file.categories': 'absent',
      'file.classes': 'bulk',
      'file.classResources': 'absent',
      'file.courses': 'bulk',
      'file.courseResources': 'absent',
      'file.demographics': 'bulk',
      'file.enrollments': 'bulk',
      'file.lineItems': 'absent',
      'file.orgs': 'bulk',
      'file.resources': 'absent',
      'file.results': 'absent',
      'file.users': 'bulk',
      'source.systemName': 'School Operations',
    });

    const orgs = pkg.rows('orgs.csv');
    expect(orgs).toHaveLength(1);
    expect(orgs[0]).toMatchObject({ name: s.app.school.name, type: 'school', status: '', dateLastModified: '' });
    const orgId = orgs[0]?.sourcedId as string;

    // Every record of the demo school is there, and the package is whole: what one file names, another defines.
    const db = s.database.db;
    const activeScholars = await db.select().from(demographics).where(eq(demographics.active, true));
    const activeParents = await db
      .select()
      .from(users)
      .where(and(eq(users.type, 'parent'), eq(users.active, true)));
    const activeStaff = await db
      .select()
      .from(users)
      .where(and(eq(users.type, 'staff'), eq(users.active, true)));
    const people = pkg.rows('users.csv');
    const byRole = (role: string) => people.filter((u) => u.role === role);
    expect(byRole('student')).toHaveLength(activeScholars.length);
    expect(byRole('parent')).toHaveLength(activeParents.length);
    expect(byRole('teacher').length + byRole('administrator').length).toBe(activeStaff.length);
    expect(new Set(people.map((u) => u.sourcedId)).size).toBe(people.length);
    for (const u of people) {
      expect(u).toMatchObject({ status: '', dateLastModified: '', enabledUser: 'true', orgSourcedIds: orgId });
      expect(u.username, u.sourcedId).not.toBe('');
      expect(u.givenName && u.familyName, u.sourcedId).toBeTruthy();
    }
    for (const student of byRole('student')) expect(student.grades).toMatch(/^(TK|KG|0[1-9]|1[0-2])$/);
    expect(people.find((u) => u.email === 'admin@demo.school')?.role).toBe('administrator');
    expect(people.find((u) => u.email === 'teacher@demo.school')?.role).toBe('teacher');

    const ids = new Set(people.map((u) => u.sourcedId));
    for (const u of people) {
      for (const agent of u.agentSourcedIds ? u.agentSourcedIds.split(',') : []) expect(ids).toContain(agent);
    }
    const classes = pkg.rows('classes.csv');
    const courseIds = new Set(pkg.rows('courses.csv').map((c) => c.sourcedId));
    const classIds = new Set(classes.map((c) => c.sourcedId));
    const activeCourses = await db.select().from(courses).where(eq(courses.active, true));
    expect(classes).toHaveLength(activeCourses.length);
    expect(courseIds.size).toBe(activeCourses.length);
    for (const c of classes) {
      expect(c).toMatchObject({ classType: 'scheduled', schoolSourcedId: orgId, termSourcedIds: '' });
      expect(courseIds).toContain(c.courseSourcedId);
    }
    const enrollments = pkg.rows('enrollments.csv');
    expect(enrollments.length).toBeGreaterThan(0);
    for (const e of enrollments) {
      expect(e).toMatchObject({ role: 'student', schoolSourcedId: orgId, status: '' });
      expect(classIds).toContain(e.classSourcedId);
      expect(byRole('student').map((u) => u.sourcedId)).toContain(e.userSourcedId);
    }
  });

  it('keeps names with commas, quotes, accents and apostrophes whole (RFC 4180 quoting)', async () => {
    const scholar = await addScholar({ fname: 'José "Pepe"', lname: "O'Brien, Núñez" });
    const guardian = await addPerson('parent', { fname: 'Zoë', lname: 'Ñandú, "la mamá"' });
    const pkg = await exported();
    const text = pkg.files['users.csv'] as string;
    expect(text).toContain(`"José ""Pepe""","O'Brien, Núñez"`);
    expect(text).toContain(`Zoë,"Ñandú, ""la mamá"""`);
    expect(userById(pkg, scholar.id)).toMatchObject({
      givenName: 'José "Pepe"',
      familyName: "O'Brien, Núñez",
      identifier: scholar.student_number,
      username: scholar.student_number,
      email: '',
      grades: '03',
    });
    expect(userById(pkg, guardian)).toMatchObject({ givenName: 'Zoë', familyName: 'Ñandú, "la mamá"', role: 'parent' });
  });

  it('links a guardian and their two scholars both ways, and leaves a withdrawn scholar and their links out', async () => {
    const [first, second, withdrawn] = [await addScholar(), await addScholar({ grade: 'K' }), await addScholar()];
    const guardian = await addPerson('parent', { phone: '(555) 010-3000', user_number: 'G-77' });
    await s.database.db
      .insert(guardianships)
      .values([first, second, withdrawn].map((scholar) => ({ parent_id: guardian, scholar_id: scholar.id })));
    const [course] = await s.database.db
      .insert(courses)
      .values({ id: uuidv7(), name: 'Ceramics, Period 2', room: 'B-12', grades: ['K', '3'] })
      .returning();
    await s.database.db
      .insert(courseEnrollments)
      .values([first, withdrawn].map((scholar) => ({ course_id: course?.id as string, scholar_id: scholar.id })));
    await s.database.db
      .update(demographics)
      .set({ active: false, withdrawn_on: '2026-01-15', withdrawal_reason: 'Moved' })
      .where(eq(demographics.id, withdrawn.id));

    const pkg = await exported();
    expect(userById(pkg, guardian)).toMatchObject({
      role: 'parent',
      phone: '(555) 010-3000',
      identifier: 'G-77',
      agentSourcedIds: [first.id, second.id].sort().join(','),
    });
    expect(userById(pkg, first.id)?.agentSourcedIds).toBe(guardian);
    expect(userById(pkg, second.id)).toMatchObject({ agentSourcedIds: guardian, grades: 'KG' });
    expect(userById(pkg, withdrawn.id)).toBeUndefined();
    expect(pkg.files['users.csv']).not.toContain(withdrawn.student_number);

    const cls = pkg.rows('classes.csv').find((c) => c.sourcedId === course?.id);
    expect(cls).toMatchObject({ title: 'Ceramics, Period 2', location: 'B-12', grades: 'KG,03' });
    const crs = pkg.rows('courses.csv').find((c) => c.sourcedId === cls?.courseSourcedId);
    expect(crs).toMatchObject({ title: 'Ceramics, Period 2', grades: 'KG,03', schoolYearSourcedId: '' });
    const enrolled = pkg.rows('enrollments.csv').filter((e) => e.classSourcedId === course?.id);
    expect(enrolled.map((e) => e.userSourcedId)).toEqual([first.id]);
  });

  it('names records an import brought by their sourcedIds, and derived ids the same way every time', async () => {
    const scholar = await addScholar({ sourced_id: 'SIS-STU-1', birth_date: '2015-04-02', sex: 'female' });
    const other = await addScholar({ sex: 'other' });
    const guardian = await addPerson('parent', { sourced_id: 'SIS-PAR-1' });
    await s.database.db.insert(guardianships).values({ parent_id: guardian, scholar_id: scholar.id, imported: true });
    const classId = uuidv7();
    await s.database.db.insert(courses).values({ id: classId, name: 'Choir', sourced_id: 'SIS-CLS-1' });
    await s.database.db
      .insert(courses)
      .values({ id: uuidv7(), name: 'Old class', sourced_id: 'SIS-OLD', active: false });
    await s.database.db
      .insert(courseEnrollments)
      .values({ course_id: classId, scholar_id: scholar.id, sourced_id: 'SIS-ENR-1' });

    const pkg = await exported();
    expect(userById(pkg, 'SIS-STU-1')).toMatchObject({ agentSourcedIds: 'SIS-PAR-1' });
    expect(userById(pkg, 'SIS-PAR-1')).toMatchObject({ agentSourcedIds: 'SIS-STU-1' });
    expect(pkg.rows('classes.csv').find((c) => c.sourcedId === 'SIS-CLS-1')?.title).toBe('Choir');
    expect(pkg.rows('classes.csv').find((c) => c.sourcedId === 'SIS-OLD')).toBeUndefined();
    expect(pkg.rows('enrollments.csv').find((e) => e.sourcedId === 'SIS-ENR-1')).toMatchObject({
      classSourcedId: 'SIS-CLS-1',
      userSourcedId: 'SIS-STU-1',
    });
    const demo = pkg.rows('demographics.csv');
    expect(demo.find((d) => d.sourcedId === 'SIS-STU-1')).toMatchObject({ birthDate: '2015-04-02', sex: 'female' });
    // 1.1's sex is male or female: another value is not written, and with no birth date there is no row at all.
    expect(demo.find((d) => d.sourcedId === other.id)).toBeUndefined();

    const again = await exported();
    expect(again.rows('orgs.csv')).toEqual(pkg.rows('orgs.csv'));
    expect(again.rows('courses.csv')).toEqual(pkg.rows('courses.csv'));
    expect(again.rows('enrollments.csv')).toEqual(pkg.rows('enrollments.csv'));
    const [settings] = await s.database.db.select({ id: schoolSettings.id }).from(schoolSettings);
    expect(pkg.rows('orgs.csv')[0]?.sourcedId).toBe(nameUuid(settings?.id as string, 'oneroster:org'));
  });

  it('writes the school year as an academic session when its dates are set, and every class in it', async () => {
    await s.database.db.update(schoolSettings).set({ year_starts_on: '2026-08-12', year_ends_on: '2027-06-04' });
    const pkg = await exported();
    expect(pkg.manifest.get('file.academicSessions')).toBe('bulk');
    expect(pkg.files['academicSessions.csv']?.split('\r\n')[0]).toBe(BINDING_11['academicSessions.csv']);
    const sessions = pkg.rows('academicSessions.csv');
    expect(sessions).toEqual([
      {
        sourcedId: sessions[0]?.sourcedId,
        status: '',
        dateLastModified: '',
        title: '2026-2027',
        type: 'schoolYear',
        startDate: '2026-08-12',
        endDate: '2027-06-04',
        parentSourcedId: '',
        schoolYear: '2027',
      },
    ]);
    const yearId = sessions[0]?.sourcedId;
    for (const c of pkg.rows('classes.csv')) expect(c.termSourcedIds).toBe(yearId);
    for (const c of pkg.rows('courses.csv')) expect(c.schoolYearSourcedId).toBe(yearId);
    await s.database.db.update(schoolSettings).set({ year_starts_on: null, year_ends_on: null });
  });

  it('exports staff as teachers, or administrators when they hold the Administrator role', async () => {
    const teacher = await addPerson('staff', { user_number: 'T-9' });
    const principal = await addPerson('staff');
    const away = await addPerson('staff', { active: false });
    const [administrator] = await s.database.db.select().from(roles).where(eq(roles.name, 'Administrator'));
    await s.database.db.insert(userRoles).values({ user_id: principal, role_id: administrator?.id as string });
    const pkg = await exported();
    expect(userById(pkg, teacher)).toMatchObject({ role: 'teacher', identifier: 'T-9', grades: '' });
    expect(userById(pkg, principal)?.role).toBe('administrator');
    expect(userById(pkg, away)).toBeUndefined();
  });

  it('audits each export with its counts', async () => {
    await exported();
    const [event] = await s.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource, 'roster_exports'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    const [me] = await s.database.db.select().from(users).where(eq(users.email, 'admin@demo.school'));
    expect(event).toMatchObject({ action: 'create', user_id: me?.id });
    const counts = event?.changes as Record<string, number>;
    expect(counts.orgs).toBe(1);
    expect(counts.students).toBeGreaterThan(0);
    expect(Object.keys(counts).sort()).toEqual(
      [
        'academicSessions',
        'administrators',
        'classes',
        'courses',
        'demographics',
        'enrollments',
        'orgs',
        'parents',
        'students',
        'teachers',
      ].sort(),
    );
  });

  it('is the Administrator’s only: 403 for the Front Office, 401 without a token', async () => {
    const before = await s.database.db.select().from(auditEvents).where(eq(auditEvents.resource, 'roster_exports'));
    expect((await exportCall(await s.login('office@demo.school'))).statusCode).toBe(403);
    expect((await exportCall()).statusCode).toBe(401);
    const after = await s.database.db.select().from(auditEvents).where(eq(auditEvents.resource, 'roster_exports'));
    expect(after).toHaveLength(before.length);
  });
});

describe('identifiers and grades', () => {
  it('makes RFC 4122 version 5 UUIDs (the RFC’s DNS example)', () => {
    expect(nameUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('maps our grades onto CEDS codes', () => {
    expect(['TK', 'K', '1', '9', '12', '13', 'PK'].map(cedsGrade)).toEqual(['TK', 'KG', '01', '09', '12', null, null]);
  });
});
