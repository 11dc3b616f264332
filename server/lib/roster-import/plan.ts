/**
 * What applying a roster package would do to the database (DESIGN section 11): each record of the package matched
 * to a stored one by its sourcedId, else a record entered by hand by its student number (scholars) or email (people)
 * or name (classes), and compared field by field. The preview shows the plan's counts; the apply builds the plan
 * again on the database as it is then and carries it out (apply.ts), so both say the same thing.
 *
 * Identity rules: a record keeps its sourcedId; only records that carry one (an import brought or matched them) are
 * ever deactivated by a package that no longer has them, and never deleted; a scholar an import deactivated comes
 * back when a package has them again, while one the office withdrew stays withdrawn. Roles of existing accounts are
 * never changed by a file; new staff accounts get the role chosen for their OneRoster role.
 */
import { eq } from 'drizzle-orm';
import type {
  GuardianRelationship,
  RosterCount,
  RosterCounts,
  RosterMatch,
  StaffOneRosterRole,
} from '../../../src/contract';
import { ADMINISTRATOR_ROLE, uuidv7 } from '../../../src/contract';
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
import type { RosterError, RosterPackage, RosterUser } from '../oneroster/types';

/** The withdrawal reason of a scholar a package no longer has: what tells an import's withdrawal from the office's. */
export const IMPORT_WITHDRAWAL_REASON = 'No longer in the roster from the school information system';

/** What a OneRoster role becomes here. */
export type PersonKind = 'scholar' | 'guardian' | 'staff';
const KIND_OF_ROLE: Record<string, { kind: PersonKind; staffRole?: StaffOneRosterRole }> = {
  student: { kind: 'scholar' },
  parent: { kind: 'guardian' },
  guardian: { kind: 'guardian' },
  relative: { kind: 'guardian' },
  teacher: { kind: 'staff', staffRole: 'teacher' },
  aide: { kind: 'staff', staffRole: 'aide' },
  proctor: { kind: 'staff', staffRole: 'aide' },
  administrator: { kind: 'staff', staffRole: 'administrator' },
  principal: { kind: 'staff', staffRole: 'administrator' },
  siteAdministrator: { kind: 'staff', staffRole: 'administrator' },
  districtAdministrator: { kind: 'staff', staffRole: 'administrator' },
  systemAdministrator: { kind: 'staff', staffRole: 'administrator' },
};

type ScholarRow = Pick<
  typeof demographics.$inferSelect,
  | 'id'
  | 'sourced_id'
  | 'student_number'
  | 'fname'
  | 'lname'
  | 'nickname'
  | 'grade'
  | 'homeroom'
  | 'birth_date'
  | 'sex'
  | 'dismissal_plan'
  | 'dismissal_detail'
  | 'active'
  | 'withdrawal_reason'
  | 'user_id'
>;
type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'sourced_id' | 'email' | 'type' | 'fname' | 'lname' | 'phone' | 'user_number' | 'grade' | 'active'
>;
type CourseRow = Pick<typeof courses.$inferSelect, 'id' | 'sourced_id' | 'name' | 'room' | 'teacher' | 'active'>;

/** The stored records a plan compares against (read in a few whole-table queries). */
export interface Stored {
  scholars: ScholarRow[];
  users: UserRow[];
  administrators: Set<string>;
  courses: CourseRow[];
  enrollments: { course_id: string; scholar_id: string; sourced_id: string | null }[];
  links: { id: string; parent_id: string; scholar_id: string; imported: boolean; may_pick_up: boolean }[];
  year: { starts_on: string | null; ends_on: string | null; settingsId: string | null };
}

