/**
 * The OneRoster reader on packages built here, in memory, with fflate: each rule of the binding and of this school
 * (grades TK to 12, bulk only), each row error, the references between files, and a school-sized package.
 */
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { COLUMNS, type RosterFile } from './columns';
import { CEDS_GRADES, gradeFromCeds, guardianLinks, readOneRoster } from './read';
import type { RosterError, RosterPackage } from './types';

const encoder = new TextEncoder();

/** A zip of these files (a string is written as UTF-8). */
function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, body]) => [name, typeof body === 'string' ? encoder.encode(body) : body]),
    ),
  );
}

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

const USERS_11 =
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const USERS_12 =
  'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns';
const ROLES_12 =
  'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId';
const ORGS = 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId';
const SESSIONS = 'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear';
const COURSES =
  'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes';
const CLASSES =
  'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods';
const ENROLLMENTS =
  'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate';
const DEMOGRAPHICS = 'sourcedId,status,dateLastModified,birthDate,sex';

/** A 1.1 users.csv row from the columns that matter. */
function user11(u: {
  id: string;
  role: string;
  given: string;
  family: string;
  grades?: string;
  agents?: string;
  enabled?: string;
  status?: string;
  email?: string;
  phone?: string;
  sms?: string;
  identifier?: string;
}): string {
  return [
    u.id,
    u.status ?? 'active',
    '',
    u.enabled ?? 'true',
    'org1',
    u.role,
    `${u.id}.login`,
    '',
    u.given,
    u.family,
    '',
    u.identifier ?? '',
    u.email ?? '',
    u.sms ?? '',
    u.phone ?? '',
    u.agents ?? '',
    u.grades ?? '',
    '',
  ].join(',');
}

/** A 1.1 package: a school, a year, a course, a class, a teacher, a student, a parent. `null` removes a file. */
function files11(overrides: Record<string, string | null> = {}): Record<string, string> {
  const base: Record<string, string | null> = {
    'orgs.csv': lines(ORGS, 'org1,active,,Lincoln Elementary,school,0601,'),
    'users.csv': lines(
      USERS_11,
      user11({
        id: 't1',
        role: 'teacher',
        given: 'Jordan',
        family: 'Lee',
        email: 'jordan.lee@lincoln.example.org',
        phone: '555-0100',
      }),
      user11({
        id: 's1',
        role: 'student',
        given: 'Avery',
        family: 'Smith',
        grades: '07',
        agents: 'g1',
        identifier: 'S2001',
      }),
      user11({ id: 'g1', role: 'parent', given: 'Morgan', family: 'Smith', agents: 's1', sms: '555-0199' }),
    ),
    'academicSessions.csv': lines(
      SESSIONS,
      'sy26,active,,2026-2027,schoolYear,2026-08-13,2027-06-04,,2027',
      'fall26,active,,Fall 2026,semester,2026-08-13,2026-12-18,sy26,2027',
    ),
    'courses.csv': lines(COURSES, 'crs1,active,,sy26,Math 7,M7,07,org1,,'),
    'classes.csv': lines(CLASSES, 'c1,active,,Math 7 - P1,07,crs1,M7-1,scheduled,Room 12,org1,fall26,,,1'),
    'enrollments.csv': lines(ENROLLMENTS, 'e1,active,,c1,org1,t1,teacher,true,,', 'e2,active,,c1,org1,s1,student,,,'),
    'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2013-04-02,female'),
    ...overrides,
  };
  const present = Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null);
  const out = Object.fromEntries(present);
  if (!('manifest.csv' in overrides))
    out['manifest.csv'] = manifest(
      '1.1',
      present.map(([name]) => name),
    );
  return out;
}

/** A manifest listing the files given as bulk and every other file of the binding as absent. */
function manifest(version: string, bulk: string[], extra: string[] = []): string {
  const all = ['academicSessions', 'classes', 'courses', 'demographics', 'enrollments', 'orgs', 'roles', 'users'];
  return lines(
    'propertyName,value',
    'manifest.version,1.0',
    `oneroster.version,${version}`,
    ...all.map((f) => `file.${f},${bulk.includes(`${f}.csv`) ? 'bulk' : 'absent'}`),
    'source.systemName,Test SIS',
    ...extra,
  );
}

/** A 1.2 users.csv row from the columns that matter. */
function user12(u: {
  id: string;
  given: string;
  family: string;
  grades?: string;
  agents?: string;
  preferred?: string;
  primaryOrg?: string;
}) {
  return [
    u.id,
    'active',
    '',
    'true',
    `${u.id}.login`,
    '',
    u.given,
    u.family,
    '',
    '',
    '',
    '',
    '',
    u.agents ?? '',
    u.grades ?? '',
    '',
    '',
    '',
    u.preferred ?? '',
    '',
    '',
    u.primaryOrg ?? '',
    '',
  ].join(',');
}

function files12(overrides: Record<string, string | null> = {}): Record<string, string> {
  const base: Record<string, string | null> = {
    'orgs.csv': lines(ORGS, 'org1,active,,Lincoln Elementary,school,0601,', 'org2,active,,Lincoln Middle,school,0602,'),
    'users.csv': lines(
      USERS_12,
      user12({ id: 't1', given: 'Jordan', family: 'Lee' }),
      user12({ id: 's1', given: 'Avery', family: 'Smith', grades: 'KG', agents: 'g1', preferred: 'Avi' }),
      user12({ id: 'g1', given: 'Morgan', family: 'Smith' }),
    ),
    'roles.csv': lines(
      ROLES_12,
      'r1,active,,t1,secondary,aide,,,org2,',
      'r2,active,,t1,primary,teacher,,,org1,',
      'r3,active,,s1,primary,student,,,org1,',
      'r4,active,,g1,secondary,parent,,,org1,',
    ),
    'classes.csv': lines(CLASSES, 'hr1,active,,Room 4 Homeroom,KG,crs1,,homeroom,Room 4,org1,sy26,,,'),
    'enrollments.csv': lines(ENROLLMENTS, 'e1,active,,hr1,org1,s1,student,false,,'),
    'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2020-09-30,unspecified'),
    ...overrides,
  };
  const present = Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null);
  const out = Object.fromEntries(present);
  if (!('manifest.csv' in overrides))
    out['manifest.csv'] = manifest(
      '1.2',
      present.map(([name]) => name),
    );
  return out;
}

