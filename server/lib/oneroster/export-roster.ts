/**
 * The school's roster as a OneRoster 1.1 bulk package (write.ts writes it): the school as one org; active scholars as
 * students, active guardians as parents and active staff as teachers (administrators when they hold the Administrator
 * role); the school year as an academic session when its dates are set; every active class as a course and its class;
 * the scholars' class enrolments; and the scholars' birth dates and sex.
 *
 * Identifiers: a record an import brought keeps the `sourcedId` it came with (its `sourced_id` column), so the school's
 * information system recognises its own records; any other record is named by its own id. What has no id of its own
 * (the org, the school year, a class's course, an enrolment made by Classroom) gets a name-based UUID (RFC 4122 version
 * 5) derived from the school settings row's id, so that the same thing has the same sourcedId in every export.
 *
 * Set-based: eight selects in one repeatable-read transaction (one snapshot of the roster, whatever is changed while it
 * runs), joined in memory through Maps, so 2,000 scholars, 3,000 guardians and 12,000 enrolments cost the same eight
 * round trips as ten.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE } from '../../../src/contract/permissions';
import type { Tx } from '../../db/client';
import {
  courseEnrollments,
  courses,
  demographics,
  guardianships,
  roles,
  schoolSettings,
  userRoles,
  users,
} from '../../db/schema';
import type { OneRosterPackage, OneRosterRow } from './write';

/** Our grades (TK, K, 1…12) as CEDS Entry Grade Level codes (TK, KG, 01…12), the binding's vocabulary for grades. */
export function cedsGrade(grade: string): string | null {
  if (grade === 'TK') return 'TK';
  if (grade === 'K') return 'KG';
  const n = Number(grade);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? String(n).padStart(2, '0') : null;
}

/** The grades as one multi-valued cell: CEDS codes, comma-separated, unknown ones left out. */
const gradesCell = (grades: readonly string[]) =>
  grades
    .map(cedsGrade)
    .filter((g): g is string => g !== null)
    .join(',');

