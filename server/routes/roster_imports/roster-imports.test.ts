/**
 * The OneRoster import end to end on the server: packages made in the test, previewed (nothing written but the
 * preview), applied in the background with progress, then read back from the tables the rest of the app uses. Runs
 * on PGlite and on PostgreSQL (server-pg), each test file on its own copy of the demo school.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import {
  checkIns,
  courseEnrollments,
  courses,
  demographics,
  guardianships,
  roles,
  rosterImports,
  schoolSettings,
  userRoles,
  users,
} from '../../db/schema';
import { IMPORT_WITHDRAWAL_REASON } from '../../lib/roster-import/plan';
import { startTestServer, type TestServer } from '../../test/helpers';
import { oneRosterZip, type PackageSpec, type PackageUser, schoolYear } from '../../test/oneroster-package';

let s: TestServer;
let admin: string;
let office: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  [admin, office] = await Promise.all([s.login('admin@demo.school'), s.login('office@demo.school')]);
});
afterAll(() => s.close());

const upload = (zip: Uint8Array, opts: { token?: string; id?: string; name?: string } = {}) => {
  const form = new FormData();
  if (opts.id) form.append('id', opts.id);
  form.append('file', new Blob([zip], { type: 'application/zip' }), opts.name ?? 'roster.zip');
  return s.call({ method: 'POST', url: '/api/v2/roster_imports', token: opts.token ?? admin, payload: form as never });
};

/** Applies a preview and waits for it to finish; answers the finished import. */
async function apply(id: string, roles: Record<string, string> = {}) {
  const started = await s.call({
    method: 'POST',
    url: `/api/v2/roster_imports/${id}/apply`,
    token: admin,
    payload: { roles },
  });
  expect(started.statusCode).toBe(202);
  for (;;) {
    const res = await s.call({ method: 'GET', url: `/api/v2/roster_imports/${id}`, token: admin });
    const data = res.json().data;
    if (data.status !== 'applying') return data;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function previewAndApply(spec: PackageSpec, roles: Record<string, string> = {}) {
  const preview = await upload(oneRosterZip(spec));
  expect(preview.statusCode, preview.body).toBe(201);
  const applied = await apply(preview.json().data.id, roles);
  expect(applied.status, applied.failure).toBe('applied');
  return { preview: preview.json().data, applied };
}

const none = { create: 0, update: 0, deactivate: 0 };

/** A family: two children (one with an apostrophe, one with accents), a mother linked from her side, a father from
 * the children's side only, a teacher and an aide, a homeroom and a scheduled class. */
function family(prefix: string): PackageUser[] {
  return [
    {
      sourcedId: `${prefix}-s1`,
      role: 'student',
      givenName: 'Siobhán',
      familyName: "O'Brien",
      identifier: `${prefix}1001`,
      grades: 'KG',
      email: `${prefix}.s1@students.test`,
      agentSourcedIds: [`${prefix}-dad`],
    },
    {
      sourcedId: `${prefix}-s2`,
      role: 'student',
      givenName: 'José Ángel',
      familyName: 'Núñez, Jr.',
      identifier: `${prefix}1002`,
      grades: '07',
      agentSourcedIds: [`${prefix}-dad`],
    },
    {
      sourcedId: `${prefix}-mom`,
      role: 'parent',
      givenName: 'Marta',
      familyName: "O'Brien",
      email: `${prefix}.mom@family.test`,
      phone: '555-0100',
      agentSourcedIds: [`${prefix}-s1`, `${prefix}-s2`],
    },
    {
      sourcedId: `${prefix}-dad`,
      role: 'guardian',
      givenName: 'Luis',
      familyName: 'Núñez',
      email: `${prefix}.dad@family.test`,
    },
    {
      sourcedId: `${prefix}-t1`,
      role: 'teacher',
      givenName: 'Ana',
      familyName: 'Reyes',
      email: `${prefix}.t1@school.test`,
      identifier: 'E100',
    },
    { sourcedId: `${prefix}-a1`, role: 'aide', givenName: 'Tom', familyName: 'Lee', email: `${prefix}.a1@school.test` },
  ];
}

function familyPackage(prefix: string, extra: Partial<PackageSpec> = {}): PackageSpec {
  return {
    users: family(prefix),
    academicSessions: [schoolYear('2026-08-12', '2027-06-10')],
    courses: [{ sourcedId: `${prefix}-c1`, title: 'Math 7' }],
    classes: [
      {
        sourcedId: `${prefix}-hr`,
        title: 'Homeroom K',
        classType: 'homeroom',
        location: 'Room 4',
        courseSourcedId: `${prefix}-c1`,
      },
      {
        sourcedId: `${prefix}-m7`,
        title: `Math 7 (${prefix})`,
        classType: 'scheduled',
        location: 'Room 12',
        courseSourcedId: `${prefix}-c1`,
      },
    ],
    enrollments: [
      { sourcedId: `${prefix}-e1`, classSourcedId: `${prefix}-hr`, userSourcedId: `${prefix}-s1`, role: 'student' },
      { sourcedId: `${prefix}-e2`, classSourcedId: `${prefix}-m7`, userSourcedId: `${prefix}-s2`, role: 'student' },
      {
        sourcedId: `${prefix}-e3`,
        classSourcedId: `${prefix}-m7`,
        userSourcedId: `${prefix}-t1`,
        role: 'teacher',
        primary: 'true',
      },
    ],
    demographics: [{ sourcedId: `${prefix}-s1`, birthDate: '2021-03-04', sex: 'female' }],
    ...extra,
  };
}

const scholar = async (sourcedId: string) => {
  const [row] = await s.database.db.select().from(demographics).where(eq(demographics.sourced_id, sourcedId));
  return row;
};
const account = async (sourcedId: string) => {
  const [row] = await s.database.db.select().from(users).where(eq(users.sourced_id, sourcedId));
  return row;
};

describe('a OneRoster 1.1 package', () => {
  it('previews without writing, applies with progress, and the same package again changes nothing', async () => {
    const activeBefore = await s.database.db.select({ n: sql<number>`count(*)::int` }).from(demographics);
    const preview = await upload(oneRosterZip(familyPackage('fa')));
    expect(preview.statusCode, preview.body).toBe(201);
    const data = preview.json().data;
    expect(data).toMatchObject({
      status: 'previewed',
      format: 'oneroster-1.1',
      counts: {
        scholars: { create: 2, update: 0, deactivate: 0, unchanged: 0 },
        guardians: { create: 2, update: 0, deactivate: 0, unchanged: 0 },
        staff: { create: 2, update: 0, deactivate: 0, unchanged: 0 },
        classes: { create: 2, update: 0, deactivate: 0, unchanged: 0 },
        enrollments: { create: 2, update: 0, deactivate: 0, unchanged: 0 },
      },
      errors: [],
      staff_roles: { teacher: 1, aide: 1 },
    });
    // Nothing but the preview is written: no scholar, no account of the package yet.
    expect(await scholar('fa-s1')).toBeUndefined();
    expect(await account('fa-mom')).toBeUndefined();
    expect(await s.database.db.select({ n: sql<number>`count(*)::int` }).from(demographics)).toEqual(activeBefore);

    const [timekeeper] = await s.database.db.select().from(roles).where(eq(roles.name, 'Timekeeper'));
    const applied = await apply(data.id, { aide: timekeeper?.id ?? '' });
    expect(applied).toMatchObject({ status: 'applied', progress: { done: applied.progress.total } });
    expect(applied.progress.total).toBeGreaterThanOrEqual(12);

    const s1 = await scholar('fa-s1');
    const s2 = await scholar('fa-s2');
    expect(s1).toMatchObject({
      fname: 'Siobhán',
      lname: "O'Brien",
      grade: 'K',
      student_number: 'fa1001',
      homeroom: 'Room 4',
      birth_date: '2021-03-04',
      sex: 'female',
      active: true,
    });
    expect(s2).toMatchObject({ fname: 'José Ángel', lname: 'Núñez, Jr.', grade: '7', homeroom: null });
    // The first scholar's school account is their portal account.
    const s1Account = await account('fa-s1');
    expect(s1Account).toMatchObject({ type: 'student', email: 'fa.s1@students.test' });
    expect(s1?.user_id).toBe(s1Account?.id);

    const mom = await account('fa-mom');
    const dad = await account('fa-dad');
    expect(mom).toMatchObject({ type: 'parent', fname: 'Marta', phone: '555-0100', active: true });
    const links = await s.database.db
      .select()
      .from(guardianships)
      .where(inArray(guardianships.parent_id, [mom?.id ?? '', dad?.id ?? '']));
    // The mother's link comes from her side, the father's from the children's side only.
    expect(
      links.map((l) => `${l.parent_id === mom?.id ? 'mom' : 'dad'}:${l.scholar_id === s1?.id ? 's1' : 's2'}`).sort(),
    ).toEqual(['dad:s1', 'dad:s2', 'mom:s1', 'mom:s2']);
    expect(links.every((l) => l.imported && !l.may_pick_up)).toBe(true);
    expect(links.find((l) => l.parent_id === dad?.id)?.relationship).toBe('guardian');

    // Staff get the role chosen for their OneRoster role, Staff by default.
    const granted = await s.database.db
      .select({ sourced: users.sourced_id, role: roles.name })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.user_id))
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(inArray(users.sourced_id, ['fa-t1', 'fa-a1']));
    expect(granted.sort((a, b) => String(a.sourced).localeCompare(String(b.sourced)))).toEqual([
      { sourced: 'fa-a1', role: 'Timekeeper' },
      { sourced: 'fa-t1', role: 'Staff' },
    ]);

    const [math] = await s.database.db.select().from(courses).where(eq(courses.sourced_id, 'fa-m7'));
    expect(math).toMatchObject({ name: 'Math 7 (fa)', room: 'Room 12', teacher: 'Ana Reyes', active: true });
    const enrolled = await s.database.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.course_id, math?.id ?? ''));
    expect(enrolled).toEqual([{ course_id: math?.id, scholar_id: s2?.id, sourced_id: 'fa-e2' }]);
    const [settings] = await s.database.db.select().from(schoolSettings);
    expect(settings).toMatchObject({ year_starts_on: '2026-08-12', year_ends_on: '2027-06-10' });

    const again = await previewAndApply(familyPackage('fa'));
    for (const kind of ['scholars', 'guardians', 'staff', 'classes', 'enrollments'] as const) {
      expect(again.preview.counts[kind]).toMatchObject(none);
      expect(again.applied.counts[kind]).toMatchObject(none);
    }
    expect(again.preview.counts.scholars.unchanged).toBe(2);
    expect(again.preview.progress.total).toBe(0);
    // The demo school's scholars, entered by hand, are left alone by a package that does not have them.
    expect(again.preview.counts.scholars.deactivate).toBe(0);
    const demoActive = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(demographics)
      .where(and(eq(demographics.active, true), sql`${demographics.sourced_id} is null`));
    expect(demoActive[0]?.n).toBeGreaterThan(500);
  });

  it('renames, deactivates a leaver (keeping their history) and brings a returner back', async () => {
    await previewAndApply(familyPackage('lv'));
    const leaver = await scholar('lv-s2');
    // A check-in of the leaver's: it stays when they leave.
    await s.database.db.insert(checkIns).values({
      id: uuidv7(),
      kind: 'arrival',
      scholar_id: leaver?.id ?? '',
      occurred_at: new Date().toISOString(),
      school_day: '2026-12-01',
      method: 'kiosk',
    } as never);
    const people = family('lv');
    const renamed = people.map((p) => (p.sourcedId === 'lv-mom' ? { ...p, familyName: 'García' } : p));
    const without = renamed.filter((p) => p.sourcedId !== 'lv-s2' && p.sourcedId !== 'lv-a1');
    const second = await previewAndApply(familyPackage('lv', { users: without }));
    expect(second.preview.counts.scholars).toEqual({ create: 0, update: 0, deactivate: 1, unchanged: 1 });
    expect(second.preview.counts.guardians).toEqual({ create: 0, update: 1, deactivate: 0, unchanged: 1 });
    expect(second.preview.counts.staff).toEqual({ create: 0, update: 0, deactivate: 1, unchanged: 1 });
    expect(second.preview.counts.enrollments.deactivate).toBe(1);
    // Its enrolment goes with the leaver, listed as a row left out.
    expect(second.preview.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ file: 'enrollments.csv' })]),
    );
    expect(await scholar('lv-s2')).toMatchObject({ active: false, withdrawal_reason: expect.any(String) });
    expect((await account('lv-mom'))?.lname).toBe('García');
    expect((await account('lv-a1'))?.active).toBe(false);
    const kept = await s.database.db
      .select()
      .from(checkIns)
      .where(eq(checkIns.scholar_id, leaver?.id ?? ''));
    expect(kept).toHaveLength(1);

    const back = await previewAndApply(familyPackage('lv', { users: renamed }));
    expect(back.preview.counts.scholars).toEqual({ create: 0, update: 1, deactivate: 0, unchanged: 1 });
    expect(await scholar('lv-s2')).toMatchObject({
      id: leaver?.id,
      active: true,
      withdrawn_on: null,
      withdrawal_reason: null,
    });
    expect((await account('lv-a1'))?.active).toBe(true);
  });

  it('matches a scholar entered by hand by student number and a guardian by email, and says so', async () => {
    const [hand] = await s.database.db
      .select()
      .from(demographics)
      .where(and(eq(demographics.active, true), sql`${demographics.sourced_id} is null`))
      .limit(1);
    const [parent] = await s.database.db.select().from(users).where(eq(users.email, 'parent@demo.school'));
    if (!hand || !parent) throw new Error('demo school missing');
    const pkg: PackageSpec = {
      users: [
        {
          sourcedId: 'hm-s',
          role: 'student',
          givenName: hand.fname,
          familyName: hand.lname,
          identifier: hand.student_number,
          grades: hand.grade === 'K' ? 'KG' : hand.grade === 'TK' ? 'TK' : hand.grade.padStart(2, '0'),
        },
        {
          sourcedId: 'hm-p',
          role: 'parent',
          givenName: parent.fname,
          familyName: parent.lname,
          email: 'PARENT@demo.school',
          agentSourcedIds: ['hm-s'],
        },
      ],
    };
    const { preview } = await previewAndApply(pkg);
    // The package is the whole roster: what earlier tests' packages brought is deactivated, nothing entered by hand.
    expect(preview.counts.scholars).toMatchObject({ create: 0 });
    expect(preview.counts.guardians).toMatchObject({ create: 0 });
    const handActive = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(demographics)
      .where(
        and(
          eq(demographics.active, false),
          sql`${demographics.sourced_id} is null`,
          eq(demographics.withdrawal_reason, IMPORT_WITHDRAWAL_REASON),
        ),
      );
    expect(handActive[0]?.n).toBe(0);
    expect(preview.matched).toEqual(
      expect.arrayContaining([
        { kind: 'scholars', name: `${hand.fname} ${hand.lname}`, by: 'student_number', value: hand.student_number },
        { kind: 'guardians', name: `${parent.fname} ${parent.lname}`, by: 'email', value: 'PARENT@demo.school' },
      ]),
    );
    expect(await scholar('hm-s')).toMatchObject({ id: hand.id });
    expect(await account('hm-p')).toMatchObject({ id: parent.id });
    // The parent's own roles (none given by a file) stay as they were; their hand-made links stay too.
    const links = await s.database.db.select().from(guardianships).where(eq(guardianships.parent_id, parent.id));
    expect(links.filter((l) => !l.imported).length).toBeGreaterThanOrEqual(2);
  });
});