function read(files: Record<string, string | Uint8Array>): RosterPackage {
  const result = readOneRoster(zip(files));
  if (!result.ok) throw new Error(`expected a package, got: ${JSON.stringify(result.error)}`);
  return result.package;
}

function refusal(files: Record<string, string | Uint8Array> | Uint8Array): RosterError {
  const result = readOneRoster(files instanceof Uint8Array ? files : zip(files));
  if (result.ok) throw new Error('expected the package to be refused');
  return result.error;
}

const ids = (rows: { sourcedId: string }[]) => rows.map((r) => r.sourcedId);

describe('grades', () => {
  it('maps the CEDS codes of TK to 12 onto ours, and our own spellings leniently', () => {
    expect(gradeFromCeds('TK')).toBe('TK');
    expect(gradeFromCeds('KG')).toBe('K');
    expect(gradeFromCeds('01')).toBe('1');
    expect(gradeFromCeds('09')).toBe('9');
    expect(gradeFromCeds('12')).toBe('12');
    expect(gradeFromCeds('K')).toBe('K');
    expect(gradeFromCeds('7')).toBe('7');
    expect(gradeFromCeds(' kg ')).toBe('K');
    expect([...CEDS_GRADES.keys()]).toEqual([
      'TK',
      'KG',
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
  });

  it('has no grade for the CEDS codes this school does not teach', () => {
    for (const code of ['IT', 'PR', 'PK', '13', 'PS', 'UG', 'Other', '0', '00', '13 ', '', 'constructor', 'toString']) {
      expect(gradeFromCeds(code), code).toBeNull();
    }
  });
});

describe('a minimal package', () => {
  it('reads a 1.1 package: every file, people with their roles, grades, links and orgs', () => {
    const pkg = read(files11());
    expect(pkg.version).toBe('1.1');
    expect(pkg.errors).toEqual([]);
    expect(pkg.orgs).toEqual([{ sourcedId: 'org1', name: 'Lincoln Elementary', type: 'school', identifier: '0601' }]);
    expect(pkg.users).toEqual([
      {
        sourcedId: 't1',
        line: 2,
        role: 'teacher',
        enabledUser: true,
        givenName: 'Jordan',
        familyName: 'Lee',
        middleName: null,
        preferredGivenName: null,
        identifier: null,
        email: 'jordan.lee@lincoln.example.org',
        username: 't1.login',
        phone: '555-0100',
        grades: [],
        agentSourcedIds: [],
        orgSourcedIds: ['org1'],
      },
      expect.objectContaining({
        sourcedId: 's1',
        line: 3,
        role: 'student',
        grades: ['7'],
        agentSourcedIds: ['g1'],
        identifier: 'S2001',
      }),
      // No phone: the sms number stands in.
      expect.objectContaining({
        sourcedId: 'g1',
        line: 4,
        role: 'parent',
        grades: [],
        agentSourcedIds: ['s1'],
        phone: '555-0199',
      }),
    ]);
    expect(pkg.academicSessions).toEqual([
      {
        sourcedId: 'sy26',
        title: '2026-2027',
        type: 'schoolYear',
        startDate: '2026-08-13',
        endDate: '2027-06-04',
        parentSourcedId: null,
        schoolYear: '2027',
      },
      expect.objectContaining({ sourcedId: 'fall26', type: 'semester', parentSourcedId: 'sy26' }),
    ]);
    expect(pkg.courses).toEqual([{ sourcedId: 'crs1', title: 'Math 7', courseCode: 'M7' }]);
    expect(pkg.classes).toEqual([
      {
        sourcedId: 'c1',
        line: 2,
        title: 'Math 7 - P1',
        classType: 'scheduled',
        location: 'Room 12',
        classCode: 'M7-1',
        courseSourcedId: 'crs1',
        schoolSourcedId: 'org1',
        grades: ['7'],
      },
    ]);
    expect(pkg.enrollments).toEqual([
      { sourcedId: 'e1', line: 2, classSourcedId: 'c1', userSourcedId: 't1', role: 'teacher', primary: true },
      // primary left empty: false.
      { sourcedId: 'e2', line: 3, classSourcedId: 'c1', userSourcedId: 's1', role: 'student', primary: false },
    ]);
    expect(pkg.demographics).toEqual([{ sourcedId: 's1', birthDate: '2013-04-02', sex: 'female' }]);
  });

  it('reads a 1.2 package: roles from roles.csv (the primary one, else the first), orgs from the roles', () => {
    const pkg = read(files12());
    expect(pkg.version).toBe('1.2');
    expect(pkg.errors).toEqual([]);
    const [teacher, student, parent] = pkg.users;
    // The teacher's aide row comes first but the teacher row is primary.
    expect(teacher).toMatchObject({ sourcedId: 't1', role: 'teacher', orgSourcedIds: ['org1', 'org2'] });
    expect(student).toMatchObject({
      sourcedId: 's1',
      role: 'student',
      grades: ['K'],
      preferredGivenName: 'Avi',
      agentSourcedIds: ['g1'],
    });
    // Only a secondary role: it is the one.
    expect(parent).toMatchObject({ sourcedId: 'g1', role: 'parent', orgSourcedIds: ['org1'] });
    expect(pkg.classes).toEqual([expect.objectContaining({ sourcedId: 'hr1', classType: 'homeroom', grades: ['K'] })]);
    expect(pkg.enrollments).toEqual([expect.objectContaining({ sourcedId: 'e1', primary: false })]);
    // 1.2's sex vocabulary has unspecified.
    expect(pkg.demographics).toEqual([{ sourcedId: 's1', birthDate: '2020-09-30', sex: 'unspecified' }]);
    // The optional files a package leaves absent are empty lists.
    expect(pkg.academicSessions).toEqual([]);
    expect(pkg.courses).toEqual([]);
  });

  it('puts a 1.2 primaryOrgSourcedId first among the orgs', () => {
    const pkg = read(
      files12({
        'users.csv': lines(USERS_12, user12({ id: 't1', given: 'Jordan', family: 'Lee', primaryOrg: 'org2' })),
        'roles.csv': lines(ROLES_12, 'r2,active,,t1,primary,teacher,,,org1,'),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.users[0]?.orgSourcedIds).toEqual(['org2', 'org1']);
  });

  it('reads the files of a zip made from a folder (one folder holding manifest.csv), and ignores __MACOSX', () => {
    const inFolder = Object.fromEntries(
      Object.entries(files11()).map(([name, body]) => [`Lincoln export/${name}`, body]),
    );
    const pkg = read({
      ...inFolder,
      '__MACOSX/Lincoln export/._manifest.csv': 'junk',
      'Lincoln export/._users.csv': 'junk',
    });
    expect(ids(pkg.users)).toEqual(['t1', 's1', 'g1']);
    expect(pkg.errors).toEqual([]);
  });

  it('prefers the top level when it has a manifest.csv, whatever folders the zip also holds', () => {
    const other = Object.fromEntries(Object.entries(files12()).map(([name, body]) => [`old/${name}`, body]));
    expect(read({ ...files11(), ...other }).version).toBe('1.1');
  });
});

describe('the package is refused', () => {
  it('when the file is not a zip', () => {
    const expected = { file: '', line: null, column: null, message: expect.stringContaining('not a zip archive') };
    expect(refusal(encoder.encode('sourcedId,name\norg1,Lincoln\n'))).toEqual(expected);
    expect(refusal(new Uint8Array())).toEqual(expected);
  });

  it('when it has no manifest.csv', () => {
    const { 'manifest.csv': _, ...rest } = files11();
    expect(refusal(rest)).toMatchObject({ file: 'manifest.csv', message: expect.stringContaining('no manifest.csv') });
    expect(refusal({})).toMatchObject({ file: 'manifest.csv' });
  });

  it('when several folders hold a manifest.csv and the top level none, naming them', () => {
    const a = Object.fromEntries(Object.entries(files11()).map(([name, body]) => [`a/${name}`, body]));
    const b = Object.fromEntries(Object.entries(files11()).map(([name, body]) => [`b/${name}`, body]));
    expect(refusal({ ...a, ...b })).toEqual({
      file: 'manifest.csv',
      line: null,
      column: null,
      message: 'The zip holds several packages (a manifest.csv in each of "a/", "b/"). Upload one package at a time.',
    });
  });

  it('when its files claim to unpack to more than 256 MB, before inflating them', () => {
    const bytes = zip(files11());
    // Each central directory entry (PK\x01\x02) states its file's unpacked size at byte 24; say users.csv is 4 GB.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i + 46 < bytes.length; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(i + 28, true);
      const name = new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + nameLength));
      if (name === 'users.csv') view.setUint32(i + 24, 0xfffffff0, true);
    }
    expect(refusal(bytes)).toEqual({
      file: '',
      line: null,
      column: null,
      message: expect.stringContaining('more than 256 MB'),
    });
  });

  it('when oneroster.version is not 1.1 or 1.2, naming manifest.csv and its value', () => {
    for (const version of ['1.0', '2.0', '1.2.1', '']) {
      const files = files11();
      files['manifest.csv'] = manifest(version, Object.keys(files));
      expect(refusal(files), version).toEqual({
        file: 'manifest.csv',
        line: 3,
        column: 'value',
        message: `oneroster.version is "${version}"; this school reads OneRoster 1.1 and 1.2 packages only.`,
      });
    }
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('oneroster.version,1.1\n', '') ?? '';
    expect(refusal(files)).toMatchObject({
      file: 'manifest.csv',
      column: 'propertyName',
      message: expect.stringContaining('no oneroster.version'),
    });
  });

  it('when manifest.version is not 1.0', () => {
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('manifest.version,1.0', 'manifest.version,2.0') ?? '';
    expect(refusal(files)).toMatchObject({ file: 'manifest.csv', line: 2, column: 'value' });
  });

  it('when a file is delta, saying the school takes bulk packages only', () => {
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('file.enrollments,bulk', 'file.enrollments,delta') ?? '';
    const error = refusal(files);
    expect(error).toMatchObject({ file: 'manifest.csv', line: 8, column: 'value' });
    expect(error.message).toContain('file.enrollments is "delta"');
    expect(error.message).toContain('bulk packages only');
  });

  it('when a file has a mode other than bulk, delta or absent', () => {
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('file.courses,bulk', 'file.courses,full') ?? '';
    expect(refusal(files)).toMatchObject({
      file: 'manifest.csv',
      column: 'value',
      message: 'file.courses is "full"; it must be bulk, delta or absent.',
    });
  });

  it('when orgs or users are not bulk, and in 1.2 when roles are not', () => {
    for (const file of ['orgs.csv', 'users.csv']) {
      expect(refusal(files11({ [file]: null })), file).toMatchObject({
        file: 'manifest.csv',
        message: expect.stringContaining(`file.${file.slice(0, -4)} as bulk`),
      });
    }
    expect(refusal(files12({ 'roles.csv': null })).message).toContain('file.roles as bulk: in OneRoster 1.2');
    // Not named in the manifest at all is the same as absent.
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('file.users,bulk\n', '') ?? '';
    expect(refusal(files).message).toContain('file.users as bulk');
  });

  it('when the manifest lists a file as bulk that the zip does not have', () => {
    const { 'classes.csv': _, ...files } = files11();
    expect(refusal(files)).toEqual({
      file: 'classes.csv',
      line: null,
      column: null,
      message: 'manifest.csv lists classes.csv as bulk, but the package has no classes.csv.',
    });
    const { 'users.csv': users, ...rest } = files11();
    expect(refusal({ ...rest, 'Users.csv': users as string }).message).toContain('It has "Users.csv"');
    // Files the reader does not read are checked too.
    const extra = files11();
    extra['manifest.csv'] = manifest('1.1', Object.keys(extra), ['file.lineItems,bulk']);
    expect(refusal(extra)).toMatchObject({ file: 'lineItems.csv' });
  });

  for (const version of ['1.1', '1.2'] as const) {
    for (const [file, specs] of Object.entries(COLUMNS[version]) as [
      RosterFile,
      { name: string; required: boolean }[],
    ][]) {
      for (const { name } of specs.filter((s) => s.required)) {
        it(`in ${version} when ${file}.csv has no ${name} column`, () => {
          const files = version === '1.1' ? files11() : files12();
          // A file of the binding the fixture leaves out is added with its header only.
          const body = files[`${file}.csv`] ?? lines(specs.map((s) => s.name).join(','));
          const [header, ...rest] = body.split('\n');
          const cells = (header as string).split(',');
          const at = cells.indexOf(name);
          const drop = (line: string) =>
            line === ''
              ? line
              : line
                  .split(',')
                  .filter((_, i) => i !== at)
                  .join(',');
          files[`${file}.csv`] = [drop(header as string), ...rest.map(drop)].join('\n');
          files['manifest.csv'] = manifest(
            version,
            Object.keys(files).filter((f) => f !== 'manifest.csv'),
          );
          expect(refusal(files)).toEqual({
            file: `${file}.csv`,
            line: 1,
            column: name,
            message: `${file}.csv has no "${name}" column, which OneRoster requires.`,
          });
        });
      }
    }
  }

  it('when a header differs only in capitals, saying so', () => {
    const files = files11();
    files['users.csv'] = files['users.csv']?.replace('givenName', 'GivenName') ?? '';
    expect(refusal(files)).toMatchObject({
      file: 'users.csv',
      column: 'givenName',
      message: expect.stringContaining('It has "GivenName": column names must match exactly'),
    });
  });

  it('when manifest.csv itself lacks its columns', () => {
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('propertyName,value', 'name,value') ?? '';
    expect(refusal(files)).toMatchObject({ file: 'manifest.csv', line: 1, column: 'propertyName' });
  });

  it('when a file is not UTF-8', () => {
    const latin1 = Uint8Array.from([
      ...encoder.encode(`${ORGS}\norg1,active,,Escuela N`),
      0xfa,
      ...encoder.encode('ñez,school,,\n'),
    ]);
    expect(refusal({ ...files11(), 'orgs.csv': latin1 })).toMatchObject({
      file: 'orgs.csv',
      message: expect.stringContaining('not UTF-8'),
    });
  });

  it('when a file is empty or its quoting is broken, naming the line', () => {
    expect(refusal(files11({ 'courses.csv': '' }))).toMatchObject({
      file: 'courses.csv',
      message: expect.stringContaining('is empty'),
    });
    const broken = lines(ORGS, 'org1,active,,Lincoln,school,,', 'org2,active,,"Washington,school,,');
    expect(refusal(files11({ 'orgs.csv': broken }))).toMatchObject({
      file: 'orgs.csv',
      line: 3,
      message: expect.stringContaining('never closed'),
    });
  });
});

describe('what the binding allows', () => {
  it('ignores a file marked absent even when the zip has it', () => {
    const files = files11();
    files['manifest.csv'] = files['manifest.csv']?.replace('file.demographics,bulk', 'file.demographics,absent') ?? '';
    // Even a broken one.
    files['demographics.csv'] = 'not,"a valid file';
    expect(read(files).demographics).toEqual([]);
  });

  it('reads UTF-8 with a byte order mark', () => {
    const files = files11();
    const withBom = Object.fromEntries(
      Object.entries(files).map(([name, body]) => [name, Uint8Array.from([0xef, 0xbb, 0xbf, ...encoder.encode(body)])]),
    );
    const pkg = read(withBom);
    expect(pkg.errors).toEqual([]);
    expect(ids(pkg.orgs)).toEqual(['org1']);
    expect(ids(pkg.users)).toEqual(['t1', 's1', 'g1']);
  });

  it('reads quoted cells: commas, doubled quotes, and grades and links listed in one cell', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          's1,active,,true,org1,student,s1,,"Mary ""Molly"" Ann","Smith, Jr.",,,,,,"g1, g2","07,08",',
          user11({ id: 'g1', role: 'parent', given: 'Morgan', family: 'Smith' }),
          user11({ id: 'g2', role: 'guardian', given: 'Sam', family: 'Smith' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(pkg.users[0]).toMatchObject({
      givenName: 'Mary "Molly" Ann',
      familyName: 'Smith, Jr.',
      agentSourcedIds: ['g1', 'g2'],
      grades: ['7', '8'],
    });
  });

  it('keeps accents and apostrophes exactly, and trims the spaces around values', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({
            id: 's1',
            role: 'student',
            given: '  José ',
            family: "O'Brien Núñez",
            grades: ' 03 ',
            email: '  Jose.OBrien@Example.ORG ',
          }),
          user11({ id: 's2', role: 'student', given: 'Zoë', family: 'Nguyễn', grades: 'TK' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(pkg.users.map((u) => [u.givenName, u.familyName, u.grades, u.email])).toEqual([
      ['José', "O'Brien Núñez", ['3'], 'Jose.OBrien@Example.ORG'],
      ['Zoë', 'Nguyễn', ['TK'], null],
    ]);
  });

  it('ignores extension columns, wherever they are, and reads the columns in any order', () => {
    const pkg = read(
      files11({
        'orgs.csv': lines(
          'metadata.district,type,name,sourcedId,notes',
          'LUSD,school,Lincoln Elementary,org1,anything',
        ),
        'users.csv': lines(
          `metadata.homeroom,${USERS_11},metadata.lunchPin,`,
          `Room 4,${user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '07' })},1234,extra`,
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(pkg.orgs).toEqual([{ sourcedId: 'org1', name: 'Lincoln Elementary', type: 'school', identifier: null }]);
    expect(pkg.users[0]).toMatchObject({ sourcedId: 's1', givenName: 'Avery', grades: ['7'] });
  });

  it("skips blank lines and lines of nothing but commas, keeping the file's line numbers", () => {
    const pkg = read(
      files11({
        'users.csv': `${USERS_11}\n\n${user11({ id: 't1', role: 'teacher', given: 'Jordan', family: 'Lee' })}\n,,,,,,,,,,,,,,,,,\n\r\n${user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '13' })}\n\n`,
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(ids(pkg.users)).toEqual(['t1']);
    expect(pkg.users[0]?.line).toBe(3);
    expect(pkg.errors).toEqual([expect.objectContaining({ file: 'users.csv', line: 6, column: 'grades' })]);
  });

  it('counts the physical lines of a quoted cell that spans lines', () => {
    const pkg = read(
      files11({
        'classes.csv': lines(
          CLASSES,
          'c1,active,,"Math 7\nPeriod 1\nRoom 12",07,crs1,,scheduled,"Room 12\r\nEast wing",org1,fall26,,,',
          'c2,active,,Science,07,crs1,,lab,,org1,fall26,,,',
          'c3,active,,Art,07,crs1,,scheduled,,org1,fall26,,,',
        ),
        'enrollments.csv': null,
      }),
    );
    expect(pkg.classes.map((c) => [c.sourcedId, c.line, c.title])).toEqual([
      ['c1', 2, 'Math 7\nPeriod 1\nRoom 12'],
      ['c3', 7, 'Art'],
    ]);
    expect(pkg.errors).toEqual([
      { file: 'classes.csv', line: 6, column: 'classType', message: 'classType "lab" must be homeroom or scheduled.' },
    ]);
  });

  it('leaves out rows marked tobedeleted silently, and what refers to them', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '07', agents: '"g1,g2"' }),
          user11({ id: 'g1', role: 'parent', given: 'Morgan', family: 'Smith', agents: 's1' }),
          // A row being deleted is not judged (its grade does not matter).
          user11({ id: 's2', role: 'student', given: 'Old', family: 'Student', grades: 'PS', status: 'tobedeleted' }),
          user11({ id: 'g2', role: 'parent', given: 'Gone', family: 'Parent', status: 'TOBEDELETED' }),
        ),
        'classes.csv': lines(
          CLASSES,
          'c1,active,,Math,07,crs1,,scheduled,,org1,fall26,,,',
          'c2,tobedeleted,,Old,07,crs1,,scheduled,,org1,fall26,,,',
        ),
        'enrollments.csv': lines(
          ENROLLMENTS,
          'e1,active,,c1,org1,s1,student,,,',
          'e2,active,,c1,org1,s2,student,,,',
          'e3,active,,c2,org1,s1,student,,,',
          'e4,tobedeleted,,c1,org1,s1,student,,,',
        ),
        'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2013-04-02,female', 's2,active,,2012-01-01,male'),
        'academicSessions.csv': lines(
          SESSIONS,
          'sy26,active,,2026-2027,schoolYear,2026-08-13,2027-06-04,,2027',
          'sy25,tobedeleted,,x,schoolYear,,,,',
        ),
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(ids(pkg.users)).toEqual(['s1', 'g1']);
    expect(pkg.users[0]?.agentSourcedIds).toEqual(['g1']);
    expect(ids(pkg.classes)).toEqual(['c1']);
    expect(ids(pkg.enrollments)).toEqual(['e1']);
    expect(ids(pkg.demographics)).toEqual(['s1']);
    expect(ids(pkg.academicSessions)).toEqual(['sy26']);
  });

  it('keeps every academic session, and the sexes of each version', () => {
    const pkg = read(
      files11({
        'academicSessions.csv': lines(
          SESSIONS,
          'sy26,active,,2026-2027,schoolYear,2026-08-13,2027-06-04,,2027',
          'q1,active,,Q1,gradingPeriod,2026-08-13,2026-10-16,sy26,2027',
          't1,active,,Term 1,term,2026-08-13,2026-12-18,sy26,',
        ),
        'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,,Male'),
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(pkg.academicSessions.map((s) => [s.sourcedId, s.type, s.schoolYear])).toEqual([
      ['sy26', 'schoolYear', '2027'],
      ['q1', 'gradingPeriod', '2027'],
      ['t1', 'term', null],
    ]);
    expect(pkg.demographics).toEqual([{ sourcedId: 's1', birthDate: null, sex: 'male' }]);
  });
});

describe('rows left out, the rest read', () => {
  const only = (pkg: RosterPackage, file: string) => pkg.errors.filter((e) => e.file === file);

  it('a row with no sourcedId', () => {
    const pkg = read(
      files11({ 'orgs.csv': lines(ORGS, ',active,,Nameless,school,,', 'org1,active,,Lincoln Elementary,school,,') }),
    );
    expect(ids(pkg.orgs)).toEqual(['org1']);
    expect(pkg.errors).toEqual([
      {
        file: 'orgs.csv',
        line: 2,
        column: 'sourcedId',
        message: 'This row has no sourcedId, so nothing can be matched to it; it is left out.',
      },
    ]);
  });

  it('a sourcedId used twice in a file: the first row is kept', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '07' }),
          user11({ id: 's1', role: 'student', given: 'Other', family: 'Person', grades: '08' }),
        ),
        'enrollments.csv': null,
      }),
    );
    expect(pkg.users.map((u) => u.givenName)).toEqual(['Avery']);
    expect(pkg.errors).toEqual([
      {
        file: 'users.csv',
        line: 3,
        column: 'sourcedId',
        message: 'sourcedId "s1" is already used on line 2 of users.csv; this second row is left out.',
      },
    ]);
  });

  it('a person with no first or last name', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 't1', role: 'teacher', given: '', family: 'Lee' }),
          user11({ id: 't2', role: 'teacher', given: 'Ana', family: '  ' }),
          user11({ id: 't3', role: 'teacher', given: 'Ana', family: 'Ruiz' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(ids(pkg.users)).toEqual(['t3']);
    expect(pkg.errors).toEqual([
      { file: 'users.csv', line: 2, column: 'givenName', message: 'The first name (givenName) is empty.' },
      { file: 'users.csv', line: 3, column: 'familyName', message: 'The last name (familyName) is empty.' },
    ]);
  });

  it("a student whose grade the school does not have, or who has none; other people's grades are ignored", () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 's1', role: 'student', given: 'A', family: 'One', grades: '13' }),
          user11({ id: 's2', role: 'student', given: 'B', family: 'Two', grades: 'PS' }),
          user11({ id: 's3', role: 'student', given: 'C', family: 'Three', grades: '' }),
          user11({ id: 's4', role: 'student', given: 'D', family: 'Four', grades: '"05,UG"' }),
          user11({ id: 't1', role: 'teacher', given: 'E', family: 'Five', grades: '"UG,13"' }),
          user11({ id: 's5', role: 'student', given: 'F', family: 'Six', grades: '12' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.users.map((u) => [u.sourcedId, u.grades])).toEqual([
      ['t1', []],
      ['s5', ['12']],
    ]);
    expect(pkg.errors).toEqual([
      {
        file: 'users.csv',
        line: 2,
        column: 'grades',
        message: 'Grade "13" is not a grade this school has (TK, KG, 01–12).',
      },
      {
        file: 'users.csv',
        line: 3,
        column: 'grades',
        message: 'Grade "PS" is not a grade this school has (TK, KG, 01–12).',
      },
      {
        file: 'users.csv',
        line: 4,
        column: 'grades',
        message: 'A student needs a grade (TK, KG, 01–12); the grades cell is empty.',
      },
      {
        file: 'users.csv',
        line: 5,
        column: 'grades',
        message: 'Grade "UG" is not a grade this school has (TK, KG, 01–12).',
      },
    ]);
  });

  it('enabledUser that is not true or false (in any capitals)', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 't1', role: 'teacher', given: 'A', family: 'One', enabled: 'yes' }),
          user11({ id: 't2', role: 'teacher', given: 'B', family: 'Two', enabled: '' }),
          user11({ id: 't3', role: 'teacher', given: 'C', family: 'Three', enabled: 'FALSE' }),
          user11({ id: 't4', role: 'teacher', given: 'D', family: 'Four', enabled: 'True' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.users.map((u) => [u.sourcedId, u.enabledUser])).toEqual([
      ['t3', false],
      ['t4', true],
    ]);
    expect(pkg.errors).toEqual([
      { file: 'users.csv', line: 2, column: 'enabledUser', message: 'enabledUser is "yes"; it must be true or false.' },
      { file: 'users.csv', line: 3, column: 'enabledUser', message: 'enabledUser is ""; it must be true or false.' },
    ]);
  });

  it("a role that is not the version's (1.1: users.role)", () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 'u1', role: 'principal', given: 'A', family: 'One' }),
          user11({ id: 'u2', role: 'Teacher', given: 'B', family: 'Two' }),
          user11({ id: 'u3', role: '', given: 'C', family: 'Three' }),
          user11({ id: 'u4', role: 'aide', given: 'D', family: 'Four' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(ids(pkg.users)).toEqual(['u4']);
    expect(pkg.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [
        2,
        'role',
        'Role "principal" is not a OneRoster 1.1 role (administrator, aide, guardian, parent, proctor, relative, student, teacher).',
      ],
      [3, 'role', expect.stringContaining('Role "Teacher" is not a OneRoster 1.1 role')],
      [4, 'role', 'The role (role) is empty.'],
    ]);
  });

  it('in 1.2, a role row that cannot be used, a person with no usable role, and a role of someone not in users.csv', () => {
    const pkg = read(
      files12({
        'users.csv': lines(
          USERS_12,
          user12({ id: 't1', given: 'Jordan', family: 'Lee' }),
          user12({ id: 'p1', given: 'Pat', family: 'Kim' }),
          user12({ id: 'n1', given: 'No', family: 'Role' }),
          user12({ id: 'x1', given: '', family: 'Nameless' }),
        ),
        'roles.csv': lines(
          ROLES_12,
          'r1,active,,t1,primary,teacher,,,org1,',
          'r2,active,,p1,primary,janitor,,,org1,',
          'r3,active,,p1,main,principal,,,org1,',
          'r4,active,,ghost,primary,teacher,,,org1,',
          'r5,active,,x1,primary,teacher,,,org1,',
          'r6,active,,t1,secondary,counselor,,,org1,',
        ),
        'classes.csv': null,
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.users.map((u) => [u.sourcedId, u.role])).toEqual([['t1', 'teacher']]);
    expect(pkg.errors).toEqual([
      {
        file: 'roles.csv',
        line: 3,
        column: 'role',
        message: expect.stringMatching(
          /^Role "janitor" is not a OneRoster 1\.2 role \(aide, counselor, districtAdministrator, /,
        ),
      },
      { file: 'roles.csv', line: 4, column: 'roleType', message: 'roleType "main" must be primary or secondary.' },
      {
        file: 'users.csv',
        line: 3,
        column: null,
        message: "This person's role in roles.csv (line 3) cannot be used, so they are left out.",
      },
      {
        file: 'users.csv',
        line: 4,
        column: null,
        message: 'This person has no role in roles.csv (student, teacher, parent…), so they are left out.',
      },
      { file: 'users.csv', line: 5, column: 'givenName', message: 'The first name (givenName) is empty.' },
      {
        file: 'roles.csv',
        line: 5,
        column: 'userSourcedId',
        message: 'Person "ghost" is not in users.csv, so this role is left out.',
      },
      {
        file: 'roles.csv',
        line: 6,
        column: 'userSourcedId',
        message: 'Person "x1" was left out (line 5 of users.csv), so this role is left out too.',
      },
    ]);
  });

  it('a bad date in academicSessions and demographics, and a session ending before it starts', () => {
    const pkg = read(
      files11({
        'academicSessions.csv': lines(
          SESSIONS,
          'sy26,active,,2026-2027,schoolYear,2026-08-13,2027-06-04,,2027',
          'bad1,active,,Fall,term,08/13/2026,2026-12-18,sy26,2027',
          'bad2,active,,Spring,term,2027-01-05,2027-02-30,sy26,2027',
          'bad3,active,,Summer,term,2027-07-01,2027-06-01,sy26,2027',
          'bad4,active,,Winter,term,,2027-06-01,sy26,2027',
        ),
        'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2013-4-2,female'),
      }),
    );
    expect(ids(pkg.academicSessions)).toEqual(['sy26']);
    expect(pkg.demographics).toEqual([]);
    expect(pkg.errors).toEqual([
      {
        file: 'academicSessions.csv',
        line: 3,
        column: 'startDate',
        message: 'startDate "08/13/2026" is not a date written as YYYY-MM-DD (for example 2025-08-14).',
      },
      {
        file: 'academicSessions.csv',
        line: 4,
        column: 'endDate',
        message: 'endDate "2027-02-30" is not a date written as YYYY-MM-DD (for example 2025-08-14).',
      },
      {
        file: 'academicSessions.csv',
        line: 5,
        column: 'endDate',
        message: 'It ends (2027-06-01) before it starts (2027-07-01).',
      },
      { file: 'academicSessions.csv', line: 6, column: 'startDate', message: 'The start date (startDate) is empty.' },
      {
        file: 'demographics.csv',
        line: 2,
        column: 'birthDate',
        message: 'birthDate "2013-4-2" is not a date written as YYYY-MM-DD (for example 2014-03-09).',
      },
    ]);
  });

  it("a sex outside the version's vocabulary (1.1 has no unspecified)", () => {
    const pkg = read(files11({ 'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2013-04-02,unspecified') }));
    expect(pkg.demographics).toEqual([]);
    expect(pkg.errors).toEqual([
      {
        file: 'demographics.csv',
        line: 2,
        column: 'sex',
        message: 'sex "unspecified" is not one of OneRoster 1.1\'s: male, female.',
      },
    ]);
  });

  it('an enrollment whose person or class is not in the package (an orphan)', () => {
    const pkg = read(
      files11({
        'enrollments.csv': lines(
          ENROLLMENTS,
          'e1,active,,c1,org1,s1,student,,,',
          'e2,active,,c1,org1,s404,student,,,',
          'e3,active,,c404,org1,s1,student,,,',
          'e4,active,,c1,org1,,student,,,',
          'e5,active,,c1,org1,t1,teacher,yes,,',
        ),
      }),
    );
    expect(ids(pkg.enrollments)).toEqual(['e1']);
    expect(pkg.errors).toEqual([
      {
        file: 'enrollments.csv',
        line: 3,
        column: 'userSourcedId',
        message: 'Person "s404" is not in users.csv, so this enrollment is left out.',
      },
      {
        file: 'enrollments.csv',
        line: 4,
        column: 'classSourcedId',
        message: 'Class "c404" is not in classes.csv, so this enrollment is left out.',
      },
      { file: 'enrollments.csv', line: 5, column: 'userSourcedId', message: 'The person (userSourcedId) is empty.' },
      {
        file: 'enrollments.csv',
        line: 6,
        column: 'primary',
        message: 'primary is "yes"; it must be true or false (or empty).',
      },
    ]);
  });

  it('what refers to a row that was left out is left out in turn, saying why', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '13' }),
          user11({ id: 't1', role: 'teacher', given: 'Jordan', family: 'Lee' }),
        ),
        'classes.csv': lines(
          CLASSES,
          'c1,active,,,07,crs1,,scheduled,,org1,fall26,,,',
          'c2,active,,Art,07,crs1,,scheduled,,org1,fall26,,,',
        ),
        'enrollments.csv': lines(
          ENROLLMENTS,
          'e1,active,,c2,org1,s1,student,,,',
          'e2,active,,c1,org1,t1,teacher,true,,',
          'e3,active,,c2,org1,t1,teacher,true,,',
        ),
        'demographics.csv': lines(DEMOGRAPHICS, 's1,active,,2013-04-02,female'),
      }),
    );
    expect(ids(pkg.enrollments)).toEqual(['e3']);
    expect(pkg.demographics).toEqual([]);
    expect(only(pkg, 'enrollments.csv')).toEqual([
      {
        file: 'enrollments.csv',
        line: 2,
        column: 'userSourcedId',
        message: 'Person "s1" was left out (line 2 of users.csv), so this enrollment is left out too.',
      },
      {
        file: 'enrollments.csv',
        line: 3,
        column: 'classSourcedId',
        message: 'Class "c1" was left out (line 2 of classes.csv), so this enrollment is left out too.',
      },
    ]);
    expect(only(pkg, 'classes.csv')).toEqual([
      { file: 'classes.csv', line: 2, column: 'title', message: 'The title (title) is empty.' },
    ]);
    expect(only(pkg, 'demographics.csv')).toEqual([
      {
        file: 'demographics.csv',
        line: 2,
        column: 'sourcedId',
        message: 'Person "s1" was left out (line 2 of users.csv), so this demographics row is left out too.',
      },
    ]);
  });

  it('a demographics row for someone not in users.csv', () => {
    const pkg = read(files11({ 'demographics.csv': lines(DEMOGRAPHICS, 's404,active,,2013-04-02,female') }));
    expect(pkg.errors).toEqual([
      {
        file: 'demographics.csv',
        line: 2,
        column: 'sourcedId',
        message: 'Person "s404" is not in users.csv, so this demographics row is left out.',
      },
    ]);
  });

  it('a link (agentSourcedIds) to someone not in the package, or left out: the link is dropped, the person kept', () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '07', agents: '"g1,g404,g2"' }),
          user11({ id: 'g1', role: 'parent', given: 'Morgan', family: 'Smith' }),
          user11({ id: 'g2', role: 'parent', given: '', family: 'Smith' }),
        ),
        'enrollments.csv': null,
      }),
    );
    expect(pkg.users.map((u) => [u.sourcedId, u.agentSourcedIds])).toEqual([
      ['s1', ['g1']],
      ['g1', []],
    ]);
    expect(pkg.errors).toEqual([
      { file: 'users.csv', line: 4, column: 'givenName', message: 'The first name (givenName) is empty.' },
      {
        file: 'users.csv',
        line: 2,
        column: 'agentSourcedIds',
        message: 'Linked person "g404" is not in users.csv, so this link is dropped; Avery Smith is kept.',
      },
      {
        file: 'users.csv',
        line: 2,
        column: 'agentSourcedIds',
        message: 'Linked person "g2" was left out (line 4 of users.csv), so this link is dropped; Avery Smith is kept.',
      },
    ]);
  });

  it('the required values of orgs, courses and classes', () => {
    const pkg = read(
      files11({
        'orgs.csv': lines(
          ORGS,
          'org1,active,,Lincoln Elementary,school,,',
          'org2,active,,,school,,',
          'org3,active,,Other,,,',
        ),
        'courses.csv': lines(COURSES, 'crs1,active,,sy26,Math 7,M7,07,org1,,', 'crs2,active,,sy26,,M8,08,org1,,'),
        'classes.csv': lines(
          CLASSES,
          'c1,active,,Math 7 - P1,07,crs1,,scheduled,,org1,fall26,,,',
          'c2,active,,Art,07,crs1,,,,org1,fall26,,,',
        ),
      }),
    );
    expect(ids(pkg.orgs)).toEqual(['org1']);
    expect(ids(pkg.courses)).toEqual(['crs1']);
    expect(ids(pkg.classes)).toEqual(['c1']);
    expect(pkg.errors.map((e) => [e.file, e.line, e.column])).toEqual([
      ['orgs.csv', 3, 'name'],
      ['orgs.csv', 4, 'type'],
      ['courses.csv', 3, 'title'],
      ['classes.csv', 3, 'classType'],
    ]);
  });
});

