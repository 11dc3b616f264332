/**
 * Writes a OneRoster 1.1 bulk CSV package (the 1EdTech OneRoster 1.1 CSV Tables): a zip of manifest.csv and one CSV
 * file per kind of record, each with every column of its table in the table's order, a header first. The columns are
 * data (one list per file, as oat-sa/oneroster-import keeps them), so a 1.2 writer is another set of lists.
 *
 * Bulk rules the binding sets and this follows: `status` and `dateLastModified` stay empty in every row of a bulk file;
 * the manifest names each of the binding's files as `bulk` when it is in the zip and `absent` when it is not.
 * CSV is RFC 4180 through csv-stringify (a field is quoted when it holds a comma, a quote or a line break, its quotes
 * doubled; CRLF line ends), UTF-8 without a byte order mark. Multi-valued cells (grades, agentSourcedIds) are one
 * field of comma-separated values, which the quoting keeps whole. Nothing is altered for spreadsheets (no apostrophe
 * before a leading `=`): the package is for another system to read, and a name is written as it is.
 */
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

/** The columns of each 1.1 file, in the binding's order. */
export const ONEROSTER_11_COLUMNS = {
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  users: [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'orgSourcedIds',
    'role',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
  ],
  academicSessions: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
    'parentSourcedId',
    'schoolYear',
  ],
  courses: [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  classes: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  enrollments: [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
  demographics: [
    'sourcedId',
    'status',
    'dateLastModified',
    'birthDate',
    'sex',
    'americanIndianOrAlaskaNative',
    'asian',
    'blackOrAfricanAmerican',
    'nativeHawaiianOrOtherPacificIslander',
    'white',
    'demographicRaceTwoOrMoreRaces',
    'hispanicOrLatinoEthnicity',
    'countryOfBirthCode',
    'stateOfBirthAbbreviation',
    'cityOfBirth',
    'publicSchoolResidenceStatus',
  ],
} as const;

type Files = typeof ONEROSTER_11_COLUMNS;
export type OneRosterFile = keyof Files;

/**
 * Every data file of the 1.1 manifest, in the binding's order: those this school has no data for (gradebook,
 * resources) are always `absent`.
 */
export const ONEROSTER_11_MANIFEST_FILES = [
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
] as const;

/** A row of one file: any of its columns (a missing one is written empty; status and dateLastModified cannot be set). */
export type OneRosterRow<F extends OneRosterFile> = Partial<
  Record<Exclude<Files[F][number], 'status' | 'dateLastModified'>, string | null>
>;

/** What the package holds: the rows of each file it has; a file left out is `absent` in the manifest. */
export type OneRosterPackage = { [F in OneRosterFile]?: OneRosterRow<F>[] };

/** One CSV file's text: the header, then a row per record with every column of the file. */
export function oneRosterCsv<F extends OneRosterFile>(file: F, rows: readonly OneRosterRow<F>[]): string {
  const columns = ONEROSTER_11_COLUMNS[file] as readonly string[];
  const records = rows.map((row) => columns.map((column) => (row as Record<string, string | null>)[column] ?? ''));
  return stringify([columns as string[], ...records], { record_delimiter: 'windows' });
}

/** The manifest's text: the versions, each file bulk or absent, and the system the package comes from. */
export function oneRosterManifest(present: ReadonlySet<string>, systemName: string): string {
  const rows: string[][] = [
    ['propertyName', 'value'],
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.1'],
    ...ONEROSTER_11_MANIFEST_FILES.map((file) => [`file.${file}`, present.has(file) ? 'bulk' : 'absent']),
    ['source.systemName', systemName],
  ];
  return stringify(rows, { record_delimiter: 'windows' });
}

/** The package as a zip: manifest.csv and each file it has, at the zip's root. */
export function writeOneRoster(pkg: OneRosterPackage, systemName: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const present = new Set<string>();
  for (const file of Object.keys(ONEROSTER_11_COLUMNS) as OneRosterFile[]) {
    const rows = pkg[file];
    if (!rows) continue;
    present.add(file);
    files[`${file}.csv`] = strToU8(oneRosterCsv(file, rows as OneRosterRow<typeof file>[]));
  }
  files['manifest.csv'] = strToU8(oneRosterManifest(present, systemName));
  return zipSync(files, { level: 6 });
}
