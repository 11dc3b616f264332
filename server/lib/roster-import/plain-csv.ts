/**
 * A plain CSV of scholars, guardians or staff, for a school without OneRoster: its header row, the column mapping
 * the administrator chose (field to header), and the rows turned into the same package shape a OneRoster file gives
 * (oneroster/types.ts), so the preview, the apply and the history are the OneRoster import's.
 *
 * A record's identity is what the school keeps unique: a scholar's student number, a person's email. Their
 * sourcedIds say so (`csv:` in front), and a later OneRoster package adopts such records by student number or email
 * as it adopts records entered by hand (plan.ts).
 */
import { parse } from 'csv-parse/sync';
import { CSV_FIELDS, type CsvImportKind } from '../../../src/contract';
import type { RosterError, RosterPackage, RosterUser } from '../oneroster/types';

export const CSV_SOURCED_PREFIX = 'csv:';
export const csvScholarId = (studentNumber: string) => `${CSV_SOURCED_PREFIX}sn:${studentNumber}`;
export const csvPersonId = (email: string) => `${CSV_SOURCED_PREFIX}email:${email.trim().toLowerCase()}`;

/** Our grades, and what spreadsheets and information systems write for them. */
const GRADE_WORDS = new Map<string, string>([
  ['tk', 'TK'],
  ['transitional kindergarten', 'TK'],
  ['k', 'K'],
  ['kg', 'K'],
  ['kindergarten', 'K'],
  ...Array.from({ length: 12 }, (_, i) => [String(i + 1), String(i + 1)] as [string, string]),
  ...Array.from({ length: 9 }, (_, i) => [`0${i + 1}`, String(i + 1)] as [string, string]),
]);

/** The names a column of each field is known by (lower case, without spaces, dashes and underscores). */
const KNOWN: Record<string, string[]> = {
  student_number: ['studentnumber', 'studentid', 'studentno', 'id', 'identifier', 'permid', 'localid', 'sisid'],
  first_name: ['firstname', 'givenname', 'first', 'fname', 'nombre'],
  last_name: ['lastname', 'familyname', 'surname', 'last', 'lname', 'apellido', 'apellidos'],
  grade: ['grade', 'gradelevel', 'grado', 'gr'],
  preferred_name: ['preferredname', 'preferredgivenname', 'nickname', 'goesby'],
  email: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico'],
  birth_date: ['birthdate', 'dateofbirth', 'dob', 'birthday'],
  sex: ['sex', 'gender', 'sexo'],
  homeroom: ['homeroom', 'room', 'advisory'],
  dismissal_plan: ['dismissal', 'dismissalplan', 'dismissalmethod', 'gohome', 'goeshome', 'transportation', 'salida'],
  dismissal_detail: ['busroute', 'route', 'afterschoolprogram', 'program', 'dismissaldetail', 'ruta'],
  phone: ['phone', 'phonenumber', 'telephone', 'mobile', 'cell', 'telefono'],
  student_numbers: ['studentnumbers', 'studentids', 'students', 'children', 'scholars'],
  employee_number: ['employeenumber', 'employeeid', 'staffid', 'staffnumber', 'identifier'],
};
const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');