describe('links between guardians and scholars', () => {
  it("keeps the lists as given, linked from the student's side only or the guardian's side only", () => {
    const pkg = read(
      files11({
        'users.csv': lines(
          USERS_11,
          // s1 names g1; g1 names nobody.
          user11({ id: 's1', role: 'student', given: 'Avery', family: 'Smith', grades: '07', agents: 'g1' }),
          user11({ id: 'g1', role: 'parent', given: 'Morgan', family: 'Smith' }),
          // g2 names s2; s2 names nobody.
          user11({ id: 's2', role: 'student', given: 'Blake', family: 'Jones', grades: '03' }),
          user11({ id: 'g2', role: 'guardian', given: 'Casey', family: 'Jones', agents: 's2' }),
          // Both sides name each other.
          user11({ id: 's3', role: 'student', given: 'Drew', family: 'Park', grades: 'KG', agents: 'g3' }),
          user11({ id: 'g3', role: 'relative', given: 'Eli', family: 'Park', agents: 's3' }),
          // A teacher named as an agent is not a guardian.
          user11({ id: 't1', role: 'teacher', given: 'Jordan', family: 'Lee', agents: 's1' }),
        ),
        'enrollments.csv': null,
        'demographics.csv': null,
      }),
    );
    expect(pkg.errors).toEqual([]);
    expect(pkg.users.map((u) => [u.sourcedId, u.agentSourcedIds])).toEqual([
      ['s1', ['g1']],
      ['g1', []],
      ['s2', []],
      ['g2', ['s2']],
      ['s3', ['g3']],
      ['g3', ['s3']],
      ['t1', ['s1']],
    ]);
    expect(guardianLinks(pkg)).toEqual([
      { guardianSourcedId: 'g1', scholarSourcedId: 's1' },
      { guardianSourcedId: 'g2', scholarSourcedId: 's2' },
      { guardianSourcedId: 'g3', scholarSourcedId: 's3' },
    ]);
  });
});