/** A name-based UUID (RFC 4122 section 4.3, version 5, SHA-1) of `name` in the namespace `namespace` (a UUID). */
export function nameUuid(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace of a school without a settings row yet (one made before setup): still the same in every export. */
const NO_SETTINGS_NAMESPACE = '2f6d3c1e-8a43-5b7e-9a61-0e1f4b2c7d90';

/** The 1.1 binding's `sex` vocabulary is male and female: another value (or none) is left empty. */
const sexOf = (sex: string | null) => {
  const value = sex?.trim().toLowerCase();
  return value === 'male' || value === 'female' ? value : null;
};

/** How many records of each kind the package holds (the audit event's and the tests' numbers). */
export interface RosterExportCounts {
  orgs: number;
  students: number;
  parents: number;
  teachers: number;
  administrators: number;
  academicSessions: number;
  courses: number;
  classes: number;
  enrollments: number;
  demographics: number;
}

export interface RosterExport {
  package: OneRosterPackage;
  counts: RosterExportCounts;
}

/** Reads the roster and builds the package's rows. `schoolName` is the org's name. */
export async function exportRoster(tx: Tx, schoolName: string): Promise<RosterExport> {
  const [settings] = await tx
    .select({
      id: schoolSettings.id,
      year_starts_on: schoolSettings.year_starts_on,
      year_ends_on: schoolSettings.year_ends_on,
    })
    .from(schoolSettings)
    .orderBy(asc(schoolSettings.created_at))
    .limit(1);
  const namespace = settings?.id ?? NO_SETTINGS_NAMESPACE;
  const orgId = nameUuid(namespace, 'oneroster:org');

  const scholars = await tx
    .select({
      id: demographics.id,
      sourced_id: demographics.sourced_id,
      student_number: demographics.student_number,
      fname: demographics.fname,
      lname: demographics.lname,
      grade: demographics.grade,
      birth_date: demographics.birth_date,
      sex: demographics.sex,
      email: users.email,
    })
    .from(demographics)
    .leftJoin(users, eq(users.id, demographics.user_id))
    .where(eq(demographics.active, true))
    .orderBy(asc(demographics.lname), asc(demographics.fname), asc(demographics.id));

  const people = {
    id: users.id,
    sourced_id: users.sourced_id,
    fname: users.fname,
    lname: users.lname,
    email: users.email,
    phone: users.phone,
    user_number: users.user_number,
  };
  const byName = [asc(users.lname), asc(users.fname), asc(users.id)];
  const guardians = await tx
    .select(people)
    .from(users)
    .where(and(eq(users.type, 'parent'), eq(users.active, true)))
    .orderBy(...byName);
  const staff = await tx
    .select(people)
    .from(users)
    .where(and(eq(users.type, 'staff'), eq(users.active, true)))
    .orderBy(...byName);
  const administratorIds = new Set(
    (
      await tx
        .select({ user_id: userRoles.user_id })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.role_id))
        .where(eq(sql`lower(${roles.name})`, ADMINISTRATOR_ROLE.toLowerCase()))
    ).map((r) => r.user_id),
  );

  const links = await tx
    .select({ parent_id: guardianships.parent_id, scholar_id: guardianships.scholar_id })
    .from(guardianships)
    .innerJoin(demographics, and(eq(demographics.id, guardianships.scholar_id), eq(demographics.active, true)))
    .innerJoin(users, and(eq(users.id, guardianships.parent_id), eq(users.active, true), eq(users.type, 'parent')));

  const classes = await tx
    .select({
      id: courses.id,
      sourced_id: courses.sourced_id,
      name: courses.name,
      room: courses.room,
      grades: courses.grades,
    })
    .from(courses)
    .where(eq(courses.active, true))
    .orderBy(asc(courses.name), asc(courses.id));

  const enrolments = await tx
    .select({
      course_id: courseEnrollments.course_id,
      scholar_id: courseEnrollments.scholar_id,
      sourced_id: courseEnrollments.sourced_id,
    })
    .from(courseEnrollments)
    .innerJoin(courses, and(eq(courses.id, courseEnrollments.course_id), eq(courses.active, true)))
    .innerJoin(demographics, and(eq(demographics.id, courseEnrollments.scholar_id), eq(demographics.active, true)))
    .orderBy(asc(courses.name), asc(courseEnrollments.course_id), asc(demographics.lname), asc(demographics.id));

  const scholarSid = new Map(scholars.map((s) => [s.id, s.sourced_id ?? s.id]));
  const guardianSid = new Map(guardians.map((g) => [g.id, g.sourced_id ?? g.id]));
  const agentsOf = new Map<string, string[]>();
  const addAgent = (id: string, agent: string) => {
    const list = agentsOf.get(id);
    if (list) list.push(agent);
    else agentsOf.set(id, [agent]);
  };
  for (const link of links) {
    const parent = guardianSid.get(link.parent_id);
    const scholar = scholarSid.get(link.scholar_id);
    if (!parent || !scholar) continue;
    addAgent(link.scholar_id, parent);
    addAgent(link.parent_id, scholar);
  }

  const userRows: OneRosterRow<'users'>[] = [];
  for (const s of scholars) {
    const sourcedId = scholarSid.get(s.id) as string;
    userRows.push({
      sourcedId,
      enabledUser: 'true',
      orgSourcedIds: orgId,
      role: 'student',
      username: s.email ?? s.student_number,
      givenName: s.fname,
      familyName: s.lname,
      identifier: s.student_number,
      email: s.email,
      agentSourcedIds: agentsOf.get(s.id)?.sort().join(','),
      grades: cedsGrade(s.grade),
    });
  }
  for (const g of guardians) {
    userRows.push({
      sourcedId: guardianSid.get(g.id),
      enabledUser: 'true',
      orgSourcedIds: orgId,
      role: 'parent',
      username: g.email,
      givenName: g.fname,
      familyName: g.lname,
      identifier: g.user_number,
      email: g.email,
      phone: g.phone,
      agentSourcedIds: agentsOf.get(g.id)?.sort().join(','),
    });
  }
  let administrators = 0;
  for (const p of staff) {
    const isAdministrator = administratorIds.has(p.id);
    if (isAdministrator) administrators++;
    userRows.push({
      sourcedId: p.sourced_id ?? p.id,
      enabledUser: 'true',
      orgSourcedIds: orgId,
      role: isAdministrator ? 'administrator' : 'teacher',
      username: p.email,
      givenName: p.fname,
      familyName: p.lname,
      identifier: p.user_number,
      email: p.email,
      phone: p.phone,
    });
  }

  // The school year, when its dates are set: every course and class belongs to it.
  const year =
    settings?.year_starts_on && settings.year_ends_on
      ? {
          sourcedId: nameUuid(namespace, `oneroster:schoolYear:${settings.year_starts_on}:${settings.year_ends_on}`),
          title: `${settings.year_starts_on.slice(0, 4)}-${settings.year_ends_on.slice(0, 4)}`,
          type: 'schoolYear',
          startDate: settings.year_starts_on,
          endDate: settings.year_ends_on,
          // The binding's schoolYear is the year in which the school year ends.
          schoolYear: settings.year_ends_on.slice(0, 4),
        }
      : null;

  const classSid = new Map(classes.map((c) => [c.id, c.sourced_id ?? c.id]));
  const courseRows: OneRosterRow<'courses'>[] = [];
  const classRows: OneRosterRow<'classes'>[] = [];
  for (const c of classes) {
    const sourcedId = classSid.get(c.id) as string;
    // One course per class: the school keeps classes only, and the binding wants each class to be of a course.
    const courseId = nameUuid(namespace, `oneroster:course:${c.id}`);
    const grades = gradesCell(c.grades);
    courseRows.push({
      sourcedId: courseId,
      schoolYearSourcedId: year?.sourcedId,
      title: c.name,
      grades,
      orgSourcedId: orgId,
    });
    classRows.push({
      sourcedId,
      title: c.name,
      grades,
      courseSourcedId: courseId,
      // The school's classes have no homeroom marker (a scholar's homeroom is a word on the scholar): all are
      // scheduled classes.
      classType: 'scheduled',
      location: c.room,
      schoolSourcedId: orgId,
      termSourcedIds: year?.sourcedId,
    });
  }

  const enrollmentRows: OneRosterRow<'enrollments'>[] = enrolments.map((e) => ({
    sourcedId: e.sourced_id ?? nameUuid(namespace, `oneroster:enrollment:${e.course_id}:${e.scholar_id}`),
    classSourcedId: classSid.get(e.course_id),
    schoolSourcedId: orgId,
    userSourcedId: scholarSid.get(e.scholar_id),
    role: 'student',
    primary: 'false',
  }));

  const demographicRows: OneRosterRow<'demographics'>[] = [];
  for (const s of scholars) {
    const sex = sexOf(s.sex);
    if (!s.birth_date && !sex) continue;
    demographicRows.push({ sourcedId: scholarSid.get(s.id), birthDate: s.birth_date, sex });
  }

  return {
    package: {
      orgs: [{ sourcedId: orgId, name: schoolName, type: 'school' }],
      users: userRows,
      ...(year ? { academicSessions: [year] } : {}),
      courses: courseRows,
      classes: classRows,
      enrollments: enrollmentRows,
      demographics: demographicRows,
    },
    counts: {
      orgs: 1,
      students: scholars.length,
      parents: guardians.length,
      teachers: staff.length - administrators,
      administrators,
      academicSessions: year ? 1 : 0,
      courses: courseRows.length,
      classes: classRows.length,
      enrollments: enrollmentRows.length,
      demographics: demographicRows.length,
    },
  };
}
