/**
 * Reads a OneRoster 1.1 or 1.2 bulk CSV package (the zip a student information system exports) into what the roster
 * import can use (types.ts), without touching the database. Pure and synchronous: the same bytes always give the
 * same answer.
 *
 * Two kinds of failure:
 * - The package cannot be read at all (not a zip, no manifest.csv, a version or a delta this school does not take, a
 *   required file or column missing, a file that is not UTF-8 CSV): `{ok: false, error}`, naming the file, and the line
 *   and column when there is one. Nothing is imported.
 * - A row cannot be used (no sourcedId, a duplicate, no name, an unknown grade or role, a bad date, a reference to a
 *   row that is not in the package or was itself left out): the row is left out, the rest is read, and `errors` says
 *   which file, line and column, in words an office manager can act on.
 *
 * Where the files are: at the zip's top level; or, when the zip holds one folder with manifest.csv in it (what zipping
 * a folder gives on a Mac or in Windows Explorer), in that folder. Several such folders and none at the top level is
 * refused, naming them: the reader cannot tell which package is meant. `__MACOSX/` and Apple's `._` files are ignored.
 *
 * Lenient where the binding's strictness would only refuse a good roster: `true`/`false` and sex in any letter case;
 * grades also written without the leading zero (`7`, `K`); a `username` or `orgSourcedIds` left empty; enrolment roles
 * kept as given (the import uses student and teacher); `manifest.version` may be absent. Strict where a guess would
 * put a person in the wrong place: grades, roles, dates, links between people.
 *
 * Rows whose status is `tobedeleted` are left out silently (they are not in the school's roster), and so is anything
 * that refers to them (an enrolment, a link to a parent).
 */
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { Grade } from '../../../src/contract/common';
import { COLUMNS, type ColumnSpec, REQUIRED_FILES, ROLES, type RosterFile, SEXES } from './columns';
import type {
  OneRosterRole,
  OneRosterVersion,
  ReadResult,
  RosterAcademicSession,
  RosterClass,
  RosterCourse,
  RosterDemographic,
  RosterEnrollment,
  RosterError,
  RosterOrg,
  RosterPackage,
  RosterUser,
} from './types';

/**
 * CEDS Entry Grade Level codes this school has (TK to 12), in order, mapped onto ours. CEDS also has IT, PR, PK, 13,
 * PS, UG and Other: not grades of this school.
 */
export const CEDS_GRADES: ReadonlyMap<string, Grade> = new Map<string, Grade>([
  ['TK', 'TK'],
  ['KG', 'K'],
  ...Array.from({ length: 12 }, (_, i) => [String(i + 1).padStart(2, '0'), String(i + 1) as Grade] as const),
]);

/** The CEDS codes, and leniently our own spellings (`K`, `1`…`9`). */
const GRADE_CODES = new Map<string, Grade>([
  ...CEDS_GRADES,
  ['K', 'K'],
  ...Array.from({ length: 9 }, (_, i) => [String(i + 1), String(i + 1) as Grade] as const),
]);

const ACCEPTED_GRADES = 'TK, KG, 01–12';

/** Our grade for a CEDS grade code (`KG` → `K`, `07` → `7`; also `K` and `7`), or null when the school has no such grade. */
export function gradeFromCeds(code: string): Grade | null {
  return GRADE_CODES.get(code.trim().toUpperCase()) ?? null;
}

/** A package-level refusal, thrown inside the reader and answered as `{ok: false}`. */
class Refusal extends Error {
  constructor(readonly error: RosterError) {
    super(error.message);
  }
}

function refuse(file: string, message: string, line: number | null = null, column: string | null = null): never {
  throw new Refusal({ file, line, column, message });
}

/** Far more than any school's roster unzips to; a bigger package is refused before it is inflated. */
const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;