export async function readStored(tx: Pick<Tx, 'select'>): Promise<Stored> {
  const [scholarRows, userRows, adminRows, courseRows, enrollmentRows, linkRows, settingsRows] = await Promise.all([
    tx
      .select({
        id: demographics.id,
        sourced_id: demographics.sourced_id,
        student_number: demographics.student_number,
        fname: demographics.fname,
        lname: demographics.lname,
        nickname: demographics.nickname,
        grade: demographics.grade,
        homeroom: demographics.homeroom,
        birth_date: demographics.birth_date,
        sex: demographics.sex,
        dismissal_plan: demographics.dismissal_plan,
        dismissal_detail: demographics.dismissal_detail,
        active: demographics.active,
        withdrawal_reason: demographics.withdrawal_reason,
        user_id: demographics.user_id,
      })
      .from(demographics),
    tx
      .select({
        id: users.id,
        sourced_id: users.sourced_id,
        email: users.email,
        type: users.type,
        fname: users.fname,
        lname: users.lname,
        phone: users.phone,
        user_number: users.user_number,
        grade: users.grade,
        active: users.active,
      })
      .from(users),
    tx
      .select({ user_id: userRoles.user_id })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(eq(roles.name, ADMINISTRATOR_ROLE)),
    tx
      .select({
        id: courses.id,
        sourced_id: courses.sourced_id,
        name: courses.name,
        room: courses.room,
        teacher: courses.teacher,
        active: courses.active,
      })
      .from(courses),
    tx
      .select({
        course_id: courseEnrollments.course_id,
        scholar_id: courseEnrollments.scholar_id,
        sourced_id: courseEnrollments.sourced_id,
      })
      .from(courseEnrollments),
    tx
      .select({
        id: guardianships.id,
        parent_id: guardianships.parent_id,
        scholar_id: guardianships.scholar_id,
        imported: guardianships.imported,
        may_pick_up: guardianships.may_pick_up,
      })
      .from(guardianships),
    tx
      .select({ id: schoolSettings.id, starts_on: schoolSettings.year_starts_on, ends_on: schoolSettings.year_ends_on })
      .from(schoolSettings)
      .limit(1),
  ]);
  const [settings] = settingsRows;
  return {
    scholars: scholarRows,
    users: userRows,
    administrators: new Set(adminRows.map((r) => r.user_id)),
    courses: courseRows,
    enrollments: enrollmentRows,
    links: linkRows,
    year: {
      starts_on: settings?.starts_on ?? null,
      ends_on: settings?.ends_on ?? null,
      settingsId: settings?.id ?? null,
    },
  };
}

/** A change to one stored row: the fields that change, before and after. */
export interface RowUpdate<T> {
  id: string;
  before: Record<string, unknown>;
  after: Partial<T>;
}

export interface ScholarValues {
  id: string;
  /** Absent for a record the package names by its own id (an export of ours coming back): it stays as it was. */
  sourced_id?: string;
  student_number: string;
  fname: string;
  lname: string;
  nickname?: string | null;
  grade: string;
  homeroom?: string | null;
  birth_date?: string | null;
  sex?: string | null;
  dismissal_plan?: 'pick_up' | 'bus' | 'walker' | 'program';
  dismissal_detail?: string | null;
  user_id?: string | null;
}

export interface UserValues {
  id: string;
  sourced_id?: string;
  type: 'staff' | 'student' | 'parent';
  email: string;
  fname: string;
  lname: string;
  phone?: string | null;
  user_number?: string | null;
  grade?: string | null;
  active: boolean;
}

export interface Plan {
  counts: RosterCounts;
  links: RosterCount;
  errors: RosterError[];
  matched: RosterMatch[];
  /** New staff accounts per OneRoster staff role: the rows of the role choice. */
  staffRoles: Partial<Record<StaffOneRosterRole, number>>;
  scholars: { create: ScholarValues[]; update: RowUpdate<ScholarValues & { active: boolean }>[]; deactivate: string[] };
  users: {
    create: (UserValues & { staffRole?: StaffOneRosterRole })[];
    update: RowUpdate<UserValues>[];
    deactivate: { id: string; type: string }[];
  };
  courses: {
    create: { id: string; sourced_id: string; name: string; room: string | null; teacher: string | null }[];
    update: RowUpdate<{
      sourced_id?: string;
      name: string;
      room?: string | null;
      teacher?: string | null;
      active: boolean;
    }>[];
    deactivate: string[];
  };
  enrollments: {
    create: { course_id: string; scholar_id: string; sourced_id: string }[];
    update: { course_id: string; scholar_id: string; sourced_id: string }[];
    remove: { course_id: string; scholar_id: string }[];
  };
  guardianships: {
    create: { parent_id: string; scholar_id: string; relationship: GuardianRelationship }[];
    remove: { id: string; parent_id: string; scholar_id: string; may_pick_up: boolean }[];
  };
  year: { starts_on: string; ends_on: string; settingsId: string | null } | null;
  /** How many writes the apply makes: its progress bar's total. */
  total: number;
}

