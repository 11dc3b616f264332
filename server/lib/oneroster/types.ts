/**
 * What a OneRoster 1.1 or 1.2 bulk CSV package says, once read (read.ts): the rows the import can use, already
 * checked against the binding's rules and against each other, and the rows it cannot, each with its file, line and
 * reason. Values are trimmed; an empty cell is null. Grades are ours (TK, K, 1…12), mapped from CEDS.
 */

export type OneRosterVersion = '1.1' | '1.2';

/** A row (or a whole file or column) the import cannot use. `line` is the file's line, the header being line 1. */
export interface RosterError {
  file: string;
  line: number | null;
  column: string | null;
  message: string;
  /** The sourcedId of the row left out, when it has one: its stored record is then left as it is. */
  sourcedId?: string;
}

/** The roles of the binding's `role` vocabulary (1.1 users.role; 1.2 roles.role). */
export type OneRosterRole =
  | 'administrator'
  | 'aide'
  | 'guardian'
  | 'parent'
  | 'proctor'
  | 'relative'
  | 'student'
  | 'teacher'
  // 1.2 only
  | 'counselor'
  | 'districtAdministrator'
  | 'principal'
  | 'siteAdministrator'
  | 'systemAdministrator'
  | 'student'
  | 'teacher';

export interface RosterOrg {
  sourcedId: string;
  name: string;
  type: string;
  identifier: string | null;
}

export interface RosterUser {
  sourcedId: string;
  /** The CSV line the user came from, for messages. */
  line: number;
  /** The person's role: 1.1's users.role, 1.2's primary role of roles.csv (or its first when none is primary). */
  role: OneRosterRole;
  enabledUser: boolean;
  givenName: string;
  familyName: string;
  middleName: string | null;
  /** 1.2's preferredGivenName; null in 1.1. */
  preferredGivenName: string | null;
  /** The school's own number for the person (a scholar's student number). */
  identifier: string | null;
  email: string | null;
  username: string | null;
  /** `phone`, else `sms`. */
  phone: string | null;
  /** Our grades (TK, K, 1…12), mapped from CEDS; the first is the scholar's grade. */
  grades: string[];
  /** Users this one is an agent of or has as agents (a parent's children, a student's parents), as listed. */
  agentSourcedIds: string[];
  orgSourcedIds: string[];
}

export interface RosterAcademicSession {
  sourcedId: string;
  title: string;
  /** `schoolYear`, `term`, `semester`, `gradingPeriod`. */
  type: string;
  startDate: string;
  endDate: string;
  parentSourcedId: string | null;
  schoolYear: string | null;
}

export interface RosterCourse {
  sourcedId: string;
  title: string;
  courseCode: string | null;
}

export interface RosterClass {
  sourcedId: string;
  line: number;
  title: string;
  /** `homeroom` or `scheduled`. */
  classType: 'homeroom' | 'scheduled';
  location: string | null;
  classCode: string | null;
  courseSourcedId: string | null;
  schoolSourcedId: string | null;
  grades: string[];
}

export interface RosterEnrollment {
  sourcedId: string;
  line: number;
  classSourcedId: string;
  userSourcedId: string;
  /** `student`, `teacher`, `aide`, `administrator`, … as given. */
  role: string;
  primary: boolean;
}

export interface RosterDemographic {
  /** The user's sourcedId (demographics are keyed by the user). */
  sourcedId: string;
  /** YYYY-MM-DD, or null. */
  birthDate: string | null;
  /** `male`, `female`, `other`, `unspecified` (1.2 adds `unspecified`), or null. */
  sex: string | null;
}

/** A package that could be read: what it holds, with every row refused listed in `errors`. */
export interface RosterPackage {
  version: OneRosterVersion;
  orgs: RosterOrg[];
  users: RosterUser[];
  academicSessions: RosterAcademicSession[];
  courses: RosterCourse[];
  classes: RosterClass[];
  enrollments: RosterEnrollment[];
  demographics: RosterDemographic[];
  /**
   * Each scholar's default dismissal plan, from a plain CSV whose mapping names the column (OneRoster has no such
   * field); absent: the import leaves every scholar's plan as it is.
   */
  dismissal?: { sourcedId: string; plan: 'pick_up' | 'bus' | 'walker' | 'program'; detail: string | null }[];
  errors: RosterError[];
}

/** What read() answers: the package, or why it cannot be read at all (422, nothing stored). */
export type ReadResult = { ok: true; package: RosterPackage } | { ok: false; error: RosterError };