describe('a school-sized package', () => {
  it('reads 2,000 students, 3,000 guardians, 150 staff, 120 classes and 12,000 enrollments', () => {
    const users = [USERS_11];
    const enrollments = [ENROLLMENTS];
    const grades = [...CEDS_GRADES.keys()];
    for (let i = 0; i < 2000; i++) {
      const guardians = i < 1000 ? `"g${2 * i},g${2 * i + 1}"` : `g${i + 1000}`;
      users.push(
        user11({
          id: `s${i}`,
          role: 'student',
          given: `Student${i}`,
          family: 'Núñez',
          grades: grades[i % grades.length],
          agents: guardians,
        }),
      );
    }
    for (let i = 0; i < 3000; i++) {
      const child = i < 2000 ? `s${Math.floor(i / 2)}` : `s${i - 1000}`;
      users.push(
        user11({
          id: `g${i}`,
          role: i % 3 === 0 ? 'guardian' : 'parent',
          given: `Guardian${i}`,
          family: "O'Brien",
          agents: child,
        }),
      );
    }
    for (let i = 0; i < 150; i++)
      users.push(
        user11({ id: `t${i}`, role: i < 120 ? 'teacher' : 'administrator', given: `Staff${i}`, family: 'Lee' }),
      );
    const classes = [CLASSES];
    for (let i = 0; i < 120; i++) classes.push(`c${i},active,,Class ${i},07,crs1,,scheduled,,org1,fall26,,,`);
    for (let i = 0; i < 120; i++) enrollments.push(`et${i},active,,c${i},org1,t${i},teacher,true,,`);
    for (let i = 0; enrollments.length <= 12_000; i++) {
      enrollments.push(`es${i},active,,c${i % 120},org1,s${i % 2000},student,,,`);
    }
    const pkg = read(
      files11({
        'users.csv': lines(...users),
        'classes.csv': lines(...classes),
        'enrollments.csv': lines(...enrollments),
        'demographics.csv': lines(
          DEMOGRAPHICS,
          ...Array.from({ length: 2000 }, (_, i) => `s${i},active,,2014-03-09,${i % 2 ? 'male' : 'female'}`),
        ),
      }),
    );
    expect(pkg.errors).toEqual([]);
    const count = (role: string) => pkg.users.filter((u) => u.role === role).length;
    expect(count('student')).toBe(2000);
    expect(count('guardian') + count('parent')).toBe(3000);
    expect(count('teacher') + count('administrator')).toBe(150);
    expect(pkg.classes).toHaveLength(120);
    expect(pkg.enrollments).toHaveLength(12_000);
    expect(pkg.demographics).toHaveLength(2000);
    expect(guardianLinks(pkg)).toHaveLength(3000);
    expect(pkg.users.at(-1)?.line).toBe(5151);
  });
});
