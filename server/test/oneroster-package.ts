/**
 * OneRoster bulk CSV packages made in a test: each file with every column of its version's binding in the binding's
 * order, rows given by column name (a column not given is blank), written by csv-stringify
 * (RFC 4180) and zipped by fflate. `bom` puts a UTF-8 byte order mark before each file; `drop` leaves files out
 * (the manifest still listing them as bulk);
 * `extra` adds files or replaces them as given (to break a rule on purpose).
 */
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { COLUMNS, type RosterFile } from '../lib/oneroster/columns';
import type { OneRosterVersion } from '../lib/oneroster/types';

type Cells = Record<string, string | number | boolean | null | undefined>;

/** Every column of a file of the version, in the binding's order (the reader's own list, server/lib/oneroster). */
const columnsOf = (version: OneRosterVersion, file: RosterFile): string[] =>
  (COLUMNS[version][file] ?? []).map((c) => c.name);

/** A person of the package: role, names and what else the test gives. */
export interface PackageUser {
  sourcedId: string;
  role: string;
  givenName: string;
  familyName: string;
  email?: string;
  identifier?: string;
  grades?: string;
  agentSourcedIds?: string[];
  phone?: string;
  preferredGivenName?: string;
  enabledUser?: boolean;
}

export interface PackageSpec {
  version?: '1.1' | '1.2';
  users: PackageUser[];
  classes?: Cells[];
  courses?: Cells[];
  enrollments?: Cells[];
  academicSessions?: Cells[];
  demographics?: Cells[];
  bom?: boolean;
  drop?: string[];
  extra?: Record<string, string>;
}

export const SCHOOL_ORG = 'org-school';

function csv(columns: readonly string[], rows: Cells[]): string {
  const extra = rows.flatMap((r) => Object.keys(r)).filter((k) => !columns.includes(k));
  if (extra.length) throw new Error(`unknown columns ${[...new Set(extra)].join(', ')}`);
  return stringify([
    columns as string[],
    ...rows.map((r) => columns.map((c) => ((r[c] ?? '') === null ? '' : String(r[c] ?? '')))),
  ]);
}

/** The zip of a package as a school's information system exports it. */
export function oneRosterZip(spec: PackageSpec): Uint8Array {
  const version = spec.version ?? '1.1';
  const files: Record<string, string> = {};
  files['orgs.csv'] = csv(columnsOf(version, 'orgs'), [
    { sourcedId: SCHOOL_ORG, status: 'active', name: 'Test School', type: 'school', identifier: 'TS' },
  ]);
  const userRows = spec.users.map((u) => ({
    sourcedId: u.sourcedId,
    status: 'active',
    enabledUser: u.enabledUser === false ? 'false' : 'true',
    ...(version === '1.1' ? { orgSourcedIds: SCHOOL_ORG, role: u.role } : { primaryOrgSourcedId: SCHOOL_ORG }),
    username: u.email ?? u.sourcedId,
    givenName: u.givenName,
    familyName: u.familyName,
    identifier: u.identifier,
    email: u.email,
    phone: u.phone,
    agentSourcedIds: u.agentSourcedIds?.join(','),
    grades: u.grades,
    ...(version === '1.2' && u.preferredGivenName ? { preferredGivenName: u.preferredGivenName } : {}),
  }));
  files['users.csv'] = csv(columnsOf(version, 'users'), userRows);
  if (version === '1.2') {
    files['roles.csv'] = csv(
      columnsOf('1.2', 'roles'),
      spec.users.map((u) => ({
        sourcedId: `role-${u.sourcedId}`,
        status: 'active',
        userSourcedId: u.sourcedId,
        roleType: 'primary',
        role: u.role,
        orgSourcedId: SCHOOL_ORG,
      })),
    );
  }
  const optional = ['academicSessions', 'courses', 'classes', 'enrollments', 'demographics'] as const;
  for (const name of optional) {
    const rows = spec[name];
    if (rows)
      files[`${name}.csv`] = csv(
        columnsOf(version, name),
        rows.map((r) => ({ status: 'active', ...r })),
      );
  }
  const present = new Set(Object.keys(files).map((f) => f.replace(/\.csv$/, '')));
  const listed = [
    'academicSessions',
    'categories',
    'classes',
    'classResources',
    'courses',
    'courseResources',
    'demographics',
    'enrollments',
    'lineItems',
    'orgs',
    'resources',
    'results',
    'users',
    ...(version === '1.2'
      ? [
          'roles',
          'userProfiles',
          'userResources',
          'lineItemLearningObjectiveIds',
          'lineItemScoreScales',
          'resultLearningObjectiveIds',
          'resultScoreScales',
          'scoreScales',
          'assessmentLineItems',
          'assessmentResults',
        ]
      : []),
  ];
  files['manifest.csv'] = stringify([
    ['propertyName', 'value'],
    ['manifest.version', '1.0'],
    ['oneroster.version', version],
    ...listed.map((f) => [`file.${f}`, present.has(f) ? 'bulk' : 'absent']),
    ['source.systemName', 'Test SIS'],
    ['source.systemCode', 'test'],
  ]);
  // Dropped after the manifest is written, which still lists them: a package missing a file it says it has.
  for (const name of spec.drop ?? []) delete files[name];
  Object.assign(files, spec.extra ?? {});
  const bom = spec.bom ? '\uFEFF' : '';
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(bom + text)])));
}

/** A school year session for the package. */
export const schoolYear = (start: string, end: string): Cells => ({
  sourcedId: `year-${start.slice(0, 4)}`,
  title: `${start.slice(0, 4)}-${end.slice(0, 4)}`,
  type: 'schoolYear',
  startDate: start,
  endDate: end,
  schoolYear: end.slice(0, 4),
});
