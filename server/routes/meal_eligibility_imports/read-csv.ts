/**
 * Reads a meal eligibility CSV (the contract's MEAL_IMPORT_COLUMNS and MEAL_IMPORT_CATEGORY_WORDS) with csv-parse:
 * RFC 4180, UTF-8 with or without a byte order mark, the separator (comma, semicolon or tab) read from the header
 * row, since a spreadsheet in a European locale saves semicolons. A file that cannot be read at all is a 422 on
 * `file`; a row that cannot be used is an error with its line and column, and the other rows go on.
 */
import { CsvError, parse } from 'csv-parse/sync';
import {
  DATE_YEARS,
  isCalendarDate,
  MAX_MEAL_IMPORT_ROWS,
  MEAL_IMPORT_CATEGORY_WORDS,
  MEAL_IMPORT_COLUMNS,
  MEAL_IMPORT_MESSAGES,
  type MealEligibility,
  type MealImportColumn,
  type MealImportError,
  type MealImportRowError,
} from '../../../src/contract';
import { invalid } from '../../lib/errors';

/** One row that can be used: the scholar is looked up afterwards. */
export interface MealImportRow {
  line: number;
  student_number: string;
  eligibility: MealEligibility;
  effective_from: string;
}

export interface MealImportFile {
  /** Rows below the header (blank ones not counted). */
  rows: number;
  valid: MealImportRow[];
  errors: MealImportError[];
  /** Each column's name as the file's header has it. */
  columns: Record<MealImportColumn, string>;
}

/** A header or an alias as compared: lower-case, spaces, underscores and hyphens alike. */
const headerKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** What each column is called in the messages of a file that lacks it. */
const COLUMN_WORDS: Record<MealImportColumn, string> = {
  student_number: 'the student number (student_number, Student Number, student id)',
  category: 'the category (category, eligibility)',
  effective_date: 'the effective date (effective_date, effective, date)',
};

const CATEGORY_BY_WORD = new Map<string, MealEligibility>(
  Object.entries(MEAL_IMPORT_CATEGORY_WORDS).flatMap(([category, words]) =>
    words.map((word) => [word.toLowerCase(), category as MealEligibility] as const),
  ),
);

/** A category cell's category, or null. */
export const categoryOf = (value: string): MealEligibility | null =>
  CATEGORY_BY_WORD.get(value.trim().toLowerCase()) ?? null;

/** A date cell as YYYY-MM-DD: ISO as it is, or month/day/year (direct certification lists); null when neither. */
export function dateOf(value: string): string | null {
  const text = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1]?.padStart(2, '0')}-${us[2]?.padStart(2, '0')}` : text;
  if (!isCalendarDate(iso)) return null;
  const year = Number(iso.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max ? iso : null;
}

/** The separator of the header row: the one of comma, semicolon and tab it has most of (a comma when none). */
function separatorOf(text: string): string {
  const header = text.slice(0, text.search(/\n|$/));
  const outsideQuotes = header.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((s) => [s, outsideQuotes.split(s).length - 1] as const);
  const [best] = counts.toSorted((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/** The file as text; 422 on `file` for a spreadsheet, bytes that are not UTF-8, or binary data. */
function textOf(data: Buffer): string {
  const zip = data[0] === 0x50 && data[1] === 0x4b; // xlsx, ods: a zip
  const ole = data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0; // xls
  if (zip || ole) throw invalid('file', MEAL_IMPORT_MESSAGES.spreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalid('file', MEAL_IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes('\u0000')) throw invalid('file', MEAL_IMPORT_MESSAGES.notCsv);
  // Line ends as LF alone: csv-parse counts a CR and an LF inside a quoted cell as two lines.
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

type Parsed = { record: string[]; info: { lines: number } };

/** The file's rows, each with the line it starts on; 422 on `file` when it is not CSV. */
function recordsOf(text: string): { record: string[]; line: number }[] {
  let parsed: Parsed[];
  try {
    parsed = parse(text, {
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      // A quote inside an unquoted cell (O"Neil) is kept as it is; a quoted cell must still be closed.
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
    }) as unknown as Parsed[];
  } catch (error) {
    const line = error instanceof CsvError ? (error as CsvError & { lines?: number }).lines : undefined;
    throw invalid('file', line ? MEAL_IMPORT_MESSAGES.notCsvFrom(line) : MEAL_IMPORT_MESSAGES.notCsv);
  }
  // csv-parse counts a record's line where it ends; one with a quoted line break starts that many lines earlier.
  return parsed.map(({ record, info }) => ({
    record,
    line: info.lines - (record.join('').match(/\n/g)?.length ?? 0),
  }));
}

/** Which field of a row each column is, from the header; 422 naming the columns it lacks. */
function columnsOf(header: string[]): {
  index: Record<MealImportColumn, number>;
  names: Record<MealImportColumn, string>;
} {
  const keys = header.map(headerKey);
  const index = {} as Record<MealImportColumn, number>;
  const names = {} as Record<MealImportColumn, string>;
  const missing: string[] = [];
  for (const [column, aliases] of Object.entries(MEAL_IMPORT_COLUMNS) as [MealImportColumn, readonly string[]][]) {
    const at = aliases.map((alias) => keys.indexOf(headerKey(alias))).find((i) => i >= 0);
    if (at === undefined) missing.push(COLUMN_WORDS[column]);
    else {
      index[column] = at;
      names[column] = header[at]?.trim() ?? column;
    }
  }
  if (missing.length) throw invalid('file', MEAL_IMPORT_MESSAGES.missingColumns(missing));
  return { index, names };
}

/** Reads the file: its usable rows and the errors of the others; 422 on `file` when it cannot be read at all. */
export function readMealEligibilityCsv(data: Buffer): MealImportFile {
  const [header, ...body] = recordsOf(textOf(data));
  if (!header) throw invalid('file', MEAL_IMPORT_MESSAGES.notCsv);
  const { index, names } = columnsOf(header.record);
  const rows = body.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (!rows.length) throw invalid('file', MEAL_IMPORT_MESSAGES.noRows);
  if (rows.length > MAX_MEAL_IMPORT_ROWS) throw invalid('file', MEAL_IMPORT_MESSAGES.tooManyRows);

  const errors: MealImportError[] = [];
  const valid: MealImportRow[] = [];
  const seen = new Set<string>();
  for (const { record, line } of rows) {
    const cell = (column: MealImportColumn) => (record[index[column]] ?? '').trim();
    const fail = (column: MealImportColumn, code: MealImportRowError, value: string) =>
      errors.push({ line, column: names[column], code, value, message: MEAL_IMPORT_MESSAGES[code](value) });
    const number = cell('student_number');
    const categoryCell = cell('category');
    const dateCell = cell('effective_date');
    const eligibility = categoryOf(categoryCell);
    const date = dateOf(dateCell);
    if (!number) fail('student_number', 'missing_value', number);
    if (!categoryCell) fail('category', 'missing_value', categoryCell);
    else if (!eligibility) fail('category', 'unknown_category', categoryCell);
    if (!dateCell) fail('effective_date', 'missing_value', dateCell);
    else if (!date) fail('effective_date', 'bad_date', dateCell);
    if (!number || !eligibility || !date) continue;
    const key = `${number.toLowerCase()}\n${date}`;
    if (seen.has(key)) {
      fail('effective_date', 'repeated_row', date);
      continue;
    }
    seen.add(key);
    valid.push({ line, student_number: number, eligibility, effective_from: date });
  }
  return { rows: rows.length, valid, errors, columns: names };
}