describe('rows and packages that cannot be used', () => {
  it('lists an unknown grade and an orphan enrolment with file and line, and imports the rest', async () => {
    const users: PackageUser[] = [
      { sourcedId: 'bad-s1', role: 'student', givenName: 'Ok', familyName: 'Kid', identifier: 'bad1', grades: '03' },
      { sourcedId: 'bad-s2', role: 'student', givenName: 'Odd', familyName: 'Grade', identifier: 'bad2', grades: '13' },
    ];
    const res = await upload(
      oneRosterZip({
        users,
        classes: [{ sourcedId: 'bad-c', title: 'Art (bad)', classType: 'scheduled' }],
        enrollments: [
          { sourcedId: 'bad-e1', classSourcedId: 'bad-c', userSourcedId: 'bad-s1', role: 'student' },
          { sourcedId: 'bad-e2', classSourcedId: 'bad-c', userSourcedId: 'nobody', role: 'student' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.counts.scholars.create).toBe(1);
    expect(data.counts.enrollments.create).toBe(1);
    expect(data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'users.csv', line: 3, message: expect.stringContaining('13') }),
        expect.objectContaining({ file: 'enrollments.csv', line: 3 }),
      ]),
    );
    const applied = await apply(data.id);
    expect(applied.status).toBe('applied');
    expect(await scholar('bad-s1')).toMatchObject({ grade: '3' });
    expect(await scholar('bad-s2')).toBeUndefined();
  });

  it('refuses a package it cannot read with 422 naming the file and column, and stores nothing', async () => {
    const before = await s.database.db.select({ n: sql<number>`count(*)::int` }).from(rosterImports);
    const notZip = await upload(new TextEncoder().encode('sourcedId,name\n1,x\n'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().errors.file).toHaveLength(1);
    const users = family('mc');
    const noManifest = await upload(oneRosterZip({ users, drop: ['manifest.csv'] }));
    expect(noManifest.statusCode).toBe(422);
    expect(noManifest.json().message).toContain('manifest.csv');
    const noUsers = await upload(oneRosterZip({ users, drop: ['users.csv'] }));
    expect(noUsers.statusCode).toBe(422);
    expect(noUsers.json().message).toContain('users.csv');
    const noColumn = await upload(
      oneRosterZip({
        users,
        extra: {
          'users.csv': 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,familyName\n',
        },
      }),
    );
    expect(noColumn.statusCode).toBe(422);
    expect(noColumn.json().record).toMatchObject({ file: 'users.csv', column: 'givenName' });
    expect(await s.database.db.select({ n: sql<number>`count(*)::int` }).from(rosterImports)).toEqual(before);
  });
});

describe('a OneRoster 1.2 package', () => {
  it('reads roles.csv, a byte order mark and the preferred name', async () => {
    const users: PackageUser[] = [
      {
        sourcedId: 'v12-s',
        role: 'student',
        givenName: 'Katherine',
        preferredGivenName: 'Kat',
        familyName: 'Smith, "K"',
        identifier: 'v12a',
        grades: 'TK',
      },
      { sourcedId: 'v12-t', role: 'teacher', givenName: 'Rob', familyName: 'Stone', email: 'v12.t@school.test' },
    ];
    const { preview } = await previewAndApply({ version: '1.2', users, bom: true });
    expect(preview.format).toBe('oneroster-1.2');
    expect(await scholar('v12-s')).toMatchObject({
      fname: 'Katherine',
      nickname: 'Kat',
      lname: 'Smith, "K"',
      grade: 'TK',
    });
    expect(await account('v12-t')).toMatchObject({ type: 'staff' });
  });
});

describe('who may import, and retries', () => {
  it('is for administrators; the Administrator role is never given by a file; a retried upload or apply is the same', async () => {
    const zip = oneRosterZip(familyPackage('rt'));
    expect((await upload(zip, { token: office })).statusCode).toBe(403);
    expect((await s.call({ method: 'GET', url: '/api/v2/roster_imports', token: office })).statusCode).toBe(403);
    const id = uuidv7();
    const first = await upload(zip, { id });
    expect(first.statusCode).toBe(201);
    const retry = await upload(zip, { id });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(id);
    expect((await upload(oneRosterZip(familyPackage('rt2')), { id })).statusCode).toBe(409);

    const [administrator] = await s.database.db.select().from(roles).where(eq(roles.name, 'Administrator'));
    const refused = await s.call({
      method: 'POST',
      url: `/api/v2/roster_imports/${id}/apply`,
      token: admin,
      payload: { roles: { administrator: administrator?.id } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty(['roles.administrator']);

    const done = await apply(id);
    expect(done.status).toBe('applied');
    const twice = await s.call({
      method: 'POST',
      url: `/api/v2/roster_imports/${id}/apply`,
      token: admin,
      payload: {},
    });
    expect(twice.statusCode).toBe(202);
    expect(twice.json().data.status).toBe('applied');
    const rows = await s.database.db.select().from(demographics).where(eq(demographics.sourced_id, 'rt-s1'));
    expect(rows).toHaveLength(1);

    const history = await s.call({ method: 'GET', url: '/api/v2/roster_imports?per_page=5', token: admin });
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({ created_by: { name: expect.any(String) } });
  });
});

describe('a plain CSV', () => {
  const csvUpload = (kind: string, text: string, mapping?: Record<string, string>) => {
    const form = new FormData();
    form.append('kind', kind);
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('file', new Blob([text], { type: 'text/csv' }), `${kind}.csv`);
    return s.call({ method: 'POST', url: '/api/v2/roster_imports', token: admin, payload: form as never });
  };
  const columns = (kind: string, text: string) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([text], { type: 'text/csv' }), 'x.csv');
    return s.call({ method: 'POST', url: '/api/v2/roster_imports/csv_columns', token: admin, payload: form as never });
  };

  it('maps its columns, previews and applies scholars, then guardians linked by student number', async () => {
    const scholars =
      '\uFEFFPerm ID,Last Name,First Name,Grade Level,Birthday,Note\r\n' +
      'CSV-1,"Peña, Jr.",Mateo,K,9/4/2020,x\r\n' +
      "CSV-2,D'Souza,Priya,11,2010-01-31,\r\n" +
      'CSV-3,Bad,Grade,Pre-K,,\r\n';
    const proposed = await columns('scholars', scholars);
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().data).toMatchObject({
      headers: ['Perm ID', 'Last Name', 'First Name', 'Grade Level', 'Birthday', 'Note'],
      mapping: {
        student_number: 'Perm ID',
        first_name: 'First Name',
        last_name: 'Last Name',
        grade: 'Grade Level',
        birth_date: 'Birthday',
      },
    });
    const missing = await csvUpload('csv_scholars', scholars, { student_number: 'Perm ID', first_name: 'First Name' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['mapping.grade', 'mapping.last_name']);

    const mapping = proposed.json().data.mapping;
    const preview = await csvUpload('csv_scholars', scholars, mapping);
    expect(preview.statusCode, preview.body).toBe(201);
    const data = preview.json().data;
    expect(data).toMatchObject({ kind: 'csv_scholars', format: 'csv' });
    // The file is every scholar: those earlier packages brought would be deactivated, nobody entered by hand.
    expect(data.counts.scholars).toMatchObject({ create: 2, update: 0, unchanged: 0 });
    expect(data.errors).toEqual([expect.objectContaining({ line: 4, column: 'Grade Level' })]);
    // A scholars file says nothing of guardians, staff or classes: none of them would be deactivated.
    expect(data.counts.staff.deactivate + data.counts.guardians.deactivate + data.counts.classes.deactivate).toBe(0);
    expect((await apply(data.id)).status).toBe('applied');
    const [mateo] = await s.database.db.select().from(demographics).where(eq(demographics.student_number, 'CSV-1'));
    expect(mateo).toMatchObject({ fname: 'Mateo', lname: 'Peña, Jr.', grade: 'K', birth_date: '2020-09-04' });
    // The mapping is remembered for the next file of the kind.
    const next = await columns('scholars', 'Perm ID,Last Name,First Name,Grade Level,Birthday,Note\r\n');
    expect(next.json().data.mapping).toEqual(mapping);

    const guardians = 'email,first,last,kids\nmama.pena@family.test,Rosa,Peña,"CSV-1; CSV-2"\nnobody,No,Email,CSV-1\n';
    const g = await csvUpload('csv_guardians', guardians, {
      email: 'email',
      first_name: 'first',
      last_name: 'last',
      student_numbers: 'kids',
    });
    expect(g.statusCode, g.body).toBe(201);
    expect(g.json().data.counts.guardians).toMatchObject({ create: 1, update: 0, unchanged: 0 });
    expect(g.json().data.errors).toEqual([expect.objectContaining({ line: 3, column: 'email' })]);
    expect((await apply(g.json().data.id)).status).toBe('applied');
    const [rosa] = await s.database.db.select().from(users).where(eq(users.email, 'mama.pena@family.test'));
    const links = await s.database.db
      .select()
      .from(guardianships)
      .where(eq(guardianships.parent_id, rosa?.id ?? ''));
    expect(links).toHaveLength(2);

    const again = await csvUpload('csv_scholars', scholars, mapping);
    expect(again.json().data.counts.scholars).toMatchObject({ create: 0, update: 0, unchanged: 2 });
  });
});
