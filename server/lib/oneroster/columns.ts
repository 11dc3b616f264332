/**
 * The OneRoster bulk CSV binding's columns, as data: one list per file per version, in the binding's order, each column
 * marked required (`*`) where the binding marks it required. The reader (read.ts) refuses a file that lacks a required
 * column and ignores every column not listed here (extensions such as `metadata.*`).
 *
 * Sources: 1EdTech OneRoster 1.1 CSV Tables (section 3) and OneRoster 1.2 CSV Binding (section 3). What changed in 1.2:
 * users.csv loses `orgSourcedIds` and `role` (a person's roles and orgs move to roles.csv) and gains
 * `userMasterIdentifier`, `resourceSourcedIds`, `preferredGivenName`, `preferredMiddleName`, `preferredFamilyName`,
 * `primaryOrgSourcedId` and `pronouns`; demographics' `sex` gains `other` and `unspecified`; the role vocabulary grows.
 * Header names are case-sensitive in both.
 */
import type { OneRosterVersion } from './types';

/** The files of a package this reader reads (the gradebook and resource files are not the school's roster). */
export type RosterFile =
  | 'orgs'
  | 'users'
  | 'roles'
  | 'academicSessions'
  | 'courses'
  | 'classes'
  | 'enrollments'
  | 'demographics';

export interface ColumnSpec {
  name: string;
  required: boolean;
}

/** `'sourcedId*, status'` → the columns, `*` marking a required one. */
function columns(list: string): readonly ColumnSpec[] {
  return list.split(',').map((raw) => {
    const name = raw.trim();
    return name.endsWith('*') ? { name: name.slice(0, -1), required: true } : { name, required: false };
  });
}

const ORGS = columns('sourcedId*, status, dateLastModified, name*, type*, identifier, parentSourcedId');
const ACADEMIC_SESSIONS = columns(
  'sourcedId*, status, dateLastModified, title*, type*, startDate*, endDate*, parentSourcedId, schoolYear*',
);
const COURSES = columns(
  'sourcedId*, status, dateLastModified, schoolYearSourcedId, title*, courseCode, grades, orgSourcedId*, subjects, subjectCodes',
);
const CLASSES = columns(
  'sourcedId*, status, dateLastModified, title*, grades, courseSourcedId*, classCode, classType*, location, schoolSourcedId*, termSourcedIds*, subjects, subjectCodes, periods',
);
const ENROLLMENTS = columns(
  'sourcedId*, status, dateLastModified, classSourcedId*, schoolSourcedId*, userSourcedId*, role*, primary, beginDate, endDate',
);
/** Keyed by the user: `sourcedId` is the user's. */
const DEMOGRAPHICS = columns(
  'sourcedId*, status, dateLastModified, birthDate, sex, americanIndianOrAlaskaNative, asian, blackOrAfricanAmerican, nativeHawaiianOrOtherPacificIslander, white, demographicRaceTwoOrMoreRaces, hispanicOrLatinoEthnicity, countryOfBirthCode, stateOfBirthAbbreviation, cityOfBirth, publicSchoolResidenceStatus',
);

export const COLUMNS: Record<OneRosterVersion, Partial<Record<RosterFile, readonly ColumnSpec[]>>> = {
  '1.1': {
    orgs: ORGS,
    users: columns(
      'sourcedId*, status, dateLastModified, enabledUser*, orgSourcedIds*, role*, username*, userIds, givenName*, familyName*, middleName, identifier, email, sms, phone, agentSourcedIds, grades, password',
    ),
    academicSessions: ACADEMIC_SESSIONS,
    courses: COURSES,
    classes: CLASSES,
    enrollments: ENROLLMENTS,
    demographics: DEMOGRAPHICS,
  },
  '1.2': {
    orgs: ORGS,
    users: columns(
      'sourcedId*, status, dateLastModified, enabledUser*, username*, userIds, givenName*, familyName*, middleName, identifier, email, sms, phone, agentSourcedIds, grades, password, userMasterIdentifier, resourceSourcedIds, preferredGivenName, preferredMiddleName, preferredFamilyName, primaryOrgSourcedId, pronouns',
    ),
    roles: columns(
      'sourcedId*, status, dateLastModified, userSourcedId*, roleType*, role*, beginDate, endDate, orgSourcedId*, userProfileSourcedId',
    ),
    academicSessions: ACADEMIC_SESSIONS,
    courses: COURSES,
    classes: CLASSES,
    enrollments: ENROLLMENTS,
    demographics: DEMOGRAPHICS,
  },
};

/** The files a bulk package must carry (`file.X` = `bulk`); every other file is optional. */
export const REQUIRED_FILES: Record<OneRosterVersion, readonly RosterFile[]> = {
  '1.1': ['orgs', 'users'],
  // 1.2 keeps a person's role only in roles.csv, so a package with users needs it.
  '1.2': ['orgs', 'users', 'roles'],
};

/** The `role` vocabulary: 1.1's users.role, 1.2's roles.role (extensions such as `ext:…` are not ours). */
export const ROLES: Record<OneRosterVersion, readonly string[]> = {
  '1.1': ['administrator', 'aide', 'guardian', 'parent', 'proctor', 'relative', 'student', 'teacher'],
  '1.2': [
    'aide',
    'counselor',
    'districtAdministrator',
    'guardian',
    'parent',
    'principal',
    'proctor',
    'relative',
    'siteAdministrator',
    'student',
    'systemAdministrator',
    'teacher',
  ],
};

/** demographics.sex: 1.1 has male and female; 1.2 adds other and unspecified. */
export const SEXES: Record<OneRosterVersion, readonly string[]> = {
  '1.1': ['male', 'female'],
  '1.2': ['male', 'female', 'other', 'unspecified'],
};