/** The CSV's header and rows (UTF-8 with or without a byte order mark, RFC 4180), or why it cannot be read. */
export function readCsv(bytes: Uint8Array): { headers: string[]; rows: { line: number; cells: string[] }[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(Buffer.from(bytes), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw new CsvUnreadable(`The file cannot be read as CSV: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [head, ...rest] = records;
  if (!head?.record.some((h) => h)) throw new CsvUnreadable('The file has no header row.');
  return {
    headers: head.record,
    // `info.lines` is the line the record ends on; a quoted cell may span lines, so a record starts at the line after
    // the previous one ended.
    rows: rest.map((r, i) => ({
      line: (i === 0 ? head.info.lines : (rest[i - 1]?.info.lines ?? 0)) + 1,
      cells: r.record,
    })),
  };
}

export class CsvUnreadable extends Error {}

/** The mapping proposed for a header row: the remembered one where its headers are all here, else by the names. */
export function proposeMapping(
  kind: CsvImportKind,
  headers: string[],
  remembered?: Record<string, string>,
): Record<string, string> {
  const fields = [...CSV_FIELDS[kind].required, ...CSV_FIELDS[kind].optional] as string[];
  if (remembered && Object.values(remembered).every((h) => headers.includes(h))) return remembered;
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const field of fields) {
    const known = [squash(field), ...(KNOWN[field] ?? [])];
    const header = headers.find((h) => !taken.has(h) && known.includes(squash(h)));
    if (header) {
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/** The missing required fields of a mapping, and the headers it names that the file does not have. */
export function checkMapping(
  kind: CsvImportKind,
  headers: string[],
  mapping: Record<string, string>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fields = new Set<string>([...CSV_FIELDS[kind].required, ...CSV_FIELDS[kind].optional]);
  for (const field of CSV_FIELDS[kind].required) {
    if (!mapping[field]) errors[`mapping.${field}`] = ['Choose the column that holds this.'];
  }
  for (const [field, header] of Object.entries(mapping)) {
    if (!fields.has(field)) errors[`mapping.${field}`] = ['This is not a field of this kind of file.'];
    else if (header && !headers.includes(header)) errors[`mapping.${field}`] = [`The file has no column "${header}".`];
  }
  return errors;
}

/** The words a spreadsheet uses for each dismissal plan (lower case, without spaces, dashes and underscores). */
const PLAN_WORDS = new Map<string, 'pick_up' | 'bus' | 'walker' | 'program'>([
  ...['pickup', 'pickedup', 'car', 'carline', 'carrider', 'parent', 'recoger'].map((w) => [w, 'pick_up'] as const),
  ...['bus', 'busrider', 'autobus', 'autobús'].map((w) => [w, 'bus'] as const),
  ...['walk', 'walker', 'walks', 'walking', 'caminando'].map((w) => [w, 'walker'] as const),
  ...['program', 'afterschool', 'afterschoolprogram', 'asp', 'daycare', 'programa'].map((w) => [w, 'program'] as const),
]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** YYYY-MM-DD from YYYY-MM-DD or M/D/YYYY (as spreadsheets in the United States write dates), or null. */
function isoDate(value: string): string | null {
  if (DATE.test(value)) return value;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!us) return null;
  const [, m, d, y] = us;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The rows as a package: every usable row a person, the others listed with their line, column and reason. */
export function csvPackage(
  kind: CsvImportKind,
  file: string,
  table: ReturnType<typeof readCsv>,
  mapping: Record<string, string>,
): RosterPackage {
  const errors: RosterError[] = [];
  const users: RosterUser[] = [];
  const demographics: RosterPackage['demographics'] = [];
  const dismissal: NonNullable<RosterPackage['dismissal']> = [];
  const withPlans = kind === 'scholars' && !!mapping.dismissal_plan;
  const index = new Map(table.headers.map((h, i) => [h, i]));
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const get = (field: string) => {
      const header = mapping[field];
      const i = header === undefined ? undefined : index.get(header);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const refuse = (field: string, message: string) =>
      errors.push({ file, line, column: mapping[field] ?? field, message });
    const missing = CSV_FIELDS[kind].required.find((f) => !get(f));
    if (missing) {
      refuse(missing, 'This row has nothing in this column; it is left out.');
      continue;
    }
    const email = get('email') || null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      refuse('email', `"${email}" is not an email address; the row is left out.`);
      continue;
    }
    const base = {
      line,
      enabledUser: true,
      givenName: get('first_name'),
      familyName: get('last_name'),
      middleName: null,
      username: null,
      orgSourcedIds: [],
    };
    if (kind === 'scholars') {
      const grade = GRADE_WORDS.get(get('grade').toLowerCase());
      if (!grade) {
        refuse(
          'grade',
          `Grade "${get('grade')}" is not a grade this school has (TK, K, 1 to 12); the row is left out.`,
        );
        continue;
      }
      const number = get('student_number');
      const sourcedId = csvScholarId(number);
      if (seen.has(sourcedId)) {
        refuse(
          'student_number',
          `The student number ${number} is also on line ${seen.get(sourcedId)}; this row is left out.`,
        );
        continue;
      }
      const planCell = get('dismissal_plan');
      const plan = planCell ? PLAN_WORDS.get(squash(planCell)) : 'pick_up';
      if (withPlans && !plan) {
        refuse(
          'dismissal_plan',
          `"${planCell}" is not a dismissal plan (picked up, bus, walker or program); the row is left out.`,
        );
        continue;
      }
      const detail = get('dismissal_detail') || null;
      if (withPlans && (plan === 'bus' || plan === 'program') && !detail) {
        refuse('dismissal_detail', 'A bus or program needs its route or name in this column; the row is left out.');
        continue;
      }
      seen.set(sourcedId, line);
      if (withPlans && plan) {
        dismissal.push({ sourcedId, plan, detail: plan === 'bus' || plan === 'program' ? detail : null });
      }
      const birth = get('birth_date');
      const birthDate = birth ? isoDate(birth) : null;
      if (birth && !birthDate) {
        refuse('birth_date', `"${birth}" is not a date (YYYY-MM-DD or M/D/YYYY); the row is left out.`);
        continue;
      }
      const sex = get('sex').toLowerCase();
      const sexWord =
        ({ m: 'male', male: 'male', f: 'female', female: 'female' } as Record<string, string>)[sex] ??
        (sex ? 'other' : null);
      users.push({
        ...base,
        sourcedId,
        role: 'student',
        preferredGivenName: get('preferred_name') || null,
        identifier: number,
        email,
        phone: null,
        grades: [grade],
        agentSourcedIds: [],
      });
      if (birthDate || sexWord) demographics.push({ sourcedId, birthDate, sex: sexWord });
      continue;
    }
    if (!email) continue;
    const sourcedId = csvPersonId(email);
    if (seen.has(sourcedId)) {
      refuse('email', `The email ${email} is also on line ${seen.get(sourcedId)}; this row is left out.`);
      continue;
    }
    seen.set(sourcedId, line);
    users.push({
      ...base,
      sourcedId,
      role: kind === 'guardians' ? 'guardian' : 'teacher',
      preferredGivenName: null,
      identifier: kind === 'staff' ? get('employee_number') || null : null,
      email,
      phone: kind === 'guardians' ? get('phone') || null : null,
      grades: [],
      agentSourcedIds:
        kind === 'guardians'
          ? get('student_numbers')
              .split(/[,;]/)
              .map((n) => n.trim())
              .filter(Boolean)
              .map(csvScholarId)
          : [],
    });
  }
  return {
    version: '1.1',
    orgs: [],
    users,
    academicSessions: [],
    courses: [],
    classes: [],
    enrollments: [],
    demographics,
    ...(withPlans ? { dismissal } : {}),
    errors,
  };
}