const zero = (): RosterCount => ({ create: 0, update: 0, deactivate: 0, unchanged: 0 });
const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The fields of `next` that differ from `row`, before and after; null when nothing differs. */
function diff<T extends object>(row: object, next: T): { before: Record<string, unknown>; after: Partial<T> } | null {
  const stored = row as Record<string, unknown>;
  const before: Record<string, unknown> = {};
  const after: Partial<T> = {};
  let changed = false;
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (next[key] === undefined) continue;
    if ((stored[key] ?? null) === (next[key] ?? null)) continue;
    before[key] = stored[key];
    after[key] = next[key];
    changed = true;
  }
  return changed ? { before, after } : null;
}

/** The name a person's record shows in the preview's list of matches. */
const personName = (u: Pick<RosterUser, 'givenName' | 'familyName'>) => `${u.givenName} ${u.familyName}`.trim();

/** A guardian's relationship from their OneRoster role and, for a parent, their sex in the package's demographics. */
function relationshipOf(role: string, sex: string | null | undefined): GuardianRelationship {
  if (role === 'parent') return sex === 'female' ? 'mother' : sex === 'male' ? 'father' : 'guardian';
  if (role === 'guardian') return 'guardian';
  return 'other';
}

/**
 * The school year the package's academic sessions give: the `schoolYear` session that holds `today`, else the
 * latest to start.
 */
function schoolYearOf(pkg: RosterPackage, today: string): { starts_on: string; ends_on: string } | null {
  const years = pkg.academicSessions.filter((s) => s.type === 'schoolYear');
  if (!years.length) return null;
  const current = years.find((s) => s.startDate <= today && today <= s.endDate);
  const chosen = current ?? [...years].sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
  return chosen ? { starts_on: chosen.startDate, ends_on: chosen.endDate } : null;
}

/** The kinds of record a package speaks for: only these are ever deactivated (or unlinked) by its absences. */
export type PlanScope = 'scholars' | 'guardians' | 'staff' | 'classes' | 'enrollments' | 'links';
export const ALL_SCOPES: readonly PlanScope[] = ['scholars', 'guardians', 'staff', 'classes', 'enrollments', 'links'];

export interface PlanOptions {
  /** What the package speaks for (a plain CSV of staff speaks for staff only); everything by default. */
  scope?: readonly PlanScope[];
  /** A plain CSV takes over any record of the same student number or email, wherever it came from. */
  adoptAny?: boolean;
}

/** Records a plain CSV brought (server/lib/roster-import/plain-csv.ts): a OneRoster package takes them over. */
const adoptable = (sourcedId: string | null, options: PlanOptions) =>
  !sourcedId || options.adoptAny || sourcedId.startsWith('csv:');