/** Read a OneRoster bulk CSV zip: the package with its refused rows, or why it cannot be read at all. */
export function readOneRoster(zip: Uint8Array): ReadResult {
  try {
    return { ok: true, package: readPackage(openPackage(zip)) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The zip

/** The package's files by name (`users.csv`), from the zip's top level or its one folder holding manifest.csv. */
function openPackage(zip: Uint8Array): Map<string, Uint8Array> {
  const entries: { name: string; size: number }[] = [];
  try {
    // A first pass that inflates nothing: the names and sizes, to choose the folder and check the size.
    unzipSync(zip, {
      filter: (file) => {
        entries.push({ name: file.name, size: file.originalSize });
        return false;
      },
    });
  } catch {
    refuse(
      '',
      'This file is not a zip archive. Upload the OneRoster .zip file your student information system exported.',
    );
  }
  const files = entries.filter(({ name }) => {
    const base = name.slice(name.lastIndexOf('/') + 1);
    return base !== '' && !name.startsWith('__MACOSX/') && !name.includes('/__MACOSX/') && !base.startsWith('._');
  });
  const folders = new Set(
    files
      .filter(({ name }) => name === 'manifest.csv' || name.endsWith('/manifest.csv'))
      .map(({ name }) => name.slice(0, -12)),
  );
  let folder: string;
  if (folders.has('')) folder = '';
  else if (folders.size === 1) folder = [...folders][0] as string;
  else if (folders.size === 0)
    refuse(
      'manifest.csv',
      'The zip has no manifest.csv, so it is not a OneRoster package. Export the roster again as a OneRoster bulk CSV package.',
    );
  else
    refuse(
      'manifest.csv',
      `The zip holds several packages (a manifest.csv in each of ${[...folders].map((f) => `"${f}"`).join(', ')}). Upload one package at a time.`,
    );
  const wanted = files.filter(({ name }) => name.startsWith(folder) && !name.slice(folder.length).includes('/'));
  const total = wanted.reduce((sum, { size }) => sum + size, 0);
  if (total > MAX_UNZIPPED_BYTES)
    refuse('', 'The zip unpacks to more than 256 MB, far more than a school roster. Check that it is the right file.');
  const names = new Set(wanted.map(({ name }) => name));
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(zip, { filter: (file) => names.has(file.name) });
  } catch {
    refuse('', 'The zip cannot be opened: it may be damaged or protected by a password. Export the roster again.');
  }
  return new Map(Object.entries(inflated).map(([name, bytes]) => [name.slice(folder.length), bytes]));
}

// ---------------------------------------------------------------------------------------------------------------
// CSV files

interface Row {
  /** The file's physical line the row starts on (the header is line 1). */
  line: number;
  cells: string[];
}

interface Table {
  file: string;
  columns: Map<string, number>;
  rows: Row[];
  /** sourcedIds of the rows left out as `tobedeleted`: what refers to them is left out silently too. */
  deleted: Set<string>;
}

/** A trimmed cell; an empty one (or one the row is too short for) is null. */
function cell(table: Table, row: Row, column: string): string | null {
  const index = table.columns.get(column);
  if (index === undefined) return null;
  const value = row.cells[index]?.trim();
  return value ? value : null;
}

/** A multi-valued cell (`"a,b"`): its values, trimmed, empty ones dropped. */
function list(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

interface ParsedRecord {
  record: string[];
  /** `bytes`: where the record ends in the file, its line break included. */
  info: { bytes: number };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote (") opens a cell that is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote (") closes a cell but more text follows it before the comma',
};

/**
 * Parse one CSV file: its header checked against the binding's required columns, its rows with their line numbers.
 * Blank lines (and lines of nothing but commas) are skipped, `tobedeleted` rows are set aside.
 */
function readTable(file: string, bytes: Uint8Array, specs: readonly ColumnSpec[]): Table {
  try {
    utf8.decode(bytes);
  } catch {
    refuse(file, `${file} is not UTF-8 text. Export it again as UTF-8 (in Excel: "CSV UTF-8").`);
  }
  let records: ParsedRecord[];
  try {
    // With `info`, csv-parse answers each record with where it ends (its types describe bare rows).
    records = parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRecord[];
  } catch (e) {
    const { code, lines } = e as { code?: string; lines?: number };
    const problem = (code && CSV_PROBLEMS[code]) ?? 'the line is not valid CSV';
    refuse(file, `${file} cannot be read near line ${lines ?? '?'}: ${problem}.`, lines ?? null);
  }
  const lineOf = lineCounter(bytes);
  const starts: number[] = [];
  let previousEnd = 0;
  for (const { info } of records) {
    starts.push(lineOf(previousEnd));
    previousEnd = info.bytes;
  }
  const [head, ...body] = records;
  if (!head) refuse(file, `${file} is empty: it needs at least its header line.`, 1);
  const header = head.record.map((name) => name.trim());
  const columns = new Map<string, number>();
  header.forEach((name, i) => {
    if (!columns.has(name)) columns.set(name, i);
  });
  const headerLine = starts[0] as number;
  for (const { name, required } of specs) {
    if (!required || columns.has(name)) continue;
    const near = header.find((h) => h.toLowerCase() === name.toLowerCase());
    const hint = near ? ` It has "${near}": column names must match exactly, capitals included.` : '';
    refuse(file, `${file} has no "${name}" column, which OneRoster requires.${hint}`, headerLine, name);
  }
  const table: Table = { file, columns, rows: [], deleted: new Set() };
  body.forEach((record, i) => {
    if (record.record.every((value) => value.trim() === '')) return;
    const row = { line: starts[i + 1] as number, cells: record.record };
    if (cell(table, row, 'status')?.toLowerCase() === 'tobedeleted') {
      const id = cell(table, row, 'sourcedId');
      if (id) table.deleted.add(id);
      return;
    }
    table.rows.push(row);
  });
  return table;
}

/**
 * The file's line at a record's start, given where the previous record ended. csv-parse's own line count is off
 * for a quoted cell holding a CRLF, so lines are counted here, on the bytes: CRLF, LF and a lone CR each end a line.
 * Blank lines skipped before a record are stepped over. Records come in order, so the count only moves forward.
 */
function lineCounter(bytes: Uint8Array): (previousEnd: number) => number {
  let cursor = 0;
  let line = 1;
  return (previousEnd) => {
    let start = previousEnd;
    while (bytes[start] === 10 || bytes[start] === 13) start++;
    for (; cursor < start; cursor++) {
      const byte = bytes[cursor];
      if (byte === 10 || (byte === 13 && bytes[cursor + 1] !== 10)) line++;
    }
    return line;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The manifest

type Mode = 'bulk' | 'delta' | 'absent';

interface Manifest {
  version: OneRosterVersion;
  /** `file.X` by X; a file the manifest does not name is absent. */
  modes: Map<string, { mode: Mode; line: number }>;
}

const MANIFEST_COLUMNS: readonly ColumnSpec[] = [
  { name: 'propertyName', required: true },
  { name: 'value', required: true },
];

function readManifest(bytes: Uint8Array): Manifest {
  const table = readTable('manifest.csv', bytes, MANIFEST_COLUMNS);
  const properties = new Map<string, { value: string | null; line: number }>();
  for (const row of table.rows) {
    const name = cell(table, row, 'propertyName');
    if (name && !properties.has(name)) properties.set(name, { value: cell(table, row, 'value'), line: row.line });
  }
  const manifestVersion = properties.get('manifest.version');
  if (manifestVersion && manifestVersion.value !== '1.0')
    refuse(
      'manifest.csv',
      `manifest.version is "${manifestVersion.value ?? ''}"; OneRoster packages use manifest version 1.0.`,
      manifestVersion.line,
      'value',
    );
  const version = properties.get('oneroster.version');
  if (!version)
    refuse(
      'manifest.csv',
      'manifest.csv has no oneroster.version, so the reader cannot tell which OneRoster this is.',
      null,
      'propertyName',
    );
  if (version.value !== '1.1' && version.value !== '1.2')
    refuse(
      'manifest.csv',
      `oneroster.version is "${version.value ?? ''}"; this school reads OneRoster 1.1 and 1.2 packages only.`,
      version.line,
      'value',
    );
  const modes = new Map<string, { mode: Mode; line: number }>();
  for (const [name, { value, line }] of properties) {
    if (!name.startsWith('file.')) continue;
    const mode = value?.toLowerCase();
    if (mode === 'delta')
      refuse(
        'manifest.csv',
        `${name} is "delta": this package holds only changes since an earlier one. Export a bulk (complete) package instead: the school imports bulk packages only.`,
        line,
        'value',
      );
    if (mode !== 'bulk' && mode !== 'absent')
      refuse('manifest.csv', `${name} is "${value ?? ''}"; it must be bulk, delta or absent.`, line, 'value');
    modes.set(name.slice(5), { mode, line });
  }
  return { version: version.value, modes };
}

// ---------------------------------------------------------------------------------------------------------------
// The package

function readPackage(files: Map<string, Uint8Array>): RosterPackage {
  const manifestBytes = files.get('manifest.csv');
  if (!manifestBytes) refuse('manifest.csv', 'The package has no manifest.csv.');
  const { version, modes } = readManifest(manifestBytes);

  for (const required of REQUIRED_FILES[version]) {
    if (modes.get(required)?.mode === 'bulk') continue;
    const why =
      required === 'roles'
        ? "in OneRoster 1.2 everyone's role (student, teacher, parent…) is in roles.csv"
        : `every package needs its ${required}.csv`;
    refuse(
      'manifest.csv',
      `manifest.csv must list file.${required} as bulk: ${why}.`,
      modes.get(required)?.line ?? null,
      'value',
    );
  }
  for (const [name, { mode }] of modes) {
    if (mode === 'bulk' && !files.has(`${name}.csv`)) {
      const near = [...files.keys()].find((f) => f.toLowerCase() === `${name}.csv`.toLowerCase());
      const hint = near ? ` It has "${near}": file names must match exactly, capitals included.` : '';
      refuse(`${name}.csv`, `manifest.csv lists ${name}.csv as bulk, but the package has no ${name}.csv.${hint}`);
    }
  }
  const table = (file: RosterFile): Table | null => {
    const specs = COLUMNS[version][file];
    const bytes = files.get(`${file}.csv`);
    if (!specs || modes.get(file)?.mode !== 'bulk' || !bytes) return null;
    return readTable(`${file}.csv`, bytes, specs);
  };
  // Every file is parsed (and a broken one refused) before any row is judged.
  const tables = {
    orgs: table('orgs'),
    users: table('users'),
    roles: table('roles'),
    academicSessions: table('academicSessions'),
    courses: table('courses'),
    classes: table('classes'),
    enrollments: table('enrollments'),
    demographics: table('demographics'),
  };
  return new Judge(version).judge(tables);
}

/** Where a referenced row stands. */
type Standing = { kind: 'kept' } | { kind: 'deleted' } | { kind: 'refused'; line: number } | { kind: 'missing' };

interface Keyed {
  file: string;
  kept: Set<string>;
  /** sourcedId → the line of the row that was left out. */
  refused: Map<string, number>;
  deleted: Set<string>;
}

function standing(keyed: Keyed, id: string): Standing {
  if (keyed.kept.has(id)) return { kind: 'kept' };
  if (keyed.deleted.has(id)) return { kind: 'deleted' };
  const line = keyed.refused.get(id);
  return line === undefined ? { kind: 'missing' } : { kind: 'refused', line };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function parseBoolean(value: string | null): boolean | null {
  const v = value?.toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : null;
}

const GUARDIAN_ROLES = new Set<OneRosterRole>(['guardian', 'parent', 'relative']);

/** One problem of a row: the column it is in and what to say. */
type Problem = [column: string | null, message: string];

/** What a row's builder answers for a row that goes with a `tobedeleted` one: left out, saying nothing. */
const SKIP = Symbol('skip');

interface RoleRow {
  role: OneRosterRole;
  primary: boolean;
  orgSourcedId: string | null;
}

/** Judges the parsed rows, file by file and against each other, collecting the refused ones. */
class Judge {
  private readonly errors: RosterError[] = [];

  constructor(private readonly version: OneRosterVersion) {}

  judge(tables: Record<RosterFile, Table | null>): RosterPackage {
    const orgs = this.orgs(tables.orgs);
    const academicSessions = this.academicSessions(tables.academicSessions);
    const courses = this.courses(tables.courses);
    const roles = this.version === '1.2' ? this.roles(tables.roles) : null;
    const { users, keyed: userKeys } = this.users(tables.users, roles);
    if (roles) this.orphanRoles(roles, userKeys);
    this.agents(users, userKeys);
    const { classes, keyed: classKeys } = this.classes(tables.classes);
    const enrollments = this.enrollments(tables.enrollments, userKeys, classKeys);
    const demographics = this.demographics(tables.demographics, userKeys);
    return {
      version: this.version,
      orgs,
      users,
      academicSessions,
      courses,
      classes,
      enrollments,
      demographics,
      errors: this.errors,
    };
  }

  private error(file: string, line: number | null, column: string | null, message: string): void {
    this.errors.push({ file, line, column, message });
  }

  /**
   * The rows of a file with a sourcedId not seen before, each handed to `build`, which answers the record or the
   * row's problems (then the row is left out and its sourcedId remembered as refused).
   */
  private keyed<T>(
    table: Table | null,
    build: (row: Row, id: string, get: (column: string) => string | null) => T | Problem[] | typeof SKIP,
  ): { records: T[]; keyed: Keyed } {
    const keyed: Keyed = {
      file: table?.file ?? '',
      kept: new Set(),
      refused: new Map(),
      deleted: table?.deleted ?? new Set(),
    };
    const records: T[] = [];
    if (!table) return { records, keyed };
    const seen = new Map<string, number>();
    for (const row of table.rows) {
      const get = (column: string) => cell(table, row, column);
      const id = get('sourcedId');
      if (!id) {
        this.error(
          table.file,
          row.line,
          'sourcedId',
          'This row has no sourcedId, so nothing can be matched to it; it is left out.',
        );
        continue;
      }
      const first = seen.get(id);
      if (first !== undefined) {
        this.error(
          table.file,
          row.line,
          'sourcedId',
          `sourcedId "${id}" is already used on line ${first} of ${table.file}; this second row is left out.`,
        );
        continue;
      }
      seen.set(id, row.line);
      const built = build(row, id, get);
      if (built === SKIP) keyed.deleted.add(id);
      else if (Array.isArray(built)) {
        for (const [column, message] of built) this.error(table.file, row.line, column, message);
        keyed.refused.set(id, row.line);
      } else {
        records.push(built);
        keyed.kept.add(id);
      }
    }
    return { records, keyed };
  }

  /** Problems for required values left empty. */
  private static empty(get: (column: string) => string | null, columns: [string, string][]): Problem[] {
    return columns
      .filter(([column]) => get(column) === null)
      .map(([column, what]) => [column, `The ${what} (${column}) is empty.`]);
  }

  private orgs(table: Table | null): RosterOrg[] {
    return this.keyed<RosterOrg>(table, (_row, sourcedId, get) => {
      const problems = Judge.empty(get, [
        ['name', 'name'],
        ['type', 'type'],
      ]);
      if (problems.length) return problems;
      return { sourcedId, name: get('name') as string, type: get('type') as string, identifier: get('identifier') };
    }).records;
  }

  private academicSessions(table: Table | null): RosterAcademicSession[] {
    return this.keyed<RosterAcademicSession>(table, (_row, sourcedId, get) => {
      const problems = Judge.empty(get, [
        ['title', 'title'],
        ['type', 'type'],
        ['startDate', 'start date'],
        ['endDate', 'end date'],
      ]);
      for (const column of ['startDate', 'endDate']) {
        const value = get(column);
        if (value !== null && !isDate(value))
          problems.push([column, `${column} "${value}" is not a date written as YYYY-MM-DD (for example 2025-08-14).`]);
      }
      if (problems.length) return problems;
      const startDate = get('startDate') as string;
      const endDate = get('endDate') as string;
      if (endDate < startDate) return [['endDate', `It ends (${endDate}) before it starts (${startDate}).`]];
      return {
        sourcedId,
        title: get('title') as string,
        type: get('type') as string,
        startDate,
        endDate,
        parentSourcedId: get('parentSourcedId'),
        schoolYear: get('schoolYear'),
      };
    }).records;
  }

  private courses(table: Table | null): RosterCourse[] {
    return this.keyed<RosterCourse>(table, (_row, sourcedId, get) => {
      const problems = Judge.empty(get, [['title', 'title']]);
      if (problems.length) return problems;
      return { sourcedId, title: get('title') as string, courseCode: get('courseCode') };
    }).records;
  }

  /** 1.2's roles.csv: each user's usable roles (and the lines of their unusable ones), before users are judged. */
  private roles(table: Table | null) {
    const byUser = new Map<string, RoleRow[]>();
    const unusable = new Map<string, number>();
    const rows = this.keyed<{ line: number; userSourcedId: string }>(table, (row, _id, get) => {
      const problems = Judge.empty(get, [
        ['userSourcedId', 'person'],
        ['roleType', 'role type'],
        ['role', 'role'],
      ]);
      const role = get('role');
      if (role !== null && !ROLES['1.2'].includes(role)) problems.push(['role', unknownRole(role, '1.2')]);
      const roleType = get('roleType');
      if (roleType !== null && roleType !== 'primary' && roleType !== 'secondary')
        problems.push(['roleType', `roleType "${roleType}" must be primary or secondary.`]);
      const userSourcedId = get('userSourcedId');
      if (problems.length) {
        if (userSourcedId && !unusable.has(userSourcedId)) unusable.set(userSourcedId, row.line);
        return problems;
      }
      const user = userSourcedId as string;
      const entry = { role: role as OneRosterRole, primary: roleType === 'primary', orgSourcedId: get('orgSourcedId') };
      const roles = byUser.get(user);
      if (roles) roles.push(entry);
      else byUser.set(user, [entry]);
      return { line: row.line, userSourcedId: user };
    });
    return { byUser, unusable, rows: rows.records, file: table?.file ?? 'roles.csv' };
  }

  /** Role rows whose person is not in users.csv, or was left out there. */
  private orphanRoles(roles: { rows: { line: number; userSourcedId: string }[]; file: string }, users: Keyed): void {
    for (const { line, userSourcedId } of roles.rows) {
      const message = referenceProblem(standing(users, userSourcedId), 'Person', userSourcedId, 'users.csv', 'role');
      if (message) this.error(roles.file, line, 'userSourcedId', message);
    }
  }

  private users(table: Table | null, roles: ReturnType<Judge['roles']> | null): { users: RosterUser[]; keyed: Keyed } {
    const { records, keyed } = this.keyed<RosterUser>(table, (row, sourcedId, get) => {
      const problems = Judge.empty(get, [
        ['givenName', 'first name'],
        ['familyName', 'last name'],
      ]);
      const enabled = parseBoolean(get('enabledUser'));
      if (enabled === null)
        problems.push(['enabledUser', `enabledUser is "${get('enabledUser') ?? ''}"; it must be true or false.`]);

      let role: OneRosterRole | null = null;
      let orgSourcedIds: string[];
      if (roles) {
        const mine = roles.byUser.get(sourcedId) ?? [];
        const chosen = mine.find((r) => r.primary) ?? mine[0];
        if (chosen) role = chosen.role;
        else {
          const line = roles.unusable.get(sourcedId);
          problems.push([
            null,
            line === undefined
              ? 'This person has no role in roles.csv (student, teacher, parent…), so they are left out.'
              : `This person's role in roles.csv (line ${line}) cannot be used, so they are left out.`,
          ]);
        }
        const primaryOrg = get('primaryOrgSourcedId');
        const ordered = [...mine].sort((a, b) => Number(b.primary) - Number(a.primary));
        orgSourcedIds = [
          ...new Set([primaryOrg, ...ordered.map((r) => r.orgSourcedId)].filter((o): o is string => o !== null)),
        ];
      } else {
        const value = get('role');
        if (value === null) problems.push(['role', 'The role (role) is empty.']);
        else if (!ROLES['1.1'].includes(value)) problems.push(['role', unknownRole(value, '1.1')]);
        else role = value as OneRosterRole;
        orgSourcedIds = list(get('orgSourcedIds'));
      }

      let grades: Grade[] = [];
      if (role === 'student') {
        const codes = list(get('grades'));
        if (codes.length === 0)
          problems.push(['grades', `A student needs a grade (${ACCEPTED_GRADES}); the grades cell is empty.`]);
        for (const code of codes) {
          const grade = gradeFromCeds(code);
          if (grade) grades.push(grade);
          else problems.push(['grades', `Grade "${code}" is not a grade this school has (${ACCEPTED_GRADES}).`]);
        }
        grades = [...new Set(grades)];
      }
      if (problems.length || role === null || enabled === null) return problems;
      return {
        sourcedId,
        line: row.line,
        role,
        enabledUser: enabled,
        givenName: get('givenName') as string,
        familyName: get('familyName') as string,
        middleName: get('middleName'),
        preferredGivenName: this.version === '1.2' ? get('preferredGivenName') : null,
        identifier: get('identifier'),
        email: get('email'),
        username: get('username'),
        phone: get('phone') ?? get('sms'),
        grades,
        agentSourcedIds: [...new Set(list(get('agentSourcedIds')))],
        orgSourcedIds,
      };
    });
    return { users: records, keyed };
  }

  /** Each link to another person who is not in the package (or was left out) is dropped; the person stays. */
  private agents(users: RosterUser[], keyed: Keyed): void {
    for (const user of users) {
      user.agentSourcedIds = user.agentSourcedIds.filter((id) => {
        const stand = standing(keyed, id);
        if (stand.kind === 'kept') return true;
        if (stand.kind === 'refused')
          this.error(
            keyed.file,
            user.line,
            'agentSourcedIds',
            `Linked person "${id}" was left out (line ${stand.line} of users.csv), so this link is dropped; ${user.givenName} ${user.familyName} is kept.`,
          );
        else if (stand.kind === 'missing')
          this.error(
            keyed.file,
            user.line,
            'agentSourcedIds',
            `Linked person "${id}" is not in users.csv, so this link is dropped; ${user.givenName} ${user.familyName} is kept.`,
          );
        return false;
      });
    }
  }

  private classes(table: Table | null): { classes: RosterClass[]; keyed: Keyed } {
    const { records, keyed } = this.keyed<RosterClass>(table, (row, sourcedId, get) => {
      const problems = Judge.empty(get, [
        ['title', 'title'],
        ['classType', 'class type'],
      ]);
      const classType = get('classType');
      if (classType !== null && classType !== 'homeroom' && classType !== 'scheduled')
        problems.push(['classType', `classType "${classType}" must be homeroom or scheduled.`]);
      if (problems.length) return problems;
      // A class's grades only describe it: the ones the school does not have are passed over.
      const grades = [...new Set(list(get('grades')).map(gradeFromCeds))].filter((g): g is Grade => g !== null);
      return {
        sourcedId,
        line: row.line,
        title: get('title') as string,
        classType: classType as RosterClass['classType'],
        location: get('location'),
        classCode: get('classCode'),
        courseSourcedId: get('courseSourcedId'),
        schoolSourcedId: get('schoolSourcedId'),
        grades,
      };
    });
    return { classes: records, keyed };
  }

  private enrollments(table: Table | null, users: Keyed, classes: Keyed): RosterEnrollment[] {
    return this.keyed<RosterEnrollment>(table, (row, sourcedId, get) => {
      const userSourcedId = get('userSourcedId');
      const classSourcedId = get('classSourcedId');
      const userStanding = userSourcedId ? standing(users, userSourcedId) : null;
      const classStanding = classSourcedId ? standing(classes, classSourcedId) : null;
      // An enrolment of a person or class being deleted goes with them, silently.
      if (userStanding?.kind === 'deleted' || classStanding?.kind === 'deleted') return SKIP;
      const problems = Judge.empty(get, [
        ['classSourcedId', 'class'],
        ['userSourcedId', 'person'],
        ['role', 'role'],
      ]);
      const primaryCell = get('primary');
      const primary = primaryCell === null ? false : parseBoolean(primaryCell);
      if (primary === null)
        problems.push(['primary', `primary is "${primaryCell}"; it must be true or false (or empty).`]);
      if (userSourcedId && userStanding) {
        const message = referenceProblem(userStanding, 'Person', userSourcedId, 'users.csv', 'enrollment');
        if (message) problems.push(['userSourcedId', message]);
      }
      if (classSourcedId && classStanding) {
        const message = referenceProblem(classStanding, 'Class', classSourcedId, 'classes.csv', 'enrollment');
        if (message) problems.push(['classSourcedId', message]);
      }
      if (problems.length || primary === null) return problems;
      return {
        sourcedId,
        line: row.line,
        classSourcedId: classSourcedId as string,
        userSourcedId: userSourcedId as string,
        role: get('role') as string,
        primary,
      };
    }).records;
  }

  private demographics(table: Table | null, users: Keyed): RosterDemographic[] {
    const sexes = SEXES[this.version];
    return this.keyed<RosterDemographic>(table, (_row, sourcedId, get) => {
      const problems: Problem[] = [];
      const stand = standing(users, sourcedId);
      if (stand.kind === 'deleted') return SKIP;
      const message = referenceProblem(stand, 'Person', sourcedId, 'users.csv', 'demographics row');
      if (message) problems.push(['sourcedId', message]);
      const birthDate = get('birthDate');
      if (birthDate !== null && !isDate(birthDate))
        problems.push([
          'birthDate',
          `birthDate "${birthDate}" is not a date written as YYYY-MM-DD (for example 2014-03-09).`,
        ]);
      const sex = get('sex')?.toLowerCase() ?? null;
      if (sex !== null && !sexes.includes(sex))
        problems.push(['sex', `sex "${get('sex')}" is not one of OneRoster ${this.version}'s: ${sexes.join(', ')}.`]);
      if (problems.length) return problems;
      return { sourcedId, birthDate, sex };
    }).records;
  }
}

function unknownRole(role: string, version: OneRosterVersion): string {
  return `Role "${role}" is not a OneRoster ${version} role (${ROLES[version].join(', ')}).`;
}

/** What to say about a reference to another file's row, or null when it is fine (or being deleted: said nothing). */
function referenceProblem(stand: Standing, what: string, id: string, file: string, thing: string): string | null {
  if (stand.kind === 'missing') return `${what} "${id}" is not in ${file}, so this ${thing} is left out.`;
  if (stand.kind === 'refused')
    return `${what} "${id}" was left out (line ${stand.line} of ${file}), so this ${thing} is left out too.`;
  return null;
}

/**
 * Every guardian–scholar pair the package states, from either side (a student's agentSourcedIds naming a parent, or
 * a parent's naming a student), each once. The package keeps both lists as given; this is the one place they meet.
 */
export function guardianLinks(
  pkg: Pick<RosterPackage, 'users'>,
): { guardianSourcedId: string; scholarSourcedId: string }[] {
  const byId = new Map(pkg.users.map((u) => [u.sourcedId, u]));
  const seen = new Set<string>();
  const links: { guardianSourcedId: string; scholarSourcedId: string }[] = [];
  const add = (guardianSourcedId: string, scholarSourcedId: string) => {
    const key = `${guardianSourcedId}\u0000${scholarSourcedId}`;
    if (seen.has(key)) return;
    seen.add(key);
    links.push({ guardianSourcedId, scholarSourcedId });
  };
  for (const user of pkg.users) {
    for (const id of user.agentSourcedIds) {
      const other = byId.get(id);
      if (!other) continue;
      if (user.role === 'student' && GUARDIAN_ROLES.has(other.role)) add(other.sourcedId, user.sourcedId);
      else if (GUARDIAN_ROLES.has(user.role) && other.role === 'student') add(user.sourcedId, other.sourcedId);
    }
  }
  return links;
}