export function buildPlan(pkg: RosterPackage, stored: Stored, today: string, options: PlanOptions = {}): Plan {
  const scope = new Set(options.scope ?? ALL_SCOPES);
  const counts: RosterCounts = {
    scholars: zero(),
    guardians: zero(),
    staff: zero(),
    classes: zero(),
    enrollments: zero(),
  };
  const links = zero();
  const errors: RosterError[] = [...pkg.errors];
  const matched: RosterMatch[] = [];
  const staffRoles: Plan['staffRoles'] = {};
  const plan: Plan = {
    counts,
    links,
    errors,
    matched,
    staffRoles,
    scholars: { create: [], update: [], deactivate: [] },
    users: { create: [], update: [], deactivate: [] },
    courses: { create: [], update: [], deactivate: [] },
    enrollments: { create: [], update: [], remove: [] },
    guardianships: { create: [], remove: [] },
    year: null,
    total: 0,
  };
  /** The sourcedIds of rows left out: their stored records are neither updated nor deactivated. */
  const refusedIds = new Set(pkg.errors.map((e) => e.sourcedId).filter((id): id is string => !!id));
  const refuse = (u: RosterUser, column: string | null, message: string) => {
    refusedIds.add(u.sourcedId);
    errors.push({ file: 'users.csv', line: u.line, column, message, sourcedId: u.sourcedId });
  };

  const demographicsBy = new Map(pkg.demographics.map((d) => [d.sourcedId, d]));
  const dismissalBy = new Map((pkg.dismissal ?? []).map((d) => [d.sourcedId, d]));
  const scholarBySourced = new Map<string, ScholarRow>();
  const scholarByNumber = new Map<string, ScholarRow>();
  for (const s of stored.scholars) {
    if (s.sourced_id) scholarBySourced.set(s.sourced_id, s);
    scholarByNumber.set(s.student_number, s);
  }
  const userById = new Map(stored.users.map((u) => [u.id, u]));
  const scholarById = new Map(stored.scholars.map((r) => [r.id, r]));
  const userBySourced = new Map<string, UserRow>();
  const userByEmail = new Map<string, UserRow>();
  for (const u of stored.users) {
    if (u.sourced_id) userBySourced.set(u.sourced_id, u);
    userByEmail.set(lower(u.email), u);
  }

  // Homerooms: when the package has homeroom classes, each scholar's homeroom is theirs (or none).
  const classBy = new Map(pkg.classes.map((c) => [c.sourcedId, c]));
  const hasHomerooms = pkg.classes.some((c) => c.classType === 'homeroom');
  const homeroomOf = new Map<string, string>();
  for (const e of pkg.enrollments) {
    const c = classBy.get(e.classSourcedId);
    if (c?.classType !== 'homeroom' || e.role !== 'student' || homeroomOf.has(e.userSourcedId)) continue;
    homeroomOf.set(e.userSourcedId, c.location ?? c.title);
  }

  /** The scholar id of each package student taken in, and the user id of each person, for enrolments and links. */
  const scholarIdOf = new Map<string, string>();
  const userIdOf = new Map<string, string>();
  const kindOf = new Map<string, PersonKind>();
  const roleOf = new Map<string, string>();
  /** Stored rows the package holds (sourced or matched), so that those left over are the leavers. */
  const seenScholars = new Set<string>();
  const seenUsers = new Set<string>();
  /** Emails the package's people take, so that two of them never share one account. */
  const emailsTaken = new Map<string, string>();
  const numbersTaken = new Map<string, string>();

  /** The account a package person with an email is: the one with their sourcedId, or a hand-entered one by email. */
  const accountFor = (
    u: RosterUser,
    type: UserRow['type'],
    email: string | null,
    outcome = 'it is left out',
  ): { row: UserRow | undefined; refused: boolean; matchedBy: boolean } => {
    // A record the package names by its own id: the school's own export coming back (roster_exports).
    const own = userById.get(u.sourcedId);
    const bySourced = userBySourced.get(u.sourcedId) ?? (own && !own.sourced_id ? own : undefined);
    if (bySourced) {
      if (bySourced.type !== type) {
        refuse(
          u,
          'sourcedId',
          `This sourcedId belongs to a ${bySourced.type} account (${bySourced.fname} ${bySourced.lname}); ${outcome}.`,
        );
        return { row: undefined, refused: true, matchedBy: false };
      }
      if (email) {
        const holder = userByEmail.get(lower(email));
        if (holder && holder.id !== bySourced.id) {
          refuse(
            u,
            'email',
            `The email ${email} belongs to another account (${holder.fname} ${holder.lname}); ${outcome}.`,
          );
          return { row: undefined, refused: true, matchedBy: false };
        }
      }
      return { row: bySourced, refused: false, matchedBy: false };
    }
    if (!email) return { row: undefined, refused: false, matchedBy: false };
    const holder = userByEmail.get(lower(email));
    if (!holder) return { row: undefined, refused: false, matchedBy: false };
    if (!adoptable(holder.sourced_id, options)) {
      refuse(
        u,
        'email',
        `The email ${email} belongs to another person of the roster (${holder.fname} ${holder.lname}); ${outcome}.`,
      );
      return { row: undefined, refused: true, matchedBy: false };
    }
    if (holder.type !== type) {
      refuse(
        u,
        'email',
        `The email ${email} belongs to a ${holder.type} account (${holder.fname} ${holder.lname}); ${outcome}.`,
      );
      return { row: undefined, refused: true, matchedBy: false };
    }
    return { row: holder, refused: false, matchedBy: true };
  };

  /** Takes the email for this person, or refuses them when another person of the package has it. */
  const takeEmail = (u: RosterUser, email: string | null): boolean => {
    if (!email) return true;
    const other = emailsTaken.get(lower(email));
    if (other && other !== u.sourcedId) {
      refuse(u, 'email', `The email ${email} is also another person's of this package; it is left out.`);
      return false;
    }
    emailsTaken.set(lower(email), u.sourcedId);
    return true;
  };

  /** Plans the account's create or update; answers its id. */
  const planAccount = (
    values: Omit<UserValues, 'id'>,
    row: UserRow | undefined,
    count: RosterCount | null,
    staffRole?: StaffOneRosterRole,
  ): string => {
    if (!row) {
      const id = uuidv7();
      plan.users.create.push({ id, ...values, ...(staffRole ? { staffRole } : {}) });
      if (count) count.create++;
      if (staffRole) staffRoles[staffRole] = (staffRoles[staffRole] ?? 0) + 1;
      return id;
    }
    seenUsers.add(row.id);
    const change = diff(row, values);
    if (change) {
      plan.users.update.push({ id: row.id, ...change });
      if (count) count.update++;
    } else if (count) count.unchanged++;
    return row.id;
  };

  for (const u of pkg.users) {
    const role = KIND_OF_ROLE[u.role];
    if (!role) {
      refuse(u, 'role', `The role "${u.role}" is not one this school takes in; the person is left out.`);
      continue;
    }
    if (role.kind === 'scholar') {
      if (!u.identifier) {
        refuse(u, 'identifier', 'A student needs an identifier (the student number); the student is left out.');
        continue;
      }
      const grade = u.grades[0];
      if (!grade) {
        refuse(u, 'grades', 'A student needs a grade; the student is left out.');
        continue;
      }
      const numberHolder = numbersTaken.get(u.identifier);
      if (numberHolder) {
        refuse(
          u,
          'identifier',
          `The student number ${u.identifier} is also another student's of this package; the student is left out.`,
        );
        continue;
      }
      const ownRow = scholarById.get(u.sourcedId);
      let row = scholarBySourced.get(u.sourcedId) ?? (ownRow && !ownRow.sourced_id ? ownRow : undefined);
      /** Named by its own id (our export coming back): the record stays one entered by hand. */
      const ownRecord = !!row && !row.sourced_id && row.id === u.sourcedId;
      let byNumber = false;
      if (!row) {
        const holder = scholarByNumber.get(u.identifier);
        if (holder && !adoptable(holder.sourced_id, options)) {
          refuse(
            u,
            'identifier',
            `The student number ${u.identifier} belongs to another scholar of the roster (${holder.fname} ${holder.lname}); the student is left out.`,
          );
          continue;
        }
        if (holder) {
          row = holder;
          byNumber = true;
        }
      } else {
        const holder = scholarByNumber.get(u.identifier);
        if (holder && holder.id !== row.id) {
          refuse(
            u,
            'identifier',
            `The student number ${u.identifier} belongs to another scholar (${holder.fname} ${holder.lname}); the student is left out.`,
          );
          continue;
        }
      }
      // The scholar's portal account, when the package gives an email (a school's Google account).
      const email = u.email;
      const account = email
        ? accountFor(u, 'student', email, 'the student is taken in without a portal account')
        : { row: undefined, refused: false, matchedBy: false };
      const linkedAccount = row?.user_id ? userById.get(row.user_id) : undefined;
      const accountRow = account.row ?? linkedAccount;
      const withAccount = !!email && !account.refused && takeEmail(u, email);
      numbersTaken.set(u.identifier, u.sourcedId);
      const demo = demographicsBy.get(u.sourcedId);
      const values: Omit<ScholarValues, 'id'> = {
        sourced_id: ownRecord ? undefined : u.sourcedId,
        student_number: u.identifier,
        fname: u.givenName,
        lname: u.familyName,
        grade,
        ...(pkg.version === '1.2'
          ? { nickname: u.preferredGivenName && u.preferredGivenName !== u.givenName ? u.preferredGivenName : null }
          : {}),
        ...(hasHomerooms ? { homeroom: homeroomOf.get(u.sourcedId) ?? null } : {}),
        ...(demo?.birthDate ? { birth_date: demo.birthDate } : {}),
        ...(demo?.sex ? { sex: demo.sex } : {}),
        ...(dismissalBy.has(u.sourcedId)
          ? {
              dismissal_plan: dismissalBy.get(u.sourcedId)?.plan,
              dismissal_detail: dismissalBy.get(u.sourcedId)?.detail ?? null,
            }
          : {}),
      };
      let userId: string | null | undefined;
      if (withAccount && email) {
        userId = planAccount(
          {
            sourced_id: ownRecord && accountRow && !accountRow.sourced_id ? undefined : u.sourcedId,
            type: 'student',
            email,
            fname: u.givenName,
            lname: u.familyName,
            user_number: u.identifier,
            grade,
            active: u.enabledUser,
          },
          accountRow,
          null,
        );
        values.user_id = userId;
      }
      if (!row) {
        const id = uuidv7();
        plan.scholars.create.push({ id, ...values, sourced_id: u.sourcedId });
        counts.scholars.create++;
        scholarIdOf.set(u.sourcedId, id);
      } else {
        seenScholars.add(row.id);
        if (byNumber)
          matched.push({ kind: 'scholars', name: personName(u), by: 'student_number', value: u.identifier });
        // A scholar this import withdrew earlier is back; one the office withdrew stays so.
        const returning = !row.active && row.withdrawal_reason === IMPORT_WITHDRAWAL_REASON;
        const change = diff(row, { ...values, ...(returning ? { active: true } : {}) });
        if (change) {
          plan.scholars.update.push({ id: row.id, ...change });
          counts.scholars.update++;
        } else counts.scholars.unchanged++;
        scholarIdOf.set(u.sourcedId, row.id);
      }
      kindOf.set(u.sourcedId, 'scholar');
      roleOf.set(u.sourcedId, u.role);
      continue;
    }
    // Guardians and staff: an account each, found by sourcedId or by email.
    const count = role.kind === 'guardian' ? counts.guardians : counts.staff;
    const what = role.kind === 'guardian' ? 'A guardian' : 'A staff member';
    if (!u.email) {
      refuse(u, 'email', `${what} needs an email for their account; the person is left out.`);
      continue;
    }
    const type = role.kind === 'guardian' ? 'parent' : 'staff';
    const account = accountFor(u, type, u.email);
    if (account.refused || !takeEmail(u, u.email)) continue;
    if (account.matchedBy)
      matched.push({
        kind: role.kind === 'guardian' ? 'guardians' : 'staff',
        name: personName(u),
        by: 'email',
        value: u.email,
      });
    const ownAccount = account.row?.id === u.sourcedId && !account.row.sourced_id;
    const values: Omit<UserValues, 'id'> = {
      sourced_id: ownAccount ? undefined : u.sourcedId,
      type,
      email: u.email,
      fname: u.givenName,
      lname: u.familyName,
      active: u.enabledUser,
      // A blank in the package never erases what the office typed.
      ...(role.kind === 'guardian'
        ? u.phone
          ? { phone: u.phone }
          : {}
        : u.identifier
          ? { user_number: u.identifier }
          : {}),
    };
    const id = planAccount(values, account.row, count, role.kind === 'staff' ? role.staffRole : undefined);
    userIdOf.set(u.sourcedId, id);
    kindOf.set(u.sourcedId, role.kind);
    roleOf.set(u.sourcedId, u.role);
  }

  // Leavers: what an import brought and this package no longer has.
  for (const s of stored.scholars) {
    if (!scope.has('scholars')) break;
    if (!s.sourced_id || seenScholars.has(s.id) || !s.active || refusedIds.has(s.sourced_id)) continue;
    plan.scholars.deactivate.push(s.id);
    counts.scholars.deactivate++;
  }
  for (const u of stored.users) {
    if (!u.sourced_id || seenUsers.has(u.id) || !u.active || refusedIds.has(u.sourced_id)) continue;
    const kind = u.type === 'parent' ? 'guardians' : u.type === 'staff' ? 'staff' : 'scholars';
    if (!scope.has(kind)) continue;
    // The school's administrators keep their way in whatever a file says.
    if (stored.administrators.has(u.id)) continue;
    plan.users.deactivate.push({ id: u.id, type: u.type });
    if (u.type === 'parent') counts.guardians.deactivate++;
    else if (u.type === 'staff') counts.staff.deactivate++;
  }

  // Classes: one course each; the primary teacher (else the first) names its teacher.
  const teacherOf = new Map<string, string>();
  const userBy = new Map(pkg.users.map((u) => [u.sourcedId, u]));
  for (const e of [...pkg.enrollments].sort((a, b) => Number(b.primary) - Number(a.primary))) {
    if (e.role !== 'teacher' || teacherOf.has(e.classSourcedId)) continue;
    const t = userBy.get(e.userSourcedId);
    if (t && kindOf.get(t.sourcedId) === 'staff') teacherOf.set(e.classSourcedId, personName(t));
  }
  const courseBySourced = new Map<string, CourseRow>();
  const courseByName = new Map<string, CourseRow>();
  for (const c of stored.courses) {
    if (c.sourced_id) courseBySourced.set(c.sourced_id, c);
    else if (!courseByName.has(lower(c.name))) courseByName.set(lower(c.name), c);
  }
  const courseIdOf = new Map<string, string>();
  const seenCourses = new Set<string>();
  const courseById = new Map(stored.courses.map((c) => [c.id, c]));
  for (const c of pkg.classes) {
    const ownRow = courseById.get(c.sourcedId);
    let row = courseBySourced.get(c.sourcedId) ?? (ownRow && !ownRow.sourced_id ? ownRow : undefined);
    const ownRecord = !!row && !row.sourced_id && row.id === c.sourcedId;
    const teacher = teacherOf.get(c.sourcedId);
    // A blank (no room, no teacher's enrolment) never erases what is stored.
    const values = {
      sourced_id: ownRecord ? undefined : c.sourcedId,
      name: c.title,
      ...(c.location ? { room: c.location } : {}),
      ...(teacher ? { teacher } : {}),
      active: true,
    };
    if (!row) {
      // A class the Classroom sync (or the office) already keeps under the same name: the same class, not a second.
      const same = courseByName.get(lower(c.title));
      if (same && !seenCourses.has(same.id)) {
        row = same;
        matched.push({ kind: 'classes', name: c.title, by: 'name', value: c.title });
      }
    }
    if (!row) {
      const id = uuidv7();
      plan.courses.create.push({ id, ...values, sourced_id: c.sourcedId, room: c.location, teacher: teacher ?? null });
      counts.classes.create++;
      courseIdOf.set(c.sourcedId, id);
      continue;
    }
    seenCourses.add(row.id);
    courseIdOf.set(c.sourcedId, row.id);
    const change = diff(row, values);
    if (change) {
      plan.courses.update.push({ id: row.id, ...change });
      counts.classes.update++;
    } else counts.classes.unchanged++;
  }
  for (const c of stored.courses) {
    if (!scope.has('classes')) break;
    if (!c.sourced_id || seenCourses.has(c.id) || !c.active || refusedIds.has(c.sourced_id)) continue;
    plan.courses.deactivate.push(c.id);
    counts.classes.deactivate++;
  }

  // Enrolments: scholars in classes (teachers' enrolments name the class's teacher above).
  const enrolled = new Map(stored.enrollments.map((e) => [`${e.course_id}:${e.scholar_id}`, e]));
  const wanted = new Set<string>();
  for (const e of pkg.enrollments) {
    if (e.role !== 'student') continue;
    const courseId = courseIdOf.get(e.classSourcedId);
    const scholarId = scholarIdOf.get(e.userSourcedId);
    if (!courseId || !scholarId) {
      errors.push({
        file: 'enrollments.csv',
        line: e.line,
        column: courseId ? 'userSourcedId' : 'classSourcedId',
        message: courseId
          ? `The student ${e.userSourcedId} was left out of this import, so this enrolment is too.`
          : `The class ${e.classSourcedId} was left out of this import, so this enrolment is too.`,
      });
      continue;
    }
    const key = `${courseId}:${scholarId}`;
    if (wanted.has(key)) continue;
    wanted.add(key);
    const row = enrolled.get(key);
    if (!row) {
      plan.enrollments.create.push({ course_id: courseId, scholar_id: scholarId, sourced_id: e.sourcedId });
      counts.enrollments.create++;
    } else if (row.sourced_id && row.sourced_id !== e.sourcedId) {
      plan.enrollments.update.push({ course_id: courseId, scholar_id: scholarId, sourced_id: e.sourcedId });
      counts.enrollments.update++;
    } else counts.enrollments.unchanged++;
  }
  const refusedScholars = new Set(
    stored.scholars.filter((s) => s.sourced_id && refusedIds.has(s.sourced_id)).map((s) => s.id),
  );
  for (const e of stored.enrollments) {
    if (!scope.has('enrollments')) break;
    if (!e.sourced_id || wanted.has(`${e.course_id}:${e.scholar_id}`) || refusedScholars.has(e.scholar_id)) continue;
    plan.enrollments.remove.push({ course_id: e.course_id, scholar_id: e.scholar_id });
    counts.enrollments.deactivate++;
  }

  // Guardianships: a link from either side's agentSourcedIds.
  const pairs = new Map<string, { parent: RosterUser; scholar: RosterUser }>();
  for (const u of pkg.users) {
    for (const other of u.agentSourcedIds) {
      const o = userBy.get(other);
      if (!o) continue;
      const [parent, scholar] =
        kindOf.get(u.sourcedId) === 'guardian' && kindOf.get(o.sourcedId) === 'scholar'
          ? [u, o]
          : kindOf.get(u.sourcedId) === 'scholar' && kindOf.get(o.sourcedId) === 'guardian'
            ? [o, u]
            : [null, null];
      if (!parent || !scholar) continue;
      pairs.set(`${parent.sourcedId}:${scholar.sourcedId}`, { parent, scholar });
    }
  }
  // A guardian's link to a scholar already on file rather than in the package (a plain CSV of guardians names their
  // scholars by student number).
  const storedScholarFor = (agent: string) => {
    const row = scholarBySourced.get(agent) ?? scholarByNumber.get(agent.startsWith('csv:sn:') ? agent.slice(7) : '');
    return row?.active ? row : undefined;
  };
  const extraPairs: { parent: RosterUser; scholarId: string }[] = [];
  for (const u of pkg.users) {
    if (kindOf.get(u.sourcedId) !== 'guardian') continue;
    for (const agent of u.agentSourcedIds) {
      if (userBy.has(agent)) continue;
      const row = storedScholarFor(agent);
      if (row) extraPairs.push({ parent: u, scholarId: row.id });
      else
        errors.push({
          file: 'users.csv',
          line: u.line,
          column: 'agentSourcedIds',
          message: `No scholar ${agent.replace(/^csv:sn:/, '')} is on file; ${personName(u)} is not linked to them.`,
        });
    }
  }
  const linked = new Map(stored.links.map((l) => [`${l.parent_id}:${l.scholar_id}`, l]));
  const wantedLinks = new Set<string>();
  const allPairs = [
    ...[...pairs.values()].map(({ parent, scholar }) => ({ parent, scholarId: scholarIdOf.get(scholar.sourcedId) })),
    ...extraPairs,
  ];
  for (const { parent, scholarId } of allPairs) {
    const parentId = userIdOf.get(parent.sourcedId);
    if (!parentId || !scholarId) continue;
    const key = `${parentId}:${scholarId}`;
    wantedLinks.add(key);
    if (linked.has(key)) {
      links.unchanged++;
      continue;
    }
    plan.guardianships.create.push({
      parent_id: parentId,
      scholar_id: scholarId,
      relationship: relationshipOf(roleOf.get(parent.sourcedId) ?? '', demographicsBy.get(parent.sourcedId)?.sex),
    });
    links.create++;
  }
  for (const l of stored.links) {
    if (!scope.has('links')) break;
    if (!l.imported || wantedLinks.has(`${l.parent_id}:${l.scholar_id}`)) continue;
    plan.guardianships.remove.push(l);
    links.deactivate++;
  }

  const year = schoolYearOf(pkg, today);
  if (year && (year.starts_on !== stored.year.starts_on || year.ends_on !== stored.year.ends_on)) {
    plan.year = { ...year, settingsId: stored.year.settingsId };
  }

  plan.total =
    plan.scholars.create.length +
    plan.scholars.update.length +
    plan.scholars.deactivate.length +
    plan.users.create.length +
    plan.users.update.length +
    plan.users.deactivate.length +
    plan.courses.create.length +
    plan.courses.update.length +
    plan.courses.deactivate.length +
    plan.enrollments.create.length +
    plan.enrollments.update.length +
    plan.enrollments.remove.length +
    plan.guardianships.create.length +
    plan.guardianships.remove.length +
    (plan.year ? 1 : 0);
  return plan;
}
